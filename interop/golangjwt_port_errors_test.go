package interop

import (
	"errors"
	"testing"
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
)

// TestGolangjwtPortErrors shows every golang-jwt sentinel a parse returns
// next to ours (MIGRATING.md, "Errors"): one token each, both libraries,
// errors.Is on both sides.
func TestGolangjwtPortErrors(t *testing.T) {
	f := newGJFix(keys(t))
	rsaKF := func(*gjwt.Token) (any, error) { return f.rsa.public, nil }
	tok := func(c map[string]any) string { return f.token(jwt.RS256, c) }
	good := tok(map[string]any{"sub": "user-1"})
	hour := func(d int) int64 { return f.unix(time.Duration(d) * time.Hour) }
	cases := []struct {
		gj, ours error
		tok      string
		kf       gjwt.Keyfunc
		ourKey   any
		gjOpts   []gjwt.ParserOption
		ourOpts  []jwt.Option
	}{
		{gjwt.ErrTokenMalformed, jwt.ErrTokenMalformed, "not.a.token", rsaKF, f.rsa.public, nil, nil},
		{gjwt.ErrTokenSignatureInvalid, jwt.ErrSignatureInvalid, swapPayload(good, `{"sub":"mallory"}`), rsaKF, f.rsa.public, nil, nil},
		{gjwt.ErrInvalidKeyType, jwt.ErrInvalidKey, good, func(*gjwt.Token) (any, error) { return "a string", nil }, jwt.KeyFunc(func(*jwt.Header) (any, error) { return "a string", nil }), nil, nil},
		{gjwt.ErrTokenUnverifiable, jwt.ErrInvalidKey, good, func(*gjwt.Token) (any, error) { return nil, errKeyFunc }, jwt.KeyFunc(func(*jwt.Header) (any, error) { return nil, errKeyFunc }), nil, nil},
		{gjwt.ErrTokenExpired, jwt.ErrTokenExpired, tok(map[string]any{"exp": hour(-1)}), rsaKF, f.rsa.public, nil, nil},
		{gjwt.ErrTokenNotValidYet, jwt.ErrTokenNotValidYet, tok(map[string]any{"nbf": hour(1)}), rsaKF, f.rsa.public, nil, nil},
		{gjwt.ErrTokenUsedBeforeIssued, jwt.ErrTokenUsedBeforeIssued, tok(map[string]any{"iat": hour(1)}), rsaKF, f.rsa.public,
			[]gjwt.ParserOption{gjwt.WithIssuedAt()}, []jwt.Option{jwt.WithIssuedAt()}},
		{gjwt.ErrTokenInvalidAudience, jwt.ErrInvalidAudience, tok(map[string]any{"aud": "other"}), rsaKF, f.rsa.public,
			[]gjwt.ParserOption{gjwt.WithAudience("api")}, []jwt.Option{jwt.WithAudience("api")}},
		{gjwt.ErrTokenInvalidIssuer, jwt.ErrInvalidIssuer, tok(map[string]any{"iss": "other"}), rsaKF, f.rsa.public,
			[]gjwt.ParserOption{gjwt.WithIssuer("idp")}, []jwt.Option{jwt.WithIssuer("idp")}},
		{gjwt.ErrTokenInvalidSubject, jwt.ErrInvalidSubject, tok(map[string]any{"sub": "other"}), rsaKF, f.rsa.public,
			[]gjwt.ParserOption{gjwt.WithSubject("user-1")}, []jwt.Option{jwt.WithSubject("user-1")}},
		{gjwt.ErrTokenRequiredClaimMissing, jwt.ErrMissingClaim, good, rsaKF, f.rsa.public,
			[]gjwt.ParserOption{gjwt.WithExpirationRequired()}, []jwt.Option{jwt.WithExpirationRequired()}},
		{gjwt.ErrTokenInvalidClaims, jwt.ErrTokenInvalidClaims, tok(map[string]any{"exp": hour(-1)}), rsaKF, f.rsa.public, nil, nil},
		{gjwt.ErrInvalidType, jwt.ErrTokenMalformed, tok(map[string]any{"exp": "tomorrow"}), rsaKF, f.rsa.public, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.gj.Error(), func(t *testing.T) {
			_, gerr := gjwt.Parse(c.tok, c.kf, c.gjOpts...)
			_, oerr := jwt.Parse(c.tok, c.ourKey, c.ourOpts...)
			require.ErrorIs(t, gerr, c.gj)
			require.ErrorIs(t, oerr, c.ours)
			for _, class := range gjClasses(gerr) {
				assert.ErrorIs(t, oerr, class)
			}
		})
	}

	// golang-jwt's ErrInvalidType (a claim's JSON type) is not ours: ours
	// is the "typ" header rule of WithType, outside ErrTokenInvalidClaims.
	typed, err := jwt.Sign(jwt.RS256, map[string]any{"sub": "user-1"}, f.rsa.private, jwt.WithType("at+jwt"))
	require.NoError(t, err)
	_, err = jwt.Parse(typed, f.rsa.public, jwt.WithType("JWT"))
	assert.ErrorIs(t, err, jwt.ErrInvalidType)
	assert.False(t, errors.Is(err, jwt.ErrTokenInvalidClaims))
}
