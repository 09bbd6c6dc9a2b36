package interop

import (
	"crypto"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	josejwt "github.com/go-jose/go-jose/v4/jwt"
	gjwt "github.com/golang-jwt/jwt/v5"
	"github.com/lestrrat-go/jwx/v3/jwa"
	"github.com/lestrrat-go/jwx/v3/jws"
	jwxjwt "github.com/lestrrat-go/jwx/v3/jwt"

	"github.com/jotlib/jwt"
)

// peer is another JWT library driven through its own idiomatic API, with the
// validation it does by default (go-jose validates only when asked: we call
// Claims.Validate, as its documentation tells users to).
type peer struct {
	name string
	// sign makes a token of map claims with a "kid" header.
	sign func(alg jwt.Algorithm, key crypto.PrivateKey, c map[string]any, kid string) (string, error)
	// readMap verifies tok and returns its claims as the peer's map type
	// holds them, and the "kid" header.
	readMap func(tok string, alg jwt.Algorithm, key crypto.PublicKey) (map[string]any, string, error)
	// readStruct verifies tok and returns its claims as the peer's typed
	// claims hold them.
	readStruct func(tok string, alg jwt.Algorithm, key crypto.PublicKey) (view, error)
	// audList: the peer models "aud" as a list and always writes an array.
	audList bool
}

var peers = []peer{
	{name: "golang-jwt", sign: gjwtSign, readMap: gjwtReadMap, readStruct: gjwtReadStruct},
	{name: "go-jose", sign: joseSign, readMap: joseReadMap, readStruct: joseReadStruct},
	{name: "jwx", sign: jwxSign, readMap: jwxReadMap, readStruct: jwxReadStruct, audList: true},
}

// ---- golang-jwt v5 ----

func gjwtSign(alg jwt.Algorithm, key crypto.PrivateKey, c map[string]any, kid string) (string, error) {
	m := gjwt.GetSigningMethod(string(alg))
	if m == nil {
		return "", fmt.Errorf("golang-jwt has no %s", alg)
	}
	t := gjwt.NewWithClaims(m, gjwt.MapClaims(c))
	if kid != "" {
		t.Header["kid"] = kid
	}
	return t.SignedString(key)
}

func gjwtKeyFunc(key crypto.PublicKey) gjwt.Keyfunc {
	return func(*gjwt.Token) (any, error) { return key, nil }
}

func gjwtReadMap(tok string, alg jwt.Algorithm, key crypto.PublicKey) (map[string]any, string, error) {
	t, err := gjwt.Parse(tok, gjwtKeyFunc(key), gjwt.WithValidMethods([]string{string(alg)}))
	if err != nil {
		return nil, "", err
	}
	kid, _ := t.Header["kid"].(string)
	return t.Claims.(gjwt.MapClaims), kid, nil
}

type gjwtClaims struct {
	gjwt.RegisteredClaims
	Name  string   `json:"name"`
	Roles []string `json:"roles"`
	Admin bool     `json:"admin"`
	Level int64    `json:"level"`
	Score float64  `json:"score"`
	Big   int64    `json:"big"`
}

func gjwtReadStruct(tok string, alg jwt.Algorithm, key crypto.PublicKey) (view, error) {
	var c gjwtClaims
	if _, err := gjwt.ParseWithClaims(tok, &c, gjwtKeyFunc(key), gjwt.WithValidMethods([]string{string(alg)})); err != nil {
		return view{}, err
	}
	v := view{
		Iss: c.Issuer, Sub: c.Subject, Jti: c.ID, Name: c.Name, Aud: []string(c.Audience), Roles: c.Roles,
		Admin: c.Admin, Level: c.Level, Score: c.Score, Big: c.Big,
	}
	if c.ExpiresAt != nil {
		v.Exp = c.ExpiresAt.Unix()
	}
	if c.NotBefore != nil {
		v.Nbf = c.NotBefore.Unix()
	}
	if c.IssuedAt != nil {
		v.Iat = c.IssuedAt.Unix()
	}
	return v, nil
}

// ---- go-jose v4 ----

func joseSign(alg jwt.Algorithm, key crypto.PrivateKey, c map[string]any, kid string) (string, error) {
	opts := (&jose.SignerOptions{}).WithType("JWT")
	if kid != "" {
		opts = opts.WithHeader("kid", kid)
	}
	s, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.SignatureAlgorithm(alg), Key: key}, opts)
	if err != nil {
		return "", err
	}
	return josejwt.Signed(s).Claims(c).Serialize()
}

func joseParse(tok string, alg jwt.Algorithm) (*josejwt.JSONWebToken, error) {
	return josejwt.ParseSigned(tok, []jose.SignatureAlgorithm{jose.SignatureAlgorithm(alg)})
}

func joseReadMap(tok string, alg jwt.Algorithm, key crypto.PublicKey) (map[string]any, string, error) {
	t, err := joseParse(tok, alg)
	if err != nil {
		return nil, "", err
	}
	var std josejwt.Claims
	var m map[string]any
	if err := t.Claims(key, &std, &m); err != nil {
		return nil, "", err
	}
	if err := std.Validate(josejwt.Expected{Time: time.Now()}); err != nil {
		return nil, "", err
	}
	return m, t.Headers[0].KeyID, nil
}

type joseClaims struct {
	josejwt.Claims
	Name  string   `json:"name"`
	Roles []string `json:"roles"`
	Admin bool     `json:"admin"`
	Level int64    `json:"level"`
	Score float64  `json:"score"`
	Big   int64    `json:"big"`
}

func joseReadStruct(tok string, alg jwt.Algorithm, key crypto.PublicKey) (view, error) {
	t, err := joseParse(tok, alg)
	if err != nil {
		return view{}, err
	}
	var c joseClaims
	if err := t.Claims(key, &c); err != nil {
		return view{}, err
	}
	if err := c.Claims.Validate(josejwt.Expected{Time: time.Now()}); err != nil {
		return view{}, err
	}
	v := view{
		Iss: c.Issuer, Sub: c.Subject, Jti: c.ID, Name: c.Name, Aud: []string(c.Audience), Roles: c.Roles,
		Admin: c.Admin, Level: c.Level, Score: c.Score, Big: c.Big,
	}
	if c.Expiry != nil {
		v.Exp = c.Expiry.Time().Unix()
	}
	if c.NotBefore != nil {
		v.Nbf = c.NotBefore.Time().Unix()
	}
	if c.IssuedAt != nil {
		v.Iat = c.IssuedAt.Time().Unix()
	}
	return v, nil
}

// ---- lestrrat-go/jwx v3 ----

func jwxAlg(alg jwt.Algorithm) (jwa.SignatureAlgorithm, error) {
	a, ok := jwa.LookupSignatureAlgorithm(string(alg))
	if !ok {
		return a, fmt.Errorf("jwx has no %s", alg)
	}
	return a, nil
}

func jwxSign(alg jwt.Algorithm, key crypto.PrivateKey, c map[string]any, kid string) (string, error) {
	a, err := jwxAlg(alg)
	if err != nil {
		return "", err
	}
	t := jwxjwt.New()
	for k, v := range c {
		if err := t.Set(k, v); err != nil {
			return "", fmt.Errorf("jwx Set(%q): %w", k, err)
		}
	}
	hdr := jws.NewHeaders()
	if kid != "" {
		if err := hdr.Set("kid", kid); err != nil {
			return "", err
		}
	}
	b, err := jwxjwt.Sign(t, jwxjwt.WithKey(a, key, jws.WithProtectedHeaders(hdr)))
	return string(b), err
}

func jwxKid(tok string) (string, error) {
	msg, err := jws.Parse([]byte(tok))
	if err != nil {
		return "", err
	}
	sigs := msg.Signatures()
	if len(sigs) != 1 {
		return "", errors.New("jwx: not one signature")
	}
	kid, _ := sigs[0].ProtectedHeaders().KeyID()
	return kid, nil
}

func jwxReadMap(tok string, alg jwt.Algorithm, key crypto.PublicKey) (map[string]any, string, error) {
	a, err := jwxAlg(alg)
	if err != nil {
		return nil, "", err
	}
	t, err := jwxjwt.Parse([]byte(tok), jwxjwt.WithKey(a, key))
	if err != nil {
		return nil, "", err
	}
	// The token's own JSON form is how jwx hands its claims out as a whole.
	b, err := json.Marshal(t)
	if err != nil {
		return nil, "", err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, "", err
	}
	kid, err := jwxKid(tok)
	return m, kid, err
}

func jwxReadStruct(tok string, alg jwt.Algorithm, key crypto.PublicKey) (view, error) {
	a, err := jwxAlg(alg)
	if err != nil {
		return view{}, err
	}
	t, err := jwxjwt.Parse([]byte(tok), jwxjwt.WithKey(a, key),
		jwxjwt.WithTypedClaim("name", ""), jwxjwt.WithTypedClaim("roles", []string(nil)),
		jwxjwt.WithTypedClaim("admin", false), jwxjwt.WithTypedClaim("level", int64(0)),
		jwxjwt.WithTypedClaim("score", float64(0)), jwxjwt.WithTypedClaim("big", int64(0)))
	if err != nil {
		return view{}, err
	}
	var v view
	v.Iss, _ = t.Issuer()
	v.Sub, _ = t.Subject()
	v.Jti, _ = t.JwtID()
	v.Aud, _ = t.Audience()
	if tm, ok := t.Expiration(); ok {
		v.Exp = tm.Unix()
	}
	if tm, ok := t.NotBefore(); ok {
		v.Nbf = tm.Unix()
	}
	if tm, ok := t.IssuedAt(); ok {
		v.Iat = tm.Unix()
	}
	for _, g := range []struct {
		name string
		dst  any
	}{{"name", &v.Name}, {"roles", &v.Roles}, {"admin", &v.Admin}, {"level", &v.Level}, {"score", &v.Score}, {"big", &v.Big}} {
		if err := t.Get(g.name, g.dst); err != nil {
			return view{}, fmt.Errorf("jwx Get(%q): %w", g.name, err)
		}
	}
	return v, nil
}
