package jsoniterext

import (
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestImportsNoInternalPackageOfTheRoot: this module is versioned apart
// from the root, and a root release may change its internal packages at
// will, so jsoniterext uses only the root's public API.
func TestImportsNoInternalPackageOfTheRoot(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); strings.HasPrefix(p, "github.com/jotlib/jwt/internal/") {
				t.Errorf("%s imports %s: use the root's public API only", name, p)
			}
		}
	}
}
