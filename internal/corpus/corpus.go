// Package corpus is a reusable set of valid tokens and attacks built from
// the rules of the core library: the compact form, the header, the binding
// of algorithm to key, key strength, signatures, the order of checks, the
// claims, time and the audience, issuer, subject and type rules.
//
// Every Case carries its verification key, its verify options (never an
// Encoder: a caller adds its own), the sentinel error errors.Is must find,
// and for valid tokens the claims as encoding/json decodes them into a
// map[string]any. Tests run the cases through every parse path, and an
// Encoder's conformance kit runs them with a candidate codec: a codec must
// never change a verdict.
//
// The package uses only the standard library and signs with it directly,
// never through the package under test. Keys are fixed (PEM generated once,
// an Ed25519 seed), ECDSA signs per RFC 6979 and RSASSA-PSS with salts
// derived from the input, so every run builds exactly the same tokens.
package corpus

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
)

// Case is one token and the verdict the library must reach on it.
type Case struct {
	// Name is "<rule>/<what>", e.g. "header/alg-none-empty-signature".
	Name string
	// Token is the compact token.
	Token string
	// Key is the verification key (or a jwt.KeyFunc).
	Key any
	// Opts are the verify options; never an Encoder.
	Opts []jwt.Option
	// Want is nil for a valid token, else the sentinel errors.Is must find.
	Want error
	// Claims are the decoded claims of a valid token, as encoding/json
	// decodes them into a map[string]any.
	Claims map[string]any
}

// NowUnix is the corpus's fixed clock, in seconds since the epoch.
const NowUnix = 1_700_000_000

// Now is the corpus's fixed clock.
func Now() time.Time { return time.Unix(NowUnix, 0) }

// clock returns the option fixing the clock at t.
func clock(t time.Time) jwt.Option { return jwt.WithTimeFunc(func() time.Time { return t }) }

// fixed is the option fixing the clock at Now.
func fixed() jwt.Option { return clock(Now()) }

var (
	casesOnce sync.Once
	cases     []Case
)

// Cases returns the whole corpus, built once. The slice is a copy; the
// cases' keys, options and claims are shared and must not be modified
// (appending to Opts is safe: it always copies).
func Cases() []Case {
	casesOnce.Do(func() {
		k := Keys()
		var b builder
		b.k = k
		validCases(&b)
		compactCases(&b)
		headerCases(&b)
		algCases(&b)
		keyCases(&b)
		signatureCases(&b)
		orderCases(&b)
		claimsCases(&b)
		timeCases(&b)
		validationCases(&b)
		cases = b.cases
		seen := make(map[string]bool, len(cases))
		for _, c := range cases {
			if seen[c.Name] {
				panic("corpus: duplicate case name " + c.Name)
			}
			seen[c.Name] = true
		}
	})
	return append([]Case(nil), cases...)
}

// Select returns the cases whose names start with prefix.
func Select(prefix string) []Case {
	var out []Case
	for _, c := range Cases() {
		if strings.HasPrefix(c.Name, prefix) {
			out = append(out, c)
		}
	}
	return out
}

// builder collects cases.
type builder struct {
	k     *KeySet
	cases []Case
}

func (b *builder) add(c Case) {
	// Clipped, so a caller appending its own options (an Encoder, say)
	// always copies instead of writing into a shared array.
	c.Opts = slices.Clip(c.Opts)
	b.cases = append(b.cases, c)
}

// bad adds an attack refused with want.
func (b *builder) bad(name, token string, key any, want error, opts ...jwt.Option) {
	if want == nil {
		panic("corpus: bad case without an error: " + name)
	}
	b.add(Case{Name: name, Token: token, Key: key, Opts: opts, Want: want})
}

// good adds a valid token with its decoded claims.
func (b *builder) good(name, token string, key any, claims map[string]any, opts ...jwt.Option) {
	if claims == nil {
		panic("corpus: valid case without claims: " + name)
	}
	b.add(Case{Name: name, Token: token, Key: key, Opts: opts, Claims: claims})
}

// Verdict names every sentinel err matches, joined by '|' in the order of
// the one list (internal/sentinel.Ordered), or "valid" for a nil error: two
// paths reach the same verdict when their Verdicts are equal.
func Verdict(err error) string {
	if err == nil {
		return "valid"
	}
	var names []string
	for _, s := range sentinel.Ordered {
		if errors.Is(err, s.Err) {
			names = append(names, s.Name)
		}
	}
	if len(names) == 0 {
		return "unclassified(" + err.Error() + ")"
	}
	return strings.Join(names, "|")
}

// claimErrors are the errors of the claim rules (rule 8 and the audience,
// issuer, subject and type rules).
var claimErrors = []error{
	jwt.ErrTokenExpired, jwt.ErrTokenNotValidYet, jwt.ErrInvalidAudience, jwt.ErrInvalidIssuer,
	jwt.ErrInvalidSubject, jwt.ErrMissingClaim, jwt.ErrInvalidType,
}

// Check reports whether err is the verdict c wants: nil for a valid case;
// otherwise err must match c.Want, a token refused before its claims are
// validated must match no claim error, and a bad signature must be the only
// error (RFC 8725 and CVE-2024-51744: never a claims error beside it).
func (c Case) Check(err error) error {
	switch {
	case c.Want == nil && err == nil:
		return nil
	case c.Want == nil:
		return fmt.Errorf("%s: want a valid token, got %v [%s]", c.Name, err, Verdict(err))
	case err == nil:
		return fmt.Errorf("%s: want %v, got a valid token", c.Name, c.Want)
	case !errors.Is(err, c.Want):
		return fmt.Errorf("%s: want %v, got %v [%s]", c.Name, c.Want, err, Verdict(err))
	}
	early := []error{jwt.ErrTokenMalformed, jwt.ErrSignatureInvalid, jwt.ErrAlgorithmNotAllowed, jwt.ErrInvalidKey}
	for _, e := range early {
		if errors.Is(c.Want, e) {
			for _, ce := range claimErrors {
				if errors.Is(err, ce) {
					return fmt.Errorf("%s: want only %v, got also %v: %v", c.Name, c.Want, ce, err)
				}
			}
		}
	}
	if c.Want == jwt.ErrSignatureInvalid {
		for _, e := range early {
			if e != jwt.ErrSignatureInvalid && errors.Is(err, e) {
				return fmt.Errorf("%s: want only %v, got also %v: %v", c.Name, c.Want, e, err)
			}
		}
	}
	return nil
}
