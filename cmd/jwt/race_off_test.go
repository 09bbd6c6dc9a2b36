//go:build !race

package main

// raceEnabled reports that this test binary runs under the race detector
// (see race_on_test.go).
const raceEnabled = false
