package dpop_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jotlib/jwt/dpop"
)

// Helpers of the Transport tests (prefix tr): TLS servers that record what
// they receive and check each proof.

// trSeen is one request as a server received it, its proof checked.
type trSeen struct {
	method, path  string
	authorization string
	body          []byte
	proof         sgDecoded
	proofErr      error
}

// trServer is an httptest TLS server whose handler answers by respond,
// recording every request.
type trServer struct {
	*httptest.Server
	mu       sync.Mutex
	seen     []trSeen
	n        int            // nonces issued
	verifier *dpop.Verifier // checks every proof the server receives
}

// trNewServer starts a TLS server; respond gets the request, its record
// and the server (to issue nonces), and writes the answer.
func trNewServer(t *testing.T, respond func(w http.ResponseWriter, r *http.Request, s trSeen, srv *trServer)) *trServer {
	t.Helper()
	srv := &trServer{}
	srv.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s := trSeen{method: r.Method, path: r.URL.Path, authorization: r.Header.Get("Authorization"), body: body}
		proofs := r.Header.Values("DPoP")
		if len(proofs) == 1 {
			s.proof, s.proofErr = trCheckProof(t, proofs[0], r, srv)
		} else {
			s.proofErr = io.ErrUnexpectedEOF
		}
		srv.mu.Lock()
		srv.seen = append(srv.seen, s)
		srv.mu.Unlock()
		respond(w, r, s, srv)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// newNonce issues the server's next nonce.
func (s *trServer) newNonce() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	return "nonce-" + strconv.Itoa(s.n) + "_Zz.~"
}

// lastNonce is the last nonce issued, "" when none.
func (s *trServer) lastNonce() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n == 0 {
		return ""
	}
	return "nonce-" + strconv.Itoa(s.n) + "_Zz.~"
}

// requests returns what the server received so far.
func (s *trServer) requests() []trSeen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]trSeen(nil), s.seen...)
}

// trCheckProof checks a proof with a dpop.Verifier for the server's
// origin (RFC 9449 section 4.3), "ath" against the request's DPoP
// credential when it has one, and decodes it for the test to read.
func trCheckProof(t *testing.T, proof string, r *http.Request, srv *trServer) (sgDecoded, error) {
	d := sgDecode(t, proof)
	srv.mu.Lock()
	if srv.verifier == nil {
		v, err := dpop.NewVerifier(dpop.Config{Origins: []string{srv.URL}})
		if err != nil {
			srv.mu.Unlock()
			return d, err
		}
		srv.verifier = v
	}
	v := srv.verifier
	srv.mu.Unlock()
	token := ""
	if scheme, credentials, ok := trCutSpace(r.Header.Get("Authorization")); ok && strings.EqualFold(scheme, "DPoP") {
		token = credentials
	}
	p, err := v.VerifyRequest(r.Context(), r, token)
	if err != nil {
		return d, err
	}
	if token == "" && p.AccessTokenHash != "" {
		return d, trErrorf("ath %q without a DPoP credential", p.AccessTokenHash)
	}
	return d, nil
}

func trErrorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// cutSpace splits an Authorization value into its scheme and credentials.
func trCutSpace(v string) (scheme, rest string, ok bool) { return strings.Cut(v, " ") }

// trClient is an http.Client whose Transport is a dpop.Transport over the
// server's TLS client transport.
func trClient(srv *trServer, s *dpop.Signer, token string) (*http.Client, *dpop.Transport) {
	tr := &dpop.Transport{Signer: s, Base: srv.Client().Transport, AccessToken: token}
	return &http.Client{Transport: tr}, tr
}

// trUseNonceRS answers a resource server's use_dpop_nonce (RFC 9449
// section 9) with the challenge fields given.
func trUseNonceRS(w http.ResponseWriter, srv *trServer, challenges ...string) {
	for _, c := range challenges {
		w.Header().Add("WWW-Authenticate", c)
	}
	w.Header().Set("DPoP-Nonce", srv.newNonce())
	w.WriteHeader(http.StatusUnauthorized)
}

// trUseNonceAS answers an authorization server's use_dpop_nonce (RFC 9449
// section 8).
func trUseNonceAS(w http.ResponseWriter, srv *trServer) {
	w.Header().Set("DPoP-Nonce", srv.newNonce())
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_, _ = io.WriteString(w, `{"error":"use_dpop_nonce","error_description":"Authorization server requires nonce in DPoP proof"}`)
}
