package jsoniterext

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"hash"
	"strings"

	jsoniter "github.com/json-iterator/go"
)

// floor is a hand-rolled HS256 JWT with no rules: the floor under what
// the library with jsoniterext can cost. Parse splits at the dots, decodes
// the segments with strict base64url, checks the HMAC with a reused state
// and hands the claims to jsoniter's Unmarshal; Sign is jsoniter's Marshal,
// base64url and the HMAC. No header is read, no claim validated, nothing
// checked for duplicates or UTF-8. Not safe for concurrent use.
type floor struct {
	api    jsoniter.API
	mac    hash.Hash
	prefix string // base64url of the header, and "."
	sig    [sha256.Size]byte
	want   [sha256.Size]byte
	buf    []byte
}

var errFloor = errors.New("floor: bad token")

var b64 = base64.RawURLEncoding.Strict()

func newFloor(api jsoniter.API, key []byte, header string) *floor {
	return &floor{api: api, mac: hmac.New(sha256.New, key), prefix: b64.EncodeToString([]byte(header)) + "."}
}

// parse verifies tok and decodes its claims into dst.
func (f *floor) parse(tok string, dst any) error {
	first := strings.IndexByte(tok, '.')
	last := strings.LastIndexByte(tok, '.')
	if first < 0 || last == first {
		return errFloor
	}
	if _, err := b64.DecodeString(tok[:first]); err != nil {
		return err
	}
	payload, err := b64.AppendDecode(nil, []byte(tok[first+1:last]))
	if err != nil {
		return err
	}
	n, err := b64.Decode(f.want[:], []byte(tok[last+1:]))
	if err != nil || n != sha256.Size {
		return errFloor
	}
	f.mac.Reset()
	f.mac.Write([]byte(tok[:last]))
	if !hmac.Equal(f.mac.Sum(f.sig[:0]), f.want[:]) {
		return errFloor
	}
	return f.api.Unmarshal(payload, dst)
}

// sign returns the token of v.
func (f *floor) sign(v any) (string, error) {
	payload, err := f.api.Marshal(v)
	if err != nil {
		return "", err
	}
	buf := append(f.buf[:0], f.prefix...)
	buf = b64.AppendEncode(buf, payload)
	f.mac.Reset()
	f.mac.Write(buf)
	buf = append(buf, '.')
	buf = b64.AppendEncode(buf, f.mac.Sum(f.sig[:0]))
	f.buf = buf
	return string(buf), nil
}
