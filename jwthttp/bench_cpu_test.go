package jwthttp_test

import (
	"testing"
	"time"
)

// cpuClock measures a benchmark loop's process CPU time, which a shared,
// oversubscribed machine disturbs less than wall time.
type cpuClock struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuClock {
	t, ok := processCPU()
	return cpuClock{start: t, ok: ok}
}

// report adds the loop's CPU time per operation as "cpu-ns/op".
func (c cpuClock) report(b *testing.B) {
	end, ok := processCPU()
	if !c.ok || !ok || b.N == 0 {
		return
	}
	b.ReportMetric(float64(end-c.start)/float64(b.N), "cpu-ns/op")
}
