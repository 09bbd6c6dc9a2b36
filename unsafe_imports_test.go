package jwt_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestUnsafeOnlyInBytesview: the root module imports "unsafe" only in
// internal/bytesview, for read-only string/byte views (unsafe.String,
// unsafe.StringData, unsafe.Slice); nothing leans on runtime layout. Side
// modules (folders with their own go.mod) are not part of this module.
func TestUnsafeOnlyInBytesview(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (d.Name() == "testdata" || isFile(filepath.Join(path, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if filepath.Ext(path) != ".go" || filepath.Dir(path) == filepath.Join("internal", "bytesview") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "unsafe" {
				t.Errorf("%s imports unsafe; only internal/bytesview may", path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}
