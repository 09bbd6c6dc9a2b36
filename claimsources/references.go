package claimsources

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/jotlib/jwt/internal/strictjson"
)

// References are the "_claim_names" and "_claim_sources" members of a
// claims object (OpenID Connect Core 1.0 section 5.6.2), raw. Embed it in
// the claims type idtoken's VerifyInto (or a UserInfo decode) fills:
//
//	type MyClaims struct {
//		idtoken.Claims
//		claimsources.References
//	}
//
// Both are checked by Resolve, strictly (RFC 8259; no duplicate or
// case-folded look-alike member names), whoever decoded them.
type References struct {
	// ClaimNames is "_claim_names": claim name → source name.
	ClaimNames json.RawMessage `json:"_claim_names,omitempty"`
	// ClaimSources is "_claim_sources": source name → {"JWT": ...} or
	// {"endpoint": ..., "access_token": ...}.
	ClaimSources json.RawMessage `json:"_claim_sources,omitempty"`
}

// reserved are the claim names no source may stand for, so that no Claims
// Provider's claims overwrite them (ResolveInto): RFC 7519 section 4.1's
// registered claims (the token's own), section 5.6.2's members, the ID
// token's claims of how and to whom it was issued (OpenID Connect Core
// 1.0 sections 2 and 3.1.3.6: azp, acr, amr, auth_time, nonce, at_hash,
// c_hash; Front- and Back-Channel Logout 1.0: sid), the proof-of-possession
// key (RFC 7800 section 3.1: cnf), SD-JWT's digests (RFC 9901 section 4.2:
// _sd, _sd_alg) and a Security Event Token's events (RFC 8417 section
// 2.2).
var reserved = map[string]bool{
	"iss": true, "sub": true, "aud": true, "exp": true, "nbf": true, "iat": true, "jti": true,
	"_claim_names": true, "_claim_sources": true,
	"azp": true, "acr": true, "amr": true, "auth_time": true, "sid": true, "nonce": true, "at_hash": true, "c_hash": true,
	"cnf": true, "_sd": true, "_sd_alg": true, "events": true,
}

// ref is one referenced source, parsed.
type ref struct {
	name        string   // its member name in "_claim_sources"
	jwt         string   // aggregated: the JWT
	endpoint    string   // distributed: the endpoint
	accessToken string   // distributed: the optional access token
	claims      []string // the claim names "_claim_names" gives it, sorted
}

// parse checks refs and returns the referenced sources, in name order.
func (r *Resolver) parse(refs References) ([]*ref, error) {
	if isAbsent(refs.ClaimNames) {
		if !isAbsent(refs.ClaimSources) {
			if err := r.eachObjectMember(refs.ClaimSources, "_claim_sources", r.maxSources, func(string, []byte) error { return nil }); err != nil {
				return nil, err
			}
		}
		return nil, nil // sources no name references are never used
	}
	names := map[string]string{}
	err := r.eachObjectMember(refs.ClaimNames, "_claim_names", r.maxClaims, func(name string, value []byte) error {
		src, ok := strictjson.String(value)
		if !ok || src == "" {
			return fmt.Errorf("%w: _claim_names member %q is not a source name (a non-empty string)", ErrMalformedReferences, name)
		}
		if reserved[name] {
			return fmt.Errorf("%w: _claim_names may not name %q", ErrMalformedReferences, name)
		}
		names[name] = src
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, nil
	}
	if isAbsent(refs.ClaimSources) {
		return nil, fmt.Errorf("%w: _claim_names without _claim_sources", ErrMalformedReferences)
	}
	sources := map[string]*ref{}
	err = r.eachObjectMember(refs.ClaimSources, "_claim_sources", r.maxSources, func(name string, value []byte) error {
		s, err := parseSource(name, value)
		if err != nil {
			return err
		}
		sources[name] = s
		return nil
	})
	if err != nil {
		return nil, err
	}
	used := map[string]*ref{}
	for claim, srcName := range names {
		s, ok := sources[srcName]
		if !ok {
			return nil, fmt.Errorf("%w: claim %q references source %q, which _claim_sources lacks", ErrMalformedReferences, claim, srcName)
		}
		s.claims = append(s.claims, claim)
		used[srcName] = s
	}
	out := make([]*ref, 0, len(used))
	for _, s := range used {
		sort.Strings(s.claims)
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

// isAbsent reports a member absent or null (RFC 7519: null stands for an
// absent claim).
func isAbsent(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// eachObjectMember checks that raw is a JSON object of at most max members
// under the strict rules and calls fn for each member.
func (r *Resolver) eachObjectMember(raw []byte, what string, max int, fn func(name string, value []byte) error) error {
	n := 0
	err := strictjson.Object(raw, func(k strictjson.Key, value []byte) error {
		if n++; n > max {
			return fmt.Errorf("%w: %s has more than %d members", ErrMalformedReferences, what, max)
		}
		return fn(k.Name(), value)
	})
	if err != nil && !isOurs(err) {
		return fmt.Errorf("%w: %s: %v", ErrMalformedReferences, what, err)
	}
	return err
}

// isOurs reports an error this package made (not the strict pass's).
func isOurs(err error) bool {
	_, syntax := err.(*strictjson.SyntaxError)
	return !syntax && err != strictjson.ErrInvalid
}

// parseSource reads one "_claim_sources" member: {"JWT": ...} (aggregated)
// or {"endpoint": ..., "access_token": ...} (distributed). Members not
// understood are ignored (section 5.6.2: "MUST be ignored").
func parseSource(name string, value []byte) (*ref, error) {
	s := &ref{name: name}
	var hasJWT, hasEndpoint, hasToken bool
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: source %q: "+format, append([]any{ErrMalformedReferences, name}, args...)...)
	}
	if len(value) == 0 || value[0] != '{' {
		return nil, bad("not a JSON object")
	}
	err := strictjson.Object(value, func(k strictjson.Key, v []byte) error {
		member := k.Name()
		var dst *string
		switch member {
		case "JWT":
			dst, hasJWT = &s.jwt, true
		case "endpoint":
			dst, hasEndpoint = &s.endpoint, true
		case "access_token":
			dst, hasToken = &s.accessToken, true
		default:
			if look := strictjson.LookAlike(member, "JWT", "endpoint", "access_token"); look != "" {
				return bad("member %q is not %q (names are case-sensitive)", member, look)
			}
			return nil
		}
		str, ok := strictjson.String(v)
		if !ok || str == "" {
			return bad("%q is not a non-empty string", member)
		}
		*dst = str
		return nil
	})
	if err != nil {
		if isOurs(err) {
			return nil, err
		}
		return nil, bad("%v", err)
	}
	switch {
	case hasJWT && (hasEndpoint || hasToken):
		return nil, bad(`both "JWT" (aggregated) and "endpoint" or "access_token" (distributed)`)
	case !hasJWT && !hasEndpoint:
		return nil, bad(`neither "JWT" (aggregated) nor "endpoint" (distributed)`)
	case hasToken && !b64token(s.accessToken):
		return nil, bad(`"access_token" is not an RFC 6750 section 2.1 b64token`)
	}
	return s, nil
}

// b64token is RFC 6750 section 2.1's b64token: 1*( ALPHA / DIGIT / "-" /
// "." / "_" / "~" / "+" / "/" ) *"=".
func b64token(s string) bool {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/' {
			i++
			continue
		}
		break
	}
	if i == 0 {
		return false
	}
	for ; i < len(s); i++ {
		if s[i] != '=' {
			return false
		}
	}
	return true
}
