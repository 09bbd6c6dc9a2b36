package logout_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/logout"
)

// errOnce is the validator's refusal in the tests below.
var errOnce = errors.New("refused once by the caller's validator")

// TestOIDCBCL_2_6_Step8_ValidatorRefusalKeepsTheJTI: a token a
// jwt.WithValidator check refuses does not use up its "jti": the replay
// check runs once every other rule passed, the caller's included.
func TestOIDCBCL_2_6_Step8_ValidatorRefusalKeepsTheJTI(t *testing.T) {
	refuse := true
	v := loVerifier(t, nil, jwt.WithValidator(func(context.Context, *jwt.Token) error {
		if refuse {
			return errOnce
		}
		return nil
	}))
	tok := loSign(t, loClaims())
	_, err := v.Verify(loCtx, tok)
	loRefused(t, err, errOnce, jwt.ErrTokenInvalidClaims)
	refuse = false
	if _, err := v.Verify(loCtx, tok); err != nil {
		t.Fatalf("after the validator passed: %v (the refused try used up the jti)", err)
	}
	_, err = v.Verify(loCtx, tok)
	loRefused(t, err, logout.ErrReplayed)
}

// TestOIDCBCL_2_8_FailedLogoutCanBeRetried: a logout that failed is
// answered 400 (section 2.8) and does not use up the token's "jti", so the
// OP's retry of the same token succeeds (200); a delivery after the
// success is a replay (400).
func TestOIDCBCL_2_8_FailedLogoutCanBeRetried(t *testing.T) {
	s := newLoServer(t)
	body := url.Values{"logout_token": {loSign(t, loClaims())}}.Encode()
	s.mu.Lock()
	s.fail = errors.New("session store down")
	s.mu.Unlock()
	if resp, _ := s.post(t, http.MethodPost, "", loForm, body); resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("failing logout: status %d, want 400", resp.StatusCode)
	}
	s.mu.Lock()
	s.fail = nil
	s.mu.Unlock()
	if resp, _ := s.post(t, http.MethodPost, "", loForm, body); resp.StatusCode != http.StatusOK {
		t.Fatalf("retry: status %d, want 200; refusals %v", resp.StatusCode, s.refusals)
	}
	if resp, _ := s.post(t, http.MethodPost, "", loForm, body); resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("replay after success: status %d, want 400", resp.StatusCode)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := len(s.refusals); n != 2 || !errors.Is(s.refusals[1], logout.ErrReplayed) {
		t.Fatalf("refusals %v, want the failure then ErrReplayed", s.refusals)
	}
}

// TestOIDCBCL_2_8_HandlerRefusalBeforeLogoutKeepsTheJTI: a token refused
// before the logout function runs (a jwt.WithValidator check) keeps its
// "jti" for a later delivery.
func TestOIDCBCL_2_8_HandlerRefusalBeforeLogoutKeepsTheJTI(t *testing.T) {
	refuse := true
	v := loVerifier(t, nil, jwt.WithValidator(func(context.Context, *jwt.Token) error {
		if refuse {
			return errOnce
		}
		return nil
	}))
	calls := 0
	h, err := logout.Handler(v, func(context.Context, *logout.Claims) error { calls++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	s := &loServer{}
	s.Server = httptest.NewTLSServer(h)
	t.Cleanup(s.Close)
	body := url.Values{"logout_token": {loSign(t, loClaims())}}.Encode()
	if resp, _ := s.post(t, http.MethodPost, "", loForm, body); resp.StatusCode != http.StatusBadRequest || calls != 0 {
		t.Fatalf("refused: status %d, %d logouts", resp.StatusCode, calls)
	}
	refuse = false
	if resp, _ := s.post(t, http.MethodPost, "", loForm, body); resp.StatusCode != http.StatusOK || calls != 1 {
		t.Fatalf("accepted: status %d, %d logouts", resp.StatusCode, calls)
	}
}
