package pemkey_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/pemkey"
)

// exportedDecls parses the package's non-test sources and returns each
// exported top-level name with its doc comment (a spec's own, else its
// group's).
func exportedDecls(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name.IsExported() && d.Recv == nil {
					docs[d.Name.Name] = d.Doc.Text()
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					doc := d.Doc
					var names []*ast.Ident
					switch s := spec.(type) {
					case *ast.ValueSpec:
						names = s.Names
						if s.Doc != nil {
							doc = s.Doc
						}
					case *ast.TypeSpec:
						names = []*ast.Ident{s.Name}
						if s.Doc != nil {
							doc = s.Doc
						}
					}
					for _, id := range names {
						if id.IsExported() {
							docs[id.Name] = doc.Text()
						}
					}
				}
			}
		}
	}
	return docs
}

// TestEveryExportedNameCitesItsStandard: each exported name has a doc
// comment that starts with the name and cites the RFC it follows.
func TestEveryExportedNameCitesItsStandard(t *testing.T) {
	docs := exportedDecls(t)
	if len(docs) == 0 {
		t.Fatal("no exported names found")
	}
	for name, doc := range docs {
		switch {
		case !strings.HasPrefix(doc, name+" "):
			t.Errorf("%s: the doc comment does not start with the name: %q", name, doc)
		case !strings.Contains(doc, "RFC "):
			t.Errorf("%s: the doc comment cites no RFC", name)
		}
	}
}

// TestEveryErrorIsASentinelOfTheRoot: every exported Err* variable is one
// of the sentinels the tests know, and matches jwt.ErrInvalidKey: an error
// from this package is checked like the library's other key errors.
func TestEveryErrorIsASentinelOfTheRoot(t *testing.T) {
	known := map[string]error{
		"ErrInvalidPEM":     pemkey.ErrInvalidPEM,
		"ErrUnsupportedKey": pemkey.ErrUnsupportedKey,
		"ErrWrongKeyType":   pemkey.ErrWrongKeyType,
	}
	for name := range exportedDecls(t) {
		if !strings.HasPrefix(name, "Err") {
			continue
		}
		err, ok := known[name]
		if !ok {
			t.Errorf("%s is not in this test's list: add it, and to TestSentinelsAreDistinct", name)
			continue
		}
		if !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("%s does not match jwt.ErrInvalidKey", name)
		}
	}
}
