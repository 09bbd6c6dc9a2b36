package jwttest_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwthttp"
	"github.com/jotlib/jwt/jwttest"
)

// dpopResource serves "ok" behind a jwthttp Middleware that requires DPoP
// (RFC 9449 section 7) for access tokens of p, over TLS.
func dpopResource(t *testing.T, p *jwttest.Provider) *httptest.Server {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	pv, err := dpop.NewVerifier(dpop.Config{Origins: []string{srv.URL}, Now: p.Now})
	if err != nil {
		t.Fatal(err)
	}
	mw, err := jwthttp.New(jwthttp.AccessTokens(accessVerifier(t, p, p.RemoteSet())), jwthttp.WithDPoP(pv, jwthttp.DPoPRequired))
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = mw.Handler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok") }))
	return srv
}

func get(t *testing.T, c *http.Client, url string, header ...string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestRFC9449_7_BoundTokenWithProofAccepted(t *testing.T) {
	t.Parallel()
	for _, alg := range []jwt.Algorithm{jwt.ES256, jwt.EdDSA, jwt.PS256} {
		t.Run(string(alg), func(t *testing.T) {
			p := jwttest.NewProvider(t)
			srv := dpopResource(t, p)
			s := p.DPoPSigner(alg)
			tok := p.BoundAccessToken(accesstoken.Claims{}, s.JKT())
			c := &http.Client{Transport: &dpop.Transport{Signer: s, AccessToken: tok, Base: srv.Client().Transport}}
			if code := get(t, c, srv.URL+"/items"); code != http.StatusOK {
				t.Fatalf("status %d, want 200", code)
			}
		})
	}
}

func TestRFC9449_7_2_BoundTokenAsBearerRefused(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	srv := dpopResource(t, p)
	tok := p.BoundAccessToken(accesstoken.Claims{}, p.DPoPSigner(jwt.ES256).JKT())
	if code := get(t, srv.Client(), srv.URL+"/items", "Authorization", "Bearer "+tok); code != http.StatusUnauthorized {
		t.Fatalf("status %d, want 401", code)
	}
}

func TestRFC9449_4_3_12_ProofOfAnotherKeyRefused(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	srv := dpopResource(t, p)
	tok := p.BoundAccessToken(accesstoken.Claims{}, p.DPoPSigner(jwt.ES256).JKT())
	c := &http.Client{Transport: &dpop.Transport{Signer: p.DPoPSigner(jwt.ES256), AccessToken: tok, Base: srv.Client().Transport}}
	if code := get(t, c, srv.URL+"/items"); code != http.StatusUnauthorized {
		t.Fatalf("status %d, want 401", code)
	}
}

func TestRFC9449_6_1_BoundTokenNamesJKT(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	s := p.DPoPSigner("")
	got, err := dpop.BoundKey(p.BoundAccessToken(accesstoken.Claims{}, s.JKT()))
	if err != nil || got != s.JKT() {
		t.Fatalf("BoundKey = %q, %v; want %q", got, err, s.JKT())
	}
	if s.Algorithm() != jwttest.DefaultAlgorithm {
		t.Fatalf("alg %s", s.Algorithm())
	}
}

func TestRFC9449_6_1_BadJKTMintsNoToken(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	for _, jkt := range []string{"", "short", "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"} {
		if _, err := p.SignBoundAccessToken(accesstoken.Claims{}, jkt); !errors.Is(err, jwt.ErrEncoding) {
			t.Errorf("jkt %q: %v, want jwt.ErrEncoding", jkt, err)
		}
	}
}

func TestDPoPSignerHSAndNoneRefused(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	for _, alg := range []jwt.Algorithm{jwt.HS256, "none", "XX"} {
		if _, err := p.NewDPoPSigner(alg); !errors.Is(err, jwttest.ErrUnsupportedAlgorithm) {
			t.Errorf("%s: %v", alg, err)
		}
	}
	var nilp *jwttest.Provider
	if nilp.DPoPSigner(jwt.ES256) != nil || nilp.BoundAccessToken(accesstoken.Claims{}, "x") != "" {
		t.Fatal("nil provider made something")
	}
}
