//go:build unix

package jwthttp_test

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used (user and system,
// all threads, GC workers included), and whether it is available.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
