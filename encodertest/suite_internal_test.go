package encodertest

import "testing"

// TestSuiteAbsentIsSkipped: without ../shared/testdata the JSONTestSuite
// part is skipped, never failed.
func TestSuiteAbsentIsSkipped(t *testing.T) {
	t.Chdir(t.TempDir())
	files, err := loadSuite()
	if files != nil || err != nil {
		t.Fatalf("loadSuite in an empty tree: %d files, %v", len(files), err)
	}
}

// TestDepthOf: brackets inside strings do not count.
func TestDepthOf(t *testing.T) {
	for in, want := range map[string]int{`1`: 0, `[]`: 1, `{"a":[[]]}`: 3, `["[[[\"["]`: 1, `{"\\":[1]}`: 2} {
		if got := depthOf([]byte(in)); got != want {
			t.Errorf("depthOf(%s) = %d, want %d", in, got, want)
		}
	}
}
