package encodertest

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
)

// Option adjusts Run.
type Option func(*config)

type config struct {
	name       string
	recordOnly bool
}

// WithName names the candidate in the report (default: its Go type).
func WithName(name string) Option { return func(c *config) { c.name = name } }

// RecordOnly makes Run fail the test only when the core's verdict on a
// token changes (what the core itself must guarantee whatever the codec);
// every other divergence, Sign's outcome included, is logged and recorded
// in the Report. Use it to measure codecs that are not shipped as
// Encoders.
func RecordOnly() Option { return func(c *config) { c.recordOnly = true } }

// Run runs the kit against enc, logs the report, and fails t when enc
// decodes or encodes differently from encoding/json anything the core
// passes to it, when a token's verdict or Sign's outcome changes with enc,
// or when enc panics on such input. Divergences on input the core refuses
// before any Encoder runs are recorded with their token-level proof.
//
// Run starts child processes of the test binary for the few probes that
// could overflow a raw codec's stack: the child reruns the calling test up
// to this Run call (matched by the candidate's name; give two candidates
// in one test different names with WithName). Call it from a top-level
// test or a subtest, not from a parallel subtest sharing state.
//
// A nil t, which Run cannot fail or log to, runs nothing: the report's Err
// says so (Check runs without a *testing.T). A nil enc fails t and runs
// nothing, Err saying why.
func Run(t *testing.T, enc jwt.Encoder, opts ...Option) *Report {
	cfg := config{name: fmt.Sprintf("%T", enc)}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	if t == nil {
		return &Report{Encoder: cfg.name, Err: errors.New("encodertest: Run needs a *testing.T, got nil; use Check to run without one")}
	}
	t.Helper()
	if enc == nil {
		t.Errorf("encodertest: %v", errNilEncoder)
		return &Report{Encoder: cfg.name, Err: errNilEncoder}
	}
	c := &checker{enc: enc, std: jwt.StdEncoder{}, rep: &Report{Encoder: cfg.name}}
	if from, err := strconv.Atoi(os.Getenv(isolatedEnv)); err == nil {
		// A child process started by runIsolated: run the probes for the
		// Run call it was started for, and nothing else.
		if os.Getenv(isolatedNameEnv) != cfg.name {
			return c.rep
		}
		files, _ := loadSuite()
		runChild(enc, from, deepFiles(files))
		t.SkipNow()
	}
	deep, err := c.runAll()
	if err != nil {
		c.rep.Err = err
		t.Errorf("encodertest: %v", err)
	}
	c.runIsolated(t, deep)
	c.finish()

	var b strings.Builder
	c.rep.writeDetails(&b)
	t.Log("\n" + b.String())
	for _, res := range c.rep.Results {
		switch {
		case res.Verdict:
			t.Errorf("encodertest: %s %q: verdict changed: encoding/json %s; %s %s", res.Group, res.Name, res.Std, cfg.name, res.Got)
		case res.RegisteredDiffers:
			// A gap the core should close; recorded-only runs log it.
			if cfg.recordOnly {
				t.Logf("encodertest: %s %q: registered claims decoded differently from what the core validated: encoding/json %s; %s %s", res.Group, res.Name, res.Std, cfg.name, res.Got)
			} else {
				t.Errorf("encodertest: %s %q: registered claims decoded differently from what the core validated: encoding/json %s; %s %s", res.Group, res.Name, res.Std, cfg.name, res.Got)
			}
		case cfg.recordOnly:
		case res.Status == Failed:
			t.Errorf("encodertest: %s %q: encoding/json %s; %s %s", res.Group, res.Name, res.Std, cfg.name, res.Got)
		}
	}
	return c.rep
}

// Check runs every in-process check of the kit against enc without a
// testing.T and returns the report (no child processes: Run adds those).
// A nil enc runs nothing: the error, also in the report's Err, says so.
func Check(name string, enc jwt.Encoder) (*Report, error) {
	if enc == nil {
		return &Report{Encoder: name, Err: errNilEncoder}, errNilEncoder
	}
	c := &checker{enc: enc, std: jwt.StdEncoder{}, rep: &Report{Encoder: name}}
	_, err := c.runAll()
	c.finish()
	c.rep.Err = err
	return c.rep, err
}

// errNilEncoder is Run's and Check's error for a nil Encoder.
var errNilEncoder = errors.New("encodertest: nil Encoder: pass the Encoder to check")

// runAll runs the probes, JSONTestSuite and the token corpus, returning
// the suite files too deep to try in-process.
func (c *checker) runAll() ([]suiteFile, error) {
	for _, p := range decodeProbes() {
		c.rep.add(c.runDecode(p, Neutralised))
	}
	for _, p := range encodeProbes() {
		c.rep.add(c.runEncode(p))
	}
	deep, err := c.runSuite()
	c.runCorpus()
	return deep, err
}

// finish fills in the summary facts.
func (c *checker) finish() {
	c.rep.DuplicateKeyWinner = duplicateWinner(c)
	c.rep.CaseInsensitive = caseMatching(c)
	c.rep.FloatPrecision = floatPrecision(c.rep)
	c.rep.WideStructEqual = wideEqual(c.rep)
}

func deepFiles(files []suiteFile) []suiteFile {
	var deep []suiteFile
	for _, f := range files {
		if depthOf(f.data) > inProcessDepth {
			deep = append(deep, f)
		}
	}
	return deep
}
