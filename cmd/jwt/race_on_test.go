//go:build race

package main

// raceEnabled reports that this test binary runs under the race detector:
// buildBinary then builds the CLI with -race too, so the build reuses the
// race-instrumented packages this test was built from and adds only a
// link instead of compiling the standard library a second time.
const raceEnabled = true
