package encodertest

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Status is the outcome of one check.
type Status int

const (
	// Same: the candidate behaves exactly like encoding/json.
	Same Status = iota
	// Neutralised: the candidate diverges from encoding/json on input the
	// core refuses before any Encoder runs (or on output the core refuses
	// to sign), and the token-level proof gave the same verdict with both
	// encoders.
	Neutralised
	// Recorded: a difference that no verdict and no decoded value depends
	// on (an i_ file of JSONTestSuite, a raw-codec probe on input the core
	// never passes on, a programmer error such as a cyclic value).
	Recorded
	// Failed: the candidate decodes or encodes differently what the core
	// passes on, or a token's verdict changes with it.
	Failed
)

// String names the status.
func (s Status) String() string {
	switch s {
	case Same:
		return "same"
	case Neutralised:
		return "neutralised"
	case Recorded:
		return "recorded"
	case Failed:
		return "FAILED"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Result is one check of the kit.
type Result struct {
	// Group is the area: "claims", "custom", "wide", "maps", "numbers",
	// "strings", "nesting", "trailing", "sign", "jsontestsuite", "tokens",
	// "corpus", "isolated".
	Group string
	// Name identifies the check within its group (a file name for
	// JSONTestSuite, a case name for the corpus).
	Name string
	// Status is the check's outcome.
	Status Status
	// Std and Got summarise what encoding/json and the candidate did.
	Std, Got string
	// Proof is the token-level evidence for a Neutralised divergence.
	Proof string
	// Panicked reports that the candidate panicked (recovered).
	Panicked bool
	// Verdict reports that the core's verdict on a token (everything decided
	// before the Encoder runs) changed with the candidate: the core failed
	// to neutralise a codec difference. A candidate that merely fails to
	// decode (ErrEncoding) or panics where encoding/json decodes is Failed,
	// not a Verdict change.
	Verdict bool
	// RegisteredDiffers reports that a token was accepted with both
	// encoders but the candidate filled the claims.Registered of a struct
	// differently: the application would read registered claims the core
	// did not validate (e.g. "İss" reaching Issuer). The core's strict pass
	// refuses look-alike registered names under Unicode case folding; a
	// codec matching names another way opens this gap.
	RegisteredDiffers bool
	// SignVerdict reports that Sign succeeded with one encoder and failed
	// with the other (or with other errors): on the sign side the core
	// guarantees only that what it signs passes its strict pass, so which
	// claims a codec emits is the Encoder's responsibility.
	SignVerdict bool
}

// Report gathers every check of one run, and the facts the per-codec table
// shows.
type Report struct {
	// Encoder names the candidate (its Go type unless WithName is given).
	Encoder string
	// Results holds every check of the run, in the order they ran.
	Results []Result

	// SuiteFiles is how many JSONTestSuite files ran (0: folder absent).
	SuiteFiles int
	// SuiteDivergences lists, by file name, where the candidate's
	// accept/refuse decision or decoded value differs from encoding/json's.
	SuiteDivergences []string
	// DuplicateKeyWinner is what the raw candidate does with {"a":1,"a":2}:
	// "last", "first" or "error" (the core refuses duplicates either way).
	DuplicateKeyWinner string
	// CaseInsensitive describes how the raw candidate matches member names
	// to struct fields: ASCII case, the Kelvin sign and the long s.
	CaseInsensitive string
	// FloatPrecision is "exact" when every float probe marshals like
	// encoding/json and round-trips, else what was lost.
	FloatPrecision string
	// WideStructEqual reports that the 24-field struct marshals to the same
	// bytes and decodes to an equal value.
	WideStructEqual bool
	// CorpusCases is how many parse-corpus cases ran (0: corpus empty).
	CorpusCases int
	// Fatal lists the isolated probes (run in a child process) that
	// crashed the process, e.g. with a stack overflow.
	Fatal []string
	// Tokens is how many tokens were compared through Parse,
	// ParseWithClaims and Verifier.
	Tokens int
	// ProvenCompared is how many claims sets the core passes on were
	// decoded through both UnmarshalProven, told what the core's strict
	// pass proved, and Unmarshal, for a candidate that implements
	// jwt.ProvenUnmarshaler (0 for any other).
	ProvenCompared int
	// Err is what kept the kit from running: a nil Encoder, Run given a
	// nil *testing.T, or a JSONTestSuite folder that could not be read (Run
	// also fails its test with it; Check returns it too).
	Err error
}

func (r *Report) add(res Result) { r.Results = append(r.Results, res) }

// count returns how many results have status s (0 for a nil Report).
func (r *Report) count(s Status) int {
	if r == nil {
		return 0
	}
	n := 0
	for _, res := range r.Results {
		if res.Status == s {
			n++
		}
	}
	return n
}

// Failures returns the Failed results.
func (r *Report) Failures() []Result {
	return r.filter(func(res Result) bool { return res.Status == Failed })
}

// ParseVerdictChanges returns the verdict changes on the parse side only:
// the ones the core itself must prevent whatever the codec.
func (r *Report) ParseVerdictChanges() []Result {
	return r.filter(func(res Result) bool { return res.Verdict })
}

// registeredChanges returns the results where a struct's registered
// claims were decoded differently from what the core validated.
func (r *Report) registeredChanges() []Result {
	return r.filter(func(res Result) bool { return res.RegisteredDiffers })
}

// panicked returns the results where the candidate panicked.
func (r *Report) panicked() []Result { return r.filter(func(res Result) bool { return res.Panicked }) }

func (r *Report) filter(keep func(Result) bool) []Result {
	if r == nil {
		return nil
	}
	var out []Result
	for _, res := range r.Results {
		if keep(res) {
			out = append(out, res)
		}
	}
	return out
}

// writeDetails writes every check that is not Same, grouped, one per line,
// after a line of counts (and Err, when set), for Run's log. A nil Report
// writes a line saying so; a nil w is written nothing.
func (r *Report) writeDetails(w io.Writer) {
	if w == nil {
		return
	}
	if r == nil {
		fmt.Fprintln(w, "encodertest report: nil *Report, nothing ran")
		return
	}
	if r.Err != nil {
		fmt.Fprintf(w, "encodertest report for %s: %v\n", r.Encoder, r.Err)
	}
	fmt.Fprintf(w, "encodertest report for %s: %d checks, %d same, %d neutralised, %d recorded, %d failed; %d tokens compared, %d corpus cases, %d claims sets through UnmarshalProven\n",
		r.Encoder, len(r.Results), r.count(Same), r.count(Neutralised), r.count(Recorded), r.count(Failed), r.Tokens, r.CorpusCases, r.ProvenCompared)
	res := append([]Result(nil), r.Results...)
	sort.SliceStable(res, func(i, j int) bool { return res[i].Group < res[j].Group })
	for _, x := range res {
		if x.Status == Same {
			continue
		}
		fmt.Fprintf(w, "  %-11s %-14s %s: std %s; got %s", x.Status, x.Group, x.Name, x.Std, x.Got)
		if x.Proof != "" {
			fmt.Fprintf(w, "; proof: %s", x.Proof)
		}
		fmt.Fprintln(w)
	}
}

// summary is one row of WriteTable's per-codec table, a cell per
// summaryHeader column; for a nil Report, the first cell says so and the
// others are empty, and a Report with Err has it beside the codec's name.
func (r *Report) summary() []string {
	if r == nil {
		row := make([]string, len(summaryHeader))
		row[0] = "(nil report)"
		return row
	}
	name := r.Encoder
	if r.Err != nil {
		name += " (" + r.Err.Error() + ")"
	}
	suite := "absent"
	if r.SuiteFiles > 0 {
		suite = fmt.Sprintf("%d of %d", len(r.SuiteDivergences), r.SuiteFiles)
		if n := len(r.filter(func(res Result) bool { return res.Group == "jsontestsuite" && res.Status == Failed })); n > 0 {
			suite += fmt.Sprintf(" (%d not neutralised)", n)
		} else if len(r.SuiteDivergences) > 0 {
			suite += " (all neutralised)"
		}
		if len(r.SuiteDivergences) > 0 {
			suite += ": " + strings.Join(shorten(r.SuiteDivergences, 6), " ")
		}
	}
	wide := "equal"
	if !r.WideStructEqual {
		wide = "DIFFERS"
	}
	return []string{
		name,
		suite,
		panics(r),
		r.DuplicateKeyWinner,
		r.CaseInsensitive,
		r.FloatPrecision,
		wide,
		fmt.Sprintf("%d / %d", r.count(Neutralised), r.count(Failed)),
		fmt.Sprint(len(r.ParseVerdictChanges())),
		fmt.Sprint(len(r.registeredChanges())),
		fmt.Sprint(len(r.filter(func(res Result) bool { return res.Status == Failed && strings.HasPrefix(res.Std, "token ") }))),
		fmt.Sprint(len(r.filter(func(res Result) bool { return res.SignVerdict }))),
	}
}

func shorten(list []string, n int) []string {
	if len(list) <= n {
		return list
	}
	return append(append([]string(nil), list[:n]...), fmt.Sprintf("(+%d more)", len(list)-n))
}

// summaryHeader names the columns of WriteTable's table.
var summaryHeader = []string{
	"codec", "JSONTestSuite divergences", "panics", "duplicate key", "case-insensitive matching",
	"float precision", "20+-field struct", "neutralised / failed checks",
	"core verdict changes", "registered claims ≠ validated", "tokens decoded differently", "Sign outcome changes",
}

// WriteTable writes a Markdown table with one row per report (a nil report
// has a row saying so): per codec, its JSONTestSuite divergences, panics,
// what it does with a duplicate key, its case-insensitive matching, float
// precision, the wide struct, the neutralised and failed checks, the core
// verdict changes, the registered claims decoded other than validated, the
// tokens decoded differently and the Sign outcome changes. A nil w is
// written nothing.
func WriteTable(w io.Writer, reports ...*Report) {
	if w == nil {
		return
	}
	fmt.Fprintf(w, "| %s |\n", strings.Join(summaryHeader, " | "))
	fmt.Fprintf(w, "|%s\n", strings.Repeat("---|", len(summaryHeader)))
	for _, r := range reports {
		cells := r.summary()
		for i, c := range cells {
			cells[i] = strings.ReplaceAll(c, "|", `\|`)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
}

func panics(r *Report) string {
	s := fmt.Sprint(len(r.panicked()))
	if len(r.Fatal) > 0 {
		s += fmt.Sprintf(" (+%d fatal: %s)", len(r.Fatal), strings.Join(r.Fatal, ", "))
	}
	return s
}
