package main

import "testing"

// TestQuickStartRuns runs the README's quick start; any failed step ends
// the test binary through log.Fatal.
func TestQuickStartRuns(t *testing.T) {
	main()
}
