package logout_test

import (
	"crypto/ed25519"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/profiletest"
	"github.com/jotlib/jwt/logout"
	"github.com/jotlib/jwt/replay"
)

// TestOIDCBCL_2_6_Step2_EveryKeySourceVerifies: the ID tokens' keys in any
// form (a static key, a jwt.KeyFunc, a jwk.Set) verify a logout token and
// refuse one of another key.
func TestOIDCBCL_2_6_Step2_EveryKeySourceVerifies(t *testing.T) {
	other := ed25519.NewKeyFromSeed([]byte("logout-test-another-ed25519-seed"))
	for _, k := range profiletest.Keys(t, loKey.Public().(ed25519.PublicKey)) {
		v, err := logout.NewVerifier(k.Key, logout.Config{Issuer: loIssuer, ClientID: loClient, Now: loClock, Replay: replay.NewMemoryClock(0, loClock)})
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		if _, err := v.Verify(loCtx, loSign(t, loClaims(), jwt.WithKeyID("k1"))); err != nil {
			t.Errorf("%s: %v", k.Name, err)
		}
		if _, err := v.Verify(loCtx, profiletest.Raw(t, other, "", loMap())); err == nil {
			t.Errorf("%s: a token of another key accepted", k.Name)
		}
	}
}

// TestOIDCBCL_2_6_Step4_ClockSetOnce: Config.Now beside jwt.WithTimeFunc,
// or Config.Leeway beside another jwt.WithLeeway, is jwt.ErrInvalidOption;
// Config.Leeway reaches the MaxAge window.
func TestOIDCBCL_2_6_Step4_ClockSetOnce(t *testing.T) {
	cfg := logout.Config{Issuer: loIssuer, ClientID: loClient, Now: loClock}
	if _, err := logout.NewVerifier(loKey.Public(), cfg, jwt.WithTimeFunc(loClock)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("Now and WithTimeFunc: err %v", err)
	}
	cfg.Leeway = time.Second
	if _, err := logout.NewVerifier(loKey.Public(), cfg, jwt.WithLeeway(time.Minute)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("Leeway and WithLeeway: err %v", err)
	}
	old := loRaw(t, "", loEdit(func(m map[string]any) { m["iat"] = loNow.Add(-130 * time.Second).Unix() }))
	if _, err := loVerifier(t, nil).Verify(loCtx, old); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Errorf("iat 130 s ago, no leeway: err %v, want ErrTokenExpired", err)
	}
	if _, err := loVerifier(t, func(c *logout.Config) { c.Leeway = 15 * time.Second }).Verify(loCtx, old); err != nil {
		t.Errorf("iat 130 s ago, leeway 15 s: %v", err)
	}
	short := func(c *logout.Config) { c.MaxAge = 5 * time.Second }
	if _, err := loVerifier(t, short).Verify(loCtx, loRaw(t, "", loMap())); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Errorf("MaxAge 5 s, iat 10 s ago: err %v, want ErrTokenExpired", err)
	}
}
