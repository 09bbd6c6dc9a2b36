package main

import "testing"

// TestExampleRuns runs the README's program: 401 without a token (no error
// code) and for another resource's token (invalid_token), 403 without the
// scope (insufficient_scope), 200 with a good token; it fails (log.Fatal)
// if any status is otherwise.
func TestExampleRuns(t *testing.T) {
	main()
}
