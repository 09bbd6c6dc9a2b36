package encodertest

import (
	"reflect"
	"testing"

	"github.com/jotlib/jwt"
)

// TestEncodeProbeNamesAreUnique: the memo of encoding/json's side keys an
// encode probe by its group and name alone, so no two may share them.
func TestEncodeProbeNamesAreUnique(t *testing.T) {
	seen := map[[2]string]bool{}
	for _, p := range encodeProbes() {
		k := [2]string{p.group, p.name}
		if seen[k] {
			t.Errorf("encode probe %s %q defined twice", p.group, p.name)
		}
		seen[k] = true
	}
}

// plainStd is encoding/json's StdEncoder under another type, which the
// memo does not recognise: a checker using it as the reference computes
// every reference result afresh.
type plainStd struct{ jwt.StdEncoder }

// TestMemoizedReferenceMatchesAFreshOne: the shared reference results give
// exactly the report a checker computing them afresh gives, for a
// candidate that diverges.
func TestMemoizedReferenceMatchesAFreshOne(t *testing.T) {
	t.Parallel()
	cand := lossyFloats{}
	run := func(std jwt.Encoder) *Report {
		c := &checker{enc: cand, std: std, rep: &Report{Encoder: "lossy"}}
		if _, err := c.runAll(); err != nil {
			t.Fatal(err)
		}
		c.finish()
		return c.rep
	}
	fresh, memo := run(plainStd{}), run(jwt.StdEncoder{})
	if !reflect.DeepEqual(fresh, memo) {
		t.Errorf("memoized report differs from a fresh one:\nfresh %+v\nmemo  %+v", fresh, memo)
	}
	if memo.Tokens == 0 || len(memo.Failures()) == 0 {
		t.Errorf("the candidate's divergence was not seen: %d tokens, %d failures", memo.Tokens, len(memo.Failures()))
	}
}

// lossyFloats is encoding/json with float64 values rounded to float32
// when decoding into an any, a divergence on input the core passes on.
type lossyFloats struct{ jwt.StdEncoder }

func (l lossyFloats) Unmarshal(data []byte, v any) error {
	if err := l.StdEncoder.Unmarshal(data, v); err != nil {
		return err
	}
	if p, ok := v.(*any); ok {
		if f, ok := (*p).(float64); ok {
			*p = float64(float32(f))
		}
	}
	return nil
}
