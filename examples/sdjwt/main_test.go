package main

import "testing"

// TestSDJWTRuns runs the README's SD-JWT program (issue, Parse, Present,
// Verify); a failed step ends the test binary through log.Fatal.
func TestSDJWTRuns(t *testing.T) {
	main()
}
