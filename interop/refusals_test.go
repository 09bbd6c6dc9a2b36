package interop

import (
	"crypto"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	jwxjwt "github.com/lestrrat-go/jwx/v3/jwt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// peerPath is one way a peer verifies a token, with its default validation.
type peerPath struct {
	peer, path string
	verify     func(tok string, alg jwt.Algorithm, key crypto.PublicKey) error
}

var peerPaths = []peerPath{
	{"golang-jwt", "MapClaims", func(tok string, alg jwt.Algorithm, key crypto.PublicKey) error {
		_, _, err := gjwtReadMap(tok, alg, key)
		return err
	}},
	{"golang-jwt", "struct", func(tok string, alg jwt.Algorithm, key crypto.PublicKey) error {
		_, err := gjwtReadStruct(tok, alg, key)
		return err
	}},
	{"go-jose", "map", func(tok string, alg jwt.Algorithm, key crypto.PublicKey) error {
		_, _, err := joseReadMap(tok, alg, key)
		return err
	}},
	{"go-jose", "struct", func(tok string, alg jwt.Algorithm, key crypto.PublicKey) error {
		_, err := joseReadStruct(tok, alg, key)
		return err
	}},
	{"jwx", "Parse", func(tok string, alg jwt.Algorithm, key crypto.PublicKey) error {
		a, err := jwxAlg(alg)
		if err != nil {
			return err
		}
		_, err = jwxjwt.Parse([]byte(tok), jwxjwt.WithKey(a, key))
		return err
	}},
}

// ourPaths are this library's entry points; with each Encoder they must all
// reach the same verdict and the same error class.
var ourPaths = []struct {
	name string
	run  func(tok string, key any, enc jwt.Encoder) error
}{
	{"Parse", func(tok string, key any, enc jwt.Encoder) error {
		_, err := jwt.Parse(tok, key, jwt.WithEncoder(enc))
		return err
	}},
	{"ParseWithClaims-map", func(tok string, key any, enc jwt.Encoder) error {
		var m map[string]any
		_, err := jwt.ParseWithClaims(tok, &m, key, jwt.WithEncoder(enc))
		return err
	}},
	{"ParseWithClaims-Registered", func(tok string, key any, enc jwt.Encoder) error {
		var r claims.Registered
		_, err := jwt.ParseWithClaims(tok, &r, key, jwt.WithEncoder(enc))
		return err
	}},
	{"Verifier.Parse", func(tok string, key any, enc jwt.Encoder) error {
		v, err := jwt.NewVerifier(key, jwt.WithEncoder(enc))
		if err != nil {
			return err
		}
		_, err = v.Parse(tok)
		return err
	}},
	{"Verifier.ParseWithClaims-struct", func(tok string, key any, enc jwt.Encoder) error {
		v, err := jwt.NewVerifier(key, jwt.WithEncoder(enc))
		if err != nil {
			return err
		}
		var c appClaims
		_, err = v.ParseWithClaims(tok, &c)
		return err
	}},
}

// sentinels names the errors a verdict can carry, most specific first.
var sentinels = []struct {
	name string
	err  error
}{
	{"ErrTokenTooLarge", jwt.ErrTokenTooLarge},
	{"ErrTokenMalformed", jwt.ErrTokenMalformed},
	{"ErrSignatureInvalid", jwt.ErrSignatureInvalid},
	{"ErrAlgorithmNotAllowed", jwt.ErrAlgorithmNotAllowed},
	{"ErrInvalidKey", jwt.ErrInvalidKey},
	{"ErrTokenExpired", jwt.ErrTokenExpired},
	{"ErrTokenNotValidYet", jwt.ErrTokenNotValidYet},
	{"ErrEncoding", jwt.ErrEncoding},
}

// sentinelOf names the first sentinel err matches.
func sentinelOf(err error) string {
	if err == nil {
		return "accepted"
	}
	for _, s := range sentinels {
		if errors.Is(err, s.err) {
			return s.name
		}
	}
	return "unclassified: " + err.Error()
}

// outcome is what every library did with one case.
type outcome struct {
	c     refusalCase
	ours  string          // our verdict (a sentinel name or "accepted")
	peers map[string]bool // "peer path" → accepted
	notes map[string]string
}

// peerAccepts reports whether any path of the named peer accepted.
func (o outcome) peerAccepts(peer string) bool {
	for _, p := range peerPaths {
		if p.peer == peer && o.peers[p.peer+" "+p.path] {
			return true
		}
	}
	return false
}

var refusalOutcomes []outcome

// TestRefusalCrossCheck runs every case through this library (each entry
// point, each Encoder: all must agree) and through every peer. It asserts
// the rule of each case, and that no token we accept is refused by every
// peer. The tokens we refuse and some peer accepts are the differences
// written to DIFFERENCES.md (go test -run . -update).
func TestRefusalCrossCheck(t *testing.T) {
	cases := refusalCases(t)
	refusalOutcomes = refusalOutcomes[:0]
	for _, c := range cases {
		o := outcome{c: c, peers: map[string]bool{}, notes: map[string]string{}}
		t.Run(c.name, func(t *testing.T) {
			// Ours: every entry point with every Encoder.
			verdicts := map[string]string{}
			for _, e := range encoders {
				for _, p := range ourPaths {
					err := p.run(c.tok, c.key, e.enc)
					verdicts[e.name+"/"+p.name] = sentinelOf(err)
					if c.want != nil {
						require.Error(t, err, "%s/%s accepted", e.name, p.name)
						assert.ErrorIs(t, err, c.want, "%s/%s", e.name, p.name)
					} else {
						assert.NoError(t, err, "%s/%s refused a control token", e.name, p.name)
					}
					if c.notWant != nil {
						assert.NotErrorIs(t, err, c.notWant, "%s/%s", e.name, p.name)
					}
				}
			}
			o.ours = verdicts["default/Parse"]
			for k, v := range verdicts {
				assert.Equal(t, o.ours, v, "verdict of %s differs from default/Parse", k)
			}
			// The peers.
			for _, p := range peerPaths {
				err := safeVerify(p, c)
				o.peers[p.peer+" "+p.path] = err == nil
				if err != nil {
					o.notes[p.peer+" "+p.path] = err.Error()
				}
			}
		})
		refusalOutcomes = append(refusalOutcomes, o)
	}

	// The assertion that always runs: no token we accept is refused by
	// every peer.
	for _, o := range refusalOutcomes {
		if o.ours != "accepted" {
			continue
		}
		any := false
		for _, p := range peers {
			any = any || o.peerAccepts(p.name)
		}
		assert.True(t, any, "we accept %q but every peer refuses it: %v", o.c.name, o.notes)
	}
	t.Log("\n" + differencesTable(refusalOutcomes))
}

// safeVerify runs a peer, turning a panic into an error.
func safeVerify(p peerPath, c refusalCase) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return p.verify(c.tok, c.alg, c.key)
}

// differencesTable renders the cases we refuse that some peer accepts, then
// the full verdict table.
func differencesTable(outs []outcome) string {
	var b strings.Builder
	header := func() {
		b.WriteString("| case | rule | jotlib |")
		for _, p := range peerPaths {
			fmt.Fprintf(&b, " %s %s |", p.peer, p.path)
		}
		b.WriteString("\n|---|---|---|" + strings.Repeat("---|", len(peerPaths)) + "\n")
	}
	row := func(o outcome) {
		fmt.Fprintf(&b, "| %s | %s | %s |", mdEscape(o.c.name), mdEscape(ruleShort(o.c.rule)), o.ours)
		for _, p := range peerPaths {
			if o.peers[p.peer+" "+p.path] {
				b.WriteString(" **accepts** |")
			} else {
				b.WriteString(" refuses |")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("### Tokens we refuse that a peer accepts\n\n")
	header()
	n := 0
	for _, o := range outs {
		if o.ours == "accepted" {
			continue
		}
		acc := false
		for _, v := range o.peers {
			acc = acc || v
		}
		if acc {
			row(o)
			n++
		}
	}
	fmt.Fprintf(&b, "\n%d of %d refused cases are accepted by at least one peer path", n, countRefused(outs))
	for _, p := range peers {
		k := 0
		for _, o := range outs {
			if o.ours != "accepted" && o.peerAccepts(p.name) {
				k++
			}
		}
		fmt.Fprintf(&b, "; %s accepts %d", p.name, k)
	}
	b.WriteString(".\n\n")
	b.WriteString("### Every case\n\n")
	header()
	for _, o := range outs {
		row(o)
	}
	return b.String()
}

func countRefused(outs []outcome) int {
	n := 0
	for _, o := range outs {
		if o.ours != "accepted" {
			n++
		}
	}
	return n
}

// ruleShort is a rule's label without its explanation.
func ruleShort(rule string) string {
	if i := strings.IndexByte(rule, ':'); i > 0 {
		return rule[:i]
	}
	return rule
}

// ruleLegend lists the rules in full, once.
func ruleLegend() string {
	var b strings.Builder
	for _, r := range []string{rule1, rule2, rule3, rule4, rule5, rule6, rule7, rule8, ctrl} {
		fmt.Fprintf(&b, "- %s\n", r)
	}
	return b.String()
}

func mdEscape(s string) string { return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s) }
