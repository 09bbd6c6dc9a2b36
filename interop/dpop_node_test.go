package interop

import (
	"bufio"
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwthttp"
)

// The DPoP tests of this file exchange proofs and bound tokens with
// independent implementations in Node.js (interop/dpopnode: panva's dpop,
// oauth4webapi and jose, pinned by its package-lock.json and installed by
// scripts/install-node-deps.sh), both ways: their proofs verified here,
// ours verified there, their OAuth client against our authorization and
// resource servers, our client against their resource server.

const dpopAudience = "https://api.example"

// nodePeer returns the command running interop/dpopnode/peer.mjs, or
// skips, saying why, where Node.js or the packages are missing.
func nodePeer(t *testing.T, env []string, args ...string) *exec.Cmd {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: the DPoP interop tests against Node.js peers need Node.js (Debian package nodejs) and `bash scripts/install-node-deps.sh`")
	}
	dir, _ := filepath.Abs("dpopnode")
	for _, pkg := range []string{"dpop", "jose", "oauth4webapi"} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", pkg, "package.json")); err != nil {
			t.Skipf("interop/dpopnode/node_modules/%s missing: run `bash scripts/install-node-deps.sh` (npm ci from the npm registry)", pkg)
		}
	}
	cmd := exec.Command(node, append([]string{filepath.Join(dir, "peer.mjs")}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	return cmd
}

// runNode runs one peer command and decodes its one JSON line.
func runNode(t *testing.T, env []string, out any, args ...string) {
	t.Helper()
	cmd := nodePeer(t, env, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("node peer.mjs %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("node peer.mjs %s: %v: %s", args[0], err, b)
	}
}

// TestDPoPInterop_NodeProofsVerifyHere: proofs made by panva's dpop (and
// jose for the algorithms dpop does not sign) pass our RFC 9449 section
// 4.3 checks, with the thumbprint they compute (RFC 7638).
func TestDPoPInterop_NodeProofsVerifyHere(t *testing.T) {
	v, err := dpop.NewVerifier(dpop.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, alg := range []string{"ES256", "ES384", "ES512", "RS256", "PS256", "EdDSA", "Ed25519"} {
		t.Run(alg, func(t *testing.T) {
			const at = "an-access-token"
			var got struct{ Proof, JKT string }
			runNode(t, nil, &got, "proof", alg, "GET", "https://API.example:443/a/../items?q=1", at, "")
			p, err := v.Verify(context.Background(), got.Proof, dpop.Request{Method: "GET", URL: "https://api.example/items", AccessToken: at})
			if err != nil {
				t.Fatalf("their %s proof refused: %v", alg, err)
			}
			if p.JKT != got.JKT {
				t.Fatalf("jkt %q, theirs %q", p.JKT, got.JKT)
			}
			if _, err := v.Verify(context.Background(), got.Proof, dpop.Request{Method: "GET", URL: "https://api.example/items", AccessToken: at}); !errors.Is(err, dpop.ErrReplayed) {
				t.Fatalf("their proof replayed: %v, want ErrReplayed", err)
			}
		})
	}
}

// interopSigners are the proof keys of ours the Node.js side verifies.
func interopSigners(t *testing.T) map[string]*dpop.Signer {
	t.Helper()
	ec := func(c elliptic.Curve) crypto.Signer {
		k, err := ecdsa.GenerateKey(c, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	rk, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	_, ed, _ := ed25519.GenerateKey(rand.Reader)
	keys := map[string]crypto.Signer{
		"ES256": ec(elliptic.P256()), "ES384": ec(elliptic.P384()), "ES512": ec(elliptic.P521()),
		"RS256": rk, "PS256": rk, "EdDSA": ed, "Ed25519": ed,
	}
	out := map[string]*dpop.Signer{}
	for alg, k := range keys {
		s, err := dpop.NewSigner(jwt.Algorithm(alg), k)
		if err != nil {
			t.Fatalf("%s: %v", alg, err)
		}
		out[alg] = s
	}
	return out
}

// TestDPoPInterop_OurProofsVerifyThere: our Signer's proofs pass jose's
// verification with the embedded key and an independent reading of RFC
// 9449 section 4.3, with the thumbprint our Signer states.
func TestDPoPInterop_OurProofsVerifyThere(t *testing.T) {
	signers := interopSigners(t)
	type line struct {
		Proof       string `json:"proof"`
		HTM         string `json:"htm"`
		HTU         string `json:"htu"`
		AccessToken string `json:"access_token,omitempty"`
	}
	var in bytes.Buffer
	var order []string
	for alg, s := range signers {
		proof, err := s.Proof("POST", "https://as.example/token?x=1#f", dpop.ProofOptions{})
		if err != nil {
			t.Fatal(err)
		}
		withToken, err := s.Proof("GET", "https://api.example/items", dpop.ProofOptions{AccessToken: "tok", Nonce: "n-1"})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range []line{{proof, "POST", "https://as.example/token", ""}, {withToken, "GET", "https://api.example/items", "tok"}} {
			b, _ := json.Marshal(l)
			in.Write(append(b, '\n'))
			order = append(order, alg)
		}
	}
	cmd := nodePeer(t, nil, "verify")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node verify: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for i := 0; sc.Scan(); i++ {
		var r struct {
			OK    bool
			JKT   string
			Error string
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		alg := order[i]
		if !r.OK {
			t.Errorf("%s: our proof refused by jose: %s", alg, r.Error)
		} else if r.JKT != signers[alg].JKT() {
			t.Errorf("%s: jkt there %q, ours %q", alg, r.JKT, signers[alg].JKT())
		}
	}
}

// dpopAS is a small authorization server of ours: a token endpoint that
// verifies DPoP proofs (RFC 9449 section 5), requires a server nonce
// (section 8: 400 use_dpop_nonce with DPoP-Nonce first), and issues RFC
// 9068 access tokens bound by "cnf" "jkt" (section 6.1), and its JWK Set.
type dpopAS struct {
	srv    *httptest.Server
	signer *accesstoken.Signer
	set    []byte
	proofs *dpop.Verifier
	public crypto.PublicKey
	tokens atomic.Int32
}

func newDPoPAS(t *testing.T, nonces dpop.NonceSource) *dpopAS {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	as := &dpopAS{public: key.Public()}
	if as.signer, err = accesstoken.NewSigner(jwt.ES256, key, jwt.WithKeyID("as-1")); err != nil {
		t.Fatal(err)
	}
	pub, err := jwk.NewKey(key.Public(), jwk.Params{KeyID: "as-1", Algorithm: "ES256", Use: "sig"})
	if err != nil {
		t.Fatal(err)
	}
	if as.set, err = json.Marshal(jwk.NewSet(pub)); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/jwk-set+json")
		_, _ = w.Write(as.set)
	})
	mux.HandleFunc("POST /token", as.token)
	as.srv = httptest.NewUnstartedServer(mux)
	as.srv.StartTLS()
	t.Cleanup(as.srv.Close)
	if as.proofs, err = dpop.NewVerifier(dpop.Config{Origins: []string{as.srv.URL}, Nonces: nonces}); err != nil {
		t.Fatal(err)
	}
	return as
}

func (as *dpopAS) token(w http.ResponseWriter, r *http.Request) {
	oauthError := func(code string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = fmt.Fprintf(w, `{"error":%q}`, code)
	}
	if err := r.ParseForm(); err != nil || r.PostForm.Get("grant_type") != "client_credentials" {
		oauthError("invalid_request")
		return
	}
	p, err := as.proofs.VerifyTokenRequest(r.Context(), r)
	switch {
	case errors.Is(err, dpop.ErrUseNonce):
		n, nerr := as.proofs.NewNonce()
		if nerr != nil {
			oauthError("server_error")
			return
		}
		w.Header().Set("DPoP-Nonce", n)
		oauthError("use_dpop_nonce")
		return
	case err != nil:
		oauthError("invalid_dpop_proof")
		return
	}
	client := r.PostForm.Get("client_id")
	now := time.Now()
	tok, err := as.signer.Sign(accesstoken.Claims{
		Registered: claims.Registered{
			Issuer: as.srv.URL, Subject: client, Audience: claims.Audience{dpopAudience},
			IssuedAt: claims.NewNumericDate(now), ExpiresAt: claims.NewNumericDate(now.Add(5 * time.Minute)), ID: fmt.Sprintf("at-%d", as.tokens.Add(1)),
		},
		ClientID:     client,
		Scope:        "read",
		Confirmation: &claims.Confirmation{JKT: p.JKT},
	})
	if err != nil {
		oauthError("server_error")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(map[string]any{"access_token": tok, "token_type": dpop.TokenType, "expires_in": 300})
}

// caFile writes a TLS server's certificate where Node.js reads extra
// roots from (NODE_EXTRA_CA_CERTS).
func caFile(t *testing.T, srvs ...*httptest.Server) string {
	t.Helper()
	var b bytes.Buffer
	for _, s := range srvs {
		_ = pem.Encode(&b, &pem.Block{Type: "CERTIFICATE", Bytes: s.Certificate().Raw})
	}
	path := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func newNonces(t *testing.T) *dpop.HMACNonces {
	t.Helper()
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	n, err := dpop.NewHMACNonces(time.Minute, key)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestDPoPInterop_NodeClientAgainstOurServers: oauth4webapi's client gets
// a DPoP-bound token from our token endpoint and calls our resource server
// (jwthttp with DPoP required), each demanding a nonce first (RFC 9449
// sections 8 and 9): two retries, then 200 with the bound key.
func TestDPoPInterop_NodeClientAgainstOurServers(t *testing.T) {
	as := newDPoPAS(t, newNonces(t))
	atv, err := accesstoken.NewVerifier(as.public, accesstoken.Config{Issuer: as.srv.URL, Audience: dpopAudience})
	if err != nil {
		t.Fatal(err)
	}
	rs := httptest.NewUnstartedServer(nil)
	rs.StartTLS()
	defer rs.Close()
	proofs, err := dpop.NewVerifier(dpop.Config{Origins: []string{rs.URL}, Nonces: newNonces(t)})
	if err != nil {
		t.Fatal(err)
	}
	mw, err := jwthttp.New(jwthttp.AccessTokens(atv), jwthttp.WithDPoP(proofs, jwthttp.DPoPRequired))
	if err != nil {
		t.Fatal(err)
	}
	rs.Config.Handler = mw.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, _ := jwthttp.ClaimsFrom[*accesstoken.Claims](r.Context())
		p, _ := jwthttp.ProofFrom(r.Context())
		_, _ = fmt.Fprintf(w, "hello %s %s", c.Subject, p.JKT)
	}))
	var got struct {
		TokenType string `json:"token_type"`
		Status    int
		Body      string
		JKT       string
		Retries   int
	}
	runNode(t, []string{"NODE_EXTRA_CA_CERTS=" + caFile(t, as.srv, rs)}, &got,
		"client", as.srv.URL, as.srv.URL+"/token", rs.URL+"/items", "ES256")
	if !strings.EqualFold(got.TokenType, "DPoP") || got.Status != 200 || got.Body != "hello node-client "+got.JKT || got.Retries != 2 {
		t.Fatalf("node client: %+v", got)
	}
}

// TestDPoPInterop_OurClientAgainstNodeRS: our Transport gets a bound token
// from our token endpoint (retrying once on use_dpop_nonce) and calls
// oauth4webapi's resource server (validateJwtAccessToken with DPoP
// required), which accepts it with our key's thumbprint; a stolen token
// used with another key is refused there.
func TestDPoPInterop_OurClientAgainstNodeRS(t *testing.T) {
	as := newDPoPAS(t, newNonces(t))
	cmd := nodePeer(t, []string{"NODE_EXTRA_CA_CERTS=" + caFile(t, as.srv)}, "rs", as.srv.URL, as.srv.URL+"/jwks", dpopAudience)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	var ready struct{ Port int }
	if err := json.NewDecoder(stdout).Decode(&ready); err != nil {
		t.Fatalf("node rs: %v\n%s", err, stderr.String())
	}
	signers := interopSigners(t)
	for _, alg := range []string{"ES256", "EdDSA", "PS256"} {
		t.Run(alg, func(t *testing.T) {
			s := signers[alg]
			tr := &dpop.Transport{Signer: s, Base: as.srv.Client().Transport}
			res, err := (&http.Client{Transport: tr}).PostForm(as.srv.URL+"/token", url.Values{"grant_type": {"client_credentials"}, "client_id": {"go-client"}})
			if err != nil {
				t.Fatal(err)
			}
			var tok struct {
				AccessToken string `json:"access_token"`
				TokenType   string `json:"token_type"`
			}
			err = json.NewDecoder(res.Body).Decode(&tok)
			res.Body.Close()
			if err != nil || res.StatusCode != 200 || tok.TokenType != "DPoP" {
				t.Fatalf("token: %d %v %+v", res.StatusCode, err, tok)
			}
			rsURL := fmt.Sprintf("http://127.0.0.1:%d/items", ready.Port)
			call := func(s *dpop.Signer) (int, string) {
				res, err := (&http.Client{Transport: &dpop.Transport{Signer: s, AccessToken: tok.AccessToken}}).Get(rsURL)
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				b, _ := io.ReadAll(res.Body)
				return res.StatusCode, string(b)
			}
			if status, body := call(s); status != 200 || !strings.Contains(body, s.JKT()) {
				t.Fatalf("their resource server: %d %s", status, body)
			}
			thief := signers["ES384"]
			if status, body := call(thief); status != 401 {
				t.Fatalf("a stolen token with another key: %d %s, want 401", status, body)
			}
		})
	}
}
