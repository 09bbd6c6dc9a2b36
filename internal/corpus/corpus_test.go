package corpus_test

import (
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
