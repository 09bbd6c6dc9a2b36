package dpop_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/dpop"
)

// asKey signs the access tokens the test authorization server issues.
var asKey = ed25519.NewKeyFromSeed([]byte("dpop-as-test-ed25519-seed-32byte"))

// asServer is an authorization server's token endpoint (RFC 9449 section
// 5) on a TLS server: it verifies the proof with VerifyTokenRequest,
// checks the code's dpop_jkt (section 10), and issues an access token
// bound to the proof's key (section 6.1) with token_type DPoP.
type asServer struct {
	*trServer
	v       *dpop.Verifier
	signer  *accesstoken.Signer
	dpopJKT string // the authorization request's dpop_jkt of the code
	errs    chan error
}

func asNew(t *testing.T, dpopJKT string) *asServer {
	t.Helper()
	as := &asServer{dpopJKT: dpopJKT, errs: make(chan error, 16)}
	var err error
	if as.signer, err = accesstoken.NewSigner(jwt.EdDSA, asKey); err != nil {
		t.Fatal(err)
	}
	as.trServer = trNewServer(t, func(w http.ResponseWriter, r *http.Request, _ trSeen, _ *trServer) {
		p, err := as.v.VerifyTokenRequest(r.Context(), r)
		if err == nil {
			err = dpop.CheckDPoPJKT(as.dpopJKT, p)
		}
		as.errs <- err
		if err != nil {
			code := "invalid_dpop_proof"
			if errors.Is(err, dpop.ErrDPoPJKTMismatch) {
				code = "invalid_grant"
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"error":"`+code+`"}`)
			return
		}
		now := time.Now()
		tok, err := as.signer.Sign(accesstoken.Claims{
			Registered: claims.Registered{
				Issuer: "https://as.example.com", Subject: "user-1", Audience: claims.Audience{"https://rs.example.com"},
				ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)), IssuedAt: claims.NewNumericDate(now), ID: "at-1",
			},
			ClientID: "s6BhdRkqt3", Confirmation: p.Confirmation(),
		})
		if err != nil {
			t.Error(err)
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"access_token": tok, "token_type": dpop.TokenType, "expires_in": 3600})
	})
	if as.v, err = dpop.NewVerifier(dpop.Config{Origins: []string{as.URL}}); err != nil {
		t.Fatal(err)
	}
	return as
}

// RFC 9449 sections 5 and 6.1: a client redeems a code through the
// Transport; the token endpoint verifies the proof (no "ath", "htu" its
// own URL), and the access token it issues, typed "DPoP", carries the
// client key's thumbprint as "cnf" "jkt".
func TestRFC9449_5_TokenEndpointBindsTheTokenToTheProofKey(t *testing.T) {
	client := sgSigner(t)
	as := asNew(t, client.JKT())
	c, _ := trClient(as.trServer, client, "")
	form := url.Values{"grant_type": {"authorization_code"}, "code": {"SplxlOBeZQQYbYS6WxSbIA"}}.Encode()
	req := trRequest(t, "POST", as.URL+"/token", strings.NewReader(form))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	status, body := trDo(t, c, req)
	if err := <-as.errs; status != http.StatusOK || err != nil {
		t.Fatalf("status %d %s: %v", status, body, err)
	}
	var resp struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
	}
	if err := json.Unmarshal([]byte(body), &resp); err != nil || resp.TokenType != "DPoP" {
		t.Fatalf("%s: %v", body, err)
	}
	v, err := accesstoken.NewVerifier(asKey.Public(), accesstoken.Config{Issuer: "https://as.example.com", Audience: "https://rs.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := v.Verify(context.Background(), resp.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	if got.Confirmation == nil || got.Confirmation.JKT != client.JKT() {
		t.Errorf("cnf %+v, want jkt %s", got.Confirmation, client.JKT())
	}
	if jkt, err := dpop.BoundKey(resp.AccessToken); err != nil || jkt != client.JKT() {
		t.Errorf("BoundKey %q, %v", jkt, err)
	}
}

// RFC 9449 section 10: the token request's proof key must be the one the
// authorization request's dpop_jkt named; another key is refused with
// ErrDPoPJKTMismatch, which is not ErrInvalidProof (the proof itself is
// valid), and no token is issued.
func TestRFC9449_10_DPoPJKTMismatchRefused(t *testing.T) {
	bound, other := sgSigner(t), sgSigner(t)
	as := asNew(t, bound.JKT())
	c, _ := trClient(as.trServer, other, "")
	status, body := trDo(t, c, trRequest(t, "POST", as.URL+"/token", strings.NewReader("grant_type=authorization_code&code=x")))
	if status != http.StatusBadRequest || !strings.Contains(body, "invalid_grant") {
		t.Errorf("status %d %s", status, body)
	}
	if err := <-as.errs; !errors.Is(err, dpop.ErrDPoPJKTMismatch) || errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("%v, want ErrDPoPJKTMismatch only", err)
	}
	p := &dpop.Proof{JKT: other.JKT()}
	for name, c := range map[string]struct {
		jkt  string
		p    *dpop.Proof
		want error
	}{
		"same key":               {other.JKT(), p, nil},
		"no dpop_jkt":            {"", p, nil},
		"no dpop_jkt, no proof":  {"", nil, nil},
		"another key":            {bound.JKT(), p, dpop.ErrDPoPJKTMismatch},
		"no proof":               {bound.JKT(), nil, dpop.ErrDPoPJKTMismatch},
		"zero proof":             {bound.JKT(), &dpop.Proof{}, dpop.ErrDPoPJKTMismatch},
		"dpop_jkt not a digest":  {"abc", p, dpop.ErrDPoPJKTMismatch},
		"dpop_jkt padded":        {other.JKT() + "=", p, dpop.ErrDPoPJKTMismatch},
		"dpop_jkt other case":    {strings.ToUpper(other.JKT()), p, dpop.ErrDPoPJKTMismatch},
		"dpop_jkt not base64url": {strings.Repeat("+", 43), &dpop.Proof{JKT: strings.Repeat("+", 43)}, dpop.ErrDPoPJKTMismatch},
	} {
		err := dpop.CheckDPoPJKT(c.jkt, c.p)
		if (c.want == nil && err != nil) || (c.want != nil && !errors.Is(err, c.want)) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
}

// RFC 9449 section 5: a token request's proof needs no "ath", its "htu" is
// the token endpoint: a proof made for another URL or method is
// ErrInvalidProof; a nil Verifier is ErrInvalidConfig.
func TestRFC9449_5_VerifyTokenRequestChecksTheTokenEndpoint(t *testing.T) {
	client := sgSigner(t)
	v, err := dpop.NewVerifier(dpop.Config{Origins: []string{"https://as.example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	req := func(proofURL, method string) *http.Request {
		r, _ := http.NewRequest("POST", "https://as.example.com/token", strings.NewReader("grant_type=refresh_token"))
		proof, err := client.Proof(method, proofURL, dpop.ProofOptions{})
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Set("DPoP", proof)
		return r
	}
	p, err := v.VerifyTokenRequest(context.Background(), req("https://as.example.com/token", "POST"))
	if err != nil || p.JKT != client.JKT() || p.AccessTokenHash != "" || p.Confirmation().JKT != client.JKT() {
		t.Fatalf("%+v, %v", p, err)
	}
	for name, r := range map[string]*http.Request{
		"another path":   req("https://as.example.com/authorize", "POST"),
		"another host":   req("https://evil.example.com/token", "POST"),
		"another method": req("https://as.example.com/token", "GET"),
	} {
		if _, err := v.VerifyTokenRequest(context.Background(), r); !errors.Is(err, dpop.ErrInvalidProof) {
			t.Errorf("%s: %v, want ErrInvalidProof", name, err)
		}
	}
	var nilV *dpop.Verifier
	if _, err := nilV.VerifyTokenRequest(context.Background(), req("https://as.example.com/token", "POST")); !errors.Is(err, dpop.ErrInvalidConfig) {
		t.Errorf("nil Verifier: %v", err)
	}
	if (*dpop.Proof)(nil).Confirmation() != nil || (&dpop.Proof{}).Confirmation() != nil {
		t.Error("Confirmation of no key")
	}
}
