package idtoken

import (
	"fmt"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bytesview"
	"github.com/jotlib/jwt/internal/strictjson"
)

// claimKind is the JSON type a profile claim must have.
type claimKind uint8

const (
	kindString  claimKind = iota // a string
	kindStrings                  // an array of strings
	kindDate                     // a NumericDate (RFC 7519 section 2)
)

// profileClaims are the claims Claims decodes beyond the registered ones
// (OpenID Connect Core 1.0 section 2), with their JSON types.
var profileClaims = [...]struct {
	name string
	kind claimKind
}{
	{"azp", kindString},
	{"nonce", kindString},
	{"auth_time", kindDate},
	{"acr", kindString},
	{"amr", kindStrings},
	{"at_hash", kindString},
	{"c_hash", kindString},
}

// claim is one profile claim as found in the token's bytes.
type claim struct {
	value   string    // a string claim's value
	time    time.Time // a NumericDate claim's value
	present bool      // present and not null
}

// scanned is what the profile's pass over the claims found, by exact name.
type scanned struct {
	aud                            []byte // the raw "aud" value, nil when absent
	nonce, authTime, atHash, cHash claim
}

// scan reads the verified token's claims by their exact names (RFC 7519
// section 4: names are case-sensitive), whatever the Encoder: it
// type-checks the profile's claims, refuses members whose names fold to one
// of them, and keeps those the rules read. The jwt package's strict pass
// has already checked the JSON.
func scan(raw string) (scanned, error) {
	var s scanned
	payload, err := payloadOf(raw)
	if err != nil {
		return s, err
	}
	err = strictjson.Object(payload, func(key strictjson.Key, value []byte) error {
		name := bytesview.String(key.Raw) // transient view, never retained
		if key.Escaped {
			name = key.Name()
		}
		if name == claims.NameAudience {
			s.aud = value
			return nil
		}
		for _, c := range profileClaims {
			if name == c.name {
				return s.keep(c.name, c.kind, value)
			}
		}
		for _, c := range profileClaims {
			if foldsTo(name, c.name) {
				return fmt.Errorf("%w: claim %q folds to %q, an ID token claim (names are case-sensitive, RFC 7519 section 4)",
					jwt.ErrTokenMalformed, name, c.name)
			}
		}
		return nil
	})
	return s, err
}

// keep type-checks one profile claim and keeps it when a rule reads it;
// null stands for an absent claim.
func (s *scanned) keep(name string, kind claimKind, value []byte) error {
	if string(value) == "null" {
		return nil
	}
	var c claim
	ok := false
	switch kind {
	case kindString:
		c.value, ok = strictjson.String(value)
	case kindStrings:
		_, ok = strictjson.StringArray(value)
	case kindDate:
		t, err := claims.ParseNumericDate(value)
		c.time, ok = t, err == nil
	}
	if !ok {
		want := map[claimKind]string{kindString: "a string", kindStrings: "an array of strings", kindDate: "a NumericDate"}[kind]
		return fmt.Errorf("%w: claim %q must be %s (OpenID Connect Core 1.0 section 2)", jwt.ErrTokenMalformed, name, want)
	}
	c.present = true
	switch name {
	case "nonce":
		s.nonce = c
	case "auth_time":
		s.authTime = c
	case "at_hash":
		s.atHash = c
	case "c_hash":
		s.cHash = c
	}
	return nil
}

// payloadOf decodes the claims segment of a compact token that verified.
func payloadOf(raw string) ([]byte, error) {
	_, rest, ok := strings.Cut(raw, ".")
	seg, _, ok2 := strings.Cut(rest, ".")
	if !ok || !ok2 {
		return nil, fmt.Errorf("%w: not a compact JWS", jwt.ErrTokenMalformed)
	}
	payload, err := b64url.DecodeString(seg)
	if err != nil {
		return nil, fmt.Errorf("%w: payload: %v", jwt.ErrTokenMalformed, err)
	}
	return payload, nil
}

// foldsTo reports whether name equals target, a lower-case ASCII claim
// name, under Unicode simple case folding (as encoding/json matches struct
// fields) or lower- or upper-casing (as other codecs do) without being it.
func foldsTo(name, target string) bool {
	if name == target {
		return false
	}
	ascii := true
	for i := 0; i < len(name); i++ {
		if name[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return len(name) == len(target) && strings.EqualFold(name, target)
	}
	return strings.EqualFold(name, target) || strings.ToLower(name) == target ||
		strings.ToLower(strings.ToUpper(name)) == target
}
