package encodertest_test

import (
	"bytes"
	"encoding/json"
	"errors"
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

func (*provenStd) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (*provenStd) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (s *provenStd) UnmarshalProven(data []byte, v any, p jwt.Proven) error {
	if s.fault != nil {
		return s.fault(data, v, p)
	}
	return json.Unmarshal(data, v)
}
func (s *provenStd) ProvenFor() jwt.Encoder { return s }

// provenFailure reports whether rep has a failure naming UnmarshalProven
// and no verdict change, writing the details to t's log otherwise.
func provenFailure(t *testing.T, rep *encodertest.Report) bool {
	t.Helper()
	for _, f := range rep.Failures() {
		if strings.Contains(f.Got, "UnmarshalProven") && len(rep.ParseVerdictChanges()) == 0 {
			return true
		}
	}
	var b strings.Builder
	rep.WriteDetails(&b)
	t.Log(b.String())
	return false
}

// TestRFC8259_8_1_KitComparesUnmarshalProvenWithUnmarshal: a candidate that
// implements jwt.ProvenUnmarshaler faithfully passes, with every claims
// set the core passes on also decoded through UnmarshalProven, always
// told Strict.
func TestRFC8259_8_1_KitComparesUnmarshalProvenWithUnmarshal(t *testing.T) {
	t.Parallel()
	rep, err := encodertest.Check("provenStd", &provenStd{})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Failures(); len(f) != 0 {
		t.Fatalf("a faithful ProvenUnmarshaler failed: %+v", f[0])
	}
	if rep.ProvenCompared < 100 {
		t.Fatalf("%d claims sets through UnmarshalProven, want the probes and JSONTestSuite's accepted objects", rep.ProvenCompared)
	}
	plain, err := stdReport()
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
	t.Parallel()
	enc := &provenStd{fault: func(data []byte, v any, p jwt.Proven) error {
		if p.Strict() && !p.NoEscapes() {
			data = bytes.ReplaceAll(data, []byte(`\u00e9`), []byte(`e`))
		}
		return json.Unmarshal(data, v)
	}}
	rep, err := encodertest.Check("provenFault", enc)
	if err != nil {
		t.Fatal(err)
	}
	if !provenFailure(t, rep) {
		t.Fatal("UnmarshalProven unlike Unmarshal not caught as a codec fault")
	}
}

// TestKitChecksZeroProvenIsUnmarshal: an UnmarshalProven that treats the
// zero Proven as proving something (here: taking any input as an empty
// object without decoding) fails the kit, on inputs the core refuses too.
func TestKitChecksZeroProvenIsUnmarshal(t *testing.T) {
	t.Parallel()
	enc := &provenStd{fault: func(data []byte, v any, p jwt.Proven) error {
		if !p.Strict() {
			return nil
		}
		return json.Unmarshal(data, v)
	}}
	rep, err := encodertest.Check("zeroProvenFault", enc)
	if err != nil {
		t.Fatal(err)
	}
	if !provenFailure(t, rep) {
		t.Fatal("UnmarshalProven(Proven{}) unlike Unmarshal not caught")
	}
}

// TestKitComparesUnmarshalProvenErrorClass: where both refuse, an
// UnmarshalProven whose error is of another class than Unmarshal's (here:
// a plain error for encoding/json's *json.SyntaxError or
// *json.UnmarshalTypeError) fails the kit.
func TestKitComparesUnmarshalProvenErrorClass(t *testing.T) {
	t.Parallel()
	enc := &provenStd{fault: func(data []byte, v any, p jwt.Proven) error {
		if err := json.Unmarshal(data, v); err != nil {
			return errors.New(err.Error())
		}
		return nil
	}}
	rep, err := encodertest.Check("errorClassFault", enc)
	if err != nil {
		t.Fatal(err)
	}
	if !provenFailure(t, rep) {
		t.Fatal("UnmarshalProven's error of another class not caught")
	}
}

// embeddingStd embeds an opted-in Encoder: the core does not take it as
// opted in (jwt.ProvenUnmarshaler), so neither does the kit.
type embeddingStd struct{ *provenStd }

// TestKitComparesOnlyWhatTheCoreCalls: a candidate that inherited
// UnmarshalProven by embedding is never called through it by the core,
// and the kit compares nothing for it.
func TestKitComparesOnlyWhatTheCoreCalls(t *testing.T) {
	t.Parallel()
	rep, err := encodertest.Check("embedding", &embeddingStd{&provenStd{}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.ProvenCompared != 0 || len(rep.Failures()) != 0 {
		t.Fatalf("embedding candidate: %d compared, %d failures", rep.ProvenCompared, len(rep.Failures()))
	}
}
