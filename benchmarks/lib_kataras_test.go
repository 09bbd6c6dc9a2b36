package benchmarks

import (
	"fmt"

	kjwt "github.com/kataras/jwt"
)

// kjClaims is the workload as kataras/jwt struct claims.
type kjClaims struct {
	kjwt.Claims
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}

func kjAlg(name string) (kjwt.Alg, error) {
	algs := map[string]kjwt.Alg{
		"HS256": kjwt.HS256, "RS256": kjwt.RS256, "PS256": kjwt.PS256,
		"ES256": kjwt.ES256, "EdDSA": kjwt.EdDSA,
	}
	if a, ok := algs[name]; ok {
		return a, nil
	}
	return nil, fmt.Errorf("kataras/jwt: no algorithm %s", name)
}

// katarasImpl is kataras/jwt: Verify (it checks its fixed header, the
// signature, and exp, nbf and iat, decoding the standard claims once) then
// VerifiedToken.Claims to decode the caller's type; Sign per token.
func katarasImpl() impl {
	return impl{
		lib: "kataras",
		sign: func(a *algCase, kind string) (func() (string, error), error) {
			alg, err := kjAlg(a.name)
			if err != nil {
				return nil, err
			}
			var c any
			switch kind {
			case "struct":
				c = kjClaims{
					Claims: kjwt.Claims{
						Issuer:    wlIssuer,
						Subject:   wlSubject,
						Audience:  wlAudience,
						Expiry:    wlExp.Unix(),
						NotBefore: wlNbf.Unix(),
						IssuedAt:  wlIat.Unix(),
						ID:        wlID,
					},
					Name: wlName, Roles: wlRoles, EmailVerified: true,
				}
			case "map":
				c = mapClaims()
			default:
				return nil, unknownKind(kind)
			}
			return func() (string, error) {
				b, err := kjwt.Sign(alg, a.signK, c)
				return string(b), err
			}, nil
		},
		parse: func(a *algCase, kind string) (func(string, *decoded) error, error) {
			alg, err := kjAlg(a.name)
			if err != nil {
				return nil, err
			}
			switch kind {
			case "struct":
				return func(tok string, out *decoded) error {
					v, err := kjwt.Verify(alg, a.verifK, []byte(tok))
					if err != nil {
						return err
					}
					var c kjClaims
					if err := v.Claims(&c); err != nil {
						return err
					}
					if out != nil {
						*out = decoded{c.Subject, c.Name, c.Roles, c.Audience, c.Expiry, c.EmailVerified}
					}
					return nil
				}, nil
			case "map":
				return func(tok string, out *decoded) error {
					v, err := kjwt.Verify(alg, a.verifK, []byte(tok))
					if err != nil {
						return err
					}
					var m map[string]any
					if err := v.Claims(&m); err != nil {
						return err
					}
					if out != nil {
						fillFromMap(out, m)
					}
					return nil
				}, nil
			}
			return nil, unknownKind(kind)
		},
	}
}
