package interop

import (
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"

	"github.com/jotlib/jwt"
)

// mapClaimsRows ports golang-jwt's map_claims_test.go: TestVerifyAud (23
// cases), the three type checks of iat/nbf/exp and the three clocks of
// TestMapClaimsVerifyExpiresAtExpire. golang-jwt runs a Validator on Go
// values; here the values are marshalled (a nil value or nil slice is
// JSON null) and signed, and both libraries parse the token into a map.
// "Required" in golang-jwt's table means WithAudience (WithAllAudiences
// with MatchAllAud); not required means no audience option.
func mapClaimsRows(f *gjFix) []gjCase {
	src := func(test, name string) string { return "map_claims_test.go " + test + ": " + name }
	var nilInterface any
	var nilListInterface []any
	type audCase struct {
		name     string
		aud      any // nothing when absent is true
		absent   bool
		cmp      []string
		all      bool
		required bool
		gjWant   error // nil: valid
		ourWant  error
		refused  string
		diff     string
	}
	com := []string{"example.com"}
	cases := []audCase{
		{name: "String Aud matching required", aud: "example.com", cmp: com, required: true},
		{name: "[]String Aud with match required", aud: []string{"example.com", "example.example.com"}, cmp: com, required: true},
		{name: "[]String Aud with []match any required", aud: []string{"example.com", "example.example.com"}, cmp: []string{"example.com", "auth.example.com"}, required: true},
		{name: "[]String Aud with []match all required", aud: []string{"example.com", "example.example.com"}, cmp: []string{"example.com", "example.example.com"}, all: true, required: true},
		{name: "String Aud with match not required", aud: "example.com", cmp: com},
		{name: "Empty String Aud with match not required (absent)", absent: true, cmp: com},
		{name: "Empty String Aud with match not required", aud: "", cmp: com},
		{name: "Nil String Aud with match not required", aud: nil, cmp: com, refused: refusedNullClaims},
		{name: "[]String Aud with match not required", aud: []string{"example.com", "example.example.com"}, cmp: com},
		{name: "Empty []String Aud with match not required", aud: []string{}, cmp: com},
		{name: "String Aud without match required", aud: "not.example.com", cmp: com, required: true, gjWant: gjwt.ErrTokenInvalidAudience, ourWant: jwt.ErrInvalidAudience},
		{name: "Empty String Aud without match required", aud: "", cmp: com, required: true, gjWant: gjwt.ErrTokenRequiredClaimMissing, ourWant: jwt.ErrMissingClaim},
		{name: "[]String Aud without match required", aud: []string{"not.example.com", "example.example.com"}, cmp: com, required: true, gjWant: gjwt.ErrTokenInvalidAudience, ourWant: jwt.ErrInvalidAudience},
		{name: "Empty []String Aud without match required", aud: []string{""}, cmp: com, required: true, gjWant: gjwt.ErrTokenRequiredClaimMissing, ourWant: jwt.ErrMissingClaim},
		{name: "String Aud without match not required", aud: "not.example.com", cmp: com, required: true, gjWant: gjwt.ErrTokenInvalidAudience, ourWant: jwt.ErrInvalidAudience},
		{name: "Empty String Aud without match not required", aud: "", cmp: com, required: true, gjWant: gjwt.ErrTokenRequiredClaimMissing, ourWant: jwt.ErrMissingClaim},
		{name: "[]String Aud without match not required", aud: []string{"not.example.com", "example.example.com"}, cmp: com, required: true, gjWant: gjwt.ErrTokenInvalidAudience, ourWant: jwt.ErrInvalidAudience},
		{name: "Empty []String Aud without match required (not required)", aud: []string{""}, cmp: com},
		{name: "Empty []interface{} Aud without match required", aud: nilListInterface, cmp: com, refused: refusedNullClaims},
		{name: "[]interface{} Aud with match required", aud: []any{"a", "foo", "example.com"}, cmp: com, required: true},
		{name: "[]interface{} Aud with match but invalid types", aud: []any{"a", 5, "example.com"}, cmp: com, required: true, gjWant: gjwt.ErrInvalidType, ourWant: jwt.ErrTokenMalformed},
		{name: "[]interface{} Aud int with match required", aud: []int{1, 2, 3}, cmp: com, required: true, gjWant: gjwt.ErrInvalidType, ourWant: jwt.ErrTokenMalformed},
		{name: "Empty interface{} Aud without match not required", aud: nilInterface, cmp: com, refused: refusedNullClaims},
	}
	var rows []gjCase
	for _, c := range cases {
		claims := map[string]any{}
		if !c.absent {
			claims["aud"] = c.aud
		}
		row := gjCase{src: src("TestVerifyAud", c.name), name: "map claims: aud: " + c.name, claims: claims, keys: keyRSA,
			gjWant: c.gjWant, ourWant: c.ourWant, refused: c.refused, classDiff: c.diff}
		cmp, all, required := c.cmp, c.all, c.required
		row.gj = func(*gjFix) []gjwt.ParserOption {
			switch {
			case required && all:
				return []gjwt.ParserOption{gjwt.WithAllAudiences(cmp...)}
			case required:
				return []gjwt.ParserOption{gjwt.WithAudience(cmp...)}
			}
			return nil
		}
		row.ours = func(*gjFix) []jwt.Option {
			switch {
			case required && all:
				return []jwt.Option{jwt.WithAllAudiences(cmp...)}
			case required:
				return []jwt.Option{jwt.WithAudience(cmp...)}
			}
			return nil
		}
		rows = append(rows, row)
	}

	typeRow := func(test, claim string, gj []gjwt.ParserOption, ours []jwt.Option) gjCase {
		return gjCase{src: src(test, claim+` "foo"`), name: "map claims: " + claim + " a string", claims: map[string]any{claim: "foo"},
			keys: keyRSA, gj: func(*gjFix) []gjwt.ParserOption { return gj }, ours: func(*gjFix) []jwt.Option { return ours },
			gjWant: gjwt.ErrInvalidType, ourWant: jwt.ErrTokenMalformed}
	}
	rows = append(rows,
		typeRow("TestMapclaimsVerifyIssuedAtInvalidTypeString", "iat", []gjwt.ParserOption{gjwt.WithIssuedAt()}, []jwt.Option{jwt.WithIssuedAt()}),
		typeRow("TestMapclaimsVerifyNotBeforeInvalidTypeString", "nbf", nil, nil),
		typeRow("TestMapclaimsVerifyExpiresAtInvalidTypeString", "exp", nil, nil),
	)

	exp := time.Unix(f.unix(0), 0)
	clock := func(name string, at time.Time, gjWant, ourWant error) gjCase {
		now := func() time.Time { return at }
		return gjCase{src: src("TestMapClaimsVerifyExpiresAtExpire", name), name: "map claims: exp, " + name,
			claims: map[string]any{"exp": float64(exp.Unix())}, keys: keyRSA,
			gj:     func(*gjFix) []gjwt.ParserOption { return []gjwt.ParserOption{gjwt.WithTimeFunc(now)} },
			ours:   func(*gjFix) []jwt.Option { return []jwt.Option{jwt.WithTimeFunc(now)} },
			gjWant: gjWant, ourWant: ourWant}
	}
	rows = append(rows,
		clock("checked at exp", exp, gjwt.ErrTokenExpired, jwt.ErrTokenExpired),
		clock("checked 1 s after exp", exp.Add(time.Second), gjwt.ErrTokenExpired, jwt.ErrTokenExpired),
		clock("checked 1 s before exp", exp.Add(-time.Second), accepted, accepted),
	)
	return rows
}
