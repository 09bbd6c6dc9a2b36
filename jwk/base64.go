package jwk

import (
	"github.com/jotlib/jwt/internal/b64url"
	"math/big"
)

// decodeB64 decodes a canonical base64url member.
func decodeB64(name, s string) ([]byte, error) {
	if s == "" {
		return nil, invalid("member %q is empty", name)
	}
	out, err := b64url.DecodeString(s)
	if err != nil {
		return nil, invalid("member %q: %v", name, err)
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
	return b64url.EncodeToString(v.Bytes())
}
