//go:build !unix

package main

import "time"

// processCPU is unavailable here; the load test then omits CPU time.
func processCPU() (time.Duration, bool) { return 0, false }
