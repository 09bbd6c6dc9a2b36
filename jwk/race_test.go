//go:build race

package jwk_test

// raceEnabled reports a -race build, where crypto-heavy measurements are
// trimmed to keep the package fast.
const raceEnabled = true
