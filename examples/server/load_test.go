package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// loadConfig bounds the load test; environment variables override it.
type loadConfig struct {
	requests int           // measured requests per encoder and round
	workers  int           // concurrent client goroutines
	rounds   int           // rounds, alternating the encoders to share the machine's noise
	limit    time.Duration // wall-clock cap per encoder and round
	tokens   int           // distinct tokens (subjects) cycled through
}

func loadConfigFromEnv(t *testing.T) loadConfig {
	c := loadConfig{requests: 20000, workers: 4, rounds: 3, limit: 30 * time.Second, tokens: 64}
	for name, p := range map[string]*int{
		"JOTLIB_LOAD_REQUESTS": &c.requests, "JOTLIB_LOAD_WORKERS": &c.workers,
		"JOTLIB_LOAD_ROUNDS": &c.rounds, "JOTLIB_LOAD_TOKENS": &c.tokens,
	} {
		if s := os.Getenv(name); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n <= 0 {
				t.Fatalf("%s=%q: want a positive integer", name, s)
			}
			*p = n
		}
	}
	return c
}

// loadResult accumulates one encoder's measurements over the rounds.
type loadResult struct {
	name      string
	latencies []time.Duration
	requests  int
	elapsed   time.Duration
	mallocs   uint64
	gcs       uint32
	gcPause   time.Duration
	cpu       time.Duration // process CPU time (client and server)
	verify    float64       // allocations of one ParseWithClaims, measured alone
}

// TestLoad drives the service on 127.0.0.1 with Go's own HTTP client, once
// per encoder, and reports latency percentiles, allocations per request and
// GC work. It runs only with JOTLIB_LOAD=1 (CI stays fast); JOTLIB_LOAD_OUT
// names a file for the markdown table.
func TestLoad(t *testing.T) {
	if os.Getenv("JOTLIB_LOAD") != "1" {
		t.Skip("load test: set JOTLIB_LOAD=1 to run it")
	}
	cfg := loadConfigFromEnv(t)
	results := make([]*loadResult, len(encoders()))
	for i, e := range encoders() {
		results[i] = &loadResult{name: e.name}
	}
	for round := 0; round < cfg.rounds; round++ {
		for i, e := range encoders() {
			runLoad(t, cfg, e, results[i])
		}
	}
	table := loadTable(cfg, results)
	t.Log("\n" + table)
	if out := os.Getenv("JOTLIB_LOAD_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runLoad runs one round for one encoder and adds to res.
func runLoad(t *testing.T, cfg loadConfig, e namedEncoder, res *loadResult) {
	v, s := testService(t, e.enc)
	tokens := make([]string, cfg.tokens)
	now := time.Now()
	for i := range tokens {
		tok, err := s.Sign(sampleClaims(fmt.Sprintf("user-%d", i), now))
		if err != nil {
			t.Fatal(err)
		}
		tokens[i] = tok
	}
	res.verify = testing.AllocsPerRun(200, func() {
		var c AccessClaims
		if _, err := v.ParseWithClaims(tokens[0], &c); err != nil {
			t.Fatal(err)
		}
	})

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux, err := newMux(v)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(mux)
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	defer srv.Close()
	client := &http.Client{
		Transport: &http.Transport{MaxIdleConnsPerHost: cfg.workers, MaxConnsPerHost: cfg.workers},
		Timeout:   10 * time.Second,
	}
	defer client.CloseIdleConnections()
	url := srv.URL + "/profile"

	do := func(ctx context.Context, tok string) error {
		req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err == nil && resp.StatusCode != http.StatusOK {
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), cfg.limit)
	defer cancel()
	// Warm up the connections, the header cache and the pools.
	for i := 0; i < 200; i++ {
		if err := do(ctx, tokens[i%len(tokens)]); err != nil {
			t.Fatalf("%s: warm-up: %v", e.name, err)
		}
	}

	lat := make([]time.Duration, cfg.requests)
	var next atomic.Int64
	var failed atomic.Pointer[error]
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	cpu0, cpuOK := processCPU()
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < cfg.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= cfg.requests || ctx.Err() != nil {
					return
				}
				t0 := time.Now()
				if err := do(ctx, tokens[i%len(tokens)]); err != nil {
					if ctx.Err() == nil {
						failed.CompareAndSwap(nil, &err)
					}
					return
				}
				lat[i] = time.Since(t0)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu1, cpuOK1 := processCPU()
	runtime.ReadMemStats(&after)
	if p := failed.Load(); p != nil {
		t.Fatalf("%s: request failed: %v", e.name, *p)
	}
	done := 0
	for _, d := range lat {
		if d > 0 {
			res.latencies = append(res.latencies, d)
			done++
		}
	}
	if done < cfg.requests {
		t.Logf("%s: time cap %s reached after %d of %d requests", e.name, cfg.limit, done, cfg.requests)
	}
	if cpuOK && cpuOK1 {
		res.cpu += cpu1 - cpu0
	}
	res.requests += done
	res.elapsed += elapsed
	res.mallocs += after.Mallocs - before.Mallocs
	res.gcs += after.NumGC - before.NumGC
	res.gcPause += time.Duration(after.PauseTotalNs - before.PauseTotalNs)
}

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p*float64(len(sorted))+0.5) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// loadTable renders the results as markdown.
func loadTable(cfg loadConfig, results []*loadResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, GOMAXPROCS %d; %d rounds × %d requests per encoder (encoders alternating), %d client workers, %d distinct tokens.\n\n",
		runtime.Version(), runtime.GOMAXPROCS(0), cfg.rounds, cfg.requests, cfg.workers, cfg.tokens)
	b.WriteString("| encoder | requests/s | p50 | p95 | p99 | max | CPU/request (process) | allocs/request (process) | allocs/verify | GC cycles per 10k requests | GC pause per 10k requests |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range results {
		l := slices.Clone(r.latencies)
		slices.Sort(l)
		if r.requests == 0 {
			continue
		}
		per10k := 10000 / float64(r.requests)
		fmt.Fprintf(&b, "| %s | %.0f | %s | %s | %s | %s | %s | %.1f | %.0f | %.1f | %s |\n",
			r.name, float64(r.requests)/r.elapsed.Seconds(),
			fmtDur(percentile(l, 0.50)), fmtDur(percentile(l, 0.95)), fmtDur(percentile(l, 0.99)), fmtDur(l[len(l)-1]),
			fmtDur(r.cpu/time.Duration(r.requests)), float64(r.mallocs)/float64(r.requests), r.verify,
			float64(r.gcs)*per10k, fmt.Sprintf("%.1f ms", float64(r.gcPause)*per10k/float64(time.Millisecond)))
	}
	return b.String()
}

func fmtDur(d time.Duration) string {
	if d >= 10*time.Millisecond {
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.0f µs", float64(d)/float64(time.Microsecond))
}
