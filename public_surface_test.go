package jwt_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// publicPackages are the root module's importable packages outside
// internal/: what an outside caller can use.
var publicPackages = []string{".", "claims", "jwk", "encodertest", "pemkey", "accesstoken", "idtoken", "jwthttp", "dpop", "replay", "jwttest", "claimsources", "userinfo", "logout", "sdjwt", "sdjwt/vc"}

// TestPublicSurfaceNamesNoInternalType: every exported name can be used by
// an outside caller. No exported function or method of a public package
// takes or returns a type from an internal/ package, and no exported type
// has an exported field, an embedded field or an interface method that
// mentions one: a caller could not name such a type. An exported variable
// declares its type when its value comes from an internal package
// (ErrX error = sentinel.X): go doc would show the internal type. The sources are read
// with go/parser, every file whatever its build tags, tests excluded.
func TestPublicSurfaceNamesNoInternalType(t *testing.T) {
	for _, dir := range publicPackages {
		for _, leak := range internalTypesInSurface(t, dir) {
			t.Errorf("%s: %s", dir, leak)
		}
	}
}

// removedBeforeV1 lists, per public package, exported names removed before
// v1 because nothing outside their package used them (issue 22 item 7):
// test-only or dead. Exporting one again is an API decision: take it out
// of this list on purpose.
var removedBeforeV1 = map[string][]string{
	// A process-wide codec any imported package could switch; WithEncoder
	// on each Signer and Verifier is the one way.
	".": {"SetDefaultEncoder", "DefaultEncoder"},
	// Audience.MarshalJSON's helper, which no codec called.
	"claims": {"AppendAudience"},
	// The kit's own helpers and probe types: Run, Check, Report (its
	// fields, Failures, ParseVerdictChanges), Result, Status and WriteTable
	// are the kit.
	"encodertest": {
		"AccessClaims", "Audit", "Wide", "SummaryHeader", "WithoutChildProcesses",
		"Report.Count", "Report.Panics", "Report.RegisteredChanges", "Report.Summary",
		"Report.VerdictChanges", "Report.WriteDetails",
	},
}

// TestPublicSurfaceRemovedNamesStayRemoved: no name of removedBeforeV1 is
// exported again (a type, function, variable, constant, or a method as
// Type.Method).
func TestPublicSurfaceRemovedNamesStayRemoved(t *testing.T) {
	for dir, names := range removedBeforeV1 {
		exported := exportedNames(t, dir)
		for _, name := range names {
			if exported[name] {
				t.Errorf("%s: %s is exported again; if on purpose, take it out of removedBeforeV1", dir, name)
			}
		}
	}
}

// exportedNames returns the exported top-level names of the package in
// dir, its methods of exported types as Type.Method.
func exportedNames(t *testing.T, dir string) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	for _, f := range packageSources(t, dir) {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				switch {
				case !d.Name.IsExported():
				case d.Recv == nil:
					names[d.Name.Name] = true
				case ast.IsExported(receiverName(d.Recv)):
					names[receiverName(d.Recv)+"."+d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						names[spec.Name.Name] = spec.Name.IsExported()
					case *ast.ValueSpec:
						for _, id := range spec.Names {
							names[id.Name] = id.IsExported()
						}
					}
				}
			}
		}
	}
	return names
}

// TestPublicSurfaceGuardSeesALeak: the guard reports an exported variable,
// signature, field and interface method that mention an internal type, and
// passes what only unexported names or public types mention.
func TestPublicSurfaceGuardSeesALeak(t *testing.T) {
	const src = `package p

import (
	"io"
	sj "example.com/m/internal/strictjson"
	"example.com/m/internal/sentinel"
)

type Extracted struct{ Raw []byte }
func (e *Extracted) Member(key sj.Key, value []byte) error { return nil }
func Build() (*sentinel.Child, error) { return nil, nil }
type Rules struct {
	Keys  map[string][]sj.Key
	inner sj.Key
	sentinel.Child
}
type Walker interface{ Walk(func(sj.Key) bool) }
type Fine struct{ R io.Reader; hidden sj.Key }
func (f Fine) Read(p []byte) (int, error) { return 0, nil }
func (f Fine) hidden2(k sj.Key) {}
func helper(k sj.Key) {}
type private struct{}
func (private) Exported(k sj.Key) {}
var ErrX = sentinel.New("x", nil)
var ErrY error = sentinel.New("y")
var errZ = sentinel.New("z")
var V sj.Key
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := internalTypesInFile(f)
	want := []string{
		"Build mentions sentinel.Child",
		"ErrX mentions sentinel.New",
		"Extracted.Member mentions sj.Key",
		"Rules.Child mentions sentinel.Child",
		"Rules.Keys mentions sj.Key",
		"V mentions sj.Key",
		"Walker.Walk mentions sj.Key",
	}
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// internalTypesInSurface parses the non-test sources of dir and lists the
// exported names whose declarations mention an internal/ package's type.
func internalTypesInSurface(t *testing.T, dir string) []string {
	t.Helper()
	var leaks []string
	for _, f := range packageSources(t, dir) {
		leaks = append(leaks, internalTypesInFile(f)...)
	}
	return leaks
}

// internalTypesInFile lists, for one file, each exported function, method
// (of an exported type), struct field, interface method and variable whose
// type mentions an identifier imported from an internal/ package.
func internalTypesInFile(f *ast.File) []string {
	internal := map[string]bool{} // local names of internal imports
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || !isInternalPath(p) {
			continue
		}
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		internal[name] = true
	}
	if len(internal) == 0 {
		return nil
	}
	var leaks []string
	report := func(what string, n ast.Node) {
		if sel := mentionedInternal(n, internal); sel != "" {
			leaks = append(leaks, what+" mentions "+sel)
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			name := d.Name.Name
			if d.Recv != nil {
				recv := receiverName(d.Recv)
				if !ast.IsExported(recv) {
					continue
				}
				name = recv + "." + name
			}
			report(name, d.Type)
		case *ast.GenDecl:
			if d.Tok == token.VAR {
				eachExportedVar(d, report)
				continue
			}
			if d.Tok != token.TYPE {
				continue
			}
			for _, spec := range d.Specs {
				ts := spec.(*ast.TypeSpec)
				if !ts.Name.IsExported() {
					continue
				}
				switch typ := ts.Type.(type) {
				case *ast.StructType:
					eachExportedMember(typ.Fields, func(name string, n ast.Node) { report(ts.Name.Name+"."+name, n) })
				case *ast.InterfaceType:
					eachExportedMember(typ.Methods, func(name string, n ast.Node) { report(ts.Name.Name+"."+name, n) })
				default: // a named func, map or slice type, or an alias
					report(ts.Name.Name, ts.Type)
				}
			}
		}
	}
	return leaks
}

// eachExportedVar calls fn for each exported variable of d with what
// fixes its type: the declared type, or the value when none is declared
// (var ErrX = sentinel.X has sentinel.X's type, which go doc shows).
func eachExportedVar(d *ast.GenDecl, fn func(name string, n ast.Node)) {
	for _, spec := range d.Specs {
		vs := spec.(*ast.ValueSpec)
		for i, id := range vs.Names {
			switch {
			case !id.IsExported():
			case vs.Type != nil:
				fn(id.Name, vs.Type)
			case i < len(vs.Values):
				fn(id.Name, vs.Values[i])
			}
		}
	}
}

// eachExportedMember calls fn for each exported field or method of list,
// embedded ones named by their type.
func eachExportedMember(list *ast.FieldList, fn func(name string, n ast.Node)) {
	for _, field := range list.List {
		if len(field.Names) == 0 {
			if name := embeddedName(field.Type); ast.IsExported(name) {
				fn(name, field.Type)
			}
			continue
		}
		for _, id := range field.Names {
			if id.IsExported() {
				fn(id.Name, field.Type)
			}
		}
	}
}

// mentionedInternal returns the first pkg.Name in n whose pkg is an
// internal import, or "".
func mentionedInternal(n ast.Node, internal map[string]bool) string {
	found := ""
	ast.Inspect(n, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && found == "" {
			if id, ok := sel.X.(*ast.Ident); ok && internal[id.Name] {
				found = id.Name + "." + sel.Sel.Name
			}
		}
		return found == ""
	})
	return found
}

func isInternalPath(p string) bool {
	return strings.HasPrefix(p, "internal/") || strings.Contains(p, "/internal/") || strings.HasSuffix(p, "/internal")
}

// receiverName is the type name of a method's receiver: T for T, *T, T[P].
func receiverName(recv *ast.FieldList) string {
	if len(recv.List) == 0 {
		return ""
	}
	return embeddedName(recv.List[0].Type)
}

// embeddedName is the type name of an embedded field or receiver.
func embeddedName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.SelectorExpr:
			return x.Sel.Name
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
