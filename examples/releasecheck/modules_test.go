package releasecheck

import (
	"path"
	"regexp"
	"strings"
	"testing"
)

// ownModule matches a requirement on one of this repository's modules.
var ownModule = regexp.MustCompile(`^\s*(?:require\s+)?(github\.com/jotlib/jwt(?:/\S+)?)\s+(\S+)`)

// TestModulesResolveForOutsideUsers checks every committed go.mod: no
// replace directive (the go.work file does the development wiring), the go
// directive GoDirective, and requirements on this repository's modules at
// Version. go.work says the same go version and uses every module.
func TestModulesResolveForOutsideUsers(t *testing.T) {
	root := repoRoot(t)
	mods := trackedFiles(t, root, "go.mod", "*/go.mod")
	if len(mods) < 2 {
		t.Fatalf("found only %v", mods)
	}
	for _, m := range mods {
		var goLine string
		for i, line := range strings.Split(string(readFile(t, root, m)), "\n") {
			line = strings.TrimSpace(line)
			switch {
			case strings.HasPrefix(line, "replace"):
				t.Errorf("%s:%d: replace directive: an outside user never sees it; use go.work", m, i+1)
			case strings.HasPrefix(line, "go "):
				goLine = line
			}
			if sub := ownModule.FindStringSubmatch(line); sub != nil && !strings.HasPrefix(line, "module") && sub[2] != Version {
				t.Errorf("%s:%d: requires %s %s, want %s", m, i+1, sub[1], sub[2], Version)
			}
		}
		if goLine != "go "+GoDirective && goLine != "go "+GoDirective+".0" {
			t.Errorf("%s: %q, want %q (or %q, which go mod tidy writes when a requirement says it)", m, goLine, "go "+GoDirective, "go "+GoDirective+".0")
		}
	}

	work := string(readFile(t, root, "go.work"))
	if !regexp.MustCompile(`(?m)^go ` + regexp.QuoteMeta(GoDirective) + `(\.0)?$`).MatchString(work) {
		t.Errorf("go.work: no %q line", "go "+GoDirective)
	}
	for _, m := range mods {
		use := "./" + path.Dir(m)
		if use == "./." {
			use = "."
		}
		if !regexp.MustCompile(`(?m)^\s*(use\s+)?` + regexp.QuoteMeta(use) + `\s*$`).MatchString(work) {
			t.Errorf("go.work does not use %s", use)
		}
	}
}
