package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// esFiles are the files "jwt keygen -alg ES256 -out es" writes, with the
// modes they get.
var esFiles = map[string]fs.FileMode{"es.pem": 0o600, "es.pub.pem": 0o644, "es.jwk": 0o600, "es.pub.jwk": 0o644}

// dirNames lists dir's entries, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// wantDir fails unless dir holds exactly names: no temporary file left.
func wantDir(t *testing.T, dir string, names ...string) {
	t.Helper()
	slices.Sort(names)
	if got := dirNames(t, dir); !slices.Equal(got, names) {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}

// symlinkOrSkip makes link point to target, or skips the test where
// symbolic links cannot be made (Windows without the privilege).
func symlinkOrSkip(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("cannot make a symlink: %v", err)
	}
}

// wantUnchanged fails unless the file at path still has data and mode.
func wantUnchanged(t *testing.T, path, data string, mode fs.FileMode) {
	t.Helper()
	st, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != data || st.Mode() != mode {
		t.Errorf("%s: now %v %q, want %v %q", path, st.Mode(), got, mode, data)
	}
}

// keygenES256 runs "jwt keygen -alg ES256 -out dir/es", with -force when
// force.
func keygenES256(t *testing.T, dir string, force bool) (code int, stderr string) {
	t.Helper()
	args := []string{"keygen", "-alg", "ES256", "-out", filepath.Join(dir, "es")}
	if force {
		args = append(args, "-force")
	}
	code, _, stderr = runCLI(t, "", args...)
	return code, stderr
}

// TestKeygenNeverWritesThroughASymlink: a symbolic link at an output path,
// to a file outside or dangling, is refused with and without -force; its
// target keeps its contents and mode, no key file is written and no
// temporary file is left.
func TestKeygenNeverWritesThroughASymlink(t *testing.T) {
	for _, force := range []bool{false, true} {
		t.Run(map[bool]string{false: "without -force", true: "with -force"}[force], func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			target := filepath.Join(outside, "authorized_keys")
			if err := os.WriteFile(target, []byte("precious\n"), 0o640); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(target, 0o640); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(dir, "es.pub.jwk")
			symlinkOrSkip(t, target, link)
			code, stderr := keygenES256(t, dir, force)
			if code != exitFailure || !strings.Contains(stderr, link+" is a symbolic link") {
				t.Errorf("exit %d, stderr:\n%s", code, stderr)
			}
			wantUnchanged(t, target, "precious\n", 0o640)
			if got, err := os.Readlink(link); err != nil || got != target {
				t.Errorf("link now %q (%v), want %q", got, err, target)
			}
			wantDir(t, dir, "es.pub.jwk")
			wantDir(t, outside, "authorized_keys")
		})
	}
}

// TestKeygenRefusesADanglingSymlink: a link to a missing file is still in
// the way, with and without -force, and its target is not created.
func TestKeygenRefusesADanglingSymlink(t *testing.T) {
	for _, force := range []bool{false, true} {
		dir, outside := t.TempDir(), t.TempDir()
		target := filepath.Join(outside, "planted")
		symlinkOrSkip(t, target, filepath.Join(dir, "es.pem"))
		code, stderr := keygenES256(t, dir, force)
		if code != exitFailure || !strings.Contains(stderr, "symbolic link") {
			t.Errorf("-force=%v: exit %d, stderr:\n%s", force, code, stderr)
		}
		if _, err := os.Lstat(target); err == nil {
			t.Errorf("-force=%v: the link's target was created", force)
		}
		wantDir(t, dir, "es.pem")
		wantDir(t, outside)
	}
}

// TestKeygenRefusesADirectory: a directory at an output path is refused,
// with and without -force, and left as it was.
func TestKeygenRefusesADirectory(t *testing.T) {
	for _, force := range []bool{false, true} {
		dir := t.TempDir()
		sub := filepath.Join(dir, "es.jwk")
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		code, stderr := keygenES256(t, dir, force)
		if code != exitFailure || !strings.Contains(stderr, sub+" is a directory") {
			t.Errorf("-force=%v: exit %d, stderr:\n%s", force, code, stderr)
		}
		if st, err := os.Lstat(sub); err != nil || !st.IsDir() {
			t.Errorf("-force=%v: the directory is gone (%v)", force, err)
		}
		wantDir(t, dir, "es.jwk")
		wantDir(t, sub)
	}
}

// TestKeygenReplacesAFileOnlyWithForce: an existing regular file is kept
// without -force (and nothing else written); -force replaces it with a new
// file of the intended mode, whatever the old one's mode was.
func TestKeygenReplacesAFileOnlyWithForce(t *testing.T) {
	dir := t.TempDir()
	old := map[string]fs.FileMode{"es.pem": 0o644, "es.pub.jwk": 0o600}
	for name, mode := range old {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("old\n"), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	code, stderr := keygenES256(t, dir, false)
	if code != exitFailure || !strings.Contains(stderr, "already exists; use -force") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	for name, mode := range old {
		wantUnchanged(t, filepath.Join(dir, name), "old\n", mode)
	}
	wantDir(t, dir, "es.pem", "es.pub.jwk")

	if code, stderr := keygenES256(t, dir, true); code != 0 {
		t.Fatalf("-force: exit %d, stderr:\n%s", code, stderr)
	}
	wantModes(t, dir, esFiles)
	for name := range old {
		if data, _ := os.ReadFile(filepath.Join(dir, name)); string(data) == "old\n" {
			t.Errorf("%s was not replaced", name)
		}
	}
}

// TestKeygenFileModes: secrets and private keys are 0600, public keys
// 0644, and only the key files are left in the directory.
func TestKeygenFileModes(t *testing.T) {
	dir := t.TempDir()
	if code, stderr := keygenES256(t, dir, false); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	wantModes(t, dir, esFiles)
	mustRun(t, "", "keygen", "-alg", "HS256", "-out", filepath.Join(dir, "hs"))
	wantModes(t, dir, map[string]fs.FileMode{"hs.key": 0o600, "hs.jwk": 0o600})
	wantDir(t, dir, "es.pem", "es.pub.pem", "es.jwk", "es.pub.jwk", "hs.key", "hs.jwk")
}

// wantModes fails unless each file in dir is a regular file with its mode.
func wantModes(t *testing.T, dir string, modes map[string]fs.FileMode) {
	t.Helper()
	for name, mode := range modes {
		st, err := os.Lstat(filepath.Join(dir, name))
		if err != nil {
			t.Error(err)
			continue
		}
		if st.Mode() != mode {
			t.Errorf("%s: mode %v, want %v", name, st.Mode(), mode)
		}
	}
}

// TestWriteFilesLeavesNoTemporaryFileOnError: when writing or renaming one
// file fails, the temporary files of all are removed.
func TestWriteFilesLeavesNoTemporaryFileOnError(t *testing.T) {
	dir := t.TempDir()
	file := func(name string) outFile {
		return outFile{name: filepath.Join(dir, name), data: []byte("k\n"), perm: 0o600}
	}

	missingDir := outFile{name: filepath.Join(dir, "missing", "b"), data: []byte("k\n"), perm: 0o600}
	if err := writeFiles([]outFile{file("a"), missingDir}); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
	wantDir(t, dir)

	if err := os.Mkdir(filepath.Join(dir, "c"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "c", "x"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := writeFiles([]outFile{file("a"), file("b"), file("c"), file("d")})
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "c")) {
		t.Errorf("renaming over a directory: %v", err)
	}
	wantDir(t, dir, "a", "b", "c")
}

// TestKeygenHelpStatesTheSymlinkRule: the help says what -force does with
// a symbolic link at an output path.
func TestKeygenHelpStatesTheSymlinkRule(t *testing.T) {
	out := mustRun(t, "", "help", "keygen")
	for _, want := range []string{"Even with -force, keygen refuses a symbolic link", "never writes\nthrough a link", "-force        replace existing regular files (never a symbolic link)"} {
		if !strings.Contains(out, want) {
			t.Errorf("help does not say %q:\n%s", want, out)
		}
	}
}
