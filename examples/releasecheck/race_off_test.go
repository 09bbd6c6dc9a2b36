//go:build !race

package releasecheck

// raceEnabled: these tests do not run under the race detector.
const raceEnabled = false
