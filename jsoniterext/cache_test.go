package jsoniterext_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jsoniterext"
)

// cacheEvents records the last verification's cache result.
type cacheEvents struct {
	mu   sync.Mutex
	last jwt.CacheResult
}

func (o *cacheEvents) ObserveVerify(_ context.Context, e jwt.VerifyEvent) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.last = e.Cache
}

// overwritingClaims overwrites the bytes it is decoded from and counts
// its calls in the package: a later verification must see neither.
type overwritingClaims struct {
	Sub   string
	Roles []string
}

var overwritingCalls int

func (c *overwritingClaims) UnmarshalJSON(data []byte) error {
	var raw struct {
		Sub   string   `json:"sub"`
		Roles []string `json:"roles"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	clear(data)
	overwritingCalls++
	c.Sub, c.Roles = raw.Sub, raw.Roles
	return nil
}

// TestRFC7515_5_2_CacheHitSameAsMissWithJsoniter: with jsoniterext as the
// Encoder, a cache hit gives the claims a miss gave (struct, map, a
// mutating UnmarshalJSON), and the same as encoding/json gives.
func TestRFC7515_5_2_CacheHitSameAsMissWithJsoniter(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	tok, err := jwt.Sign(jwt.EdDSA, map[string]any{
		"iss": "https://issuer.example", "sub": "alice", "aud": []string{"api", "billing"},
		"exp": now.Add(time.Hour).Unix(), "roles": []string{"r", "w"}, "n": 1.5,
	}, priv)
	if err != nil {
		t.Fatal(err)
	}
	type structClaims struct {
		claims.Registered
		Roles []string `json:"roles"`
		N     float64  `json:"n"`
	}
	targets := map[string]func() any{
		"struct":   func() any { return &structClaims{} },
		"map":      func() any { return &map[string]any{} },
		"mutating": func() any { return &overwritingClaims{} },
	}
	for name, target := range targets {
		t.Run(name, func(t *testing.T) {
			var results []any
			for _, enc := range []jwt.Encoder{jsoniterext.New(), jwt.StdEncoder{}} {
				obs := &cacheEvents{}
				v, err := jwt.NewVerifier(pub, jwt.WithEncoder(enc), jwt.WithCache(jwt.CacheConfig{}), jwt.WithObserver(obs))
				if err != nil {
					t.Fatal(err)
				}
				for i, want := range []jwt.CacheResult{jwt.CacheMiss, jwt.CacheHit, jwt.CacheHit} {
					dst := target()
					if _, err := v.ParseWithClaims(tok, dst); err != nil {
						t.Fatal(err)
					}
					if obs.last != want {
						t.Fatalf("%T, call %d: %v, want %v", enc, i, obs.last, want)
					}
					results = append(results, reflect.ValueOf(dst).Elem().Interface())
				}
			}
			for i := range results {
				if !reflect.DeepEqual(results[i], results[0]) {
					t.Fatalf("result %d %#v differs from %#v", i, results[i], results[0])
				}
			}
		})
	}
}
