package jwt_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// TestClaimOptionsPortedFromGolangJWT_RFC7519_4_1: WithAudience with
// several audiences (any of them), WithAllAudiences (every one),
// WithIssuedAt, WithNotBeforeRequired, WithMaxAge and WithRequiredClaims.
func TestClaimOptionsPortedFromGolangJWT_RFC7519_4_1(t *testing.T) {
	now := rtNow()
	u := now.Unix()
	cases := []struct {
		name   string
		claims map[string]any
		opts   []jwt.Option
		want   error // nil: accepted
	}{
		{"aud: any of several, one matches", map[string]any{"aud": "web"}, []jwt.Option{jwt.WithAudience("api", "web")}, nil},
		{"aud: any of several, none", map[string]any{"aud": "x"}, []jwt.Option{jwt.WithAudience("api", "web")}, jwt.ErrInvalidAudience},
		{"aud: any of, absent also ErrMissingClaim", map[string]any{}, []jwt.Option{jwt.WithAudience("api")}, jwt.ErrMissingClaim},
		{"aud: all of, all present", map[string]any{"aud": []string{"a", "b", "c"}}, []jwt.Option{jwt.WithAllAudiences("a", "b")}, nil},
		{"aud: all of, one absent", map[string]any{"aud": []string{"a", "c"}}, []jwt.Option{jwt.WithAllAudiences("a", "b")}, jwt.ErrInvalidAudience},
		{"iat: in the future, WithIssuedAt", map[string]any{"iat": u + 30}, []jwt.Option{jwt.WithIssuedAt()}, jwt.ErrTokenUsedBeforeIssued},
		{"iat: in the future within leeway", map[string]any{"iat": u + 30}, []jwt.Option{jwt.WithIssuedAt(), jwt.WithLeeway(time.Minute)}, nil},
		{"iat: in the future, not checked by default", map[string]any{"iat": u + 30}, nil, nil},
		{"iat: in the past", map[string]any{"iat": u - 30}, []jwt.Option{jwt.WithIssuedAt()}, nil},
		{"nbf: required, absent", map[string]any{}, []jwt.Option{jwt.WithNotBeforeRequired()}, jwt.ErrMissingClaim},
		{"nbf: required, present", map[string]any{"nbf": u}, []jwt.Option{jwt.WithNotBeforeRequired()}, nil},
		{"max age: fresh", map[string]any{"iat": u - 30}, []jwt.Option{jwt.WithMaxAge(time.Minute)}, nil},
		{"max age: too old", map[string]any{"iat": u - 90}, []jwt.Option{jwt.WithMaxAge(time.Minute)}, jwt.ErrTokenExpired},
		{"max age: no iat", map[string]any{}, []jwt.Option{jwt.WithMaxAge(time.Minute)}, jwt.ErrMissingClaim},
		{"required claims: present", map[string]any{"tenant": "a", "jti": "j"}, []jwt.Option{jwt.WithRequiredClaims("tenant", "jti")}, nil},
		{"required claims: one absent", map[string]any{"tenant": "a"}, []jwt.Option{jwt.WithRequiredClaims("tenant", "jti")}, jwt.ErrMissingClaim},
		{"required claims: null is absent", map[string]any{"tenant": nil}, []jwt.Option{jwt.WithRequiredClaims("tenant")}, jwt.ErrMissingClaim},
		{"required claims: case matters", map[string]any{"Tenant": "a"}, []jwt.Option{jwt.WithRequiredClaims("tenant")}, jwt.ErrMissingClaim},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tok := rtSign(t, tc.claims)
			opts := append(tc.opts, rtClock(now))
			v, err := jwt.NewVerifier(rtSecret, opts...)
			if err != nil {
				t.Fatal(err)
			}
			var r claims.Registered
			_, err1 := jwt.Parse(tok, rtSecret, opts...)
			_, err2 := v.ParseWithClaims(tok, &r)
			_, _, err3 := jwt.ParseAs[map[string]any](tok, rtSecret, opts...)
			for i, err := range []error{err1, err2, err3} {
				if tc.want == nil {
					if err != nil {
						t.Errorf("path %d: %v", i, err)
					}
				} else if !errors.Is(err, tc.want) || !errors.Is(err, jwt.ErrTokenInvalidClaims) {
					t.Errorf("path %d: got %v, want %v", i, err, tc.want)
				}
			}
		})
	}
}

// TestClaimOptionsRefuseValuesThatCouldNeverMatch: empty audience lists,
// empty audiences, empty claim names, a non-positive maximum age.
func TestClaimOptionsRefuseValuesThatCouldNeverMatch(t *testing.T) {
	for name, opt := range map[string]jwt.Option{
		"WithAudience()":           jwt.WithAudience(),
		`WithAudience("")`:         jwt.WithAudience(""),
		"WithAllAudiences()":       jwt.WithAllAudiences(),
		`WithAllAudiences("a","")`: jwt.WithAllAudiences("a", ""),
		"WithRequiredClaims()":     jwt.WithRequiredClaims(),
		`WithRequiredClaims("")`:   jwt.WithRequiredClaims(""),
		"WithMaxAge(0)":            jwt.WithMaxAge(0),
	} {
		if _, err := jwt.NewVerifier(rtSecret, opt); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: got %v, want ErrInvalidOption", name, err)
		}
	}
}

// TestNonPointerClaimsAreRefusedAtOnce: a map by value (golang-jwt's
// MapClaims{}), a struct by value or nil is refused on every entry point
// before the token is read, saying to pass a pointer.
func TestNonPointerClaimsAreRefusedAtOnce(t *testing.T) {
	v, err := jwt.NewVerifier(rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	u, err := jwt.ReadUnverified(rtSign(t, map[string]any{}))
	if err != nil {
		t.Fatal(err)
	}
	var nilPtr *claims.Registered
	for name, c := range map[string]any{
		"map by value": map[string]any{}, "struct by value": claims.Registered{}, "nil": nil, "nil pointer": nilPtr,
	} {
		for path, err := range map[string]error{
			"ParseWithClaims":          func() error { _, err := jwt.ParseWithClaims("not a token", c, nil); return err }(),
			"Verifier.ParseWithClaims": func() error { _, err := v.ParseWithClaims("not a token", c); return err }(),
			"Unverified.Claims":        u.Claims(c),
		} {
			if !errors.Is(err, jwt.ErrEncoding) || !strings.Contains(err.Error(), "pointer") || errors.Is(err, jwt.ErrTokenMalformed) {
				t.Errorf("%s to %s: got %v", name, path, err)
			}
		}
	}
}

// TestStdEncoderUseNumberDecodesNumbersAsJSONNumber: golang-jwt's
// WithJSONNumber.
func TestStdEncoderUseNumberDecodesNumbersAsJSONNumber(t *testing.T) {
	tok := rtHS256(`{"alg":"HS256"}`, `{"n":12345678901234567890,"f":1.5,"exp":4102444800}`)
	got, err := jwt.Parse(tok, rtSecret, jwt.WithEncoder(jwt.StdEncoder{UseNumber: true}))
	if err != nil {
		t.Fatal(err)
	}
	m := got.Claims.(map[string]any)
	if m["n"] != json.Number("12345678901234567890") || m["f"] != json.Number("1.5") {
		t.Errorf("claims %#v", m)
	}
	if err := (jwt.StdEncoder{UseNumber: true}).Unmarshal([]byte(`{} {}`), &m); err == nil {
		t.Error("data after the value accepted")
	}
}
