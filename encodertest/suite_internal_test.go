package encodertest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSuiteIsEmbedded: the kit carries the whole JSONTestSuite parsing
// corpus (95 y_, 188 n_, 35 i_ files) and finds it from any working
// directory, an empty one included: it never looks outside itself.
func TestSuiteIsEmbedded(t *testing.T) {
	t.Chdir(t.TempDir())
	files, err := loadSuite()
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, f := range files {
		count[f.name[:2]]++
	}
	if len(files) != 318 || count["y_"] != 95 || count["n_"] != 188 || count["i_"] != 35 {
		t.Errorf("embedded suite: %d files, %v; want 318: 95 y_, 188 n_, 35 i_", len(files), count)
	}
}

// upstreamCopy finds the repository's upstream snapshot of the corpus,
// ../shared/testdata/jsontestsuite/test_parsing next to the repository
// root, walking up from the working directory; "" when there is none.
func upstreamCopy() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		parent := filepath.Dir(dir)
		d := filepath.Join(parent, "shared", "testdata", "jsontestsuite", "test_parsing")
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d
		}
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// TestEmbeddedSuiteMatchesUpstreamCopy: every embedded or generated file is
// byte for byte the upstream snapshot's, and none is missing. It needs
// that snapshot (../shared/testdata next to the repository) and skips
// without it.
func TestEmbeddedSuiteMatchesUpstreamCopy(t *testing.T) {
	dir := upstreamCopy()
	if dir == "" {
		t.Skip("no ../shared/testdata/jsontestsuite/test_parsing next to the repository: the embedded copy is not compared with upstream's")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files, err := loadSuite()
	if err != nil {
		t.Fatal(err)
	}
	embedded := map[string][]byte{}
	for _, f := range files {
		embedded[f.name] = f.data
	}
	n := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		n++
		want, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := embedded[e.Name()]; !ok {
			t.Errorf("%s: not embedded", e.Name())
		} else if !bytes.Equal(got, want) {
			t.Errorf("%s: embedded copy differs from %s", e.Name(), dir)
		}
	}
	if n != len(files) {
		t.Errorf("upstream has %d files, the kit %d", n, len(files))
	}
}

// TestDepthOf: brackets inside strings do not count.
func TestDepthOf(t *testing.T) {
	for in, want := range map[string]int{`1`: 0, `[]`: 1, `{"a":[[]]}`: 3, `["[[[\"["]`: 1, `{"\\":[1]}`: 2} {
		if got := depthOf([]byte(in)); got != want {
			t.Errorf("depthOf(%s) = %d, want %d", in, got, want)
		}
	}
}
