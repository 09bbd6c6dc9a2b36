package encodertest_test

import (
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/encodertest"
)

// TestStdEncoderMatchesItself: the reference passes its own kit with every
// check the same, and the JSONTestSuite files all run when present.
func TestStdEncoderMatchesItself(t *testing.T) {
	rep := encodertest.Run(t, jwt.StdEncoder{})
	for _, res := range rep.Results {
		if res.Status != encodertest.Same {
			t.Errorf("%s %q: %s (std %s, got %s)", res.Group, res.Name, res.Status, res.Std, res.Got)
		}
	}
	if rep.DuplicateKeyWinner != "last" || rep.FloatPrecision != "exact" || !rep.WideStructEqual {
		t.Errorf("facts: duplicate %q, float %q, wide %v", rep.DuplicateKeyWinner, rep.FloatPrecision, rep.WideStructEqual)
	}
	if rep.Tokens == 0 {
		t.Error("no token compared")
	}
}
