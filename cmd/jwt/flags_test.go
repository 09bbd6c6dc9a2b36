package main

import (
	"errors"
	"flag"
	"reflect"
	"strings"
	"testing"
)

// TestParseArgsAllowsFlagsAnywhere: flags may follow positional arguments;
// "--" ends the flags; "-" is a positional argument (stdin).
func TestParseArgsAllowsFlagsAnywhere(t *testing.T) {
	tests := []struct {
		args    []string
		wantPos []string
		wantKey string
	}{
		{[]string{"-key", "k", "tok"}, []string{"tok"}, "k"},
		{[]string{"tok", "-key", "k"}, []string{"tok"}, "k"},
		{[]string{"a", "-key", "k", "b"}, []string{"a", "b"}, "k"},
		{[]string{"-key", "k", "-"}, []string{"-"}, "k"},
		{[]string{"--", "-key", "k"}, []string{"-key", "k"}, ""},
		{[]string{"a", "--", "-b"}, []string{"a", "-b"}, ""},
		{nil, nil, ""},
	}
	for _, tc := range tests {
		fs := newFlagSet("t")
		key := fs.String("key", "", "")
		pos, err := parseArgs(fs, tc.args)
		if err != nil {
			t.Fatalf("%q: %v", tc.args, err)
		}
		if !reflect.DeepEqual(pos, tc.wantPos) || *key != tc.wantKey {
			t.Errorf("%q: positional %q key %q, want %q %q", tc.args, pos, *key, tc.wantPos, tc.wantKey)
		}
	}
	fs := newFlagSet("t")
	if _, err := parseArgs(fs, []string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v, want flag.ErrHelp", err)
	}
	if _, err := parseArgs(fs, []string{"-x"}); exitCode(err) != exitUsage {
		t.Errorf("-x: %v, want a usage error", err)
	}
}

// TestListFlagSplitsCommas: -alg ES256,EdDSA -alg HS256 gives three.
func TestListFlagSplitsCommas(t *testing.T) {
	var l listFlag
	for _, v := range []string{"ES256, EdDSA", "HS256", ","} {
		l.Set(v)
	}
	if want := (listFlag{"ES256", "EdDSA", "HS256"}); !reflect.DeepEqual(l, want) {
		t.Errorf("%q, want %q", l, want)
	}
}

// TestHelpFlagsAreDefined: every flag a help text lists is accepted by its
// command.
func TestHelpFlagsAreDefined(t *testing.T) {
	for _, cmd := range commands {
		_, flagsSection, ok := strings.Cut(cmd.help, "\nFlags:\n")
		if !ok && cmd.name != "decode" && cmd.name != "demo" {
			t.Errorf("%s: help has no Flags section", cmd.name)
		}
		flagsSection, _, _ = strings.Cut(flagsSection, "\n\n")
		for _, line := range strings.Split(flagsSection, "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || !strings.HasPrefix(f[0], "-") {
				continue
			}
			_, _, stderr := runCLI(t, "", cmd.name, f[0])
			if strings.Contains(stderr, "not defined") {
				t.Errorf("%s: help lists %s, which is not defined", cmd.name, f[0])
			}
		}
	}
}
