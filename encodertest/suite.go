package encodertest

import (
	"bytes"
	"embed"
	"errors"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// suiteFS is the JSONTestSuite parsing corpus (nst/JSONTestSuite, MIT;
// see testdata/jsontestsuite/README.md), shipped with the kit so that it
// runs the same everywhere, whatever the working directory.
//
//go:embed testdata/jsontestsuite/test_parsing
var suiteFS embed.FS

// suiteDir is the corpus's folder inside suiteFS.
const suiteDir = "testdata/jsontestsuite/test_parsing"

// generatedSuite are upstream's two nesting-depth stress inputs (350 kB of
// one repeated pattern), built here instead of shipped.
var generatedSuite = map[string]func() []byte{
	"n_structure_100000_opening_arrays.json": func() []byte { return bytes.Repeat([]byte("["), 100000) },
	"n_structure_open_array_object.json":     func() []byte { return append(bytes.Repeat([]byte(`[{"":`), 50000), '\n') },
}

// suiteFile is one JSONTestSuite input.
type suiteFile struct {
	name string
	data []byte
}

// loadSuite returns the corpus's 318 files, sorted by name.
func loadSuite() ([]suiteFile, error) {
	entries, err := fs.ReadDir(suiteFS, suiteDir)
	if err != nil {
		return nil, err
	}
	var files []suiteFile
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := fs.ReadFile(suiteFS, path.Join(suiteDir, e.Name()))
		if err != nil {
			return nil, err
		}
		files = append(files, suiteFile{e.Name(), data})
	}
	for name, gen := range generatedSuite {
		files = append(files, suiteFile{name, gen()})
	}
	if len(files) == len(generatedSuite) {
		return nil, errors.New("encodertest: no .json files embedded in " + suiteDir)
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
