package accesstoken

import (
	"context"
	"fmt"
	"strings"

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
// (RFC 9068 sections 2.2, 2.2.1 and 2.2.3), with their JSON types. The
// registered claims are the jwt package's.
var profileClaims = [...]struct {
	name string
	kind claimKind
}{
	{"client_id", kindString},
	{"scope", kindString},
	{"auth_time", kindDate},
	{"acr", kindString},
	{"amr", kindStrings},
	{"groups", kindStrings},
	{"roles", kindStrings},
	{"entitlements", kindStrings},
}

// idTokenClaims are the claims OpenID Connect Core 1.0 defines for ID
// tokens only: "nonce" (section 2), "at_hash" (sections 3.1.3.6 and
// 3.2.2.10) and "c_hash" (section 3.3.2.11). RFC 9068 section 2.2 defines
// none of them for access tokens, so a token with one of them, present and
// not null, is an ID token. ("auth_time", "acr", "amr" and "azp" appear in
// both kinds, and a missing "client_id" is section 2.2's ErrMissingClaim.)
var idTokenClaims = [...]string{"nonce", "at_hash", "c_hash"}

// scanned is what the profile's pass over the claims found.
type scanned struct {
	aud      []byte   // the raw "aud" value, nil when absent
	idClaims []string // the ID-token claims present
}

// scan reads the verified token's claims by their exact names (RFC 7519
// section 4: names are case-sensitive), whatever the Encoder: it type-checks
// the profile's claims, refuses members whose names fold to one of them,
// and finds "aud" and the ID-token claims. The jwt package's strict pass has
// already checked the JSON.
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
		for _, id := range idTokenClaims {
			if name == id && string(value) != "null" {
				s.idClaims = append(s.idClaims, id)
				return nil
			}
		}
		for _, c := range profileClaims {
			if name == c.name {
				return checkKind(name, c.kind, value)
			}
		}
		for _, c := range profileClaims {
			if foldsTo(name, c.name) {
				return fmt.Errorf("%w: claim %q folds to %q, a claim of RFC 9068's profile (names are case-sensitive, RFC 7519 section 4)",
					jwt.ErrTokenMalformed, name, c.name)
			}
		}
		return nil
	})
	return s, err
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

// checkKind refuses a profile claim of the wrong JSON type; null stands for
// an absent claim.
func checkKind(name string, kind claimKind, value []byte) error {
	if string(value) == "null" {
		return nil
	}
	ok := false
	switch kind {
	case kindString:
		_, ok = strictjson.String(value)
	case kindStrings:
		_, ok = strictjson.StringArray(value)
	case kindDate:
		_, err := claims.ParseNumericDate(value)
		ok = err == nil
	}
	if ok {
		return nil
	}
	want := map[claimKind]string{kindString: "a string", kindStrings: "an array of strings", kindDate: "a NumericDate"}[kind]
	return fmt.Errorf("%w: claim %q must be %s (RFC 9068 section 2.2)", jwt.ErrTokenMalformed, name, want)
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

// rules is the profile's claim check, run by the jwt package after the
// signature, the "typ" rule and the registered claims passed
// (jwt.WithValidator): the token must not be an ID token. ("aud" must
// contain the configured audience whatever jwt.WithAudience options were
// added: jwt.WithAllAudiences, a claim rule of the jwt package's.)
func (v *Verifier) rules(_ context.Context, t *jwt.Token) error {
	s, err := scan(t.Raw)
	if err != nil {
		return err
	}
	if len(s.idClaims) > 0 {
		return fmt.Errorf("%w: it carries %q (RFC 9068 section 5; OpenID Connect Core 1.0 section 2)", ErrIDToken, s.idClaims)
	}
	return nil
}
