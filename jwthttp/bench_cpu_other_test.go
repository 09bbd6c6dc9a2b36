//go:build !unix

package jwthttp_test

import "time"

// processCPU is unavailable here: the benchmarks report wall time only.
func processCPU() (time.Duration, bool) { return 0, false }
