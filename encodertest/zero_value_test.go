package encodertest_test

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/encodertest"
)

// TestNilAndZeroReportNeverPanic: every method of a nil or zero *Report
// gives an empty result (no results, a row of the table's width, a line
// saying nothing ran), WriteDetails and WriteTable take a nil io.Writer as
// one that discards, and Run with a nil *testing.T, Run and Check with a
// nil Encoder run nothing and say why in Report.Err: never a panic.
func TestNilAndZeroReportNeverPanic(t *testing.T) {
	for name, r := range map[string]*encodertest.Report{"nil": nil, "zero": {}} {
		noPanic(t, name, func() {
			if r.Count(encodertest.Failed) != 0 || r.Failures() != nil ||
				r.ParseVerdictChanges() != nil || r.RegisteredChanges() != nil || r.Panics() != nil {
				t.Errorf("%s Report: a non-empty result", name)
			}
			if row := r.Summary(); len(row) != len(encodertest.SummaryHeader) {
				t.Errorf("%s Report: Summary has %d cells, want %d", name, len(row), len(encodertest.SummaryHeader))
			}
			var b strings.Builder
			r.WriteDetails(&b)
			if b.Len() == 0 {
				t.Errorf("%s Report: WriteDetails wrote nothing", name)
			}
			r.WriteDetails(nil)
			encodertest.WriteTable(io.Discard, r, nil)
			encodertest.WriteTable(nil, r)
		})
	}
	noPanic(t, "Run(nil, enc)", func() {
		rep := encodertest.Run(nil, jwt.StdEncoder{})
		if rep == nil || rep.Err == nil || len(rep.Results) != 0 || !strings.Contains(rep.Err.Error(), "testing.T") {
			t.Errorf("Run(nil, enc): %+v, want a report saying a *testing.T is needed", rep)
		}
	})
	noPanic(t, "Check(name, nil)", func() {
		rep, err := encodertest.Check("nil", nil)
		if err == nil || rep == nil || !errors.Is(rep.Err, err) || len(rep.Results) != 0 {
			t.Errorf("Check(name, nil): %v, %+v, want an error and a report holding it", err, rep)
		}
	})
}

// TestRunWithANilEncoderFailsTheTest: Run(t, nil) fails t saying the
// Encoder is nil, and runs nothing (seen from a child test binary).
func TestRunWithANilEncoderFailsTheTest(t *testing.T) {
	if os.Getenv("ENCODERTEST_NIL_ENCODER_CHILD") == "1" {
		if rep := encodertest.Run(t, nil); rep == nil || rep.Err == nil || len(rep.Results) != 0 {
			t.Log("CHILD: no Err in the report")
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRunWithANilEncoderFailsTheTest$", "-test.count=1")
	cmd.Env = append(os.Environ(), "ENCODERTEST_NIL_ENCODER_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "nil Encoder") || strings.Contains(string(out), "CHILD:") || strings.Contains(string(out), "panic") {
		t.Errorf("Run(t, nil): exit %v, output:\n%s\nwant a failed test naming the nil Encoder", err, out)
	}
}

func noPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: panic: %v", name, r)
		}
	}()
	f()
}
