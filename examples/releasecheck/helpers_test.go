package releasecheck

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// run runs name with args in dir with env added to (and overriding) the
// test's environment, and returns its standard output; it fails the test
// with both outputs when the command fails.
func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s (in %s): %v\n%s%s", name, strings.Join(args, " "), dir, err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// repoRoot is the top of the git work tree holding this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	return strings.TrimSpace(run(t, ".", nil, "git", "rev-parse", "--show-toplevel"))
}

// trackedFiles lists the files under root matching the pathspecs (all when
// none), slash-separated: those git tracks and the untracked ones it does
// not ignore, as scripts/test-all.sh finds modules.
func trackedFiles(t *testing.T, root string, pathspecs ...string) []string {
	t.Helper()
	out := run(t, root, nil, "git", append([]string{"ls-files", "-z", "--cached", "--others", "--exclude-standard", "--"}, pathspecs...)...)
	return strings.FieldsFunc(out, func(r rune) bool { return r == 0 })
}

// readFile reads the slash-separated path rel under root.
func readFile(t *testing.T, root, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}
