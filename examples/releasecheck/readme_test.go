package releasecheck

import (
	"bytes"
	"path"
	"path/filepath"
	"testing"
)

// TestReadmeGoBlocksAreTestedFiles checks that each ```go block of the
// README is byte for byte the file its marker names, that the file is a
// program under examples/ (or another file of one, whose main.go documents
// it) whose package has a test running it, and that both quick starts
// (default codec and jsoniterext) are there.
func TestReadmeGoBlocksAreTestedFiles(t *testing.T) {
	root := repoRoot(t)
	blocks, err := GoBlocks(readFile(t, root, "README.md"))
	if err != nil {
		t.Fatalf("README.md: %v", err)
	}
	seen := map[string]bool{}
	for _, b := range blocks {
		seen[b.File] = true
		want := readFile(t, root, b.File)
		if !bytes.Equal(b.Code, want) {
			t.Errorf("README.md:%d: the block differs from %s; copy the file into the README", b.Line, b.File)
		}
		if !documentedMain(t, root, b) {
			t.Errorf("README.md:%d: %s is not a documented package main", b.Line, b.File)
		}
		if tests, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(path.Dir(b.File)), "*_test.go")); len(tests) == 0 {
			t.Errorf("README.md:%d: no test in %s runs %s", b.Line, path.Dir(b.File), b.File)
		}
	}
	for _, f := range quickStarts {
		if !seen[f] {
			t.Errorf("README.md has no block for %s", f)
		}
	}
}

// documentedMain reports whether b is a file of a package main documented
// with "// Command ...": b itself, or another file of the package (a
// README section showing one part of a program, examples/dpop's) whose
// main.go holds that comment.
func documentedMain(t *testing.T, root string, b Block) bool {
	t.Helper()
	if bytes.HasPrefix(b.Code, []byte("// Command ")) && bytes.Contains(b.Code, []byte("\npackage main\n")) {
		return true
	}
	if !bytes.HasPrefix(b.Code, []byte("package main\n")) || path.Base(b.File) == "main.go" {
		return false
	}
	m := readFile(t, root, path.Join(path.Dir(b.File), "main.go"))
	return bytes.HasPrefix(m, []byte("// Command ")) && bytes.Contains(m, []byte("\npackage main\n"))
}

// quickStarts are the README's two programs: the default codec, and the
// same with jsoniterext.
var quickStarts = []string{"examples/quickstart/main.go", "examples/quickstart-jsoniter/main.go"}
