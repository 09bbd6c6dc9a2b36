package benchmarks

import (
	"fmt"
	"sync"

	"github.com/lestrrat-go/jwx/v3/jwa"
	jwxjwt "github.com/lestrrat-go/jwx/v3/jwt"
)

// jwxStruct is the workload read out of a jwx token into a struct.
type jwxStruct struct {
	Issuer, Subject, ID string
	Audience            []string
	Exp                 int64
	Name                string
	Roles               []string
	EmailVerified       bool
}

// jwxRegister declares "roles" as []string, jwx's documented way to decode a
// private claim into a typed value (process-wide, like all jwx settings).
var jwxRegister = sync.OnceFunc(func() { jwxjwt.RegisterCustomField("roles", []string{}) })

// jwxImpl is lestrrat-go/jwx v3: jwt.ParseString with WithKey (it verifies
// and validates exp, nbf and iat by default) returning its Token object,
// read with typed accessors and Get for the struct kind; the "map" kind
// stops at the Token (jwx's own claims container, nothing more decoded).
// Signing builds a Token with its Builder (or Set for the map) and calls
// jwt.Sign.
func jwxImpl() impl {
	return impl{
		lib: "jwx",
		sign: func(a *algCase, kind string) (func() (string, error), error) {
			jwxRegister()
			alg, ok := jwa.LookupSignatureAlgorithm(a.name)
			if !ok {
				return nil, fmt.Errorf("jwx: no algorithm %s", a.name)
			}
			opt := jwxjwt.WithKey(alg, a.signK)
			switch kind {
			case "struct":
				return func() (string, error) {
					t, err := jwxjwt.NewBuilder().
						Issuer(wlIssuer).Subject(wlSubject).Audience(wlAudience).
						Expiration(wlExp).NotBefore(wlNbf).IssuedAt(wlIat).JwtID(wlID).
						Claim("name", wlName).Claim("roles", wlRoles).Claim("email_verified", true).
						Build()
					if err != nil {
						return "", err
					}
					b, err := jwxjwt.Sign(t, opt)
					return string(b), err
				}, nil
			case "map":
				m := mapClaims()
				return func() (string, error) {
					t := jwxjwt.New()
					for k, v := range m {
						if err := t.Set(k, v); err != nil {
							return "", err
						}
					}
					b, err := jwxjwt.Sign(t, opt)
					return string(b), err
				}, nil
			}
			return nil, unknownKind(kind)
		},
		parse: func(a *algCase, kind string) (func(string, *decoded) error, error) {
			jwxRegister()
			alg, ok := jwa.LookupSignatureAlgorithm(a.name)
			if !ok {
				return nil, fmt.Errorf("jwx: no algorithm %s", a.name)
			}
			opts := []jwxjwt.ParseOption{jwxjwt.WithKey(alg, a.verifK)}
			switch kind {
			case "struct":
				return func(tok string, out *decoded) error {
					t, err := jwxjwt.ParseString(tok, opts...)
					if err != nil {
						return err
					}
					var c jwxStruct
					c.Issuer, _ = t.Issuer()
					c.Subject, _ = t.Subject()
					c.ID, _ = t.JwtID()
					c.Audience, _ = t.Audience()
					exp, _ := t.Expiration()
					c.Exp = exp.Unix()
					if err := t.Get("name", &c.Name); err != nil {
						return err
					}
					if err := t.Get("roles", &c.Roles); err != nil {
						return err
					}
					if err := t.Get("email_verified", &c.EmailVerified); err != nil {
						return err
					}
					if out != nil {
						*out = decoded{c.Subject, c.Name, c.Roles, c.Audience, c.Exp, c.EmailVerified}
					}
					return nil
				}, nil
			case "map":
				return func(tok string, out *decoded) error {
					t, err := jwxjwt.ParseString(tok, opts...)
					if err != nil {
						return err
					}
					if out != nil {
						out.Subject, _ = t.Subject()
						out.Audience, _ = t.Audience()
						exp, _ := t.Expiration()
						out.Exp = exp.Unix()
						var roles []string
						_ = t.Get("name", &out.Name)
						_ = t.Get("roles", &roles)
						_ = t.Get("email_verified", &out.Verified)
						out.Roles = roles
					}
					return nil
				}, nil
			}
			return nil, unknownKind(kind)
		},
	}
}
