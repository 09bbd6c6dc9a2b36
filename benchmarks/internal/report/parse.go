package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// sample is one benchmark's results over -count runs, per unit.
type sample map[string][]float64

// stats is the median of each metric. ns is the process CPU time per
// operation where the benchmark reports it (cpu-ns/op), else the wall
// time; wall is always the wall time.
type stats struct {
	ns, wall, bytes, allocs float64
	n                       int
	cpu                     bool // ns is CPU time
}

// results maps "pkg name" (the GOMAXPROCS suffix removed) to its samples.
type results map[string]sample

// benchLine matches a result line: name, iterations, then value-unit pairs.
var benchLine = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+(.*)$`)

// readResults reads `go test -bench` output files.
func readResults(paths []string) (results, error) {
	r := results{}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		pkg := ""
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if rest, ok := strings.CutPrefix(line, "pkg: "); ok {
				pkg = strings.TrimSpace(rest)
				continue
			}
			m := benchLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			fields := strings.Fields(m[2])
			if len(fields)%2 != 0 {
				continue
			}
			key := pkg + " " + m[1]
			s := r[key]
			if s == nil {
				s = sample{}
				r[key] = s
			}
			for i := 0; i < len(fields); i += 2 {
				s[fields[i+1]] = append(s[fields[i+1]], num(fields[i]))
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
	}
	return r, nil
}

func num(s string) float64 {
	v, _ := strconv.ParseFloat(s, 64)
	return v
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// get returns the medians of a benchmark, and whether it was measured.
func (r results) get(pkg, name string) (stats, bool) {
	s, ok := r[pkg+" "+name]
	if !ok {
		return stats{}, false
	}
	st := stats{wall: median(s["ns/op"]), bytes: median(s["B/op"]), allocs: median(s["allocs/op"]), n: len(s["ns/op"])}
	st.ns = st.wall
	if cpu, ok := s["cpu-ns/op"]; ok && len(cpu) > 0 {
		st.ns, st.cpu = median(cpu), true
	}
	return st, true
}

// metric returns the median of one unit of a benchmark (such as
// token-bytes), and whether the benchmark reported it.
func (r results) metric(pkg, name, unit string) (float64, bool) {
	xs := r[pkg+" "+name][unit]
	if len(xs) == 0 {
		return 0, false
	}
	return median(xs), true
}
