package jwt_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/corpus"
)

// rtPathResult is what one parse path made of a token.
type rtPathResult struct {
	err    error
	claims any // the decoded claims value (map, *Registered or *rtUser)
	tok    *jwt.Token
}

// rtPaths are every way to parse a token. Verdicts must not depend on the
// path, the claims type or the header cache (rule 9).
var rtPaths = []struct {
	name string
	run  func(c corpus.Case) rtPathResult
}{
	{"Parse", func(c corpus.Case) rtPathResult {
		tok, err := jwt.Parse(c.Token, c.Key, c.Opts...)
		if tok != nil {
			return rtPathResult{err, tok.Claims, tok}
		}
		return rtPathResult{err: err}
	}},
	{"ParseWithClaims/map", func(c corpus.Case) rtPathResult {
		var m map[string]any
		tok, err := jwt.ParseWithClaims(c.Token, &m, c.Key, c.Opts...)
		return rtPathResult{err, m, tok}
	}},
	{"ParseWithClaims/Registered", func(c corpus.Case) rtPathResult {
		var r claims.Registered
		tok, err := jwt.ParseWithClaims(c.Token, &r, c.Key, c.Opts...)
		return rtPathResult{err, &r, tok}
	}},
	{"ParseWithClaims/user-struct", func(c corpus.Case) rtPathResult {
		var u rtUser
		tok, err := jwt.ParseWithClaims(c.Token, &u, c.Key, c.Opts...)
		return rtPathResult{err, &u, tok}
	}},
	{"Verifier.Parse-twice", func(c corpus.Case) rtPathResult {
		v, err := jwt.NewVerifier(c.Key, c.Opts...)
		if err != nil {
			return rtPathResult{err: err}
		}
		first, err1 := v.Parse(c.Token)
		// The second parse may take the header from the cache.
		tok, err := v.Parse(c.Token)
		if corpus.Verdict(err1) != corpus.Verdict(err) {
			return rtPathResult{err: &rtCacheMismatch{first: err1, second: err}}
		}
		if first != nil && !reflect.DeepEqual(first.Claims, tok.Claims) {
			return rtPathResult{err: &rtCacheMismatch{first: err1, second: err}}
		}
		if tok != nil {
			return rtPathResult{err, tok.Claims, tok}
		}
		return rtPathResult{err: err}
	}},
	{"Verifier.ParseWithClaims/Registered", func(c corpus.Case) rtPathResult {
		v, err := jwt.NewVerifier(c.Key, c.Opts...)
		if err != nil {
			return rtPathResult{err: err}
		}
		var r claims.Registered
		tok, err := v.ParseWithClaims(c.Token, &r)
		return rtPathResult{err, &r, tok}
	}},
	{"Verifier.ParseWithClaims/map", func(c corpus.Case) rtPathResult {
		v, err := jwt.NewVerifier(c.Key, c.Opts...)
		if err != nil {
			return rtPathResult{err: err}
		}
		m := map[string]any{}
		tok, err := v.ParseWithClaims(c.Token, &m)
		return rtPathResult{err, m, tok}
	}},
	{"ParseWithClaims/validated-user", func(c corpus.Case) rtPathResult {
		var u rtValidatedUser
		tok, err := jwt.ParseWithClaims(c.Token, &u, c.Key, c.Opts...)
		return rtPathResult{err, &u.rtUser, tok}
	}},
	{"Verifier+WithValidator/map", func(c corpus.Case) rtPathResult {
		v, err := jwt.NewVerifier(c.Key, append(c.Opts, jwt.WithValidator(func(context.Context, *jwt.Token) error { return nil }))...)
		if err != nil {
			return rtPathResult{err: err}
		}
		tok, err := v.Parse(c.Token)
		if tok != nil {
			return rtPathResult{err, tok.Claims, tok}
		}
		return rtPathResult{err: err}
	}},
	{"ParseAs/user-struct", func(c corpus.Case) rtPathResult {
		u, tok, err := jwt.ParseAs[rtUser](c.Token, c.Key, c.Opts...)
		if err == nil && u == nil {
			return rtPathResult{err: errNilClaims}
		}
		return rtPathResult{err, u, tok}
	}},
}

// rtValidatedUser has a Validate method that accepts everything: the
// verdicts must be those of the other paths.
type rtValidatedUser struct{ rtUser }

func (*rtValidatedUser) Validate() error { return nil }

type rtCacheMismatch struct{ first, second error }

func (e *rtCacheMismatch) Error() string {
	return "header cache changed the verdict: first " + corpus.Verdict(e.first) + ", then " + corpus.Verdict(e.second)
}

var errNilClaims = &rtCacheMismatch{}

// TestEveryParsePathReachesTheSameVerdict_Rule9 runs the whole corpus
// through Parse, ParseWithClaims into a map, into claims.Registered and into
// a user struct embedding it, Verifier.Parse (twice, through the header
// cache), Verifier.ParseWithClaims and ParseAs: every path must reach the
// corpus's verdict and the same one, and valid tokens' claims must match.
func TestEveryParsePathReachesTheSameVerdict_Rule9(t *testing.T) {
	cases := corpus.Cases()
	if len(cases) < 300 {
		t.Fatalf("corpus has %d cases; expected at least 300", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			verdicts := map[string]string{}
			for _, p := range rtPaths {
				r := p.run(c)
				verdicts[p.name] = corpus.Verdict(r.err)
				if e := c.Check(r.err); e != nil {
					t.Errorf("%s: %v", p.name, e)
					continue
				}
				if r.err != nil {
					if r.tok != nil {
						t.Errorf("%s: refused token returned a non-nil *Token", p.name)
					}
					rtCheckValidationError(t, p.name, c, r.err)
					continue
				}
				rtCheckClaims(t, p.name, c, r)
			}
			first := verdicts[rtPaths[0].name]
			for name, v := range verdicts {
				if v != first {
					t.Errorf("verdicts differ: %s says %s, %s says %s", rtPaths[0].name, first, name, v)
				}
			}
		})
	}
}

// rtCheckValidationError: a *ValidationError comes only with a rule that
// runs after the signature verified, never with a signature failure, and it
// holds the token's registered claims.
func rtCheckValidationError(t *testing.T, path string, c corpus.Case, err error) {
	t.Helper()
	var ve *jwt.ValidationError
	isVE := errors.As(err, &ve)
	afterSignature := errors.Is(err, jwt.ErrTokenInvalidClaims) || errors.Is(err, jwt.ErrInvalidType)
	if errors.Is(err, jwt.ErrSignatureInvalid) && (isVE || afterSignature) {
		t.Errorf("%s: a signature failure came with a claims verdict: %v", path, err)
	}
	if isVE != afterSignature {
		t.Errorf("%s: *ValidationError %v for %v", path, isVE, err)
	}
	if isVE && c.Claims != nil {
		if d := rtSameRegistered(ve.Token.Registered(), rtRegisteredOf(c.Claims)); d != "" {
			t.Errorf("%s: ValidationError token's registered claims: %s", path, d)
		}
	}
}

// rtCheckClaims compares a valid token's decoded claims with the corpus.
func rtCheckClaims(t *testing.T, path string, c corpus.Case, r rtPathResult) {
	t.Helper()
	if r.tok == nil {
		t.Errorf("%s: valid token returned a nil *Token", path)
		return
	}
	if r.tok.Raw != c.Token {
		t.Errorf("%s: Token.Raw is not the token", path)
	}
	wantReg := rtRegisteredOf(c.Claims)
	switch got := r.claims.(type) {
	case map[string]any:
		if !reflect.DeepEqual(got, c.Claims) {
			t.Errorf("%s: claims\n got %#v\nwant %#v", path, got, c.Claims)
		}
		if m, ok := r.tok.Claims.(map[string]any); ok && !reflect.DeepEqual(m, c.Claims) {
			t.Errorf("%s: Token.Claims differ from the decoded map", path)
		}
	case *claims.Registered:
		if d := rtSameRegistered(*got, wantReg); d != "" {
			t.Errorf("%s: registered claims: %s", path, d)
		}
	case *rtUser:
		if _, validated := r.tok.Claims.(*rtValidatedUser); !validated && r.tok.Claims != any(got) {
			t.Errorf("%s: Token.Claims is not the caller's value", path)
		}
		if d := rtSameRegistered(got.Registered, wantReg); d != "" {
			t.Errorf("%s: registered claims: %s", path, d)
		}
		for name, v := range map[string]any{"name": got.Name, "admin": got.Admin, "roles": got.Roles} {
			if !reflect.DeepEqual(v, c.Claims[name]) {
				t.Errorf("%s: %q = %#v, want %#v", path, name, v, c.Claims[name])
			}
		}
	default:
		t.Errorf("%s: unexpected claims type %T", path, r.claims)
	}
}

// TestGeneratedClaimsReachOneVerdictOnEveryPath_Rule9 crosses tricky member
// names with tricky values, one and two members per token, and requires one
// verdict from every parse path.
func TestGeneratedClaimsReachOneVerdictOnEveryPath_Rule9(t *testing.T) {
	names := []string{"exp", "nbf", "iat", "aud", "iss", "sub", "jti", "Exp", "ſub", `\u0065xp`, "name", "NAME", "roles", "x"}
	values := []string{
		`1`, `4102444800`, `1.5`, `-0`, `1e-400`, `1e300`, `1e400`, `4611686018427387904`, `"s"`, `""`, `"\ud800"`,
		`"\u00e9"`, `[]`, `["a"]`, `["a",1]`, `[1]`, `null`, `true`, `{}`, `{"a":1}`, `{"a":1,"a":2}`, `[[[[[]]]]]`,
	}
	var payloads []string
	for _, n := range names {
		for _, v := range values {
			payloads = append(payloads, `{"`+n+`":`+v+`}`)
		}
	}
	for i, n1 := range names {
		for j, n2 := range names {
			v1, v2 := values[(i+j)%len(values)], values[(3*i+j)%len(values)]
			payloads = append(payloads, `{"`+n1+`":`+v1+`,"`+n2+`":`+v2+`}`)
		}
	}
	mismatches := 0
	for _, p := range payloads {
		c := corpus.Case{Name: p, Token: rtHS256(`{"alg":"HS256"}`, p), Key: rtSecret,
			Opts: []jwt.Option{rtClock(rtNow())}}
		first := ""
		for i, path := range rtPaths {
			v := corpus.Verdict(path.run(c).err)
			if i == 0 {
				first = v
			} else if v != first && mismatches < 20 {
				mismatches++
				t.Errorf("claims %s: %s says %s, %s says %s", p, rtPaths[0].name, first, path.name, v)
			}
		}
	}
	t.Logf("%d generated claims sets", len(payloads))
}

// rtNumberEncoder decodes numbers as json.Number: other claims values, the
// same verdicts.
type rtNumberEncoder struct{}

func (rtNumberEncoder) Marshal(v any) ([]byte, error) { return json.Marshal(v) }
func (rtNumberEncoder) Unmarshal(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return d.Decode(v)
}

// rtBlindEncoder never looks at the bytes.
type rtBlindEncoder struct{}

func (rtBlindEncoder) Marshal(any) ([]byte, error) { return []byte(`{}`), nil }
func (rtBlindEncoder) Unmarshal([]byte, any) error { return nil }

// TestVerdictsAreTheCoresWhicheverTheEncoder_Rule9: the whole corpus through
// encoding/json, a json.Number decoder, and an Encoder that never reads its
// input: every rule is enforced by the core, so the verdicts are the same.
func TestVerdictsAreTheCoresWhicheverTheEncoder_Rule9(t *testing.T) {
	encoders := []struct {
		name string
		enc  jwt.Encoder
	}{{"StdEncoder", jwt.StdEncoder{}}, {"json.Number", rtNumberEncoder{}}, {"blind", rtBlindEncoder{}}}
	for _, c := range corpus.Cases() {
		var first string
		for i, e := range encoders {
			var r claims.Registered
			_, err := jwt.ParseWithClaims(c.Token, &r, c.Key, append(c.Opts, jwt.WithEncoder(e.enc))...)
			if e := c.Check(err); e != nil {
				t.Errorf("%s: %v", encoders[i].name, e)
			}
			if v := corpus.Verdict(err); i == 0 {
				first = v
			} else if v != first {
				t.Errorf("%s: %s says %s, %s says %s", c.Name, encoders[0].name, first, e.name, v)
			}
		}
	}
}

// TestReadUnverifiedAppliesTheSameFormRulesAsAParse_Rule9: over the whole
// corpus, what ReadUnverified refuses a parse refuses; what a parse refuses
// as malformed (the Encoder aside) ReadUnverified refuses; what a parse
// accepts ReadUnverified reads with the same registered claims.
func TestReadUnverifiedAppliesTheSameFormRulesAsAParse_Rule9(t *testing.T) {
	for _, c := range corpus.Cases() {
		tok, perr := jwt.Parse(c.Token, c.Key, c.Opts...)
		u, rerr := jwt.ReadUnverified(c.Token)
		switch {
		case rerr != nil && perr == nil:
			t.Errorf("%s: ReadUnverified refused (%v) what Parse accepted", c.Name, rerr)
		case rerr == nil && errors.Is(perr, jwt.ErrTokenMalformed) && !errors.Is(perr, jwt.ErrEncoding) && !errors.Is(perr, jwt.ErrTokenTooLarge): // the case's own cap
			t.Errorf("%s: ReadUnverified read what Parse refused as malformed (%v)", c.Name, perr)
		case perr == nil:
			if d := rtSameRegistered(u.Registered(), tok.Registered()); d != "" {
				t.Errorf("%s: registered claims differ: %s", c.Name, d)
			}
		}
	}
}
