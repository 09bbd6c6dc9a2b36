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

// sample is one benchmark's results over -count runs.
type sample struct {
	ns, bytes, allocs []float64
}

// stats is the median of each metric.
type stats struct {
	ns, bytes, allocs float64
	n                 int
}

// results maps "pkg name" (the GOMAXPROCS suffix removed) to its samples.
type results map[string]*sample

var benchLine = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:\s+([\d.]+) B/op)?(?:\s+([\d.]+) allocs/op)?`)

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
			key := pkg + " " + m[1]
			s := r[key]
			if s == nil {
				s = &sample{}
				r[key] = s
			}
			s.ns = append(s.ns, num(m[2]))
			s.bytes = append(s.bytes, num(m[3]))
			s.allocs = append(s.allocs, num(m[4]))
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
	return stats{median(s.ns), median(s.bytes), median(s.allocs), len(s.ns)}, true
}
