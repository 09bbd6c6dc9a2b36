package jwk

import (
	"encoding/base64"
	"math/big"
)

// b64 is base64url without padding, refusing non-zero unused bits
// (RFC 7515 section 2; RFC 4648 section 3.5).
var b64 = base64.RawURLEncoding.Strict()

// decodeB64 decodes a canonical base64url member. The alphabet is checked
// first: Go's decoders silently skip '\r' and '\n'.
func decodeB64(name, s string) ([]byte, error) {
	if s == "" {
		return nil, invalid("member %q is empty", name)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return nil, invalid("member %q is not unpadded base64url (byte %q at %d)", name, c, i)
		}
	}
	out, err := b64.DecodeString(s)
	if err != nil {
		return nil, invalid("member %q is not canonical base64url: %v", name, err)
	}
	return out, nil
}

// decodeUint decodes a Base64urlUInt (RFC 7518 section 2): "The octet
// sequence MUST utilize the minimum number of octets needed to represent the
// value." Zero is "AA".
func decodeUint(name, s string) (*big.Int, error) {
	raw, err := decodeB64(name, s)
	if err != nil {
		return nil, err
	}
	if len(raw) > 1 && raw[0] == 0 {
		return nil, invalid("member %q has a leading zero octet (RFC 7518 section 2)", name)
	}
	return new(big.Int).SetBytes(raw), nil
}

// encodeUint writes a Base64urlUInt.
func encodeUint(v *big.Int) string {
	if v.Sign() == 0 {
		return "AA"
	}
	return b64.EncodeToString(v.Bytes())
}

// encodeFixed writes v as exactly size octets, as EC coordinates require
// (RFC 7518 section 6.2.1.2).
func encodeFixed(v *big.Int, size int) string {
	return b64.EncodeToString(v.FillBytes(make([]byte, size)))
}
