package jwt_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// parsedSources holds packageSources' result per dir: four tests read the
// same packages' sources, which are parsed once per test binary (the
// callers only read the trees).
var parsedSources sync.Map // dir -> []*ast.File

// packageSources parses the non-test Go files of the package in dir, for
// the tests that check the sources themselves.
func packageSources(t *testing.T, dir string) []*ast.File {
	t.Helper()
	if files, ok := parsedSources.Load(dir); ok {
		return files.([]*ast.File)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatalf("%s: no Go package", dir)
	}
	parsedSources.Store(dir, files)
	return files
}
