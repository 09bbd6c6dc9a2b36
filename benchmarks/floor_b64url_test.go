package benchmarks

import (
	"encoding/base64"
	"errors"
	"unsafe"
)

// The rule-free floors' base64url: unpadded, canonical (the decoder's
// Strict mode refuses non-zero trailing bits), and restricted to the
// alphabet, because encoding/base64 skips '\r' and '\n' inside its input.

var strictB64 = base64.RawURLEncoding.Strict()

var errB64 = errors.New("floor: not canonical base64url")

// b64urlAlphabet marks the 64 bytes of the base64url alphabet.
var b64urlAlphabet = func() (t [256]bool) {
	for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_" {
		t[c] = true
	}
	return t
}()

// inB64URLAlphabet reports whether every byte of s is in the alphabet.
func inB64URLAlphabet(s string) bool {
	for i := 0; i < len(s); i++ {
		if !b64urlAlphabet[s[i]] {
			return false
		}
	}
	return true
}

// appendB64URLDecode appends the canonical base64url decoding of s to dst.
func appendB64URLDecode(dst []byte, s string) ([]byte, error) {
	if !inB64URLAlphabet(s) {
		return dst, errB64
	}
	out, err := strictB64.AppendDecode(dst, bytesOf(s))
	if err != nil {
		return dst, errB64
	}
	return out, nil
}

// bytesOf views s as bytes without copying, for reading only (as the
// library under test does with the token it parses).
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
