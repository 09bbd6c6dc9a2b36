package benchmarks

import (
	"github.com/jotlib/jwt"
)

// jotImpl is this library through a reused Signer and Verifier with enc
// (nil: the default, encoding/json).
func jotImpl(lib string, enc jwt.Encoder) impl {
	var opts []jwt.Option
	if enc != nil {
		opts = append(opts, jwt.WithEncoder(enc))
	}
	return jotImplWith(lib, opts...)
}

// jotImplWith is this library through a reused Signer and Verifier, both
// made with opts.
func jotImplWith(lib string, opts ...jwt.Option) impl {
	return impl{
		lib: lib,
		sign: func(a *algCase, kind string) (func() (string, error), error) {
			s, err := jwt.NewSigner(a.alg, a.signK, opts...)
			if err != nil {
				return nil, err
			}
			switch kind {
			case "struct":
				var c any = jotStructClaims() // boxed once, as for every library
				return func() (string, error) { return s.Sign(c) }, nil
			case "map":
				m := mapClaims()
				return func() (string, error) { return s.Sign(m) }, nil
			}
			return nil, unknownKind(kind)
		},
		parse: func(a *algCase, kind string) (func(string, *decoded) error, error) {
			v, err := jwt.NewVerifier(a.verifK, opts...)
			if err != nil {
				return nil, err
			}
			switch kind {
			case "struct":
				return func(tok string, out *decoded) error {
					var c accessClaims
					if _, err := v.ParseWithClaims(tok, &c); err != nil {
						return err
					}
					if out != nil {
						*out = decoded{c.Subject, c.Name, c.Roles, c.Audience, c.ExpiresAt.Unix(), c.EmailVerified}
					}
					return nil
				}, nil
			case "map":
				return func(tok string, out *decoded) error {
					t, err := v.Parse(tok)
					if err != nil {
						return err
					}
					if out != nil {
						fillFromMap(out, t.Claims.(map[string]any))
					}
					return nil
				}, nil
			}
			return nil, unknownKind(kind)
		},
	}
}

// fillFromMap copies the workload's claims out of a decoded map.
func fillFromMap(out *decoded, m map[string]any) {
	out.Subject, _ = m["sub"].(string)
	out.Name, _ = m["name"].(string)
	out.Roles = anyStrings(m["roles"])
	out.Audience = anyStrings(m["aud"])
	out.Exp = anyInt64(m["exp"])
	out.Verified, _ = m["email_verified"].(bool)
}

// jotOneShotImpl is this library's one-shot functions (jwt.Sign,
// jwt.ParseWithClaims, jwt.Parse) with the default encoder: the key and
// options are checked on every call, and nothing is cached between tokens.
func jotOneShotImpl() impl {
	return impl{
		lib: "jotlib-oneshot",
		sign: func(a *algCase, kind string) (func() (string, error), error) {
			switch kind {
			case "struct":
				var c any = jotStructClaims() // boxed once, as for every library
				return func() (string, error) { return jwt.Sign(a.alg, c, a.signK) }, nil
			case "map":
				m := mapClaims()
				return func() (string, error) { return jwt.Sign(a.alg, m, a.signK) }, nil
			}
			return nil, unknownKind(kind)
		},
		parse: func(a *algCase, kind string) (func(string, *decoded) error, error) {
			switch kind {
			case "struct":
				return func(tok string, out *decoded) error {
					var c accessClaims
					if _, err := jwt.ParseWithClaims(tok, &c, a.verifK); err != nil {
						return err
					}
					if out != nil {
						*out = decoded{c.Subject, c.Name, c.Roles, c.Audience, c.ExpiresAt.Unix(), c.EmailVerified}
					}
					return nil
				}, nil
			case "map":
				return func(tok string, out *decoded) error {
					t, err := jwt.Parse(tok, a.verifK)
					if err != nil {
						return err
					}
					if out != nil {
						fillFromMap(out, t.Claims.(map[string]any))
					}
					return nil
				}, nil
			}
			return nil, unknownKind(kind)
		},
	}
}
