package jwt

import (
	"encoding/base64"
	"encoding/binary"
	"slices"
)

// b64Alphabet is RFC 4648 section 5's base64url alphabet.
const b64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// b64Pairs maps twelve bits to their two base64url characters, the first
// in the high byte.
var b64Pairs = func() (t [4096]uint16) {
	for i := range t {
		t[i] = uint16(b64Alphabet[i>>6])<<8 | uint16(b64Alphabet[i&63])
	}
	return t
}()

// b64AppendEncode appends src in unpadded base64url to dst, as
// base64.RawURLEncoding.AppendEncode does: six bytes to eight characters
// per step, two characters per table lookup, stored at once.
func b64AppendEncode(dst, src []byte) []byte {
	n := base64.RawURLEncoding.EncodedLen(len(src))
	dst = slices.Grow(dst, n)
	out := dst[len(dst) : len(dst)+n]
	o := 0
	t := &b64Pairs
	for len(src) >= 8 && len(out)-o >= 8 {
		x := binary.BigEndian.Uint64(src)
		w := uint64(t[x>>52])<<48 | uint64(t[x>>40&4095])<<32 | uint64(t[x>>28&4095])<<16 | uint64(t[x>>16&4095])
		binary.BigEndian.PutUint64(out[o:], w)
		src = src[6:]
		o += 8
	}
	base64.RawURLEncoding.Encode(out[o:], src)
	return dst[:len(dst)+n]
}
