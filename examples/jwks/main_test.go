package main

import "testing"

// TestExampleRuns runs the example end to end: serve a JWK Set on
// 127.0.0.1, verify tokens against it, rotate the key. It fails (log.Fatal)
// if any step does.
func TestExampleRuns(t *testing.T) {
	main()
}
