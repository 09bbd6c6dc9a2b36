package encodertest_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/encodertest"
)

// provenStd is encoding/json as a jwt.ProvenUnmarshaler; fault, when set,
// is what its UnmarshalProven does instead.
type provenStd struct {
	fault func(data []byte, v any, p jwt.Proven) error
}

func (provenStd) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (provenStd) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (s provenStd) UnmarshalProven(data []byte, v any, p jwt.Proven) error {
	if s.fault != nil {
		return s.fault(data, v, p)
	}
	if !p.Strict {
		panic("the core told UnmarshalProven nothing")
	}
	return json.Unmarshal(data, v)
}

// TestRFC8259_8_1_KitComparesUnmarshalProvenWithUnmarshal: a candidate that
// implements jwt.ProvenUnmarshaler faithfully passes, with every claims
// set the core passes on also decoded through UnmarshalProven, always
// told Strict.
func TestRFC8259_8_1_KitComparesUnmarshalProvenWithUnmarshal(t *testing.T) {
	rep, err := encodertest.Check("provenStd", provenStd{})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Failures(); len(f) != 0 {
		t.Fatalf("a faithful ProvenUnmarshaler failed: %+v", f[0])
	}
	if rep.ProvenCompared < 100 {
		t.Fatalf("%d claims sets through UnmarshalProven, want the probes and JSONTestSuite's accepted objects", rep.ProvenCompared)
	}
	plain, err := encodertest.Check("std", jwt.StdEncoder{})
	if err != nil {
		t.Fatal(err)
	}
	if plain.ProvenCompared != 0 {
		t.Fatalf("an Encoder without UnmarshalProven: %d compared, want 0", plain.ProvenCompared)
	}
}

// TestRFC8259_8_1_KitCatchesUnmarshalProvenUnlikeUnmarshal: an
// UnmarshalProven that decodes what the facts let it skip differently from
// Unmarshal (here: trusting NoEscapes wrongly, taking escapes raw) fails
// the kit, never a verdict change.
func TestRFC8259_8_1_KitCatchesUnmarshalProvenUnlikeUnmarshal(t *testing.T) {
	enc := provenStd{fault: func(data []byte, v any, p jwt.Proven) error {
		if !p.NoEscapes {
			data = bytes.ReplaceAll(data, []byte(`\u00e9`), []byte(`e`))
		}
		return json.Unmarshal(data, v)
	}}
	rep, err := encodertest.Check("provenFault", enc)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range rep.Failures() {
		if strings.Contains(f.Got, "UnmarshalProven") {
			found = true
		}
	}
	if !found || len(rep.ParseVerdictChanges()) != 0 {
		var b strings.Builder
		rep.WriteDetails(&b)
		t.Fatalf("UnmarshalProven unlike Unmarshal not caught as a codec fault (found %v)\n%s", found, b.String())
	}
}
