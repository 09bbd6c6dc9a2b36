package jwthttp_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwthttp"
)

func TestKeyFetchFailureIs503WithRetryAfterNoChallenge(t *testing.T) {
	down := serve(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down", http.StatusInternalServerError)
	}))
	set, err := jwk.NewRemoteSet(down.URL+"/jwks.json", jwk.WithHTTPClient(down.Client()), jwk.WithFetchTimeout(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { set.Close() })
	v, err := jwt.NewVerifier(set, jwt.WithAlgorithms(jwt.ES256), jwt.WithAudience(testResource))
	if err != nil {
		t.Fatal(err)
	}
	var cause error
	m, err := jwthttp.New(jwthttp.Core[apiClaims](v), jwthttp.WithErrorHandler(func(w http.ResponseWriter, r *http.Request, e *jwthttp.Error) {
		cause = e
		jwthttp.WriteError(w, r, e)
	}))
	if err != nil {
		t.Fatal(err)
	}
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tok, err := jwt.Sign(jwt.ES256, map[string]any{"aud": testResource, "exp": time.Now().Add(time.Hour).Unix()}, key)
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(echoSubject))
	resp, _ := get(t, srv, tok)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("status %d Retry-After %q, want 503 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if resp.Header.Get("WWW-Authenticate") != "" {
		t.Fatal("a challenge on a key-fetch failure: the token is not at fault")
	}
	if !errors.Is(cause, jwk.ErrFetch) {
		t.Fatalf("cause %v, want jwk.ErrFetch", cause)
	}
}

func TestContextEndedIs503(t *testing.T) {
	m, err := jwthttp.New(func(ctx context.Context, _ string) (string, error) {
		return "", context.DeadlineExceeded
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(echoSubject))
	if resp, _ := get(t, srv, sign(t, nil)); resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503", resp.StatusCode)
	}
}

func TestMisconfiguredVerifierIs500(t *testing.T) {
	m, err := jwthttp.New(func(ctx context.Context, _ string) (string, error) {
		return "", jwt.ErrInvalidOption
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(echoSubject))
	if resp, _ := get(t, srv, sign(t, nil)); resp.StatusCode != http.StatusInternalServerError || resp.Header.Get("WWW-Authenticate") != "" {
		t.Fatalf("status %d, want 500 without challenge", resp.StatusCode)
	}
}

func TestOwnVerifyFuncErrorIs401(t *testing.T) {
	m, err := jwthttp.New(func(ctx context.Context, _ string) (string, error) {
		return "", errors.New("revoked: secret detail")
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(echoSubject))
	resp, body := get(t, srv, sign(t, nil))
	c := challengeOf(t, resp)
	if resp.StatusCode != http.StatusUnauthorized || c["error"] != "invalid_token" || c["error_description"] != "the token is not accepted" {
		t.Fatalf("status %d challenge %v", resp.StatusCode, c)
	}
	if strings.Contains(body, "secret") || strings.Contains(resp.Header.Get("WWW-Authenticate"), "secret") {
		t.Fatal("the cause's message was sent")
	}
}
