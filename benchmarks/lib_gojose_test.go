package benchmarks

import (
	jose "github.com/go-jose/go-jose/v4"
	josejwt "github.com/go-jose/go-jose/v4/jwt"
)

// joseClaims is the workload as go-jose struct claims.
type joseClaims struct {
	josejwt.Claims
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}

// goJoseImpl is go-jose v4: ParseSigned restricted to the algorithm, then
// Claims (signature check and decode), then Claims.Validate with the
// current time, which go-jose leaves to the caller (it checks exp, nbf and
// iat there); a reused jose.Signer with typ JWT for signing.
func goJoseImpl() impl {
	return impl{
		lib: "gojose",
		sign: func(a *algCase, kind string) (func() (string, error), error) {
			s, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.SignatureAlgorithm(a.name), Key: a.signK},
				(&jose.SignerOptions{}).WithType("JWT"))
			if err != nil {
				return nil, err
			}
			switch kind {
			case "struct":
				var c any = joseClaims{ // boxed once, as for every library
					Claims: josejwt.Claims{
						Issuer:    wlIssuer,
						Subject:   wlSubject,
						Audience:  wlAudience,
						Expiry:    josejwt.NewNumericDate(wlExp),
						NotBefore: josejwt.NewNumericDate(wlNbf),
						IssuedAt:  josejwt.NewNumericDate(wlIat),
						ID:        wlID,
					},
					Name: wlName, Roles: wlRoles, EmailVerified: true,
				}
				return func() (string, error) { return josejwt.Signed(s).Claims(c).Serialize() }, nil
			case "map":
				m := mapClaims()
				return func() (string, error) { return josejwt.Signed(s).Claims(m).Serialize() }, nil
			}
			return nil, unknownKind(kind)
		},
		parse: func(a *algCase, kind string) (func(string, *decoded) error, error) {
			algs := []jose.SignatureAlgorithm{jose.SignatureAlgorithm(a.name)}
			switch kind {
			case "struct":
				return func(tok string, out *decoded) error {
					t, err := josejwt.ParseSigned(tok, algs)
					if err != nil {
						return err
					}
					var c joseClaims
					if err := t.Claims(a.verifK, &c); err != nil {
						return err
					}
					if err := c.Validate(josejwt.Expected{}); err != nil {
						return err
					}
					if out != nil {
						*out = decoded{c.Subject, c.Name, c.Roles, c.Audience, c.Expiry.Time().Unix(), c.EmailVerified}
					}
					return nil
				}, nil
			case "map":
				return func(tok string, out *decoded) error {
					t, err := josejwt.ParseSigned(tok, algs)
					if err != nil {
						return err
					}
					var std josejwt.Claims
					var m map[string]any
					if err := t.Claims(a.verifK, &std, &m); err != nil {
						return err
					}
					if err := std.Validate(josejwt.Expected{}); err != nil {
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
