package interop

import (
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"

	"github.com/jotlib/jwt"
)

// validatorRows ports golang-jwt's validator_test.go (24 cases). Its cases
// call the unexported Validator methods on claims values; here the claims
// are signed and both libraries parse the token with the options that set
// the Validator's fields. Where a case passes its comparison time directly
// (verifyIssuedAt, verifyNotBefore), both parsers are given that time by
// WithTimeFunc. golang-jwt's runner accepts a nil error for every case
// (`err != nil && !errors.Is(err, wantErr)`); the verdicts here are the
// ones its case names state, and golang-jwt is held to them too.
func validatorRows(f *gjFix) []gjCase {
	src := func(test, name string) string { return "validator_test.go " + test + ": " + name }
	gjOpts := func(o ...gjwt.ParserOption) func(*gjFix) []gjwt.ParserOption {
		return func(*gjFix) []gjwt.ParserOption { return o }
	}
	ourOpts := func(o ...jwt.Option) func(*gjFix) []jwt.Option {
		return func(*gjFix) []jwt.Option { return o }
	}
	at := func(d time.Duration) func() time.Time { return func() time.Time { return f.now.Add(d) } }
	reg := func(name, s string, claims map[string]any, gj []gjwt.ParserOption, ours []jwt.Option, gjWant, ourWant error) gjCase {
		return gjCase{src: s, name: "validator: " + name, claims: claims, keys: keyRSA, into: intoRegistered,
			gj: gjOpts(gj...), ours: ourOpts(ours...), gjWant: gjWant, ourWant: ourWant}
	}
	v := func(name string) string { return src("Test_Validator_Validate", name) }
	aud := func(name string) string { return src("Test_Validator_verifyAudience", name) }
	orgCom := []string{"example.org", "example.com"}

	rows := []gjCase{
		reg("WithIssuer, iss mismatch", v("expected iss mismatch"), map[string]any{"iss": "not_me"},
			[]gjwt.ParserOption{gjwt.WithIssuer("me")}, []jwt.Option{jwt.WithIssuer("me")},
			gjwt.ErrTokenInvalidIssuer, jwt.ErrInvalidIssuer),
		reg("WithIssuer, iss missing", v("expected iss is missing"), map[string]any{},
			[]gjwt.ParserOption{gjwt.WithIssuer("me")}, []jwt.Option{jwt.WithIssuer("me")},
			gjwt.ErrTokenRequiredClaimMissing, jwt.ErrMissingClaim),
		reg("WithSubject, sub mismatch", v("expected sub mismatch"), map[string]any{"sub": "not-me"},
			[]gjwt.ParserOption{gjwt.WithSubject("me")}, []jwt.Option{jwt.WithSubject("me")},
			gjwt.ErrTokenInvalidSubject, jwt.ErrInvalidSubject),
		reg("WithSubject, sub missing", v("expected sub is missing"), map[string]any{},
			[]gjwt.ParserOption{gjwt.WithSubject("me")}, []jwt.Option{jwt.WithSubject("me")},
			gjwt.ErrTokenRequiredClaimMissing, jwt.ErrMissingClaim),
		{src: v("custom validator"), name: "validator: claims type's Validate method refuses",
			claims: map[string]any{"foo": "not-bar"}, keys: keyRSA, into: intoFoo,
			gjWant: gjwt.ErrTokenInvalidClaims, ourWant: jwt.ErrTokenInvalidClaims, both: []error{errFooBar}},

		reg("exp in 10 min", src("Test_Validator_verifyExpiresAt", "good claim"),
			map[string]any{"exp": f.unix(10 * time.Minute)}, nil, nil, accepted, accepted),
		{src: src("Test_Validator_verifyExpiresAt", "claims with invalid type"), name: "validator: exp a string",
			claims: map[string]any{"exp": "string"}, keys: keyRSA, into: intoMap,
			gjWant: gjwt.ErrInvalidType, ourWant: jwt.ErrTokenMalformed},
		{src: src("Test_Validator_verifyIssuer", "good claim"), name: "validator: WithIssuer, iss matches",
			claims: map[string]any{"iss": "me"}, keys: keyRSA, into: intoMap,
			gj: gjOpts(gjwt.WithIssuer("me")), ours: ourOpts(jwt.WithIssuer("me"))},
		{src: src("Test_Validator_verifyIssuer", "claims with invalid type"), name: "validator: WithIssuer, iss a number",
			claims: map[string]any{"iss": 1}, keys: keyRSA, into: intoMap,
			gj: gjOpts(gjwt.WithIssuer("me")), ours: ourOpts(jwt.WithIssuer("me")),
			gjWant: gjwt.ErrInvalidType, ourWant: jwt.ErrTokenMalformed},
		{src: src("Test_Validator_verifySubject", "good claim"), name: "validator: WithSubject, sub matches",
			claims: map[string]any{"sub": "me"}, keys: keyRSA, into: intoMap,
			gj: gjOpts(gjwt.WithSubject("me")), ours: ourOpts(jwt.WithSubject("me"))},
		{src: src("Test_Validator_verifySubject", "claims with invalid type"), name: "validator: WithSubject, sub a number",
			claims: map[string]any{"sub": 1}, keys: keyRSA, into: intoMap,
			gj: gjOpts(gjwt.WithSubject("me")), ours: ourOpts(jwt.WithSubject("me")),
			gjWant: gjwt.ErrInvalidType, ourWant: jwt.ErrTokenMalformed},

		{src: src("Test_Validator_verifyIssuedAt", "good claim without iat"), name: "validator: WithIssuedAt, no iat",
			claims: map[string]any{}, keys: keyRSA, into: intoMap,
			gj: gjOpts(gjwt.WithIssuedAt()), ours: ourOpts(jwt.WithIssuedAt())},
		reg("WithIssuedAt, iat now, checked 10 min later", src("Test_Validator_verifyIssuedAt", "good claim with iat"),
			map[string]any{"iat": f.unix(0)},
			[]gjwt.ParserOption{gjwt.WithIssuedAt(), gjwt.WithTimeFunc(at(10 * time.Minute))},
			[]jwt.Option{jwt.WithIssuedAt(), jwt.WithTimeFunc(at(10 * time.Minute))}, accepted, accepted),
		// Not a case of golang-jwt's table, which has no failing iat case:
		// the rule WithIssuedAt exists for.
		reg("WithIssuedAt, iat in 10 min", src("Test_Validator_verifyIssuedAt", "(the failing case, implied)"),
			map[string]any{"iat": f.unix(10 * time.Minute)},
			[]gjwt.ParserOption{gjwt.WithIssuedAt()}, []jwt.Option{jwt.WithIssuedAt()},
			gjwt.ErrTokenUsedBeforeIssued, jwt.ErrTokenUsedBeforeIssued),

		{src: src("Test_Validator_requireNotBefore", "good claim without nbf"), name: "validator: no nbf, not required",
			claims: map[string]any{}, keys: keyRSA, into: intoMap},
		reg("WithNotBeforeRequired, nbf 10 min ago", src("Test_Validator_requireNotBefore", "good claim with nbf"),
			map[string]any{"nbf": f.unix(-10 * time.Minute)},
			[]gjwt.ParserOption{gjwt.WithNotBeforeRequired(), gjwt.WithTimeFunc(at(10 * time.Minute))},
			[]jwt.Option{jwt.WithNotBeforeRequired(), jwt.WithTimeFunc(at(10 * time.Minute))}, accepted, accepted),
		reg("WithNotBeforeRequired, nbf in 10 min", src("Test_Validator_requireNotBefore", "token nbf time is in future"),
			map[string]any{"nbf": f.unix(10 * time.Minute)},
			[]gjwt.ParserOption{gjwt.WithNotBeforeRequired(), gjwt.WithTimeFunc(time.Now)},
			[]jwt.Option{jwt.WithNotBeforeRequired(), jwt.WithTimeFunc(time.Now)},
			gjwt.ErrTokenNotValidYet, jwt.ErrTokenNotValidYet),
		// The rule WithNotBeforeRequired exists for (implied by the option).
		reg("WithNotBeforeRequired, no nbf", src("Test_Validator_requireNotBefore", "(the missing case, implied)"),
			map[string]any{}, []gjwt.ParserOption{gjwt.WithNotBeforeRequired()}, []jwt.Option{jwt.WithNotBeforeRequired()},
			gjwt.ErrTokenRequiredClaimMissing, jwt.ErrMissingClaim),

		{src: aud("fail without audience when expecting one aud match"), name: "validator: WithAudience, no aud",
			claims: map[string]any{}, keys: keyRSA, into: intoMap,
			gj: gjOpts(gjwt.WithAudience("example.com")), ours: ourOpts(jwt.WithAudience("example.com")),
			gjWant: gjwt.ErrTokenRequiredClaimMissing, ourWant: jwt.ErrMissingClaim},
		{src: aud("fail without audience when expecting all aud matches"), name: "validator: WithAllAudiences, no aud",
			claims: map[string]any{}, keys: keyRSA, into: intoMap,
			gj: gjOpts(gjwt.WithAllAudiences("example.com")), ours: ourOpts(jwt.WithAllAudiences("example.com")),
			gjWant: gjwt.ErrTokenRequiredClaimMissing, ourWant: jwt.ErrMissingClaim},
		reg("WithAudience, aud matches", aud("good when audience matches"),
			map[string]any{"aud": []string{"example.com"}},
			[]gjwt.ParserOption{gjwt.WithAudience("example.com")}, []jwt.Option{jwt.WithAudience("example.com")}, accepted, accepted),
		reg("WithAudience of two, aud has one of them", aud("fail when audience matches with one value"),
			map[string]any{"aud": []string{"example.com"}},
			[]gjwt.ParserOption{gjwt.WithAudience(orgCom...)}, []jwt.Option{jwt.WithAudience(orgCom...)}, accepted, accepted),
		reg("WithAllAudiences of two, aud has both", aud("fail when audience matches with all values"),
			map[string]any{"aud": orgCom},
			[]gjwt.ParserOption{gjwt.WithAllAudiences(orgCom...)}, []jwt.Option{jwt.WithAllAudiences(orgCom...)}, accepted, accepted),
		reg("WithAudience of two, aud has neither", aud("fail when audience not matching"),
			map[string]any{"aud": []string{"example.net"}},
			[]gjwt.ParserOption{gjwt.WithAudience(orgCom...)}, []jwt.Option{jwt.WithAudience(orgCom...)},
			gjwt.ErrTokenInvalidAudience, jwt.ErrInvalidAudience),
		reg("WithAllAudiences of two, aud has one of them", aud("fail when audience not matching all values"),
			map[string]any{"aud": []string{"example.org", "example.net"}},
			[]gjwt.ParserOption{gjwt.WithAllAudiences(orgCom...)}, []jwt.Option{jwt.WithAllAudiences(orgCom...)},
			gjwt.ErrTokenInvalidAudience, jwt.ErrInvalidAudience),
		{src: aud("fail when audience missing"), name: "validator: WithAllAudiences of two, no aud",
			claims: map[string]any{}, keys: keyRSA, into: intoMap,
			gj: gjOpts(gjwt.WithAllAudiences(orgCom...)), ours: ourOpts(jwt.WithAllAudiences(orgCom...)),
			gjWant: gjwt.ErrTokenRequiredClaimMissing, ourWant: jwt.ErrMissingClaim},
	}
	return rows
}
