package releasecheck

import (
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// released are the modules the first release tags, in tag order.
var released = []Module{
	{Path: "github.com/jotlib/jwt", Dir: ""},
	{Path: "github.com/jotlib/jwt/jsoniterext", Dir: "jsoniterext"},
}

// TestOutsideUserGetsRelease plays the first release end to end. It clones
// the repository's HEAD (commit first: uncommitted changes are not in the
// clone), tags the clone v1.0.0 and jsoniterext/v1.0.0 (never the real
// repository), and publishes both modules at those tags to a file-based
// module proxy. Then, in an empty module outside the repository, with a
// module cache of its own, it goes get both at v1.0.0 and builds, vets and
// runs the README's two quick-start programs, taken from the tagged README.
// Nothing resolves to the working tree: there is no go.work and no replace.
//
// The checksum database is skipped for github.com/jotlib/jwt only
// (GONOSUMDB; not GOPRIVATE, which would bypass the proxy). json-iterator
// and its requirements come from the local module cache when it has them,
// else from the usual GOPROXY. It also checks that jsoniterext's go.mod is
// tidy against the release, and its go.sum too but for the lines of
// github.com/jotlib/jwt, whose hash exists only once v1.0.0 is published.
func TestOutsideUserGetsRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module proxy and runs the go command (-short)")
	}
	start := time.Now()
	goCmd, env := outsideGo(t)

	clone := filepath.Join(t.TempDir(), "repo")
	run(t, ".", nil, "git", "clone", "--quiet", repoRoot(t), clone)
	if out := run(t, repoRoot(t), nil, "git", "status", "--porcelain", "--untracked-files=no"); out != "" {
		t.Logf("uncommitted changes are not part of this check:\n%s", out)
	}
	proxy := t.TempDir()
	files := trackedFiles(t, clone)
	for _, m := range released {
		tag := path.Join(m.Dir, Version)
		run(t, clone, nil, "git", "tag", tag)
		when, err := time.Parse(time.RFC3339, strings.TrimSpace(run(t, clone, nil, "git", "log", "-1", "--format=%cI", tag)))
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteModule(proxy, clone, files, m, Version, when); err != nil {
			t.Fatalf("publishing %s: %v", m.Path, err)
		}
	}
	env = append(env, "GOPROXY="+fileURL(proxy)+","+fileURL(filepath.Join(goEnv(t, "GOMODCACHE"), "cache", "download"))+","+goEnv(t, "GOPROXY"))

	blocks, err := GoBlocks(readFile(t, clone, "README.md"))
	if err != nil {
		t.Fatalf("README.md at %s: %v", Version, err)
	}
	user := t.TempDir()
	writeFile(t, user, "go.mod", "module example.com/outside\n\ngo "+GoDirective+"\n")
	var programs []string
	for _, b := range blocks {
		if path.Base(b.File) != "main.go" {
			continue // a part of a program (examples/dpop): not complete alone; TestReadmeGoBlocksAreTestedFiles ties it to its tested file
		}
		dir := path.Base(path.Dir(b.File))
		writeFile(t, user, path.Join(dir, "main.go"), string(b.Code))
		programs = append(programs, "./"+dir)
	}
	if len(programs) < len(quickStarts) {
		t.Fatalf("README.md has %d Go blocks, want at least %d", len(programs), len(quickStarts))
	}
	get := []string{"get"}
	for _, m := range released {
		get = append(get, m.Path+"@"+Version)
	}
	run(t, user, env, goCmd, get...)
	for _, m := range released {
		if dir := strings.TrimSpace(run(t, user, env, goCmd, "list", "-m", "-f", "{{.Version}} {{.Dir}}", m.Path)); !strings.HasPrefix(dir, Version+" ") || strings.Contains(dir, clone) {
			t.Errorf("%s resolves to %q, want %s from the module cache", m.Path, dir, Version)
		}
	}
	build := outsideBuildFlags()
	if g := os.Getenv("GORACE"); raceEnabled && !strings.Contains(g, "atexit_sleep_ms") {
		env = append(env, "GORACE="+strings.TrimSpace(g+" atexit_sleep_ms=0")) // no second's sleep at each program's exit
	}
	run(t, user, env, goCmd, append(append([]string{"vet"}, build...), "./...")...)
	for _, p := range programs {
		out := run(t, user, env, goCmd, append(append([]string{"run"}, build...), p)...)
		if !strings.Contains(out, "verified") {
			t.Errorf("go run %s printed %q", p, out)
		}
		t.Logf("go run %s:\n%s", p, out)
	}

	sumBefore := string(readFile(t, clone, "jsoniterext/go.sum"))
	modBefore := string(readFile(t, clone, "jsoniterext/go.mod"))
	run(t, filepath.Join(clone, "jsoniterext"), env, goCmd, "mod", "tidy")
	if got := string(readFile(t, clone, "jsoniterext/go.mod")); got != modBefore {
		t.Errorf("jsoniterext/go.mod is not tidy; go mod tidy makes it:\n%s", got)
	}
	if got := withoutOwnSums(string(readFile(t, clone, "jsoniterext/go.sum"))); got != withoutOwnSums(sumBefore) {
		t.Errorf("jsoniterext/go.sum is not tidy; go mod tidy makes it (without github.com/jotlib/jwt):\n%s", got)
	}
	t.Logf("%s in %v", goEnv(t, "GOVERSION"), time.Since(start).Round(time.Second))
}

// outsideGo returns the go command of the toolchain running this test and
// the environment of an outside user: no workspace, no toolchain switch, a
// fresh module cache (the fake v1.0.0 must never reach the real one).
func outsideGo(t *testing.T) (string, []string) {
	t.Helper()
	goCmd := filepath.Join(goEnv(t, "GOROOT"), "bin", "go")
	return goCmd, []string{
		"GOWORK=off",
		"GOTOOLCHAIN=local",
		"GOFLAGS=-modcacherw",
		"GOMODCACHE=" + t.TempDir(),
		"GONOSUMDB=github.com/jotlib/jwt",
		"GOPRIVATE=",
		"GONOPROXY=",
		"GOINSECURE=",
	}
}

// outsideBuildFlags are the build flags of the outside user's go vet and go
// run: -race when this test runs under the race detector, so that they
// compile the standard library as the test binaries did (on a cold build
// cache they would otherwise build it a second time, without -race), and
// none otherwise.
func outsideBuildFlags() []string {
	if raceEnabled {
		return []string{"-race"}
	}
	return nil
}

// goEnv is `go env key` of the toolchain running the tests.
func goEnv(t *testing.T, key string) string {
	t.Helper()
	return strings.TrimSpace(run(t, ".", nil, "go", "env", key))
}

// fileURL is the file:// URL of a local directory.
func fileURL(dir string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
}

// writeFile writes content to the slash-separated path rel under dir.
func writeFile(t *testing.T, dir, rel, content string) {
	t.Helper()
	name := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
}

// withoutOwnSums drops the go.sum lines of this repository's modules.
func withoutOwnSums(sum string) string {
	var keep []string
	for _, line := range strings.SplitAfter(sum, "\n") {
		if !strings.HasPrefix(line, "github.com/jotlib/jwt ") && !strings.HasPrefix(line, "github.com/jotlib/jwt/") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "")
}
