package encodertest

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// suiteDir finds ../shared/testdata/jsontestsuite/test_parsing relative to
// the repository root: it walks up from the working directory to the first
// directory that has a sibling "shared/testdata". It returns "" when there
// is none.
func suiteDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		parent := filepath.Dir(dir)
		if fi, err := os.Stat(filepath.Join(parent, "shared", "testdata")); err == nil && fi.IsDir() {
			d := filepath.Join(parent, "shared", "testdata", "jsontestsuite", "test_parsing")
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				return d
			}
			return ""
		}
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// suiteFile is one JSONTestSuite input.
type suiteFile struct {
	name string
	data []byte
}

// loadSuite reads the corpus, sorted by name; nil when absent.
func loadSuite() ([]suiteFile, error) {
	dir := suiteDir()
	if dir == "" {
		return nil, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []suiteFile
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files = append(files, suiteFile{e.Name(), data})
	}
	if len(files) == 0 {
		return nil, errors.New("encodertest: no .json files in " + dir)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	return files, nil
}

// inProcessDepth is the deepest nesting the kit hands a raw codec in the
// test's own process. The core refuses anything deeper than 64 before a
// codec runs; deeper inputs are tried only in a child process (see
// isolated.go), since a stack overflow cannot be recovered.
const inProcessDepth = 1000

// depthOf returns the deepest nesting of arrays and objects in data,
// ignoring brackets inside strings.
func depthOf(data []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// runSuite decodes every file into an any with both encoders. y_ files
// must be accepted and n_ files refused as encoding/json does; i_ files are
// recorded. Every divergence is listed and proved at the token level.
func (c *checker) runSuite() ([]suiteFile, error) {
	files, err := loadSuite()
	if err != nil || files == nil {
		return nil, err
	}
	var deep []suiteFile
	c.rep.SuiteFiles = len(files)
	for _, f := range files {
		if depthOf(f.data) > inProcessDepth {
			deep = append(deep, f) // run in a child process, see isolated.go
			continue
		}
		neutral := Neutralised
		if strings.HasPrefix(f.name, "i_") {
			neutral = Recorded
		}
		res := c.runDecode(decodeProbe{group: "jsontestsuite", name: f.name, in: string(f.data), dst: newAny}, neutral)
		if res.Status != Same {
			c.rep.SuiteDivergences = append(c.rep.SuiteDivergences, f.name)
		}
		c.rep.add(res)
	}
	return deep, nil
}
