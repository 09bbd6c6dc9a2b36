package dpop_test

// Red-team findings on the DPoP client and authorization-server side (RFC
// 9449): each test states the rule and FAILS while the finding stands.
// Prefix rt.

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/replay"
)

// RFC 9449 section 7.1 / RFC 6750 section 5.3 / RFC 9110 section 15.4:
// the access token is for the resource server; a redirect to another
// origin must not carry it. http.Client strips a caller's Authorization on
// a cross-origin redirect, but the Transport writes AccessToken into every
// request it sends, the redirected one included.
func TestRedTeam_RFC9449_7_1_TransportLeaksTokenOnCrossOriginRedirect(t *testing.T) {
	evil := trNewServer(t, func(w http.ResponseWriter, r *http.Request, s trSeen, srv *trServer) {
		w.WriteHeader(http.StatusOK)
	})
	rs := trNewServer(t, func(w http.ResponseWriter, r *http.Request, s trSeen, srv *trServer) {
		http.Redirect(w, r, evil.URL+"/collect", http.StatusFound)
	})
	// One TLS client trusting both test servers.
	base := rs.Client().Transport.(*http.Transport).Clone()
	base.TLSClientConfig.RootCAs.AddCert(evil.Certificate())
	tr := &dpop.Transport{Signer: sgSigner(t), Base: base, AccessToken: "the-resource-token"}
	res, err := (&http.Client{Transport: tr}).Get(rs.URL + "/items")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	got := evil.requests()
	if len(got) != 1 {
		t.Fatalf("the redirect target got %d requests", len(got))
	}
	if strings.Contains(got[0].authorization, "the-resource-token") {
		t.Errorf("the access token was sent to another origin on redirect: Authorization %q", got[0].authorization)
	}
}

// The rules (guide: never a panic, nil included): RoundTrip(nil) is an
// error, as a nil URL is.
func TestRedTeam_TransportRoundTripNilRequestDoesNotPanic(t *testing.T) {
	tr := &dpop.Transport{Signer: sgSigner(t)}
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("RoundTrip(nil) panicked: %v", r)
		}
	}()
	if res, err := tr.RoundTrip(nil); err == nil || res != nil {
		t.Errorf("RoundTrip(nil) = %v, %v; want ErrInvalidRequest", res, err)
	}
}

// RFC 9449 section 7.1 ("Authorization: DPoP"), section 4.3 check 1
// (exactly one DPoP field): the Transport's documented "replacing any
// Authorization field" holds only for the canonical key; a header map key
// in another spelling is sent beside it, so the caller's Bearer credential
// goes out with the DPoP one, and a second DPoP field makes every server
// refuse the request.
func TestRedTeam_RFC9449_7_1_TransportReplacesNonCanonicalAuthorizationAndDPoP(t *testing.T) {
	var gotAuth, gotDPoP []string
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotAuth, gotDPoP = r.Header.Values("Authorization"), r.Header.Values("DPoP")
	}))
	defer srv.Close()
	tr := &dpop.Transport{Signer: sgSigner(t), Base: srv.Client().Transport, AccessToken: "tok"}
	req, _ := http.NewRequest("GET", srv.URL+"/x", nil)
	req.Header["authorization"] = []string{"Bearer old-bearer-token"}
	req.Header["dpop"] = []string{"stale-proof"}
	res, err := tr.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if len(gotAuth) != 1 || gotAuth[0] != "DPoP tok" {
		t.Errorf("Authorization fields sent: %q, want only \"DPoP tok\"", gotAuth)
	}
	if len(gotDPoP) != 1 {
		t.Errorf("%d DPoP fields sent (%q), want one (section 4.3 check 1)", len(gotDPoP), gotDPoP)
	}
}

// RFC 9449 section 4.2 (htu: the target URI) and section 4.3 check 9: a
// proof the Signer makes is either refused (ErrInvalidRequest) or verifies
// at the target URI the request reaches on the wire. The Signer writes
// what url.Parse keeps, so it makes proofs that urlnorm.Target, and so
// its own Verifier, refuses: an IDN host in Unicode (net/http sends the
// A-label: Host xn--...), a host that is only a port, a zone identifier,
// a port past 65535.
func TestRedTeam_RFC9449_4_2_SignerMakesNoProofItsVerifierRefuses(t *testing.T) {
	s := sgSigner(t)
	for in, wire := range map[string]string{
		"https://bücher.example/x":        "https://xn--bcher-kva.example/x",
		"https://:443/x":                  "",
		"https://[fe80::1%25eth0]:8443/x": "",
		"https://api.example:99999/x":     "",
		"https://api.example:0/x":         "",
	} {
		proof, err := s.Proof("GET", in, dpop.ProofOptions{Now: vfNow})
		if errors.Is(err, dpop.ErrInvalidRequest) {
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if wire == "" {
			t.Errorf("%s: proof made (htu %q) for a URL with no valid host or port; want ErrInvalidRequest", in, sgDecode(t, proof).str(t, sgDecode(t, proof).claims, "htu"))
			continue
		}
		v := vfVerifier(t, vfConfig())
		if _, err := v.Verify(context.Background(), proof, dpop.Request{Method: "GET", URL: wire}); err != nil {
			t.Errorf("%s: proof (htu %q) refused at %s: %v", in, sgDecode(t, proof).str(t, sgDecode(t, proof).claims, "htu"), wire, err)
		}
	}
}

// RFC 9449 section 11.1 (replay store) and section 5 (token endpoint): the
// proof's "jti" is claimed by VerifyTokenRequest before the authorization
// server has authenticated anything, and a proof costs its sender only a
// key it makes itself, so anyone can fill a bounded store. The documented
// behaviour (VerifyTokenRequest, Config.Replay): a full store fails
// closed, refusing every new proof with an error matching
// replay.ErrUnavailable (503), never ErrReplayed nor ErrInvalidProof, and
// forgets no live record; the deployment sizes the store for MaxAge times
// the peak proof rate. Shown with a store of 64.
func TestRedTeam_RFC9449_11_1_FullReplayStoreFailsClosedAtTokenEndpoint(t *testing.T) {
	cfg := dpop.Config{Origins: []string{"https://as.example"}, Now: func() time.Time { return vfNow },
		Replay: replay.NewMemoryClock(64, func() time.Time { return vfNow })}
	v := vfVerifier(t, cfg)
	attacker := sgSigner(t)
	tokenRequest := func(s *dpop.Signer, proof string) error {
		if proof == "" {
			var err error
			if proof, err = s.Proof("POST", "https://as.example/token", dpop.ProofOptions{Now: vfNow}); err != nil {
				t.Fatal(err)
			}
		}
		r := httptest.NewRequest("POST", "https://as.example/token", nil)
		r.Header.Set("DPoP", proof)
		_, err := v.VerifyTokenRequest(context.Background(), r)
		return err
	}
	first, err := attacker.Proof("POST", "https://as.example/token", dpop.ProofOptions{Now: vfNow})
	if err != nil {
		t.Fatal(err)
	}
	if err := tokenRequest(attacker, first); err != nil {
		t.Fatalf("attacker's first proof: %v", err)
	}
	for range 63 {
		if err := tokenRequest(attacker, ""); err != nil {
			t.Fatalf("attacker's proof: %v", err)
		}
	}
	err = tokenRequest(sgSigner(t), "")
	if !errors.Is(err, replay.ErrUnavailable) || !errors.Is(err, replay.ErrFull) {
		t.Errorf("a token request once the store is full: %v, want replay.ErrFull (replay.ErrUnavailable: fail closed)", err)
	}
	if errors.Is(err, replay.ErrReplayed) || errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("a full store reported as a bad proof: %v", err)
	}
	if err := tokenRequest(attacker, first); !errors.Is(err, replay.ErrReplayed) {
		t.Errorf("a live record forgotten by the full store: replaying the first proof: %v, want ErrReplayed", err)
	}
}

// RFC 7800 section 3.1 and RFC 8705 section 3: a "cnf" binds the token to
// a key; a resource server that cannot check the confirmation method must
// not take the token as a bearer token. claims.Confirmation reads "jkt"
// only, and accesstoken's Verifier accepts a token bound by "x5t#S256"
// (mutual TLS) as if it were unbound, and the caller cannot even see the
// binding in the typed claims.
func TestRedTeam_RFC7800_3_1_UnreadConfirmationMethodNotAcceptedAsBearer(t *testing.T) {
	k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	now := time.Now()
	c := map[string]any{
		"iss": "https://as.example", "sub": "u", "aud": "https://api.example", "client_id": "c",
		"iat": now.Unix(), "exp": now.Add(time.Minute).Unix(), "jti": "j1",
		"cnf": map[string]string{"x5t#S256": "bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2"},
	}
	raw, err := jwt.NewSigner(jwt.ES256, k, jwt.WithType("at+jwt"))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := raw.Sign(c)
	if err != nil {
		t.Fatal(err)
	}
	v, err := accesstoken.NewVerifier(k.Public(), accesstoken.Config{Issuer: "https://as.example", Audience: "https://api.example"})
	if err != nil {
		t.Fatal(err)
	}
	// Decided (issue 24, X5): accesstoken's Verifier checks the profile, and
	// the binding is the resource adapter's rule: dpop.BoundKey refuses the
	// unread method (dpop.ErrUnsupportedBinding), so jwthttp and jwtgrpc
	// never take the token as Bearer.
	if _, err := v.Verify(context.Background(), tok); err != nil {
		t.Fatalf("accesstoken: %v", err)
	}
	if jkt, err := dpop.BoundKey(tok); !errors.Is(err, dpop.ErrUnsupportedBinding) || jkt != "" {
		t.Errorf("dpop.BoundKey: (%q, %v), want dpop.ErrUnsupportedBinding: an unbound token, jwthttp would accept it as Bearer", jkt, err)
	}
}

// RFC 9449 section 4.2 and the rule "never an option that can never
// pass": a crypto.Signer (a KMS wrapper with a misconfigured key id) whose
// Public is another key than the one it signs with makes a Signer whose
// every proof fails check 7 (signature by the header's jwk) at every
// server, reported only by the servers. NewSigner could sign and verify
// one probe and refuse it (ErrInvalidConfig, jwt.ErrInvalidKey).
func TestRedTeam_RFC9449_4_2_SignerWhosePublicIsAnotherKeyRefused(t *testing.T) {
	k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	other, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	s, err := dpop.NewSigner(jwt.ES256, rtSigner{k, other.Public})
	if errors.Is(err, dpop.ErrInvalidConfig) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	proof, err := s.Proof("GET", vfURL, dpop.ProofOptions{Now: vfNow})
	if err != nil {
		t.Fatal(err)
	}
	_, err = vfVerifier(t, vfConfig()).Verify(context.Background(), proof, vfReq)
	t.Errorf("NewSigner took a crypto.Signer whose Public is another key; its proofs are refused everywhere: %v", err)
}

// RFC 9449 section 4.3 check 9 and section 5 (htu is the token
// endpoint's URL): a token endpoint mounted the usual net/http way, under
// http.StripPrefix, sees r.URL.Path without the prefix; VerifyTokenRequest
// builds the target from it and refuses every client's correct proof
// (htu "https://as.example/oauth/token"). The request's RequestURI still
// holds the path the client sent; nothing in the docs warns of this.
func TestRedTeam_RFC9449_5_TokenEndpointUnderStripPrefixAcceptsCorrectProofs(t *testing.T) {
	cfg := vfConfig()
	cfg.Origins = []string{"https://as.example"}
	v := vfVerifier(t, cfg)
	var got error
	h := http.StripPrefix("/oauth", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, got = v.VerifyTokenRequest(r.Context(), r)
	}))
	proof, err := sgSigner(t).Proof("POST", "https://as.example/oauth/token", dpop.ProofOptions{Now: vfNow})
	if err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest("POST", "https://as.example/oauth/token", nil)
	r.Header.Set("DPoP", proof)
	h.ServeHTTP(httptest.NewRecorder(), r)
	if got != nil {
		t.Errorf("the client's proof for the URL it called, under http.StripPrefix: %v", got)
	}
}
