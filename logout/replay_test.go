package logout_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/logout"
	"github.com/jotlib/jwt/replay"
)

// nilStore is a replay.Store for the typed-nil Config test.
type nilStore struct{}

func (*nilStore) Claim(context.Context, string, time.Time) error { return nil }

// recordStore records each claim's until and answers err.
type recordStore struct {
	untils []time.Time
	keys   []string
	err    error
}

func (s *recordStore) Claim(_ context.Context, key string, until time.Time) error {
	s.keys, s.untils = append(s.keys, key), append(s.untils, until)
	return s.err
}

// TestOIDCBCL_2_6_Step8_ReplayedJTIRefused: a second delivery of the same
// token, or of another token with the same "jti" from the same issuer, is
// ErrReplayed; another "jti" passes.
func TestOIDCBCL_2_6_Step8_ReplayedJTIRefused(t *testing.T) {
	v := loVerifier(t, nil)
	tok := loSign(t, loClaims())
	if _, err := v.Verify(loCtx, tok); err != nil {
		t.Fatal(err)
	}
	_, err := v.Verify(loCtx, tok)
	loRefused(t, err, logout.ErrReplayed, replay.ErrReplayed, jwt.ErrTokenInvalidClaims)
	same := loClaims()
	same.SessionID = "another-session"
	_, err = v.Verify(loCtx, loSign(t, same))
	loRefused(t, err, logout.ErrReplayed)
	other := loClaims()
	other.ID = "another-jti"
	if _, err := v.Verify(loCtx, loSign(t, other)); err != nil {
		t.Fatalf("another jti: %v", err)
	}
}

// TestOIDCBCL_2_6_Step8_RefusedTokenKeepsItsJTI: a token refused by
// another rule does not use up its "jti".
func TestOIDCBCL_2_6_Step8_RefusedTokenKeepsItsJTI(t *testing.T) {
	store := &recordStore{}
	v := loVerifier(t, func(c *logout.Config) { c.Replay = store })
	bad := loRaw(t, "", loEdit(func(m map[string]any) { m["nonce"] = "x" }))
	if _, err := v.Verify(loCtx, bad); err == nil {
		t.Fatal("nonce accepted")
	}
	if len(store.keys) != 0 {
		t.Fatalf("refused token claimed %d keys", len(store.keys))
	}
}

// TestOIDCBCL_2_6_Step8_HeldUntilTheTokenDies: the "jti" is held until the
// earlier of "exp" and "iat" plus MaxAge (plus the leeway), under a
// fixed-length key.
func TestOIDCBCL_2_6_Step8_HeldUntilTheTokenDies(t *testing.T) {
	store := &recordStore{}
	v := loVerifier(t, func(c *logout.Config) { c.Replay = store; c.Leeway = 3 * time.Second })
	c := loClaims() // iat -10s, exp +110s: iat+2min = +110s
	c.ID = string(make([]byte, 4000))
	if _, err := v.Verify(loCtx, loSign(t, c)); err != nil {
		t.Fatal(err)
	}
	c2 := loClaims()
	c2.ID = "short-exp"
	c2.ExpiresAt.Time = loNow.Add(30 * time.Second)
	if _, err := v.Verify(loCtx, loSign(t, c2)); err != nil {
		t.Fatal(err)
	}
	want := []time.Time{loNow.Add(113 * time.Second), loNow.Add(33 * time.Second)}
	for i, w := range want {
		if !store.untils[i].Equal(w) {
			t.Errorf("claim %d until %v, want %v", i, store.untils[i], w)
		}
		if len(store.keys[i]) != 43 {
			t.Errorf("claim %d key of %d bytes", i, len(store.keys[i]))
		}
	}
}

// TestOIDCBCL_2_6_Step8_UnavailableStoreFailsClosed: a store that cannot
// answer refuses the token (replay.ErrUnavailable), as does one answering
// an unknown error, never as a replay.
func TestOIDCBCL_2_6_Step8_UnavailableStoreFailsClosed(t *testing.T) {
	for _, e := range []error{replay.ErrUnavailable, replay.ErrFull, fmt.Errorf("redis: connection refused")} {
		v := loVerifier(t, func(c *logout.Config) { c.Replay = &recordStore{err: e} })
		_, err := v.Verify(loCtx, loSign(t, loClaims()))
		loRefused(t, err, replay.ErrUnavailable)
		if errors.Is(err, logout.ErrReplayed) {
			t.Errorf("%v reported as a replay", e)
		}
	}
	cancelled, cancel := context.WithCancel(loCtx)
	cancel()
	_, err := loVerifier(t, nil).Verify(cancelled, loSign(t, loClaims()))
	loRefused(t, err, replay.ErrUnavailable)
}

// TestOIDCBCL_2_6_Step8_DefaultStoreIsTheVerifiersOwn: without
// Config.Replay the Verifier still refuses a replay.
func TestOIDCBCL_2_6_Step8_DefaultStoreIsTheVerifiersOwn(t *testing.T) {
	v := loVerifier(t, func(c *logout.Config) { c.Replay = nil })
	tok := loSign(t, loClaims())
	if _, err := v.Verify(loCtx, tok); err != nil {
		t.Fatal(err)
	}
	_, err := v.Verify(loCtx, tok)
	loRefused(t, err, logout.ErrReplayed)
}
