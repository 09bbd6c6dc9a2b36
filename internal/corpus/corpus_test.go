package corpus_test

import (
	"crypto"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/corpus"
)

func TestEveryCaseGetsItsVerdictFromParse(t *testing.T) {
	for _, c := range corpus.Cases() {
		_, err := jwt.Parse(c.Token, c.Key, c.Opts...)
		if e := c.Check(err); e != nil {
			t.Error(e)
		}
	}
}

// TestCorpusIsSafeToExtend: cases are named uniquely, valid cases carry
// claims, appending an option never reaches another caller's copy.
func TestCorpusIsSafeToExtend(t *testing.T) {
	cases := corpus.Cases()
	names := map[string]bool{}
	for _, c := range cases {
		if names[c.Name] {
			t.Errorf("duplicate name %s", c.Name)
		}
		names[c.Name] = true
		if c.Want == nil && c.Claims == nil {
			t.Errorf("%s: valid without claims", c.Name)
		}
		if cap(c.Opts) != len(c.Opts) {
			t.Errorf("%s: Opts has spare capacity", c.Name)
		}
	}
	again := corpus.Cases()
	if len(again) != len(cases) || &again[0] == &cases[0] {
		t.Error("Cases must return a fresh slice of the same cases")
	}
	for i := range cases {
		// Built once: even randomized (PS*) signatures are stable.
		if cases[i].Name != again[i].Name || cases[i].Token != again[i].Token {
			t.Errorf("case %d differs between calls", i)
		}
	}
	if len(corpus.Select("valid/")) < 14 {
		t.Error("fewer than 14 valid algorithm cases")
	}
}

// TestEveryCaseKeepsItsVerdictWithAnExplicitStdEncoder: the kit's way to run
// the corpus with a candidate Encoder.
func TestEveryCaseKeepsItsVerdictWithAnExplicitStdEncoder(t *testing.T) {
	for _, c := range corpus.Cases() {
		_, err := jwt.Parse(c.Token, c.Key, append(c.Opts, jwt.WithEncoder(jwt.StdEncoder{}))...)
		if e := c.Check(err); e != nil {
			t.Error(e)
		}
	}
}

// TestPSSCasesCarryRealSignatures: the wrong-salt cases are genuine
// RSASSA-PSS signatures (any salt length verifies them), refused only for
// their salt; the valid PS* cases verify with the salt equal to the hash.
func TestPSSCasesCarryRealSignatures(t *testing.T) {
	pub := &corpus.Keys().RSA.PublicKey
	for _, c := range corpus.Cases() {
		if !strings.HasPrefix(c.Name, "valid/PS") && !strings.Contains(c.Name, "salt-length") {
			continue
		}
		dot := strings.LastIndexByte(c.Token, '.')
		sig, err := base64.RawURLEncoding.DecodeString(c.Token[dot+1:])
		if err != nil {
			t.Fatal(err)
		}
		var alg struct{ Alg string }
		hb, _ := base64.RawURLEncoding.DecodeString(c.Token[:strings.IndexByte(c.Token, '.')])
		if err := json.Unmarshal(hb, &alg); err != nil {
			t.Fatal(err)
		}
		h := map[string]crypto.Hash{"PS256": crypto.SHA256, "PS384": crypto.SHA384, "PS512": crypto.SHA512}[alg.Alg]
		d := h.New()
		d.Write([]byte(c.Token[:dot]))
		if err := rsa.VerifyPSS(pub, h, d.Sum(nil), sig, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthAuto}); err != nil {
			t.Errorf("%s: not an RSASSA-PSS signature: %v", c.Name, err)
		}
		err = rsa.VerifyPSS(pub, h, d.Sum(nil), sig, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash})
		if (err == nil) != (c.Want == nil) {
			t.Errorf("%s: salt equal to the hash: %v", c.Name, err)
		}
	}
}
