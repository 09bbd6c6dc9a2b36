package interop

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// What we refuse on purpose: tokens and keys golang-jwt accepts (by default
// or with an option) that this library refuses, whatever the options. Each
// entry is a "### " heading of MIGRATING.md's "What we refuse on purpose"
// section, which names the sentinel given here.
const (
	refusedPadding        = "Padding"
	refusedNonCanonical   = "Non-canonical base64url"
	refusedPSSSalt        = "PS256, PS384, PS512 with the largest salt"
	refusedNone           = `alg "none"`
	refusedNullClaims     = "Null registered claims"
	refusedWeakKeys       = "Weak keys"
	refusedSkipValidation = "Skipping claims validation"
)

// refusedOnPurpose maps each entry to the sentinel our refusal matches.
var refusedOnPurpose = map[string]error{
	refusedPadding:        jwt.ErrTokenMalformed,
	refusedNonCanonical:   jwt.ErrTokenMalformed,
	refusedPSSSalt:        jwt.ErrSignatureInvalid,
	refusedNone:           jwt.ErrAlgorithmNotAllowed,
	refusedNullClaims:     jwt.ErrTokenMalformed,
	refusedWeakKeys:       jwt.ErrInvalidKey,
	refusedSkipValidation: jwt.ErrTokenInvalidClaims, // with the failing rule's own sentinel
}

// sentinelNames are the names MIGRATING.md gives the sentinels above.
var sentinelNames = map[error]string{
	jwt.ErrTokenMalformed:      "ErrTokenMalformed",
	jwt.ErrSignatureInvalid:    "ErrSignatureInvalid",
	jwt.ErrAlgorithmNotAllowed: "ErrAlgorithmNotAllowed",
	jwt.ErrInvalidKey:          "ErrInvalidKey",
	jwt.ErrTokenInvalidClaims:  "ErrTokenInvalidClaims",
}

// refusalCaseGJ is one token refused on purpose: golang-jwt's parse (gj)
// accepts it, ours refuses it with its entry's sentinel.
type refusalCaseGJ struct {
	entry, name, tok string
	gj, ours         func(tok string) error
}

// TestGolangjwtRefusedOnPurpose shows each entry on one token: golang-jwt
// accepts it, we refuse it with the entry's sentinel.
func TestGolangjwtRefusedOnPurpose(t *testing.T) {
	f := newGJFix(keys(t))
	rsaKF := func(*gjwt.Token) (any, error) { return f.rsa.public, nil }
	hmacKF := func(k []byte) gjwt.Keyfunc { return func(*gjwt.Token) (any, error) { return k, nil } }
	weakRSA := keys(t).rsa1024
	cases := []refusalCaseGJ{
		{refusedPadding, "padded payload and signature (WithPaddingAllowed)",
			paddingRows(f)[3].tok(f),
			func(tok string) error { _, err := gjwt.Parse(tok, rsaKF, gjwt.WithPaddingAllowed()); return err },
			func(tok string) error { _, err := jwt.Parse(tok, f.rsa.public); return err }},
		{refusedNonCanonical, "signature with non-zero unused bits (no WithStrictDecoding)",
			paddingRows(f)[7].tok(f),
			func(tok string) error { _, err := gjwt.Parse(tok, rsaKF); return err },
			func(tok string) error { _, err := jwt.Parse(tok, f.rsa.public); return err }},
		{refusedPSSSalt, "PS256 signed with rsa.PSSSaltLengthAuto",
			forge(seg(`{"alg":"PS256","typ":"JWT"}`), seg(`{"foo":"bar"}`), jwt.PS256, f.rsa.private, sigPSSMax),
			func(tok string) error { _, err := gjwt.Parse(tok, rsaKF); return err },
			func(tok string) error { _, err := jwt.Parse(tok, f.rsa.public); return err }},
		{refusedNone, `alg "none" with UnsafeAllowNoneSignatureType`,
			seg(`{"alg":"none","typ":"JWT"}`) + "." + seg(`{"foo":"bar"}`) + ".",
			func(tok string) error {
				_, err := gjwt.Parse(tok, func(*gjwt.Token) (any, error) { return gjwt.UnsafeAllowNoneSignatureType, nil })
				return err
			},
			func(tok string) error { _, err := jwt.Parse(tok, f.rsa.public); return err }},
		{refusedWeakKeys, "RS256 with a 1024-bit key",
			forgeJSON(`{"alg":"RS256","typ":"JWT"}`, `{"foo":"bar"}`, jwt.RS256, weakRSA),
			func(tok string) error {
				_, err := gjwt.Parse(tok, func(*gjwt.Token) (any, error) { return &weakRSA.PublicKey, nil })
				return err
			},
			func(tok string) error { _, err := jwt.Parse(tok, &weakRSA.PublicKey); return err }},
		{refusedWeakKeys, "HS256 with a 16-byte secret",
			forgeJSON(`{"alg":"HS256","typ":"JWT"}`, `{"foo":"bar"}`, jwt.HS256, hmacSecret(16)),
			func(tok string) error { _, err := gjwt.Parse(tok, hmacKF(hmacSecret(16))); return err },
			func(tok string) error { _, err := jwt.Parse(tok, hmacSecret(16)); return err }},
		{refusedSkipValidation, "WithoutClaimsValidation on a token not valid for another 100 s",
			f.token(jwt.RS256, map[string]any{"foo": "bar", "nbf": f.unix(100 * time.Second)}),
			func(tok string) error { _, err := gjwt.Parse(tok, rsaKF, gjwt.WithoutClaimsValidation()); return err },
			func(tok string) error { _, err := jwt.Parse(tok, f.rsa.public); return err }},
	}
	for _, name := range []string{"exp", "nbf", "iat", "iss", "sub", "aud", "jti"} {
		cases = append(cases, refusalCaseGJ{refusedNullClaims, `"` + name + `": null into RegisteredClaims`,
			f.token(jwt.RS256, `{"foo":"bar","`+name+`":null}`),
			func(tok string) error {
				_, err := gjwt.ParseWithClaims(tok, &gjwt.RegisteredClaims{}, rsaKF)
				return err
			},
			func(tok string) error {
				_, err := jwt.ParseWithClaims(tok, &claims.Registered{}, f.rsa.public)
				return err
			}})
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.entry] = true
		t.Run(c.entry+": "+c.name, func(t *testing.T) {
			require.NoError(t, c.gj(c.tok), "golang-jwt accepts it")
			err := c.ours(c.tok)
			require.Error(t, err, "we refuse it")
			assert.ErrorIs(t, err, refusedOnPurpose[c.entry])
		})
	}
	for entry := range refusedOnPurpose {
		assert.True(t, seen[entry], "entry %q has no case here", entry)
	}
}

// TestGolangjwtRefusedOnPurposeDocumented checks that each entry is a
// heading of MIGRATING.md's "What we refuse on purpose" section, whose text
// names the entry's sentinel.
func TestGolangjwtRefusedOnPurposeDocumented(t *testing.T) {
	doc, err := os.ReadFile("../MIGRATING.md")
	require.NoError(t, err)
	section := markdownSection(string(doc), "## What we refuse on purpose")
	require.NotEmpty(t, section, `MIGRATING.md has no "## What we refuse on purpose" section`)
	for entry, sentinel := range refusedOnPurpose {
		body := markdownSection(section, "### "+entry)
		if !assert.NotEmpty(t, body, "MIGRATING.md: no heading %q under What we refuse on purpose", "### "+entry) {
			continue
		}
		assert.Contains(t, body, "`"+sentinelNames[sentinel]+"`", "MIGRATING.md %q must name the error", entry)
	}
}

// markdownSection returns the text under the heading line head, up to the
// next heading of the same or a higher level.
func markdownSection(doc, head string) string {
	level := strings.IndexByte(head, ' ')
	lines := strings.Split(doc, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != head {
			continue
		}
		end := regexp.MustCompile(`^#{1,` + string(rune('0'+level)) + `} `)
		var out []string
		for _, m := range lines[i+1:] {
			if end.MatchString(m) {
				break
			}
			out = append(out, m)
		}
		return strings.Join(out, "\n")
	}
	return ""
}
