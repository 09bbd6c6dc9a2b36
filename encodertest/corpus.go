package encodertest

import (
	"github.com/jotlib/jwt/internal/corpus"
)

// runCorpus runs the project's parse corpus (valid tokens and attacks for
// every rule of the core) along every parse path with both encoders: the
// verdicts, errors and decoded claims must be identical.
func (c *checker) runCorpus() {
	for _, tc := range corpus.Cases() {
		c.rep.CorpusCases++
		res := Result{Group: "corpus", Name: tc.Name}
		got := c.compareToken(memoKey{kind: "corpus", name: tc.Name}, tc.Token, tc.Key, tc.Opts)
		res.Std, res.Got, res.Panicked = got.std, got.got, got.panicked
		switch {
		case got.same:
			res.Status = Same
		default:
			res.Status, res.Verdict, res.RegisteredDiffers = Failed, !got.verdictSame, got.registeredDiffers
		}
		c.rep.add(res)
	}
}
