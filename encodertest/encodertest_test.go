package encodertest_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/encodertest"
)

// TestStdEncoderMatchesItself: the reference passes its own kit with every
// check the same, and all 318 JSONTestSuite files run.
func TestStdEncoderMatchesItself(t *testing.T) {
	t.Parallel()
	rep := encodertest.Run(t, jwt.StdEncoder{})
	for _, res := range rep.Results {
		if res.Status != encodertest.Same {
			t.Errorf("%s %q: %s (std %s, got %s)", res.Group, res.Name, res.Status, res.Std, res.Got)
		}
	}
	if rep.DuplicateKeyWinner != "last" || rep.FloatPrecision != "exact" || !rep.WideStructEqual {
		t.Errorf("facts: duplicate %q, float %q, wide %v", rep.DuplicateKeyWinner, rep.FloatPrecision, rep.WideStructEqual)
	}
	if rep.SuiteFiles != 318 {
		t.Errorf("%d JSONTestSuite files run, want 318", rep.SuiteFiles)
	}
	if rep.Tokens == 0 {
		t.Error("no token compared")
	}
}

// broken is an Encoder built on encoding/json with one deliberate fault.
type broken struct {
	marshal   func(v any) ([]byte, error)
	unmarshal func(data []byte, v any) error
}

func (b broken) Marshal(v any) ([]byte, error) {
	if b.marshal != nil {
		return b.marshal(v)
	}
	return json.Marshal(v)
}

func (b broken) Unmarshal(data []byte, v any) error {
	if b.unmarshal != nil {
		return b.unmarshal(data, v)
	}
	return json.Unmarshal(data, v)
}

// sixDigits cuts every fraction in JSON output to six digits, as a lossy
// float writer would.
func sixDigits(out []byte) []byte {
	var res []byte
	inString, frac := false, -1
	for i, c := range out {
		switch {
		case inString && c == '\\':
			res = append(res, c)
			continue
		case c == '"' && (i == 0 || out[i-1] != '\\'):
			inString = !inString
		case !inString && c == '.':
			frac = 0
		case frac >= 0 && c >= '0' && c <= '9':
			frac++
			if frac > 6 {
				continue
			}
		default:
			frac = -1
		}
		res = append(res, c)
	}
	return res
}

// TestKitCatchesBrokenEncoders: each fault a real codec has shipped is
// caught and classified (the kit must catch every divergence the issue
// lists, and tell a neutralised one from a codec fault). None of them is a
// change of the core's verdict: the core decides before any Encoder runs.
func TestKitCatchesBrokenEncoders(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		enc   broken
		check func(*encodertest.Report) string
	}{
		{"fields past the 16th silently dropped", broken{unmarshal: func(data []byte, v any) error {
			if bytes.Contains(data, []byte(`"f17"`)) {
				return nil
			}
			return json.Unmarshal(data, v)
		}}, func(r *encodertest.Report) string {
			if r.WideStructEqual || len(r.Failures()) == 0 {
				return "wide struct loss not caught"
			}
			return ""
		}},
		{"panics on a common claim", broken{unmarshal: func(data []byte, v any) error {
			if bytes.Contains(data, []byte(`"roles"`)) {
				panic("boom")
			}
			return json.Unmarshal(data, v)
		}}, func(r *encodertest.Report) string {
			if len(r.Panics()) == 0 || len(r.Failures()) == 0 || len(r.ParseVerdictChanges()) != 0 {
				return "panic not caught as a codec fault"
			}
			return ""
		}},
		{"trailing data after NUL accepted", broken{unmarshal: func(data []byte, v any) error {
			data, _, _ = bytes.Cut(data, []byte{0})
			return json.Unmarshal(data, v)
		}}, func(r *encodertest.Report) string {
			if r.Count(encodertest.Neutralised) == 0 || len(r.Failures()) != 0 {
				return "a divergence the core neutralises was not classified as neutralised"
			}
			return ""
		}},
		{"member injected into Marshal output", broken{marshal: func(v any) ([]byte, error) {
			out, err := json.Marshal(v)
			if err != nil || !bytes.HasSuffix(out, []byte("}")) || bytes.Contains(out, []byte(`"exp"`)) || len(out) < 3 {
				return out, err
			}
			return append(out[:len(out)-1], `,"exp":99999999999}`...), nil
		}}, func(r *encodertest.Report) string {
			if len(r.Failures()) == 0 {
				return "injected member not caught"
			}
			return ""
		}},
		{"floats cut to six decimals", broken{marshal: func(v any) ([]byte, error) {
			out, err := json.Marshal(v)
			return sixDigits(out), err
		}}, func(r *encodertest.Report) string {
			if !strings.HasPrefix(r.FloatPrecision, "differs") {
				return "float precision loss not caught: " + r.FloatPrecision
			}
			return ""
		}},
		{"member names lowercased (İss reaches iss): the core refuses those tokens first", broken{unmarshal: func(data []byte, v any) error {
			return json.Unmarshal(bytes.ReplaceAll(data, []byte("\u0130"), []byte("i")), v)
		}}, func(r *encodertest.Report) string {
			if len(r.RegisteredChanges()) != 0 || len(r.ParseVerdictChanges()) != 0 {
				return "a lowercasing codec changed what the core validated"
			}
			return ""
		}},
		{"registered claims decoded other than validated", broken{unmarshal: func(data []byte, v any) error {
			return json.Unmarshal(bytes.ReplaceAll(data, []byte(`"iss":"`), []byte(`"iss":"forged-`)), v)
		}}, func(r *encodertest.Report) string {
			if len(r.RegisteredChanges()) == 0 {
				return "registered claims decoded other than validated not caught"
			}
			return ""
		}},
		{"an error where encoding/json decodes", broken{unmarshal: func(data []byte, v any) error {
			if bytes.Contains(data, []byte(`"admin":true`)) {
				return errors.New("refused")
			}
			return json.Unmarshal(data, v)
		}}, func(r *encodertest.Report) string {
			if len(r.Failures()) == 0 || len(r.ParseVerdictChanges()) != 0 {
				return "decode failure not caught as a codec fault"
			}
			return ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // Check shares nothing but encoding/json's memoized side
			rep, err := encodertest.Check(tt.name, tt.enc)
			if err != nil {
				t.Fatal(err)
			}
			if msg := tt.check(rep); msg != "" {
				var b strings.Builder
				rep.WriteDetails(&b)
				t.Errorf("%s\n%s", msg, b.String())
			}
		})
	}
}

// stdReport is Check's report for encoding/json, computed once for the
// tests that only read it.
var stdReport = sync.OnceValues(func() (*encodertest.Report, error) {
	return encodertest.Check("std", jwt.StdEncoder{})
})

// TestWriteTable: the per-codec table has a header and one row per report.
func TestWriteTable(t *testing.T) {
	t.Parallel()
	rep, err := stdReport()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	encodertest.WriteTable(&b, rep, rep)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[2], "| std | ") {
		t.Errorf("table:\n%s", b.String())
	}
}
