package userinfo_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/userinfo"
)

// proofClaims reads a DPoP proof's claims (the test server's view; the
// signature is dpop's own tests' business).
func proofClaims(t *testing.T, proof string) map[string]any {
	t.Helper()
	parts := strings.Split(proof, ".")
	if len(parts) != 3 {
		t.Fatalf("proof %q", proof)
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRFC9449_7_1_DPoPBoundAccessToken_NonceRetriedOnce: with
// Config.DPoP, the UserInfo Request carries "Authorization: DPoP <token>"
// and a proof for GET and the endpoint with "ath" the token's hash (RFC
// 9449 section 7.1); a 401 DPoP challenge error="use_dpop_nonce" with a
// DPoP-Nonce (section 9) is retried once with the nonce in the proof.
func TestRFC9449_7_1_DPoPBoundAccessToken_NonceRetriedOnce(t *testing.T) {
	o := newOP(t)
	signer, err := dpop.NewSigner(jwt.ES256, otherKey)
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int64
	o.handle(func(w http.ResponseWriter, r *http.Request) {
		n := calls.Add(1)
		if r.Header.Get("Authorization") != "DPoP "+token {
			t.Errorf("Authorization %q", r.Header.Get("Authorization"))
		}
		p := proofClaims(t, r.Header.Get("DPoP"))
		if p["htm"] != "GET" || p["htu"] != o.endpoint() || p["ath"] != dpop.AccessTokenHash(token) {
			t.Errorf("proof %v", p)
		}
		if n == 1 {
			w.Header().Set("DPoP-Nonce", "eyJ7S_zG.eyJH0-Z.HX4w-7v")
			w.Header().Set("WWW-Authenticate", `DPoP error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if p["nonce"] != "eyJ7S_zG.eyJH0-Z.HX4w-7v" {
			t.Errorf("retry without the nonce: %v", p)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"sub":"248289761001"}`))
	})
	c := o.client(t, func(cfg *userinfo.Config) { cfg.DPoP = signer })
	got, err := fetch(c)
	if err != nil || got.Subject != subject || calls.Load() != 2 {
		t.Fatalf("%v %+v, %d requests", err, got, calls.Load())
	}

	// A DPoP refusal other than use_dpop_nonce is an *Error with the DPoP
	// scheme.
	o.handle(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `DPoP algs="ES256", error="invalid_token"`)
		w.WriteHeader(http.StatusUnauthorized)
	})
	_, err = fetch(c)
	var e *userinfo.Error
	if !asError(err, &e) || e.Scheme != "DPoP" || e.Code != "invalid_token" {
		t.Fatalf("%v", err)
	}
}
