package logout_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"github.com/jotlib/jwt/logout"
	"github.com/jotlib/jwt/replay"
)

// TestOIDCBCL_2_6_Step8_RedeliveryRefusedBeforeLogoutRuns: a token this
// Handler already answered 200 for is refused as a replay (400,
// ErrReplayed) without running the logout function again.
func TestOIDCBCL_2_6_Step8_RedeliveryRefusedBeforeLogoutRuns(t *testing.T) {
	s := newLoServer(t)
	body := url.Values{"logout_token": {loSign(t, loClaims())}}.Encode()
	if resp, _ := s.post(t, http.MethodPost, "", loForm, body); resp.StatusCode != http.StatusOK {
		t.Fatalf("first delivery: status %d, want 200", resp.StatusCode)
	}
	for i := 0; i < 2; i++ {
		if resp, _ := s.post(t, http.MethodPost, "", loForm, body); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("redelivery %d: status %d, want 400", i, resp.StatusCode)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.ended) != 1 {
		t.Fatalf("the logout function ran %d times, want 1", len(s.ended))
	}
	if len(s.refusals) != 2 || !errors.Is(s.refusals[0], logout.ErrReplayed) || !errors.Is(s.refusals[1], logout.ErrReplayed) {
		t.Fatalf("refusals %v, want ErrReplayed twice", s.refusals)
	}
}

// TestOIDCBCL_2_6_Step8_OtherInstanceRunsLogoutThenRefuses: two Handlers
// (two instances of a service) sharing a replay.Store: the second one
// cannot know before the store's Claim that the token was used, so it runs
// the logout function (which must be idempotent) and then answers 400
// ErrReplayed, as documented.
func TestOIDCBCL_2_6_Step8_OtherInstanceRunsLogoutThenRefuses(t *testing.T) {
	store := replay.NewMemoryClock(0, loClock)
	var mu sync.Mutex
	calls := 0
	var refusals []error
	newServer := func() *loServer {
		h, err := logout.Handler(loVerifier(t, func(c *logout.Config) { c.Replay = store }),
			func(context.Context, *logout.Claims) error { mu.Lock(); calls++; mu.Unlock(); return nil },
			logout.OnRefused(func(_ *http.Request, err error) { mu.Lock(); refusals = append(refusals, err); mu.Unlock() }))
		if err != nil {
			t.Fatal(err)
		}
		s := &loServer{Server: httptest.NewTLSServer(h)}
		t.Cleanup(s.Close)
		return s
	}
	a, b := newServer(), newServer()
	body := url.Values{"logout_token": {loSign(t, loClaims())}}.Encode()
	if resp, _ := a.post(t, http.MethodPost, "", loForm, body); resp.StatusCode != http.StatusOK {
		t.Fatalf("instance a: status %d, want 200", resp.StatusCode)
	}
	if resp, _ := b.post(t, http.MethodPost, "", loForm, body); resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("instance b: status %d, want 400", resp.StatusCode)
	}
	mu.Lock()
	defer mu.Unlock()
	if calls != 2 || len(refusals) != 1 || !errors.Is(refusals[0], logout.ErrReplayed) {
		t.Fatalf("%d logouts, refusals %v; want 2 and ErrReplayed", calls, refusals)
	}
}
