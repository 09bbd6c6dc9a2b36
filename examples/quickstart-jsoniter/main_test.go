package main

import "testing"

// TestQuickStartJsoniterRuns runs the README's jsoniterext quick start; any failed step ends
// the test binary through log.Fatal.
func TestQuickStartJsoniterRuns(t *testing.T) {
	main()
}
