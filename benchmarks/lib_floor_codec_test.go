package benchmarks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"strings"
	"time"

	jsoniter "github.com/json-iterator/go"
)

// jsonCodec is the Marshal and Unmarshal a rule-free floor calls.
type jsonCodec struct {
	marshal   func(v any) ([]byte, error)
	unmarshal func(data []byte, v any) error
}

// codecFloorImpls lists the rule-free HS256 JWT once per codec:
// encoding/json (what the default StdEncoder calls) and jsoniter's
// standard-library-compatible configuration (what jsoniterext builds on).
func codecFloorImpls() []impl {
	std := jsoniter.ConfigCompatibleWithStandardLibrary
	return []impl{
		codecFloorImpl("floor-encjson", jsonCodec{json.Marshal, json.Unmarshal}),
		codecFloorImpl("floor-jsoniter", jsonCodec{std.Marshal, std.Unmarshal}),
	}
}

var (
	errFloorToken   = errors.New("floor: not three segments")
	errFloorExpired = errors.New("floor: expired or not yet valid")
)

// codecFloorImpl is the least a hand-rolled HS256 JWT does with codec c,
// with no rule beyond reading exp and nbf: the target the library's HS256
// rows are held to with the same codec. It decodes into the same claims
// types as the library's rows and keeps the state a hand-rolled verifier
// or signer would keep between tokens (the HMAC state and its sum array,
// one payload or token buffer, the header segment). It does not read the
// header.
func codecFloorImpl(lib string, c jsonCodec) impl {
	return impl{
		lib:  lib,
		only: "HS256",
		sign: func(a *algCase, kind string) (func() (string, error), error) {
			var claims any
			switch kind {
			case "struct":
				claims = jotStructClaims() // boxed once, as for every library
			case "map":
				claims = mapClaims()
			default:
				return nil, unknownKind(kind)
			}
			return codecFloorSign(a, c, claims), nil
		},
		parse: func(a *algCase, kind string) (func(string, *decoded) error, error) {
			if kind != "struct" && kind != "map" {
				return nil, unknownKind(kind)
			}
			return codecFloorParse(a, c, kind), nil
		},
	}
}

// codecFloorSign marshals claims, base64url-encodes them after the
// precomputed header segment, and appends the encoded HMAC of the two.
func codecFloorSign(a *algCase, c jsonCodec, claims any) func() (string, error) {
	header := a.token[:strings.IndexByte(a.token, '.')+1] // the library's {"alg":"HS256","typ":"JWT"}, and the dot
	mac := hmac.New(sha256.New, a.signK.([]byte))
	var buf []byte
	var sum [sha256.Size]byte // kept: a local array would escape through hash.Hash.Sum
	return func() (string, error) {
		payload, err := c.marshal(claims)
		if err != nil {
			return "", err
		}
		buf = append(buf[:0], header...)
		buf = strictB64.AppendEncode(buf, payload)
		mac.Reset()
		mac.Write(buf)
		buf = append(buf, '.')
		buf = strictB64.AppendEncode(buf, mac.Sum(sum[:0]))
		return string(buf), nil
	}
}

// codecFloorParse splits the token at its two dots, decodes the payload
// and the signature, checks the HMAC, unmarshals the payload into
// accessClaims (kind "struct") or a map, and compares exp and nbf with
// the current time.
func codecFloorParse(a *algCase, c jsonCodec, kind string) func(string, *decoded) error {
	mac := hmac.New(sha256.New, a.verifK.([]byte))
	var payload []byte
	var sum [sha256.Size]byte // kept: a local array would escape through hash.Hash.Sum
	return func(tok string, out *decoded) error {
		i := strings.IndexByte(tok, '.')
		j := strings.IndexByte(tok[i+1:], '.') + i + 1
		if i < 0 || j <= i {
			return errFloorToken
		}
		var err error
		if payload, err = appendB64URLDecode(payload[:0], tok[i+1:j]); err != nil {
			return err
		}
		var sig [sha256.Size]byte
		got, err := appendB64URLDecode(sig[:0], tok[j+1:])
		if err != nil {
			return err
		}
		mac.Reset()
		mac.Write(bytesOf(tok[:j]))
		if !hmac.Equal(mac.Sum(sum[:0]), got) {
			return errFloor
		}
		if kind == "struct" {
			return floorStructClaims(c, payload, out)
		}
		return floorMapClaims(c, payload, out)
	}
}

// floorStructClaims decodes into accessClaims and checks exp and nbf.
func floorStructClaims(c jsonCodec, payload []byte, out *decoded) error {
	var cl accessClaims
	if err := c.unmarshal(payload, &cl); err != nil {
		return err
	}
	now := time.Now()
	if (cl.ExpiresAt != nil && !now.Before(cl.ExpiresAt.Time)) || (cl.NotBefore != nil && now.Before(cl.NotBefore.Time)) {
		return errFloorExpired
	}
	if out != nil {
		*out = decoded{cl.Subject, cl.Name, cl.Roles, cl.Audience, cl.ExpiresAt.Unix(), cl.EmailVerified}
	}
	return nil
}

// floorMapClaims decodes into a map and checks exp and nbf (JSON numbers
// decode to float64).
func floorMapClaims(c jsonCodec, payload []byte, out *decoded) error {
	var m map[string]any
	if err := c.unmarshal(payload, &m); err != nil {
		return err
	}
	now := float64(time.Now().Unix())
	exp, hasExp := m["exp"].(float64)
	nbf, hasNbf := m["nbf"].(float64)
	if (hasExp && now >= exp) || (hasNbf && now < nbf) {
		return errFloorExpired
	}
	if out != nil {
		fillFromMap(out, m)
	}
	return nil
}
