package jwttest_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwttest"
)

// fetchErr refreshes a fresh remote set of p once and returns the error.
func fetchErr(t *testing.T, p *jwttest.Provider, opts ...jwk.RemoteOption) error {
	t.Helper()
	return p.RemoteSet(opts...).Refresh(context.Background())
}

func TestFaultSwitches_ObservedThroughJWK(t *testing.T) {
	cases := []struct {
		name  string
		set   func(p *jwttest.Provider)
		opts  []jwk.RemoteOption
		match error
	}{
		{"Status500", func(p *jwttest.Provider) { p.SetStatus(jwttest.PathJWKS, http.StatusInternalServerError) }, nil, jwk.ErrFetch},
		{"Status404", func(p *jwttest.Provider) { p.SetStatus(jwttest.PathJWKS, http.StatusNotFound) }, nil, jwk.ErrFetch},
		{"DelayPastDeadline", func(p *jwttest.Provider) { p.SetDelay(jwttest.PathJWKS, 5*time.Second) },
			[]jwk.RemoteOption{jwk.WithFetchTimeout(100 * time.Millisecond)}, jwk.ErrFetch},
		{"TruncatedBody", func(p *jwttest.Provider) { p.SetBody(jwttest.PathJWKS, jwttest.BodyTruncated) }, nil, jwk.ErrFetch},
		{"GarbageBody", func(p *jwttest.Provider) { p.SetBody(jwttest.PathJWKS, jwttest.BodyGarbage) }, nil, jwk.ErrFetch},
		{"ConnectionRefused", func(p *jwttest.Provider) { p.Close() }, nil, jwk.ErrFetch},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := jwttest.NewProvider(t)
			c.set(p)
			start := time.Now()
			err := fetchErr(t, p, c.opts...)
			if !errors.Is(err, c.match) {
				t.Fatalf("err %v, want %v", err, c.match)
			}
			if time.Since(start) > 3*time.Second {
				t.Fatalf("took %v", time.Since(start))
			}
			p.ClearFaults()
			if c.name == "ConnectionRefused" {
				if n := p.Requests(jwttest.PathJWKS); n != 0 {
					t.Fatalf("a closed provider counted %d requests", n)
				}
				return
			}
			if n := p.Requests(jwttest.PathJWKS); n != 1 {
				t.Fatalf("requests %d, want 1", n)
			}
			if err := fetchErr(t, p); err != nil {
				t.Fatalf("after ClearFaults: %v", err)
			}
		})
	}
}

func TestFaultSwitches_Status200ServesTheDocument(t *testing.T) {
	p := jwttest.NewProvider(t)
	p.SetStatus(jwttest.PathJWKS, 500)
	p.SetStatus(jwttest.PathJWKS, 200)
	if err := fetchErr(t, p); err != nil {
		t.Fatal(err)
	}
}

func TestFaultSwitches_DiscoveryStatusIsErrFetch(t *testing.T) {
	p := jwttest.NewProvider(t)
	p.SetStatus(jwttest.PathOpenIDConfiguration, http.StatusServiceUnavailable)
	_, err := p.Discover(context.Background())
	if !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("err %v, want jwk.ErrFetch", err)
	}
	if p.Requests(jwttest.PathOpenIDConfiguration) != 1 || p.Requests(jwttest.PathJWKS) != 0 {
		t.Fatalf("requests: doc %d, jwks %d", p.Requests(jwttest.PathOpenIDConfiguration), p.Requests(jwttest.PathJWKS))
	}
	p.SetBody(jwttest.PathOAuthAuthorizationServer, jwttest.BodyGarbage)
	_, err = p.Discover(context.Background(), jwk.WithWellKnown(jwk.OAuthAuthorizationServer))
	if !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("garbage RFC 8414 document: %v, want jwk.ErrFetch", err)
	}
}

func TestRFC7517_5_OddKeySkippedOthersVerify(t *testing.T) {
	p := jwttest.NewProvider(t)
	p.SetOddKey(true)
	rs := p.RemoteSet()
	v := accessVerifier(t, p, rs)
	if _, err := v.Verify(context.Background(), p.AccessToken(accesstoken.Claims{})); err != nil {
		t.Fatal(err)
	}
	set := rs.Set()
	if set.Len() != 1 || len(set.Skipped()) != 1 || len(set.LookupKeyID(jwttest.OddKeyID)) != 0 {
		t.Fatalf("set: %d keys, skipped %v", set.Len(), set.Skipped())
	}
}

func TestRequests_CountPerPath(t *testing.T) {
	p := jwttest.NewProvider(t)
	c := p.Client()
	for i := 0; i < 3; i++ {
		resp, err := c.Get(p.Issuer() + jwttest.PathOpenIDConfiguration)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	resp, err := c.Get(p.Issuer() + "/nowhere")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if p.Requests(jwttest.PathOpenIDConfiguration) != 3 || p.Requests("/nowhere") != 1 ||
		p.Requests(jwttest.PathJWKS) != 0 || p.Requests(jwttest.PathOAuthAuthorizationServer) != 0 {
		t.Fatal("counters wrong")
	}
}

func TestFaultSwitches_CloseEndsDelayedResponses(t *testing.T) {
	p := jwttest.NewProvider(t)
	p.SetDelay(jwttest.PathJWKS, time.Minute)
	done := make(chan error, 1)
	rs := p.RemoteSet()
	go func() { done <- rs.Refresh(context.Background()) }()
	for p.Requests(jwttest.PathJWKS) == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	p.Close()
	if err := <-done; !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("err %v, want jwk.ErrFetch", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Close took %v with a delayed response in flight", d)
	}
}
