package main

import "testing"

// TestProfilesRuns runs the README's profiles program; a failed step ends
// the test binary through log.Fatal.
func TestProfilesRuns(t *testing.T) {
	main()
}
