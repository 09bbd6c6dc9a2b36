package releasecheck

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Module is one module of a repository checkout to publish to a proxy.
type Module struct {
	Path string // module path, e.g. github.com/jotlib/jwt/jsoniterext
	Dir  string // slash-separated directory in the repository; "" for the root
}

// WriteModule writes the proxy files of mod at version into proxyDir, the
// layout GOPROXY=file://proxyDir serves (the module proxy protocol of
// `go help goproxy`): @v/list, @v/VERSION.info, .mod and .zip.
//
// files are the repository's tracked files (slash-separated, from `git
// ls-files`), read from checkout. The zip holds the files under mod.Dir
// with the prefix module@version/, leaving out nested modules (any
// directory below mod.Dir with a go.mod of its own) and anything that is
// not a regular file; a module below the root without a LICENSE gets the
// root's, as the go command's own VCS fetch does.
func WriteModule(proxyDir, checkout string, files []string, mod Module, version string, when time.Time) error {
	include, err := moduleFiles(files, mod.Dir)
	if err != nil {
		return err
	}
	dir := filepath.Join(proxyDir, filepath.FromSlash(escapePath(mod.Path)), "@v")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	gomod, err := os.ReadFile(filepath.Join(checkout, filepath.FromSlash(path.Join(mod.Dir, "go.mod"))))
	if err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, when.UTC()})
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": info,
		version + ".mod":  gomod,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o666); err != nil {
			return err
		}
	}
	return writeZip(filepath.Join(dir, version+".zip"), checkout, mod.Path+"@"+version+"/", include)
}

// moduleFiles maps each zip name (relative to the module directory) to its
// repository path.
func moduleFiles(files []string, modDir string) (map[string]string, error) {
	prefix := ""
	if modDir != "" {
		prefix = modDir + "/"
	}
	var nested []string // directories, relative to modDir, of nested modules
	for _, f := range files {
		rel, ok := strings.CutPrefix(f, prefix)
		if ok && path.Base(rel) == "go.mod" && rel != "go.mod" {
			nested = append(nested, path.Dir(rel)+"/")
		}
	}
	include := map[string]string{}
	for _, f := range files {
		rel, ok := strings.CutPrefix(f, prefix)
		if !ok || underAny(rel, nested) {
			continue
		}
		include[rel] = f
	}
	if _, ok := include["go.mod"]; !ok {
		return nil, fmt.Errorf("no go.mod in %q", modDir)
	}
	if _, ok := include["LICENSE"]; !ok && modDir != "" {
		include["LICENSE"] = "LICENSE"
	}
	return include, nil
}

// underAny reports whether name lies under one of the directories dirs.
func underAny(name string, dirs []string) bool {
	for _, d := range dirs {
		if strings.HasPrefix(name, d) {
			return true
		}
	}
	return false
}

// writeZip writes the module zip: each regular file of include, read from
// checkout, stored under prefix.
func writeZip(name, checkout, prefix string, include map[string]string) (err error) {
	out, err := os.Create(name)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	zw := zip.NewWriter(out)
	for _, rel := range slices.Sorted(maps.Keys(include)) {
		repoPath := include[rel]
		src := filepath.Join(checkout, filepath.FromSlash(repoPath))
		st, err := os.Lstat(src)
		if err != nil {
			return err
		}
		if !st.Mode().IsRegular() {
			continue // symbolic links and submodules are not part of a module zip
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: prefix + rel, Method: zip.Deflate})
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
	return zw.Close()
}

// escapePath is the module proxy's case encoding of a module path: each
// upper-case letter becomes '!' and its lower case.
func escapePath(p string) string {
	var b strings.Builder
	for _, r := range p {
		if unicode.IsUpper(r) {
			b.WriteByte('!')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
