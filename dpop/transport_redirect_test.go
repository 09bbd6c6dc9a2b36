package dpop_test

import (
	"net/http"
	"testing"

	"github.com/jotlib/jwt/dpop"
)

// trRedirectClient is an http.Client over a dpop.Transport with token
// whose TLS base trusts every server given.
func trRedirectClient(t *testing.T, token string, servers ...*trServer) *http.Client {
	t.Helper()
	base := servers[0].Client().Transport.(*http.Transport).Clone()
	for _, s := range servers[1:] {
		base.TLSClientConfig.RootCAs.AddCert(s.Certificate())
	}
	return &http.Client{Transport: &dpop.Transport{Signer: sgSigner(t), Base: base, AccessToken: token}}
}

// RFC 6750 section 5.3, RFC 9110 section 15.4: on a redirect to another
// origin the Transport sends a fresh proof for the new URL and no access
// token: no Authorization field (the caller's own included) and no "ath".
func TestRFC6750_5_3_TransportSendsNoTokenOnCrossOriginRedirect(t *testing.T) {
	other := trNewServer(t, func(w http.ResponseWriter, r *http.Request, s trSeen, srv *trServer) {})
	first := trNewServer(t, func(w http.ResponseWriter, r *http.Request, s trSeen, srv *trServer) {
		http.Redirect(w, r, other.URL+"/landed", http.StatusFound)
	})
	for _, token := range []string{"the-token", ""} {
		req, _ := http.NewRequest("GET", first.URL+"/items", nil)
		if token == "" {
			req.Header.Set("Authorization", "DPoP callers-own-token")
		}
		res, err := trRedirectClient(t, token, first, other).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		got := other.requests()
		s := got[len(got)-1]
		if s.authorization != "" {
			t.Errorf("token %q: Authorization %q sent to another origin", token, s.authorization)
		}
		if s.proofErr != nil {
			t.Errorf("token %q: the redirected request's proof: %v", token, s.proofErr)
		} else if ath := s.proof.claims["ath"]; ath != nil {
			t.Errorf("token %q: ath %s sent to another origin", token, ath)
		}
	}
}

// A redirect within the origin keeps the token, and a chain that left the
// origin never gets it back for the hops after, even to one origin twice.
func TestRFC6750_5_3_TransportRedirectChainKeepsTokenWithinOriginOnly(t *testing.T) {
	var other *trServer
	first := trNewServer(t, func(w http.ResponseWriter, r *http.Request, s trSeen, srv *trServer) {
		switch r.URL.Path {
		case "/a":
			http.Redirect(w, r, "/b", http.StatusFound)
		case "/b":
			http.Redirect(w, r, other.URL+"/c", http.StatusFound)
		}
	})
	other = trNewServer(t, func(w http.ResponseWriter, r *http.Request, s trSeen, srv *trServer) {
		if r.URL.Path == "/c" {
			http.Redirect(w, r, "/d", http.StatusFound)
		}
	})
	res, err := trRedirectClient(t, "tok", first, other).Get(first.URL + "/a")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for i, s := range first.requests() {
		if s.authorization != "DPoP tok" || s.proofErr != nil {
			t.Errorf("same-origin hop %d (%s): Authorization %q, proof %v", i, s.path, s.authorization, s.proofErr)
		}
	}
	got := other.requests()
	if len(got) != 2 {
		t.Fatalf("the other origin got %d requests", len(got))
	}
	for _, s := range got {
		if s.authorization != "" || s.proofErr != nil {
			t.Errorf("hop %s after leaving the origin: Authorization %q, proof %v", s.path, s.authorization, s.proofErr)
		}
	}
}
