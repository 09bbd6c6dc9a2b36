package accesstoken_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
)

// RFC 9068 section 4: "The resource server MUST verify that the "typ"
// header value is "at+jwt" or "application/at+jwt" and reject tokens
// carrying any other value." Compared as a media type (RFC 7515 section
// 4.1.9): case-insensitive, "application/" implied.
func TestRFC9068_4_TypMustBeAtJWT(t *testing.T) {
	v := atVerifier(t, nil)
	for _, typ := range []string{"at+jwt", "application/at+jwt", "AT+JWT", "Application/At+Jwt"} {
		if _, err := v.Verify(atCtx, atRaw(t, typ, atClaimsMap())); err != nil {
			t.Errorf("typ %q: %v", typ, err)
		}
	}
	for _, typ := range []string{"", "JWT", "jwt", "application/jwt", "at+jwt ", " at+jwt", "at+JWT+x", "text/at+jwt",
		"application/", "atjwt", "at+jws", "dpop+jwt", "logout+jwt", "application/application/at+jwt"} {
		_, err := v.Verify(atCtx, atRaw(t, typ, atClaimsMap()))
		atRefused(t, err, jwt.ErrInvalidType)
		if errors.Is(err, jwt.ErrTokenInvalidClaims) {
			t.Errorf("typ %q: a header rule must not match ErrTokenInvalidClaims: %v", typ, err)
		}
	}
}

// RFC 9068 section 4 with the transition switch: Config.AllowJWTType
// accepts a missing "typ" and "JWT" (RFC 7519 section 5.1) beside
// "at+jwt", and still refuses every other value.
func TestRFC9068_4_TransitionSwitchAllowJWTType(t *testing.T) {
	v := atVerifier(t, func(c *accesstoken.Config) { c.AllowJWTType = true })
	for _, typ := range []string{"", "JWT", "jwt", "application/jwt", "at+jwt", "application/at+jwt"} {
		if _, err := v.Verify(atCtx, atRaw(t, typ, atClaimsMap())); err != nil {
			t.Errorf("typ %q: %v", typ, err)
		}
	}
	for _, typ := range []string{"JOSE", "dpop+jwt", "logout+jwt", "secevent+jwt", "id_token+jwt", "text/jwt", "JWT "} {
		_, err := v.Verify(atCtx, atRaw(t, typ, atClaimsMap()))
		atRefused(t, err, jwt.ErrInvalidType)
	}
}

// RFC 9068 section 4's typing is off only when asked for: the zero Config
// refuses "JWT", the typ every pre-RFC 9068 token and every ID token has.
func TestRFC9068_4_TransitionSwitchOffByDefault(t *testing.T) {
	v := atVerifier(t, nil)
	_, err := v.Verify(atCtx, atRaw(t, "JWT", atClaimsMap()))
	atRefused(t, err, jwt.ErrInvalidType)
}

// RFC 9068 section 2.1: "JWT access tokens MUST include this media type in
// the "typ" header parameter"; the Signer writes "at+jwt" (the RECOMMENDED
// form without "application/"), or the "application/at+jwt" a
// jwt.WithType asks for. Any other "typ", and none (jwt.WithType("")), is
// refused with jwt.ErrInvalidOption, never silently replaced.
func TestRFC9068_2_1_SignerWritesAtJWT(t *testing.T) {
	for name, c := range map[string]struct {
		opts []jwt.Option
		typ  string
	}{
		"default":                      {nil, "at+jwt"},
		"WithKeyID kept":               {[]jwt.Option{jwt.WithKeyID("k1")}, "at+jwt"},
		"WithType(application/at+jwt)": {[]jwt.Option{jwt.WithType("application/at+jwt")}, "application/at+jwt"},
		"WithType(AT+JWT)":             {[]jwt.Option{jwt.WithType("AT+JWT")}, "AT+JWT"},
	} {
		tok := atSign(t, atClaims(), c.opts...)
		u, err := jwt.ReadUnverified(tok)
		if err != nil {
			t.Fatal(err)
		}
		if u.Header.Type != c.typ {
			t.Errorf("%s: typ %q, want %q", name, u.Header.Type, c.typ)
		}
		if _, err := atVerifier(t, nil).Verify(atCtx, tok); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, typ := range []string{"JWT", "", "application/jwt", "at+jwt+x", "logout+jwt"} {
		s, err := accesstoken.NewSigner(jwt.EdDSA, atKey, jwt.WithType(typ))
		if !errors.Is(err, jwt.ErrInvalidOption) || s != nil || !strings.Contains(err.Error(), "RFC 9068 section 2.1") {
			t.Errorf("WithType(%q): %v, want ErrInvalidOption citing RFC 9068 section 2.1", typ, err)
		}
	}
}

// RFC 9068 section 4: a type error and a claim error are both reported
// (errors.Join), the claims' as claims errors, in one *jwt.ValidationError.
func TestRFC9068_4_TypAndClaimErrorsTogether(t *testing.T) {
	m := atClaimsMap()
	m["exp"] = atNow.Add(-time.Minute).Unix()
	_, err := atVerifier(t, nil).Verify(atCtx, atRaw(t, "JWT", m))
	atRefused(t, err, jwt.ErrInvalidType, jwt.ErrTokenExpired, jwt.ErrTokenInvalidClaims)
}

// RFC 9068 section 4 (the "typ" rule is the jwt package's, checked with the
// registered claims): a caller's jwt.WithValidator check never sees a token
// of the wrong type; it runs for one that passed the profile's rules.
func TestRFC9068_4_TypCheckedBeforeCallersValidator(t *testing.T) {
	calls := 0
	v := atVerifier(t, nil, jwt.WithValidator(func(context.Context, *jwt.Token) error { calls++; return nil }))
	_, err := v.Verify(atCtx, atRaw(t, "JWT", atClaimsMap()))
	atRefused(t, err, jwt.ErrInvalidType)
	if calls != 0 {
		t.Errorf("the caller's check ran %d times for a refused typ", calls)
	}
	if _, err := v.Verify(atCtx, atRaw(t, "at+jwt", atClaimsMap())); err != nil || calls != 1 {
		t.Errorf("at+jwt: %v, %d calls", err, calls)
	}
}
