package scripts_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The fixture repository test-all.sh runs in: a root module with a passing,
// a failing, a build-failing, a test-less and a skipping package (skips
// worded as the Wycheproof and JSONTestSuite tests word theirs), and a
// side module, joined by a go.work that only a test leaving GOWORK alone
// reads.
var fixture = map[string]string{
	"go.mod":      "module example.com/fix\n\ngo 1.26\n",
	"side/go.mod": "module example.com/fix/side\n\ngo 1.26\n",
	"go.work":     "go 1.26\n\nuse (\n\t.\n\t./side\n)\n", // read only where GOWORK is not off
	"pass/p_test.go": `package pass
import "testing"
func TestOK(t *testing.T) { t.Log("a passing test's log") }
func TestShort(t *testing.T) { if testing.Short() { t.Skip("slow: not with -short") } }
`,
	"skipdata/s_test.go": `package skipdata
import "testing"
func TestWycheproofES256(t *testing.T) { t.Skip("Wycheproof vectors not found at ../shared/testdata/wycheproof (the shared test data folder is absent)") }
func TestVectors(t *testing.T) {
	for _, n := range []string{"a", "b"} {
		t.Run(n, func(t *testing.T) { t.Skipf("Wycheproof ML-DSA vectors not found (%s is absent); skipping", n) })
	}
}
func TestJSON(t *testing.T) { t.Skip("no ../shared/testdata/jsontestsuite/test_parsing next to the repository") }
`,
	"fail/f_test.go": `package fail
import "testing"
func TestFail(t *testing.T) {
	t.Run("sub1", func(t *testing.T) { t.Error("sub1 broke <&>\nsecond line") })
	t.Run("sub2", func(t *testing.T) { t.Skip("sub skip") })
}
func TestOK(t *testing.T) {}
`,
	"build/b_test.go": "package build\nimport \"testing\"\nfunc TestB(t *testing.T) { undefined() }\n",
	"notests/n.go":    "package notests\n",
	"side/s/s_test.go": `package s
import "testing"
func TestSide(t *testing.T) { t.Log("a passing side test's log") }
func TestRace(t *testing.T) { t.Skip("allocation counts are not exact under the race detector") }
`,
}

// lastLine is the format CI reads.
var lastLine = regexp.MustCompile(`^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$`)

// newFixture writes the fixture and test-all.sh into a fresh git
// repository (the script finds modules with git ls-files).
func newFixture(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs test-all.sh, which runs the go command (-short)")
	}
	for _, tool := range []string{"bash", "git", "awk"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("test-all.sh needs %s: %v", tool, err)
		}
	}
	dir := filepath.Join(t.TempDir(), "repo")
	script, err := os.ReadFile("test-all.sh")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"scripts/test-all.sh": string(script)}
	for name, body := range fixture {
		files[name] = body
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := exec.Command("git", "init", "-q")
	git.Dir = dir
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	return dir
}

// testAll runs the fixture's test-all.sh without the race detector (no C
// compiler needed), one module at a time, with env added.
func testAll(t *testing.T, dir string, env []string, args ...string) (out string, ok bool) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{"scripts/test-all.sh"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"NO_RACE=1", "JOBS=1", "GOWORK=off", "GOFLAGS="}, env...)...)
	var b bytes.Buffer
	cmd.Stdout, cmd.Stderr = &b, &b
	err := cmd.Run()
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatal(err)
	}
	return b.String(), err == nil
}

func last(out string) string {
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestTestAll_LastLineCountsPackagesAndSkippedTests_SuitesNamed: the last
// line is "N passed, N failed, N skipped" (test packages passed and failed,
// tests and subtests skipped); before it, each data-dependent suite whose
// folder is absent is named once with its count, and every other skipped
// test with its message. The stream reads as plain go test's: "ok" per
// passing package, the failing tests' messages, no -json and no -v
// framing.
func TestTestAll_LastLineCountsPackagesAndSkippedTests_SuitesNamed(t *testing.T) {
	t.Parallel() // a fixture repository of its own
	dir := newFixture(t)
	out, ok := testAll(t, dir, nil)
	if ok {
		t.Errorf("exit 0 with failing packages:\n%s", out)
	}
	if got := last(out); !lastLine.MatchString(got) || got != "3 passed, 2 failed, 6 skipped" {
		t.Errorf("last line %q, want \"3 passed, 2 failed, 6 skipped\":\n%s", got, out)
	}
	for _, want := range []string{
		"skipped: Wycheproof (../shared/testdata/wycheproof absent): 3 tests\n",
		"skipped: JSONTestSuite (../shared/testdata/jsontestsuite absent): 1 test\n",
		"skipped: fail TestFail/sub2: f_test.go:5: sub skip\n",
		"skipped: side/s TestRace: s_test.go:4: allocation counts are not exact under the race detector\n",
		"ok  \texample.com/fix/pass\t",
		"--- FAIL: TestFail (",
		"    --- FAIL: TestFail/sub1 (",
		"        f_test.go:4: sub1 broke <&>\n            second line\n",
		"FAIL\texample.com/fix/build [build failed]",
		"undefined: undefined",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not say %q:\n%s", want, out)
		}
	}
	for _, unwanted := range []string{"=== RUN", "--- PASS", "--- SKIP", `{"`, "a passing test's log"} {
		if strings.Contains(out, unwanted) {
			t.Errorf("output shows %q:\n%s", unwanted, out)
		}
	}
}

// TestTestAll_ModulesSelectsModules_VerboseShowsEverything: MODULES runs
// only the modules it names (a name that is no module fails the run at
// once); -v among the arguments shows every test's lines; a run with only
// passing packages exits 0 and still counts its skips.
func TestTestAll_ModulesSelectsModules_VerboseShowsEverything(t *testing.T) {
	t.Parallel() // a fixture repository of its own
	dir := newFixture(t)
	out, ok := testAll(t, dir, []string{"MODULES=side"})
	if !ok || last(out) != "1 passed, 0 failed, 1 skipped" || strings.Contains(out, "example.com/fix/pass") {
		t.Errorf("MODULES=side: exit ok %v:\n%s", ok, out)
	}
	out, ok = testAll(t, dir, []string{"MODULES=nowhere"})
	if ok || last(out) != "0 passed, 1 failed, 0 skipped" || !strings.Contains(out, `"nowhere"`) {
		t.Errorf("MODULES=nowhere: exit ok %v:\n%s", ok, out)
	}
	out, ok = testAll(t, dir, []string{"MODULES=side"}, "-count=1", "-v")
	for _, want := range []string{"=== RUN   TestSide", "a passing side test's log", "--- SKIP: TestRace", "skipped: side/s TestRace: s_test.go:4: allocation"} {
		if !ok || !strings.Contains(out, want) {
			t.Errorf("-v: exit ok %v, output does not say %q:\n%s", ok, want, out)
		}
	}
	if got := last(out); got != "1 passed, 0 failed, 1 skipped" {
		t.Errorf("-v: last line %q:\n%s", got, out)
	}
}

// TestTestAll_TwoAtATime_DependenciesBuiltOnceFirst: with two modules
// tested at once (JOBS=2) the script first builds every module's
// dependencies in one go (in the workspace) or one module after another
// (GOWORK=off), then reports exactly what a one-at-a-time run reports.
func TestTestAll_TwoAtATime_DependenciesBuiltOnceFirst(t *testing.T) {
	t.Parallel() // a fixture repository of its own
	dir := newFixture(t)
	for _, gowork := range []string{"GOWORK=", "GOWORK=off"} {
		out, ok := testAll(t, dir, []string{"JOBS=2", gowork})
		if ok || last(out) != "3 passed, 2 failed, 6 skipped" {
			t.Errorf("%s JOBS=2: exit ok %v, last line %q, want 3 passed, 2 failed, 6 skipped:\n%s", gowork, ok, last(out), out)
		}
		warm, first := strings.Index(out, "=== building the modules' dependencies once\n"), strings.Index(out, "=== module ")
		if warm < 0 || first < warm || !strings.Contains(out, "=== dependencies built in ") {
			t.Errorf("%s JOBS=2: the dependencies are not built before the first module:\n%s", gowork, out)
		}
		for _, want := range []string{"[side] ok  \texample.com/fix/side/s\t", "[.] ok  \texample.com/fix/pass\t", "FAIL\texample.com/fix/build [build failed]"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s JOBS=2: output does not say %q:\n%s", gowork, want, out)
			}
		}
	}
}
