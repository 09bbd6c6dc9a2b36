package main

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// testService is the service with a fresh secret, its verifier and a signer.
func testService(t testing.TB, enc jwt.Encoder) (*jwt.Verifier, *jwt.Signer) {
	t.Helper()
	secret := []byte("0123456789abcdef0123456789abcdef")
	v, err := jwt.NewVerifier(secret, jwt.WithEncoder(enc), jwt.WithAlgorithms(jwt.HS256),
		jwt.WithAudience("https://api.example.com"), jwt.WithIssuer(issuer))
	if err != nil {
		t.Fatal(err)
	}
	s, err := jwt.NewSigner(jwt.HS256, secret, jwt.WithEncoder(enc))
	if err != nil {
		t.Fatal(err)
	}
	return v, s
}

// TestRequireTokenAdmitsOnlyValidBearerTokens follows RFC 6750: a request
// passes only with "Authorization: Bearer <valid token>"; a request without
// a bearer token is 401 with a challenge without error code, a bad token
// 401 error="invalid_token", an empty credential 400 error="invalid_request"
// (section 3.1).
func TestRequireTokenAdmitsOnlyValidBearerTokens(t *testing.T) {
	for _, e := range encoders() {
		v, s := testService(t, e.enc)
		mux, err := newMux(v)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		sign := func(c AccessClaims) string {
			tok, err := s.Sign(c)
			if err != nil {
				t.Fatal(err)
			}
			return tok
		}
		valid := sign(sampleClaims("user-7", now))
		expired := sign(sampleClaims("user-7", now.Add(-2*time.Hour)))
		otherAud := sampleClaims("user-7", now)
		otherAud.Audience = []string{"https://elsewhere.example.com"}
		tampered := valid[:len(valid)-2] + "AA"
		if tampered == valid {
			tampered = valid[:len(valid)-2] + "BB"
		}
		tests := []struct {
			name       string
			auth       string
			wantStatus int
			wantErr    string // expected in WWW-Authenticate
			wantBody   string
		}{
			{"valid token passes", "Bearer " + valid, http.StatusOK, "", `{"sub":"user-7","roles":4}`},
			{"scheme is case-insensitive", "bearer " + valid, http.StatusOK, "", `"user-7"`},
			{"no Authorization header", "", http.StatusUnauthorized, `Bearer realm="api"`, ""},
			{"other scheme", "Basic dXNlcjpwYXNz", http.StatusUnauthorized, `Bearer realm="api"`, ""},
			{"empty token", "Bearer ", http.StatusBadRequest, `Bearer realm="api", error="invalid_request"`, ""},
			{"expired token", "Bearer " + expired, http.StatusUnauthorized, `error="invalid_token", error_description="the token has expired"`, ""},
			{"wrong audience", "Bearer " + sign(otherAud), http.StatusUnauthorized, `error="invalid_token"`, ""},
			{"bad signature", "Bearer " + tampered, http.StatusUnauthorized, `error="invalid_token"`, ""},
			{"garbage", "Bearer not.a.jwt", http.StatusUnauthorized, `error="invalid_token"`, ""},
		}
		for _, tt := range tests {
			t.Run(e.name+"/"+tt.name, func(t *testing.T) {
				req := httptest.NewRequest("GET", "/profile", nil)
				if tt.auth != "" {
					req.Header.Set("Authorization", tt.auth)
				}
				rec := httptest.NewRecorder()
				mux.ServeHTTP(rec, req)
				if rec.Code != tt.wantStatus {
					t.Fatalf("status %d, want %d (body %q)", rec.Code, tt.wantStatus, rec.Body.String())
				}
				if got := rec.Header().Get("WWW-Authenticate"); !strings.Contains(got, tt.wantErr) {
					t.Errorf("WWW-Authenticate %q, want it to contain %q", got, tt.wantErr)
				} else if tt.wantErr == `Bearer realm="api"` && got != tt.wantErr {
					t.Errorf("WWW-Authenticate %q: a request without a token gets no error code (RFC 6750 section 3.1)", got)
				}
				if !strings.Contains(rec.Body.String(), tt.wantBody) {
					t.Errorf("body %q, want it to contain %q", rec.Body.String(), tt.wantBody)
				}
				if tt.wantStatus != http.StatusOK && strings.Contains(rec.Body.String(), ".") {
					t.Errorf("error body %q echoes more than a reason", rec.Body.String())
				}
			})
		}
	}
}

// TestRequireTokenNilVerifierRefused: a nil verifier is an error at start-up
// (jwt.ErrInvalidOption), never a panic or a middleware that refuses all.
func TestRequireTokenNilVerifierRefused(t *testing.T) {
	if _, err := RequireToken(nil, http.NotFoundHandler()); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Fatalf("got %v, want jwt.ErrInvalidOption", err)
	}
}
