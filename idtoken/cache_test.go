package idtoken_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
)

// idCacheEvents records the cache result of each verification.
type idCacheEvents struct {
	mu   sync.Mutex
	last jwt.CacheResult
}

func (o *idCacheEvents) ObserveVerify(_ context.Context, e jwt.VerifyEvent) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.last = e.Cache
}

// TestOIDC_3_1_3_7_CacheHitRunsPerCallChecks: the profile takes WithCache;
// a held ID token gives the same claims, and the per-call checks (the
// nonce of step 11) run on a hit as on a miss.
func TestOIDC_3_1_3_7_CacheHitRunsPerCallChecks(t *testing.T) {
	obs := &idCacheEvents{}
	v := idVerifier(t, nil, jwt.WithCache(jwt.CacheConfig{}), jwt.WithObserver(obs))
	tok := idSign(t, idClaims())
	want := idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}
	first, err := v.Verify(idCtx, tok, want)
	if err != nil {
		t.Fatal(err)
	}
	if obs.last != jwt.CacheMiss {
		t.Fatalf("first: %v", obs.last)
	}
	again, err := v.Verify(idCtx, tok, want)
	if err != nil {
		t.Fatal(err)
	}
	if obs.last != jwt.CacheHit || !reflect.DeepEqual(first, again) {
		t.Fatalf("again: %v; %+v vs %+v", obs.last, again, first)
	}
	_, err = v.Verify(idCtx, tok, idtoken.Checks{Nonce: "another"})
	if !errors.Is(err, jwt.ErrTokenInvalidClaims) || obs.last != jwt.CacheHit {
		t.Fatalf("another nonce on a hit: %v (%v)", err, obs.last)
	}
	idRefused(t, err)
}
