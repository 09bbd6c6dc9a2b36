package userinfo_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwttest"
	"github.com/jotlib/jwt/userinfo"
)

// TestOIDCCore_5_3_NilHTTPClientUsesTheProvidersClient: Config{Provider}
// without HTTPClient fetches with the client the discovered provider
// fetches with (jwk.WithHTTPClient), here the one trusting the test
// server's certificate, not http.DefaultClient.
func TestOIDCCore_5_3_NilHTTPClientUsesTheProvidersClient(t *testing.T) {
	p := jwttest.NewProvider(t)
	c, err := userinfo.NewClient(userinfo.Config{Provider: p.Discovery(), ClientID: p.ClientID()})
	if err != nil {
		t.Fatal(err)
	}
	var got userinfo.Claims
	tok := p.AccessToken(accesstoken.Claims{Scope: "openid"})
	if err := c.Fetch(context.Background(), tok, jwttest.DefaultSubject, &got); err != nil {
		t.Fatalf("Fetch with the Provider's client: %v", err)
	}
	if got.Subject != jwttest.DefaultSubject {
		t.Fatalf("sub %q", got.Subject)
	}
}

// TestOIDCCore_5_3_HTTPClientBeatsTheProvidersClient: a Config.HTTPClient
// is used even beside a Provider with its own client: here one that
// cannot reach the server, so the fetch fails (ErrFetch).
func TestOIDCCore_5_3_HTTPClientBeatsTheProvidersClient(t *testing.T) {
	p := jwttest.NewProvider(t)
	d := p.Discovery()
	if err := d.Ready(context.Background()); err != nil {
		t.Fatal(err)
	}
	refusing := &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
		return nil, errors.New("this client never connects")
	})}
	c, err := userinfo.NewClient(userinfo.Config{Provider: d, ClientID: p.ClientID(), HTTPClient: refusing})
	if err != nil {
		t.Fatal(err)
	}
	var got userinfo.Claims
	err = c.Fetch(context.Background(), p.AccessToken(accesstoken.Claims{Scope: "openid"}), jwttest.DefaultSubject, &got)
	if !errors.Is(err, userinfo.ErrFetch) {
		t.Fatalf("Fetch with Config.HTTPClient: %v, want ErrFetch", err)
	}
}

// TestOIDCCore_5_3_ProviderWithoutClientUsesDefaultClient: a Provider
// fetching with its private client (no jwk.WithHTTPClient) leaves
// http.DefaultClient: NewClient accepts it.
func TestOIDCCore_5_3_ProviderWithoutClientUsesDefaultClient(t *testing.T) {
	d, err := jwk.NewProvider("https://op.example")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if d.HTTPClient() != nil {
		t.Fatal("a Provider without WithHTTPClient reports a client")
	}
	if _, err := userinfo.NewClient(userinfo.Config{Provider: d, ClientID: clientID}); err != nil {
		t.Fatal(err)
	}
}

// roundTripFunc is an http.RoundTripper.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
