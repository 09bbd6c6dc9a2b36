package corpus

import (
	"github.com/jotlib/jwt"
)

// The audience, issuer, subject and type rules (RFC 7519 4.1.1-4.1.3,
// RFC 8725 3.11, RFC 7515 4.1.9).
func validationCases(b *builder) {
	k := b.k
	good := func(name, header, payload string, claims map[string]any, opts ...jwt.Option) {
		b.good("validate/"+name, b.hs(header, payload), k.HS256, claims, append([]jwt.Option{fixed()}, opts...)...)
	}
	bad := func(name, header, payload string, want error, opts ...jwt.Option) {
		b.bad("validate/"+name, b.hs(header, payload), k.HS256, want, append([]jwt.Option{fixed()}, opts...)...)
	}
	h := hdr("HS256")
	api := jwt.WithAudience("api")

	// "aud": any of the token's audiences; any of several WithAudience.
	good("aud-string-matches", h, `{"aud":"api"}`, map[string]any{"aud": "api"}, api)
	good("aud-array-first-matches", h, `{"aud":["api","web"]}`, map[string]any{"aud": []any{"api", "web"}}, api)
	good("aud-array-last-matches", h, `{"aud":["web","api"]}`, map[string]any{"aud": []any{"web", "api"}}, api)
	good("aud-escaped-matches", h, `{"aud":["\u0061pi"]}`, map[string]any{"aud": []any{"api"}}, api)
	good("aud-any-of-several-WithAudience", h, `{"aud":"web"}`, map[string]any{"aud": "web"}, api, jwt.WithAudience("web"))
	bad("aud-string-differs", h, `{"aud":"web"}`, jwt.ErrInvalidAudience, api)
	bad("aud-array-without-it", h, `{"aud":["web","app"]}`, jwt.ErrInvalidAudience, api)
	bad("aud-empty-array", h, `{"aud":[]}`, jwt.ErrInvalidAudience, api)
	bad("aud-case-differs", h, `{"aud":"API"}`, jwt.ErrInvalidAudience, api)
	bad("aud-prefix-only", h, `{"aud":"api2"}`, jwt.ErrInvalidAudience, api)
	bad("aud-missing-with-WithAudience", h, `{"sub":"a"}`, jwt.ErrInvalidAudience, api)
	bad("aud-comma-joined-string", h, `{"aud":"web,api"}`, jwt.ErrInvalidAudience, api)
	good("aud-not-checked-without-WithAudience", h, `{"aud":"other"}`, map[string]any{"aud": "other"})

	// "iss" and "sub": exact, case-sensitive.
	iss := jwt.WithIssuer("https://issuer.example")
	good("iss-matches", h, `{"iss":"https://issuer.example"}`, map[string]any{"iss": "https://issuer.example"}, iss)
	good("iss-escaped-matches", h, `{"iss":"https:\/\/issuer.example"}`, map[string]any{"iss": "https://issuer.example"}, iss)
	bad("iss-differs", h, `{"iss":"https://evil.example"}`, jwt.ErrInvalidIssuer, iss)
	bad("iss-case-differs", h, `{"iss":"https://ISSUER.example"}`, jwt.ErrInvalidIssuer, iss)
	bad("iss-trailing-slash", h, `{"iss":"https://issuer.example/"}`, jwt.ErrInvalidIssuer, iss)
	bad("iss-missing", h, `{"sub":"a"}`, jwt.ErrInvalidIssuer, iss)
	sub := jwt.WithSubject("user-1")
	good("sub-matches", h, `{"sub":"user-1"}`, map[string]any{"sub": "user-1"}, sub)
	bad("sub-differs", h, `{"sub":"user-2"}`, jwt.ErrInvalidSubject, sub)
	bad("sub-missing", h, `{}`, jwt.ErrInvalidSubject, sub)
	bad("several-failures-reported-together", h, `{"exp":1,"aud":"web","iss":"x","sub":"y"}`, jwt.ErrInvalidAudience, api, iss, sub)

	// "typ": compared as a media type (case-insensitive, "application/"
	// optional) when WithType is given.
	typ := jwt.WithType("JWT")
	for _, c := range []kv{{"JWT", "JWT"}, {"jwt", "jwt"}, {"application-jwt", "application/jwt"}, {"Application-JWT", "Application/JWT"}, {"APPLICATION-jwt", "APPLICATION/jwt"}} {
		good("typ-"+c.name+"-for-WithType-JWT", `{"alg":"HS256","typ":"`+c.v+`"}`, `{}`, map[string]any{}, typ)
	}
	for _, c := range []kv{{"at+jwt", "at+jwt"}, {"application-at+jwt", "application/at+jwt"}, {"text-jwt", "text/jwt"}, {"jwt-space", "jwt "}, {"empty", ""}, {"JOSE", "JOSE"}} {
		bad("typ-"+c.name+"-for-WithType-JWT", `{"alg":"HS256","typ":"`+c.v+`"}`, `{}`, jwt.ErrInvalidType, typ)
	}
	bad("typ-missing-for-WithType-JWT", `{"alg":"HS256"}`, `{}`, jwt.ErrInvalidType, typ)
	good("typ-application-at+jwt-for-WithType-at+jwt", `{"alg":"HS256","typ":"application/at+jwt"}`, `{}`, map[string]any{}, jwt.WithType("at+jwt"))
	bad("typ-JWT-for-WithType-at+jwt", h, `{}`, jwt.ErrInvalidType, jwt.WithType("at+jwt"))
	good("typ-not-checked-without-WithType", `{"alg":"HS256","typ":"at+jwt"}`, `{}`, map[string]any{})
	bad("typ-and-claims-fail-together", `{"alg":"HS256","typ":"at+jwt"}`, `{"exp":1}`, jwt.ErrInvalidType, typ)
}
