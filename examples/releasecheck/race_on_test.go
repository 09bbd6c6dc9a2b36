//go:build race

package releasecheck

// raceEnabled: these tests run under the race detector, so the outside
// user's go vet and go run use -race too (outsideBuildFlags).
const raceEnabled = true
