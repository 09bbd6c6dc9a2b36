package jwk_test

import (
	"net/http"
	"testing"

	"github.com/jotlib/jwt/jwk"
)

// TestRFC8414_3_HTTPClientIsTheOneGiven: Provider.HTTPClient returns the
// WithHTTPClient client (not a copy), nil without one, and nil for a nil
// or zero Provider (no panic).
func TestRFC8414_3_HTTPClientIsTheOneGiven(t *testing.T) {
	client := &http.Client{}
	p, err := jwk.NewProvider("https://op.example", jwk.WithHTTPClient(client))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.HTTPClient() != client {
		t.Fatal("HTTPClient is not the WithHTTPClient client")
	}
	own, err := jwk.NewProvider("https://op.example")
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	if own.HTTPClient() != nil {
		t.Fatal("a Provider with its private client reports one")
	}
	var nilP *jwk.Provider
	if nilP.HTTPClient() != nil || new(jwk.Provider).HTTPClient() != nil {
		t.Fatal("a nil or zero Provider reports a client")
	}
}
