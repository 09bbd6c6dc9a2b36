package accesstoken_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
)

// atCacheEvents records the cache result of each verification.
type atCacheEvents struct {
	mu   sync.Mutex
	last jwt.CacheResult
}

func (o *atCacheEvents) ObserveVerify(_ context.Context, e jwt.VerifyEvent) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.last = e.Cache
}

func (o *atCacheEvents) result() jwt.CacheResult {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.last
}

// TestRFC9068_4_CacheHitSameClaimsAndRules: the profile takes WithCache;
// a held access token gives the same claims, and the profile's rules and
// the clock still refuse it on a hit.
func TestRFC9068_4_CacheHitSameClaimsAndRules(t *testing.T) {
	now := atNow
	obs := &atCacheEvents{}
	v, err := accesstoken.NewVerifier(atKey.Public(), atConfig, jwt.WithTimeFunc(func() time.Time { return now }),
		jwt.WithCache(jwt.CacheConfig{MaxAge: 2 * time.Hour}), jwt.WithObserver(obs))
	if err != nil {
		t.Fatal(err)
	}
	tok := atSign(t, atClaims())
	first, err := v.Verify(atCtx, tok)
	if err != nil {
		t.Fatal(err)
	}
	if obs.result() != jwt.CacheMiss {
		t.Fatalf("first: %v", obs.result())
	}
	again, err := v.Verify(atCtx, tok)
	if err != nil {
		t.Fatal(err)
	}
	if obs.result() != jwt.CacheHit || !reflect.DeepEqual(first, again) {
		t.Fatalf("again: %v; %+v vs %+v", obs.result(), again, first)
	}

	// The profile's "typ" rule (RFC 9068 section 4) on a hit: refused
	// each time, the same way.
	bad := atRaw(t, "JWT", atClaimsMap())
	_, err1 := v.Verify(atCtx, bad)
	_, err2 := v.Verify(atCtx, bad)
	if !errors.Is(err1, jwt.ErrInvalidType) || !errors.Is(err2, jwt.ErrInvalidType) || obs.result() != jwt.CacheHit {
		t.Fatalf("typ JWT: %v, then %v (%v)", err1, err2, obs.result())
	}

	now = now.Add(90 * time.Minute) // past "exp" (an hour)
	if _, err := v.Verify(atCtx, tok); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Fatalf("past exp: %v, want ErrTokenExpired", err)
	}
}
