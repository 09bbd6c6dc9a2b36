package strictjson

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The differential tests hold the optimised pass to the frozen copy in
// oracle_test.go: on every input, the same verdict, the same error (type,
// offset and message), the same members handed to the MemberFunc (raw key,
// Escaped, Name, View, raw value, in order), the same Facts, and the same
// results from Valid, TopLevel, StringArray and EachArrayElement.

// trace is everything one run of a pass showed its caller.
type trace struct {
	members []string
	err     string
	facts   Facts
}

// record returns a MemberFunc that appends each member to t, returning
// stop (when not nil) at member number stopAt.
func (t *trace) record(stopAt int, stop error) MemberFunc {
	return func(key Key, value []byte) error {
		t.members = append(t.members, fmt.Sprintf("%q esc=%v name=%q view=%q value=%q",
			key.Raw, key.Escaped, key.Name(), key.View(), value))
		if stop != nil && len(t.members) == stopAt {
			return stop
		}
		return nil
	}
}

// errString is err's comparable form: its type, whether it is ErrInvalid
// and its message. Built without fmt: diffOne calls it a dozen times per
// input, and fmt.Sprintf was a third of the differential test's CPU under
// -race. A bare *SyntaxError's message is its fields as its Error method
// prints them (TestErrStringIsTheErrorMessage holds the two together).
func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	var se *SyntaxError
	switch {
	case errors.As(err, &se):
		msg := ""
		if err == error(se) {
			msg = syntaxErrorMessage(se)
		} else {
			msg = err.Error()
		}
		return "SyntaxError(ErrInvalid=" + strconv.FormatBool(errors.Is(err, ErrInvalid)) + ") " + msg
	}
	return reflect.TypeOf(err).String() + " " + err.Error()
}

// syntaxErrorMessage is what se.Error() returns, without fmt.
func syntaxErrorMessage(se *SyntaxError) string {
	return "invalid JSON at offset " + strconv.Itoa(se.Offset) + ": " + se.Msg
}

// TestErrStringIsTheErrorMessage: errString's shortcut for a bare
// *SyntaxError gives what Error gives, and its other cases what fmt's %T
// and %s give, so the differential compares the messages callers see.
func TestErrStringIsTheErrorMessage(t *testing.T) {
	t.Parallel()
	for _, se := range []*SyntaxError{{}, {Offset: 7, Msg: "duplicate member \"a\""}, {Offset: -1, Msg: "x"}} {
		if got, want := syntaxErrorMessage(se), se.Error(); got != want {
			t.Errorf("syntaxErrorMessage = %q, Error() = %q", got, want)
		}
		if got, want := errString(se), fmt.Sprintf("SyntaxError(ErrInvalid=%v) %s", errors.Is(se, ErrInvalid), se); got != want {
			t.Errorf("errString(%#v) = %q, want %q", se, got, want)
		}
	}
	wrapped := fmt.Errorf("ctx: %w", &SyntaxError{Offset: 3, Msg: "m"})
	if got, want := errString(wrapped), "SyntaxError(ErrInvalid=true) "+wrapped.Error(); got != want {
		t.Errorf("errString(wrapped) = %q, want %q", got, want)
	}
	if got, want := errString(errStop), fmt.Sprintf("%T %s", errStop, errStop); got != want {
		t.Errorf("errString(errStop) = %q, want %q", got, want)
	}
}

var errStop = errors.New("stop")

// diffOne compares the optimised pass with the oracle on data, reporting
// every difference.
func diffOne(t *testing.T, data []byte) {
	t.Helper()
	var got, want trace
	gf, gerr := ObjectFacts(data, got.record(0, nil))
	wf, werr := oObjectFacts(data, want.record(0, nil))
	got.err, want.err, got.facts, want.facts = errString(gerr), errString(werr), gf, wf
	compareTraces(t, "ObjectFacts", data, got, want)

	// An error from the MemberFunc stops both passes at the same member.
	if n := len(want.members); n > 0 {
		stopAt := 1 + int(uint(len(data))%uint(n))
		var g, w trace
		g.err = errString(Object(data, g.record(stopAt, errStop)))
		w.err = errString(oObject(data, w.record(stopAt, errStop)))
		compareTraces(t, "Object(stop)", data, g, w)
	}
	if g, w := errString(Object(data, nil)), errString(oObject(data, nil)); g != w {
		t.Errorf("Object(nil fn) on %q: got %s, want %s", data, g, w)
	}
	if g, w := errString(Valid(data)), errString(oValid(data)); g != w {
		t.Errorf("Valid on %q: got %s, want %s", data, g, w)
	}
	names := []string{"iss", "x", ""}
	if len(want.members) > 0 {
		names = append(names, strings.SplitN(want.members[0][strings.Index(want.members[0], "name=")+5:], " ", 2)[0])
	}
	for _, name := range names {
		if uq, err := strconv.Unquote(name); err == nil {
			name = uq
		}
		gv, gerr := TopLevel(data, name)
		wv, werr := oTopLevel(data, name)
		if !bytes.Equal(gv, wv) || (gv == nil) != (wv == nil) || errString(gerr) != errString(werr) {
			t.Errorf("TopLevel(%q) on %q: got %q, %s; want %q, %s", name, data, gv, errString(gerr), wv, errString(werr))
		}
	}
	if werr == nil {
		// The value helpers take only checked values: the members' values.
		_ = oObject(data, func(_ Key, value []byte) error {
			gn, gok := StringArray(value)
			wn, wok := oStringArray(value)
			if gn != wn || gok != wok {
				t.Errorf("StringArray(%q): got %d, %v; want %d, %v", value, gn, gok, wn, wok)
			}
			var ge, we []string
			gok = EachArrayElement(value, func(e []byte) bool { ge = append(ge, string(e)); return true })
			wok = oEachArrayElement(value, func(e []byte) bool { we = append(we, string(e)); return true })
			if gok != wok || fmt.Sprint(ge) != fmt.Sprint(we) {
				t.Errorf("EachArrayElement(%q): got %q, %v; want %q, %v", value, ge, gok, we, wok)
			}
			return nil
		})
	}
}

func compareTraces(t *testing.T, what string, data []byte, got, want trace) {
	t.Helper()
	show := data
	if len(show) > 200 {
		show = append(show[:200:200], "..."...)
	}
	if got.err != want.err {
		t.Errorf("%s on %q: error %s, want %s", what, show, got.err, want.err)
	}
	if got.facts != want.facts {
		t.Errorf("%s on %q: facts %+v, want %+v", what, show, got.facts, want.facts)
	}
	if len(got.members) != len(want.members) {
		t.Errorf("%s on %q: %d members, want %d", what, show, len(got.members), len(want.members))
		return
	}
	for i := range got.members {
		if got.members[i] != want.members[i] {
			t.Errorf("%s on %q: member %d is %s, want %s", what, show, i, got.members[i], want.members[i])
		}
	}
}

// differentialSeeds gathers the inputs to mutate: the seed corpora of
// every fuzz target, JSONTestSuite when present, the benchmark and
// worst-case inputs.
func differentialSeeds(t *testing.T) [][]byte {
	t.Helper()
	var seeds [][]byte
	corpora, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "*", "*"))
	for _, path := range corpora {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n")[1:] {
			i := strings.IndexByte(line, '(')
			if i < 0 || !strings.HasSuffix(line, ")") {
				continue
			}
			if s, err := strconv.Unquote(line[i+1 : len(line)-1]); err == nil {
				seeds = append(seeds, []byte(s))
				seeds = append(seeds, []byte(`{"k":`+s+`}`), []byte(`{`+s+`:1}`), []byte(`{"a":"`+s+`"}`))
			}
		}
	}
	if len(corpora) == 0 {
		t.Fatal("no fuzz seed corpora under testdata/fuzz")
	}
	suite, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "testdata", "jsontestsuite", "test_parsing", "*.json"))
	if len(suite) == 0 {
		t.Log("JSONTestSuite (../shared/testdata/jsontestsuite) absent: its files are skipped")
	}
	for _, path := range suite {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, b, append(append([]byte(`{"k":`), b...), '}'))
	}
	return append(seeds, benchClaims, worstCaseObject(64<<10), wellFormedObject(64<<10))
}

// edgeCases are inputs at the boundaries of the optimised paths: strings
// and names of every length around eight bytes, with each kind of
// special byte at each position, numbers, many names, deep nesting.
func edgeCases() [][]byte {
	var out [][]byte
	specials := []string{`"`, `\\`, `\n`, `\u00e9`, `\ud83d\ude00`, `\ud83d`, `\x`, "\x01", "\x1f", "\x7f", "é", "\xff", "\xc3", "\xe2\x82", "😀", " ", "\t"}
	for n := 0; n <= 20; n++ {
		for _, sp := range specials {
			for pos := 0; pos <= n; pos++ {
				s := strings.Repeat("a", pos) + sp + strings.Repeat("b", n-pos)
				out = append(out,
					[]byte(`{"`+s+`":1}`),
					[]byte(`{"k":"`+s+`"}`),
					[]byte(`{"k":["`+s+`","x"]}`),
					[]byte(`{"k":"`+s), // unterminated
				)
			}
		}
	}
	for _, num := range []string{"0", "-0", "01", "-", "1.", "1.5", "1e", "1e+", "1E-5", "1e309", "-1e309", "123456789012", "1.7976931348623157e308",
		"1" + strings.Repeat("0", 309), "1" + strings.Repeat("0", 300), "0." + strings.Repeat("0", 400) + "1", "1ee", "+1", ".5", "1.e5", "-a"} {
		out = append(out, []byte(`{"n":`+num+`}`), []byte(`{"n":[`+num+`,`+num+`]}`), []byte(`{"n":`+num))
	}
	for _, lit := range []string{"true", "false", "null", "tru", "nul", "falsey", "True", "nulll"} {
		out = append(out, []byte(`{"l":`+lit+`}`), []byte(`{"l":[`+lit+`]}`))
	}
	for _, ws := range []string{" ", "\t", "\n", "\r", "\v", "\f", "\u00a0"} {
		out = append(out, []byte(ws+`{`+ws+`"a"`+ws+`:`+ws+`1`+ws+`,`+ws+`"b"`+ws+`:`+ws+`[`+ws+`]`+ws+`}`+ws))
	}
	// Many names: past the flat list, with duplicates and look-alikes
	// near the end, plain and escaped.
	for _, n := range []int{15, 16, 17, 40, 200} {
		for _, last := range []string{"", `"n3"`, `"N3"`, `"\u006e3"`, `"n3\u0000"`, `"ſ"`, `"S"`, `"K"`, `"\u212a"`} {
			var b strings.Builder
			b.WriteString(`{"s":1,"k":2`)
			for i := range n {
				fmt.Fprintf(&b, `,"n%d":%d`, i, i)
			}
			if last != "" {
				b.WriteString("," + last + ":0")
			}
			b.WriteString("}")
			out = append(out, []byte(b.String()), []byte(`{"o":`+b.String()+`,"p":[`+b.String()+`]}`))
		}
	}
	for _, d := range []int{MaxDepth - 1, MaxDepth, MaxDepth + 1} {
		out = append(out, []byte(`{"a":`+strings.Repeat("[", d-1)+strings.Repeat("]", d-1)+`}`),
			[]byte(strings.Repeat(`{"a":`, d)+"1"+strings.Repeat("}", d)))
	}
	out = append(out, []byte(``), []byte(` `), []byte(`{}`), []byte(`{} `), []byte(`{}x`), []byte(`[]`), []byte(`"s"`), []byte(`1`),
		[]byte(`{"a":1,}`), []byte(`{"a" 1}`), []byte(`{"a":1 "b":2}`), []byte(`{,}`), []byte(`{"a":}`), []byte(`{"a":1}{}`))
	return out
}

// mutate returns a random mutation of data: bytes flipped, inserted,
// deleted or duplicated, with JSON's special bytes favoured.
func mutate(r *rand.Rand, data []byte) []byte {
	out := bytes.Clone(data)
	special := []byte("\"\\{}[]:,0123456789-+.eEtfnu \t\n\x00\x1f\x7f\x80\xbf\xc3\xe2\xed\xf0\xffaAsSkK")
	for range 1 + r.IntN(4) {
		if len(out) == 0 {
			out = append(out, special[r.IntN(len(special))])
			continue
		}
		i := r.IntN(len(out))
		c := special[r.IntN(len(special))]
		if r.IntN(3) == 0 {
			c = byte(r.IntN(256))
		}
		switch r.IntN(4) {
		case 0:
			out[i] = c
		case 1:
			out = append(out[:i], append([]byte{c}, out[i:]...)...)
		case 2:
			out = append(out[:i], out[i+1:]...)
		default:
			j := i + r.IntN(min(16, len(out)-i))
			out = append(out[:j], append(bytes.Clone(out[i:j]), out[j:]...)...)
		}
	}
	return out
}

// TestDifferential_OptimisedPassMatchesTheOracleOnCorporaAndMutations runs
// the edge cases, every seed and mutations of each through both passes.
func TestDifferential_OptimisedPassMatchesTheOracleOnCorporaAndMutations(t *testing.T) {
	t.Parallel()
	for _, data := range edgeCases() {
		diffOne(t, data)
	}
	seeds := differentialSeeds(t)
	r := rand.New(rand.NewPCG(26, 3))
	mutations := 12
	if testing.Short() {
		mutations = 3
	}
	for _, seed := range seeds {
		diffOne(t, seed)
		if len(seed) > 4096 {
			continue
		}
		for range mutations {
			diffOne(t, mutate(r, seed))
		}
		if t.Failed() {
			return
		}
	}
}

// FuzzDifferential compares the optimised pass with the oracle on any
// input.
func FuzzDifferential(f *testing.F) {
	for _, seed := range [][]byte{benchClaims, []byte(`{"a":"\u00e9","A":1}`), []byte(`{"k":[1,2.5e3,"x\n"]}`)} {
		f.Add(seed)
	}
	for _, seed := range edgeCases()[:200] {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) { diffOne(t, data) })
}
