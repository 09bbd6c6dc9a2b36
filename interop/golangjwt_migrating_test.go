package interop

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGolangjwtMigratingTable checks MIGRATING.md's tables: every row names,
// in its "shown in" column, at least one function, each of which exists in
// the repository's Go sources (`func Name(`, methods too); every case it
// quotes after TestGolangjwtCases is a row of the differential port.
func TestGolangjwtMigratingTable(t *testing.T) {
	doc, err := os.ReadFile("../MIGRATING.md")
	require.NoError(t, err)
	funcs := repoFuncs(t, "..")
	f := newGJFix(keys(t))
	rowNames := map[string]bool{}
	for _, c := range gjRows(f) {
		rowNames[c.name] = true
	}
	for _, r := range signRows() {
		rowNames[r.name] = true
	}

	ident := regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_]*)`")
	quoted := regexp.MustCompile(`"([^"]+(?:"[^"]*"[^"]*)?)"`)
	rows, inTable, shownIn := 0, false, -1
	for n, line := range strings.Split(string(doc), "\n") {
		if !strings.HasPrefix(line, "|") {
			inTable, shownIn = false, -1
			continue
		}
		cells := splitRow(line)
		if !inTable {
			inTable = true
			for i, c := range cells {
				if strings.EqualFold(strings.TrimSpace(c), "shown in") {
					shownIn = i
				}
			}
			continue
		}
		if shownIn < 0 || strings.HasPrefix(strings.TrimSpace(cells[0]), "---") {
			continue
		}
		rows++
		require.Greater(t, len(cells), shownIn, "MIGRATING.md:%d: too few cells", n+1)
		cell := cells[shownIn]
		names := ident.FindAllStringSubmatch(cell, -1)
		assert.NotEmpty(t, names, "MIGRATING.md:%d names no function: %s", n+1, line)
		for _, m := range names {
			assert.True(t, funcs[m[1]], "MIGRATING.md:%d: no func %s in the repository", n+1, m[1])
		}
		if strings.Contains(cell, "TestGolangjwtCases") {
			for _, q := range quoted.FindAllStringSubmatch(cell, -1) {
				assert.True(t, rowNames[q[1]], "MIGRATING.md:%d: %q is not a row of TestGolangjwtCases", n+1, q[1])
			}
		}
	}
	assert.Greater(t, rows, 60, "MIGRATING.md's construct tables")
}

// TestGolangjwtMigratingErrors checks that every class difference of the
// differential port is named in MIGRATING.md's "Errors" section.
func TestGolangjwtMigratingErrors(t *testing.T) {
	doc, err := os.ReadFile("../MIGRATING.md")
	require.NoError(t, err)
	section := markdownSection(string(doc), "## Errors")
	require.NotEmpty(t, section)
	for name := range classDifferences {
		assert.Contains(t, section, "**"+name+".**", "MIGRATING.md's Errors section must explain %q", name)
	}
}

// splitRow splits a Markdown table row into its cells, keeping `\|` and
// pipes inside backticks in their cell.
func splitRow(line string) []string {
	var cells []string
	var cur strings.Builder
	code := false
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(strings.TrimSuffix(line, "|"), "|")
	for i := 0; i < len(line); i++ {
		switch ch := line[i]; {
		case ch == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('|')
			i++
		case ch == '`':
			code = !code
			cur.WriteByte(ch)
		case ch == '|' && !code:
			cells = append(cells, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(ch)
		}
	}
	return append(cells, cur.String())
}

// repoFuncs returns the names of the functions and methods declared in the
// Go sources under root.
func repoFuncs(t *testing.T, root string) map[string]bool {
	decl := regexp.MustCompile(`(?m)^func (?:\([^)]*\) )?([A-Za-z_][A-Za-z0-9_]*)[\[(]`)
	out := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "testdata", "vendor", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range decl.FindAllSubmatch(b, -1) {
			out[string(m[1])] = true
		}
		return nil
	})
	require.NoError(t, err)
	return out
}
