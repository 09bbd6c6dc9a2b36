package interop

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// The parsing constructs of MIGRATING.md's table, each shown as golang-jwt
// v5 code and its port on the same token, with the same outcome.

// portToken is an RS256 token of sub, aud and exp as golang-jwt signs it.
func portToken(t *testing.T, f *gjFix, exp time.Time) string {
	t.Helper()
	tok, err := gjwt.NewWithClaims(gjwt.SigningMethodRS256, gjwt.MapClaims{
		"iss": "https://idp.example", "sub": "user-1", "aud": []string{"api"}, "exp": exp.Unix(), "role": "admin",
	}).SignedString(f.rsa.private)
	require.NoError(t, err)
	return tok
}

// jwt.Parse + token.Valid + token.Claims.(jwt.MapClaims) ↔ jwt.Parse, a
// nil error, tok.Claims.(map[string]any).
func TestGolangjwtPortParse(t *testing.T) {
	f := newGJFix(keys(t))
	tok := portToken(t, f, time.Now().Add(time.Hour))

	gt, err := gjwt.Parse(tok, func(t *gjwt.Token) (any, error) { return f.rsa.public, nil })
	require.NoError(t, err)
	require.True(t, gt.Valid)
	gsub := gt.Claims.(gjwt.MapClaims)["sub"]

	ot, err := jwt.Parse(tok, f.rsa.public) // a non-nil *Token is always valid: no Valid field
	require.NoError(t, err)
	osub := ot.Claims.(map[string]any)["sub"]
	assert.Equal(t, gsub, osub)

	// On failure golang-jwt returns a partly filled token; Parse returns nil.
	gt, err = gjwt.Parse(tok, func(t *gjwt.Token) (any, error) { return f.ec.public, nil })
	require.Error(t, err)
	assert.False(t, gt.Valid)
	ot, err = jwt.Parse(tok, f.ec.public)
	require.Error(t, err)
	assert.Nil(t, ot)
}

type gjPortClaims struct {
	Role string `json:"role"`
	gjwt.RegisteredClaims
}

type portClaims struct {
	Role string `json:"role"`
	claims.Registered
}

// jwt.ParseWithClaims into a struct embedding RegisteredClaims ↔
// jwt.ParseWithClaims (or ParseAs) into a struct embedding
// claims.Registered.
func TestGolangjwtPortParseWithClaims(t *testing.T) {
	f := newGJFix(keys(t))
	tok := portToken(t, f, time.Now().Add(time.Hour))

	var gc gjPortClaims
	_, err := gjwt.ParseWithClaims(tok, &gc, func(*gjwt.Token) (any, error) { return f.rsa.public, nil })
	require.NoError(t, err)

	var oc portClaims
	_, err = jwt.ParseWithClaims(tok, &oc, f.rsa.public)
	require.NoError(t, err)
	assert.Equal(t, gc.Role, oc.Role)
	assert.Equal(t, gc.Subject, oc.Subject)
	assert.Equal(t, []string(gc.Audience), []string(oc.Audience))
	assert.Equal(t, gc.ExpiresAt.Unix(), oc.ExpiresAt.Unix())

	pc, _, err := jwt.ParseAs[portClaims](tok, f.rsa.public)
	require.NoError(t, err)
	assert.Equal(t, oc, *pc)
}

// jwt.NewParser(options...) reused ↔ jwt.NewVerifier(key, options...)
// reused (the key is given once; a KeyFunc or key set where golang-jwt's
// keyfunc chooses).
func TestGolangjwtPortParser(t *testing.T) {
	f := newGJFix(keys(t))
	tok := portToken(t, f, time.Now().Add(time.Hour))

	p := gjwt.NewParser(gjwt.WithValidMethods([]string{"RS256"}), gjwt.WithIssuer("https://idp.example"), gjwt.WithAudience("api"), gjwt.WithLeeway(5*time.Second))
	v, err := jwt.NewVerifier(f.rsa.public, jwt.WithAlgorithms(jwt.RS256), jwt.WithIssuer("https://idp.example"), jwt.WithAudience("api"), jwt.WithLeeway(5*time.Second))
	require.NoError(t, err)
	for range 3 {
		var gc gjPortClaims
		_, gerr := p.ParseWithClaims(tok, &gc, func(*gjwt.Token) (any, error) { return f.rsa.public, nil })
		var oc portClaims
		_, oerr := v.ParseWithClaims(tok, &oc)
		require.NoError(t, gerr)
		require.NoError(t, oerr)
		assert.Equal(t, gc.Subject, oc.Subject)
	}
}

// jwt.MapClaims{} passed by value ↔ a pointer to a map[string]any (by
// value it is refused with ErrEncoding, at once).
func TestGolangjwtPortMapClaims(t *testing.T) {
	f := newGJFix(keys(t))
	tok := portToken(t, f, time.Now().Add(time.Hour))

	gm := gjwt.MapClaims{}
	_, err := gjwt.ParseWithClaims(tok, gm, func(*gjwt.Token) (any, error) { return f.rsa.public, nil })
	require.NoError(t, err)

	om := map[string]any{}
	_, err = jwt.ParseWithClaims(tok, &om, f.rsa.public)
	require.NoError(t, err)
	assert.Equal(t, map[string]any(gm), om)

	_, err = jwt.ParseWithClaims(tok, map[string]any{}, f.rsa.public)
	assert.ErrorIs(t, err, jwt.ErrEncoding, "a map by value is refused")
}

// RegisteredClaims, NumericDate, ClaimStrings ↔ claims.Registered,
// claims.NumericDate, claims.Audience: the same JSON both ways, "aud" read
// as a string or an array.
func TestGolangjwtPortRegisteredTypes(t *testing.T) {
	at := time.Unix(1767225600, 0)
	g := gjwt.RegisteredClaims{Issuer: "i", Subject: "s", Audience: gjwt.ClaimStrings{"a", "b"}, ExpiresAt: gjwt.NewNumericDate(at),
		NotBefore: gjwt.NewNumericDate(at), IssuedAt: gjwt.NewNumericDate(at), ID: "j"}
	o := claims.Registered{Issuer: "i", Subject: "s", Audience: claims.Audience{"a", "b"}, ExpiresAt: claims.NewNumericDate(at),
		NotBefore: claims.NewNumericDate(at), IssuedAt: claims.NewNumericDate(at), ID: "j"}
	assert.Equal(t, normalized(g), normalized(o))
	assert.Equal(t, g.ExpiresAt.Time, o.ExpiresAt.Time)

	for _, aud := range []string{`"a"`, `["a","b"]`} {
		var ga gjwt.ClaimStrings
		var oa claims.Audience
		require.NoError(t, json.Unmarshal([]byte(aud), &ga))
		require.NoError(t, json.Unmarshal([]byte(aud), &oa))
		assert.Equal(t, []string(ga), []string(oa))
	}
}

// claims.GetExpirationTime(), GetIssuer(), ... ↔ (*Token).Registered(),
// whatever the claims were decoded into.
func TestGolangjwtPortRegisteredGetters(t *testing.T) {
	f := newGJFix(keys(t))
	tok := portToken(t, f, time.Now().Add(time.Hour))

	gt, err := gjwt.Parse(tok, func(*gjwt.Token) (any, error) { return f.rsa.public, nil })
	require.NoError(t, err)
	gexp, _ := gt.Claims.GetExpirationTime()
	giss, _ := gt.Claims.GetIssuer()
	gsub, _ := gt.Claims.GetSubject()
	gaud, _ := gt.Claims.GetAudience()
	gnbf, _ := gt.Claims.GetNotBefore()

	ot, err := jwt.Parse(tok, f.rsa.public)
	require.NoError(t, err)
	r := ot.Registered()
	assert.Equal(t, gexp.Unix(), r.ExpiresAt.Unix())
	assert.Equal(t, giss, r.Issuer)
	assert.Equal(t, gsub, r.Subject)
	assert.Equal(t, []string(gaud), []string(r.Audience))
	assert.Nil(t, gnbf)
	assert.Nil(t, r.NotBefore)
}

// jwt.NewParser().ParseUnverified ↔ jwt.ReadUnverified: no signature, no
// claim rules, the same compact-form and JSON rules as Parse.
func TestGolangjwtPortReadUnverified(t *testing.T) {
	f := newGJFix(keys(t))
	tok := portToken(t, f, time.Now().Add(-time.Hour)) // expired: still readable

	gm := gjwt.MapClaims{}
	gt, _, err := gjwt.NewParser().ParseUnverified(tok, gm)
	require.NoError(t, err)

	u, err := jwt.ReadUnverified(tok)
	require.NoError(t, err)
	om := map[string]any{}
	require.NoError(t, u.Claims(&om))
	assert.Equal(t, map[string]any(gm), om)
	assert.Equal(t, gt.Header["alg"], u.Header.Algorithm)
	assert.Equal(t, "user-1", u.Registered().Subject)

	_, err = jwt.Parse(tok, f.rsa.public)
	assert.ErrorIs(t, err, jwt.ErrTokenExpired, "an Unverified is never a verified token")
}

// errors.Is(err, jwt.ErrTokenExpired), then the claims of the expired
// token from the returned token ↔ errors.As(err, &ve) with
// *jwt.ValidationError: ve.Token holds the verified claims. A token whose
// signature does not verify gives no claims, in either library.
func TestGolangjwtPortExpiredClaims(t *testing.T) {
	f := newGJFix(keys(t))
	tok := portToken(t, f, time.Now().Add(-90*time.Second))

	var gc gjPortClaims
	gt, err := gjwt.ParseWithClaims(tok, &gc, func(*gjwt.Token) (any, error) { return f.rsa.public, nil })
	require.ErrorIs(t, err, gjwt.ErrTokenExpired)
	gsub, _ := gt.Claims.GetSubject()

	var oc portClaims
	_, err = jwt.ParseWithClaims(tok, &oc, f.rsa.public)
	require.ErrorIs(t, err, jwt.ErrTokenExpired)
	var ve *jwt.ValidationError
	require.True(t, errors.As(err, &ve))
	assert.Equal(t, gsub, ve.Token.Registered().Subject)
	assert.Equal(t, gsub, ve.Token.Claims.(*portClaims).Subject)
	assert.Empty(t, oc.Subject, "the caller's value is not filled by a refused token")
	assert.Contains(t, err.Error(), "expired by", "the message says by how much")

	// Not signed by the key (claims changed after signing): no claims at
	// all from us; golang-jwt's token holds them (not to be read).
	forged := swapPayload(tok, `{"sub":"mallory","exp":1}`)
	_, err = gjwt.ParseWithClaims(forged, &gjPortClaims{}, func(*gjwt.Token) (any, error) { return f.rsa.public, nil })
	require.ErrorIs(t, err, gjwt.ErrTokenSignatureInvalid)
	_, err = jwt.ParseWithClaims(forged, &oc, f.rsa.public)
	require.ErrorIs(t, err, jwt.ErrSignatureInvalid)
	assert.False(t, errors.As(err, &ve))
}

// ClaimsValidator (a Validate() error method) ↔ the same method: called
// after the signature and the registered claims pass, its error wrapped in
// ErrTokenInvalidClaims. Rules needing a context use WithValidator.
func TestGolangjwtPortClaimsValidator(t *testing.T) {
	f := newGJFix(keys(t))
	tok := f.token(jwt.RS256, map[string]any{"foo": "not-bar"})

	_, gerr := gjwt.ParseWithClaims(tok, &gjFoo{}, func(*gjwt.Token) (any, error) { return f.rsa.public, nil })
	_, oerr := jwt.ParseWithClaims(tok, &ourFoo{}, f.rsa.public)
	for _, target := range []error{errFooBar} {
		assert.ErrorIs(t, gerr, target)
		assert.ErrorIs(t, oerr, target)
	}
	assert.ErrorIs(t, gerr, gjwt.ErrTokenInvalidClaims)
	assert.ErrorIs(t, oerr, jwt.ErrTokenInvalidClaims)
}
