package jwt_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// TestVerifiedButExpiredClaimsAreReachableOnlyThroughValidationError: a
// refresh flow reads "sub" of a verified but expired token through
// errors.As; the returned Token is nil and the caller's claims untouched.
func TestVerifiedButExpiredClaimsAreReachableOnlyThroughValidationError(t *testing.T) {
	now := rtNow()
	expired := rtSign(t, map[string]any{"sub": "user-1", "exp": now.Unix() - 30})

	tok, err := jwt.Parse(expired, rtSecret, rtClock(now))
	var ve *jwt.ValidationError
	if tok != nil || !errors.Is(err, jwt.ErrTokenExpired) || !errors.As(err, &ve) {
		t.Fatalf("Parse: %v, %v", tok, err)
	}
	if m, ok := ve.Token.Claims.(map[string]any); !ok || m["sub"] != "user-1" {
		t.Fatalf("Parse: ValidationError claims %#v", ve.Token.Claims)
	}
	if ve.Token.Registered().Subject != "user-1" || ve.Token.Raw != expired {
		t.Errorf("Parse: ValidationError token %+v", ve.Token)
	}

	var r claims.Registered
	_, err = jwt.ParseWithClaims(expired, &r, rtSecret, rtClock(now))
	if !errors.As(err, &ve) || r.Subject != "" {
		t.Fatalf("ParseWithClaims: %v, caller's claims %+v", err, r)
	}
	if got := ve.Token.Claims.(*claims.Registered); got == &r || got.Subject != "user-1" {
		t.Errorf("ParseWithClaims: ValidationError claims %+v", got)
	}

	c, tok, err := jwt.ParseAs[claims.Registered](expired, rtSecret, rtClock(now))
	if c != nil || tok != nil || !errors.As(err, &ve) || ve.Token.Claims.(*claims.Registered).Subject != "user-1" {
		t.Fatalf("ParseAs: %v %v %v", c, tok, err)
	}
}

// TestAFailedSignatureIsNeverReportedWithAClaimsVerdict_CVE_2024_51744:
// an expired token signed with another key is ErrSignatureInvalid alone:
// no claims error, no *ValidationError, no claims.
func TestAFailedSignatureIsNeverReportedWithAClaimsVerdict_CVE_2024_51744(t *testing.T) {
	now := rtNow()
	forged := rtRaw(`{"alg":"HS256","typ":"JWT"}`, `{"sub":"admin","exp":1,"aud":"x"}`, rtHMAC([]byte("another-secret-of-32-bytes-long!")))
	opts := []jwt.Option{rtClock(now), jwt.WithAudience("api"), jwt.WithIssuer("i")}
	_, err1 := jwt.Parse(forged, rtSecret, opts...)
	var r claims.Registered
	_, err2 := jwt.ParseWithClaims(forged, &r, rtSecret, opts...)
	_, _, err3 := jwt.ParseAs[tenantClaims](forged, rtSecret, opts...)
	for i, err := range []error{err1, err2, err3} {
		var ve *jwt.ValidationError
		if !errors.Is(err, jwt.ErrSignatureInvalid) || errors.Is(err, jwt.ErrTokenInvalidClaims) || errors.As(err, &ve) {
			t.Errorf("path %d: %v", i, err)
		}
	}
	if r.Subject != "" {
		t.Errorf("claims of a forged token reached the caller: %+v", r)
	}
}

// TestEveryClaimRuleErrorMatchesErrTokenInvalidClaims: and a header or
// type error does not.
func TestEveryClaimRuleErrorMatchesErrTokenInvalidClaims(t *testing.T) {
	now := rtNow()
	u := now.Unix()
	cases := []struct {
		name   string
		claims map[string]any
		opts   []jwt.Option
		want   error
	}{
		{"expired", map[string]any{"exp": u - 1}, nil, jwt.ErrTokenExpired},
		{"not valid yet", map[string]any{"nbf": u + 100}, nil, jwt.ErrTokenNotValidYet},
		{"used before issued", map[string]any{"iat": u + 100}, []jwt.Option{jwt.WithIssuedAt()}, jwt.ErrTokenUsedBeforeIssued},
		{"audience", map[string]any{"aud": "x"}, []jwt.Option{jwt.WithAudience("api")}, jwt.ErrInvalidAudience},
		{"issuer", map[string]any{"iss": "x"}, []jwt.Option{jwt.WithIssuer("i")}, jwt.ErrInvalidIssuer},
		{"subject", map[string]any{"sub": "x"}, []jwt.Option{jwt.WithSubject("s")}, jwt.ErrInvalidSubject},
		{"missing exp", map[string]any{}, []jwt.Option{jwt.WithExpirationRequired()}, jwt.ErrMissingClaim},
	}
	for _, tc := range cases {
		_, err := jwt.Parse(rtSign(t, tc.claims), rtSecret, append(tc.opts, rtClock(now))...)
		var ve *jwt.ValidationError
		if !errors.Is(err, tc.want) || !errors.Is(err, jwt.ErrTokenInvalidClaims) || !errors.As(err, &ve) {
			t.Errorf("%s: got %v", tc.name, err)
		}
	}
	_, err := jwt.Parse(rtSign(t, map[string]any{}, jwt.WithType("at+jwt")), rtSecret, jwt.WithType("JWT"))
	if !errors.Is(err, jwt.ErrInvalidType) || errors.Is(err, jwt.ErrTokenInvalidClaims) {
		t.Errorf("typ: %v", err)
	}
	var ve *jwt.ValidationError
	if !errors.As(err, &ve) {
		t.Errorf("typ: a verified token refused by its type gives a *ValidationError: %v", err)
	}
	_, err = jwt.Parse(rtHS256(`{"alg":"HS256"}`, `{"exp":"1"}`), rtSecret)
	if !errors.Is(err, jwt.ErrTokenMalformed) || errors.As(err, &ve) {
		t.Errorf("a malformed claim gives no token: %v", err)
	}
}

// TestTimeErrorsSayByHowMuch_RFC7519_4_1_4: the expiry error gives how long
// ago the token expired.
func TestTimeErrorsSayByHowMuch_RFC7519_4_1_4(t *testing.T) {
	now := rtNow()
	_, err := jwt.Parse(rtSign(t, map[string]any{"exp": now.Unix() - 90}), rtSecret, rtClock(now))
	if err == nil || !strings.Contains(err.Error(), "expired by 1m30s") {
		t.Errorf("got %v", err)
	}
}
