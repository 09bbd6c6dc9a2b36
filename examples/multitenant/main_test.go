package main

import "testing"

// TestExampleRuns runs the example end to end: two identity providers on
// 127.0.0.1, each tenant's tokens accepted with its own keys only, a token
// of one tenant signed by the other refused, an unknown issuer refused
// without a request, a rotation beside an unsupported key, one provider
// down past the staleness bound and back. It fails (log.Fatal) if any step
// goes otherwise.
func TestExampleRuns(t *testing.T) {
	main()
}
