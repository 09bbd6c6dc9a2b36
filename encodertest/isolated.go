package encodertest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// isolatedEnv tells a child test process the first probe to run, and
// isolatedNameEnv which Run call (by the candidate's name) it is for.
const (
	isolatedEnv     = "ENCODERTEST_ISOLATED_FROM"
	isolatedNameEnv = "ENCODERTEST_ISOLATED_NAME"
)

// resultPrefix starts the lines a child prints for its parent.
const resultPrefix = "encodertest-isolated:"

// isolatedStack is the child's stack limit: enough for any bounded codec,
// small enough that an unbounded one fails fast.
const isolatedStack = 32 << 20

// cyclic is a value that refers to itself.
type cyclic struct {
	Next *cyclic `json:"next"`
}

// isolatedProbe is input that may overflow a raw codec's stack: a stack
// overflow is fatal in Go and cannot be recovered, so these run only in a
// child process. None of them reaches a codec through the core (it refuses
// nesting deeper than 64; a cyclic claims value is a programmer error).
type isolatedProbe struct {
	name string
	run  func(enc jwt.Encoder) error
}

func isolatedProbes(deep []suiteFile) []isolatedProbe {
	decode := func(in []byte) func(jwt.Encoder) error {
		return func(enc jwt.Encoder) error { var v any; return enc.Unmarshal(in, &v) }
	}
	ps := []isolatedProbe{
		{"cyclic pointer marshal", func(enc jwt.Encoder) error {
			c := &cyclic{}
			c.Next = c
			_, err := enc.Marshal(c)
			return err
		}},
		{"cyclic map marshal", func(enc jwt.Encoder) error {
			m := map[string]any{}
			m["m"] = m
			_, err := enc.Marshal(m)
			return err
		}},
		{"depth 100000 arrays", decode([]byte(nested(100000)))},
		{"depth 100000 objects", decode([]byte(strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000)))},
	}
	for _, f := range deep {
		ps = append(ps, isolatedProbe{"jsontestsuite " + f.name, decode(f.data)})
	}
	return ps
}

// runChild is the child side: run the probes from index from on, each with
// encoding/json and then the candidate, printing each outcome before the
// next call starts, so a crash is pinned to its probe.
func runChild(enc jwt.Encoder, from int, deep []suiteFile) {
	debug.SetMaxStack(isolatedStack)
	for i, p := range isolatedProbes(deep) {
		if i < from {
			continue
		}
		fmt.Printf("%s start %d\n", resultPrefix, i)
		for _, side := range []struct {
			label string
			enc   jwt.Encoder
		}{{"std", jwt.StdEncoder{}}, {"candidate", enc}} {
			o := safely(func() error { return p.run(side.enc) })
			fmt.Printf("%s %s %d %s\n", resultPrefix, side.label, i, strings.ReplaceAll(errText(o.err), "\n", " "))
		}
	}
	fmt.Printf("%s done\n", resultPrefix)
}

// runIsolated runs the probes in child processes of the test binary: one
// child runs them in turn, and when a probe crashes it, the next child
// starts after that probe.
func (c *checker) runIsolated(t *testing.T, deep []suiteFile) {
	probes := isolatedProbes(deep)
	results := make([]Result, len(probes))
	for i, p := range probes {
		results[i] = Result{Group: "isolated", Name: p.name, Status: Recorded, Std: "no result", Got: "no result"}
	}
	exe, err := os.Executable()
	if err != nil {
		c.rep.add(Result{Group: "isolated", Name: "child process", Status: Recorded, Std: "-", Got: "not run: " + err.Error()})
		return
	}
	parts := strings.Split(t.Name(), "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	pattern := strings.Join(parts, "/")
	for from := 0; from < len(probes); {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, exe, "-test.run="+pattern, "-test.count=1")
		cmd.Env = append(childEnv(), fmt.Sprintf("%s=%d", isolatedEnv, from), isolatedNameEnv+"="+c.rep.Encoder)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		runErr := cmd.Run()
		cancel()
		current, done := -1, false
		for _, line := range strings.Split(stdout.String(), "\n") {
			rest, ok := strings.CutPrefix(line, resultPrefix+" ")
			if !ok {
				continue
			}
			var side string
			var i int
			switch {
			case rest == "done":
				done = true
			case strings.HasPrefix(rest, "start "):
				fmt.Sscanf(rest, "start %d", &current)
			default:
				if _, err := fmt.Sscanf(rest, "%s %d", &side, &i); err != nil || i < 0 || i >= len(probes) {
					continue
				}
				text := rest[len(side)+1+len(fmt.Sprint(i))+1:]
				if side == "std" {
					results[i].Std = text
				} else {
					results[i].Got = text
				}
			}
		}
		if done || current < 0 {
			if !done {
				results[from].Got = "child process failed: " + errText(runErr)
			}
			break
		}
		// The child crashed while running probe current.
		why := "fatal: " + errText(runErr)
		if strings.Contains(stderr.String(), "stack overflow") || strings.Contains(stderr.String(), "stack exceeds") {
			why = fmt.Sprintf("fatal: stack overflow (%d MiB stack)", isolatedStack>>20)
		}
		if results[current].Std == "no result" {
			results[current].Std = why
		} else {
			results[current].Got = why
			c.rep.Fatal = append(c.rep.Fatal, probes[current].name)
		}
		from = current + 1
	}
	for _, res := range results {
		if strings.HasPrefix(res.Got, "error: panic:") {
			res.Panicked = true
		}
		if res.Got != "no result" && res.Got == res.Std || (strings.HasPrefix(res.Got, "error") && strings.HasPrefix(res.Std, "error") && !res.Panicked) {
			res.Status = Same
		}
		if name, ok := strings.CutPrefix(res.Name, "jsontestsuite "); ok && res.Status != Same {
			c.rep.SuiteDivergences = append(c.rep.SuiteDivergences, name)
		}
		c.rep.add(res)
	}
}

// childEnv is the child's environment: the test's own, with the race
// detector told not to sleep its default second before the child exits
// (GORACE atexit_sleep_ms=0, unless GORACE already sets it; ignored by a
// binary built without -race).
func childEnv() []string {
	env := os.Environ()
	if g := os.Getenv("GORACE"); !strings.Contains(g, "atexit_sleep_ms") {
		env = append(env, "GORACE="+strings.TrimSpace(g+" atexit_sleep_ms=0"))
	}
	return env
}
