package jwk

import (
	"github.com/jotlib/jwt/internal/strictjson"
)

// members holds the members of one JWK after the strict JSON pass. Binary
// members are kept as their base64url text until the key type decodes them.
type members struct {
	kty, crv, kid, alg, use string
	keyOps                  []string
	hasKeyOps               bool
	b64                     map[string]string // n e d p q dp dq qi x y k pub priv
	hasOth                  bool
}

// binaryMembers are the base64url members of the supported key types
// (RFC 7518 section 6, RFC 8037 section 2, RFC 9964 section 2 for "pub" and
// "priv").
var binaryMembers = [...]string{"n", "e", "d", "p", "q", "dp", "dq", "qi", "x", "y", "k", "pub", "priv"}

// readMembers runs the strict pass over a JWK object: valid UTF-8 JSON, no
// duplicate member names at any depth (RFC 7517 section 4: "member names
// within a JWK MUST be unique"), and the type of each member we read. On
// an error it also returns the members read so far.
func readMembers(data []byte) (*members, error) {
	m := &members{b64: make(map[string]string, 8)}
	err := strictjson.Object(data, func(key strictjson.Key, value []byte) error {
		name := key.Name()
		switch name {
		case "kty":
			return stringMember(name, value, &m.kty)
		case "crv":
			return stringMember(name, value, &m.crv)
		case "kid":
			return stringMember(name, value, &m.kid)
		case "alg":
			return stringMember(name, value, &m.alg)
		case "use":
			return stringMember(name, value, &m.use)
		case "key_ops":
			return m.readKeyOps(value)
		case "oth":
			m.hasOth = true
			return nil
		}
		for _, b := range binaryMembers {
			if name == b {
				// Base64url text never needs a JSON escape; an escaped
				// spelling is not canonical.
				if len(value) < 2 || value[0] != '"' || containsByte(value, '\\') {
					return invalid("member %q must be a base64url string without escapes", name)
				}
				m.b64[name] = string(value[1 : len(value)-1])
				return nil
			}
		}
		return nil // other members (x5c, x5t, x5u, ...) are ignored, never used
	})
	if err != nil {
		if !isJWKError(err) {
			err = invalid("%v", err)
		}
		return m, err // m: what was read before the error, for naming the key
	}
	if m.kty == "" {
		return m, invalid(`missing "kty"`)
	}
	return m, nil
}

func stringMember(name string, value []byte, dst *string) error {
	s, ok := strictjson.String(value)
	if !ok {
		return invalid("member %q must be a string", name)
	}
	*dst = s
	return nil
}

// readKeyOps reads "key_ops": an array of strings, "Duplicate key operation
// values MUST NOT be present in the array" (RFC 7517 section 4.3).
func (m *members) readKeyOps(value []byte) error {
	m.hasKeyOps = true
	m.keyOps = []string{}
	var bad error
	ok := strictjson.EachArrayElement(value, func(elem []byte) bool {
		s, ok := strictjson.String(elem)
		if !ok {
			bad = invalid(`"key_ops" must be an array of strings`)
			return false
		}
		for _, prev := range m.keyOps {
			if prev == s {
				bad = invalid(`"key_ops" repeats %q (RFC 7517 section 4.3)`, s)
				return false
			}
		}
		m.keyOps = append(m.keyOps, s)
		return true
	})
	if !ok {
		return invalid(`"key_ops" must be an array of strings`)
	}
	return bad
}

// need returns a required base64url member's text.
func (m *members) need(name string) (string, error) {
	s, ok := m.b64[name]
	if !ok {
		return "", invalid("%s key without %q", m.kty, name)
	}
	return s, nil
}

func containsByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}
