package benchmarks

import (
	"fmt"

	gjwt "github.com/golang-jwt/jwt/v5"
)

// gjClaims is the workload as golang-jwt struct claims.
type gjClaims struct {
	gjwt.RegisteredClaims
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}

func gjMethod(alg string) (gjwt.SigningMethod, error) {
	m := gjwt.GetSigningMethod(alg)
	if m == nil {
		return nil, fmt.Errorf("golang-jwt: no method %s", alg)
	}
	return m, nil
}

// golangJWTImpl is golang-jwt v5: a reused Parser restricted to the
// algorithm (it validates exp and nbf by default; iat only on request),
// and NewWithClaims(...).SignedString per token.
func golangJWTImpl() impl {
	return impl{
		lib: "golangjwt",
		sign: func(a *algCase, kind string) (func() (string, error), error) {
			m, err := gjMethod(a.name)
			if err != nil {
				return nil, err
			}
			switch kind {
			case "struct":
				var c gjwt.Claims = gjClaims{ // boxed once, as for every library
					RegisteredClaims: gjwt.RegisteredClaims{
						Issuer:    wlIssuer,
						Subject:   wlSubject,
						Audience:  wlAudience,
						ExpiresAt: gjwt.NewNumericDate(wlExp),
						NotBefore: gjwt.NewNumericDate(wlNbf),
						IssuedAt:  gjwt.NewNumericDate(wlIat),
						ID:        wlID,
					},
					Name: wlName, Roles: wlRoles, EmailVerified: true,
				}
				return func() (string, error) { return gjwt.NewWithClaims(m, c).SignedString(a.signK) }, nil
			case "map":
				c := gjwt.MapClaims(mapClaims())
				return func() (string, error) { return gjwt.NewWithClaims(m, c).SignedString(a.signK) }, nil
			}
			return nil, unknownKind(kind)
		},
		parse: func(a *algCase, kind string) (func(string, *decoded) error, error) {
			p := gjwt.NewParser(gjwt.WithValidMethods([]string{a.name}))
			keyFunc := func(*gjwt.Token) (any, error) { return a.verifK, nil }
			switch kind {
			case "struct":
				return func(tok string, out *decoded) error {
					var c gjClaims
					if _, err := p.ParseWithClaims(tok, &c, keyFunc); err != nil {
						return err
					}
					if out != nil {
						*out = decoded{c.Subject, c.Name, c.Roles, c.Audience, c.ExpiresAt.Unix(), c.EmailVerified}
					}
					return nil
				}, nil
			case "map":
				return func(tok string, out *decoded) error {
					t, err := p.Parse(tok, keyFunc)
					if err != nil {
						return err
					}
					if out != nil {
						fillFromMap(out, t.Claims.(gjwt.MapClaims))
					}
					return nil
				}, nil
			}
			return nil, unknownKind(kind)
		},
	}
}
