package replayredis_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt/replay"
	"github.com/jotlib/jwt/replayredis"
	"github.com/redis/go-redis/v9"
)

// RFC 9449 section 11.1: a record must live until its TTL, so the only
// Redis CheckPolicy accepts runs maxmemory-policy noeviction; every
// evicting policy is refused, named in the error.
func TestRFC9449_11_1_RedisCheckPolicyAcceptsNoevictionOnly(t *testing.T) {
	t.Parallel()
	srv := startRedis(t)
	c := srv.client(nil)
	s := newStore(t, c, "")
	ctx := ctxTimeout(t, 5*time.Second)
	if err := s.CheckPolicy(ctx); err != nil {
		t.Fatalf("default policy (noeviction): %v", err)
	}
	for _, p := range []string{"volatile-lru", "volatile-lfu", "volatile-random", "volatile-ttl",
		"allkeys-lru", "allkeys-lfu", "allkeys-random"} {
		if err := c.ConfigSet(ctx, "maxmemory-policy", p).Err(); err != nil {
			t.Fatal(err)
		}
		err := s.CheckPolicy(ctx)
		if !errors.Is(err, replayredis.ErrEvictionPolicy) || errors.Is(err, replayredis.ErrPolicyUnknown) ||
			!strings.Contains(err.Error(), p) {
			t.Errorf("%s: %v, want ErrEvictionPolicy naming it", p, err)
		}
	}
	if err := c.ConfigSet(ctx, "maxmemory-policy", "noeviction").Err(); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckPolicy(ctx); err != nil {
		t.Fatalf("noeviction again: %v", err)
	}
}

// CheckPolicy reads every shard of a Ring: one evicting shard is refused.
func TestRFC9449_11_1_RedisCheckPolicyReadsEveryRingShard(t *testing.T) {
	t.Parallel()
	a, b := startRedis(t), startRedis(t)
	ctx := ctxTimeout(t, 5*time.Second)
	ring := redis.NewRing(&redis.RingOptions{Addrs: map[string]string{"a": a.addr, "b": b.addr},
		HeartbeatFrequency: 20 * time.Millisecond, DialTimeout: 100 * time.Millisecond, MaxRetries: -1})
	t.Cleanup(func() { ring.Close() })
	s := newStore(t, ring, "")
	if err := s.CheckPolicy(ctx); err != nil {
		t.Fatalf("both noeviction: %v", err)
	}
	if err := b.client(nil).ConfigSet(ctx, "maxmemory-policy", "volatile-ttl").Err(); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckPolicy(ctx); !errors.Is(err, replayredis.ErrEvictionPolicy) || !strings.Contains(err.Error(), b.addr) {
		t.Errorf("shard b volatile-ttl: %v, want ErrEvictionPolicy naming %s", err, b.addr)
	}
	// b down: go-redis's ForEachShard skips it once its heartbeat sees it
	// down; unchecked is never a pass.
	b.kill()
	for end := time.Now().Add(time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if err := s.CheckPolicy(ctx); !errors.Is(err, replayredis.ErrPolicyUnknown) {
			t.Fatalf("shard b down: %v, want ErrPolicyUnknown", err)
		}
	}
}

// CheckPolicy never passes a policy it could not read: CONFIG renamed
// away, CONFIG refused by an ACL (NOPERM) and Redis down are
// ErrPolicyUnknown; a zero Store and a nil context refuse without panicking.
func TestRedisCheckPolicyUnreadableIsPolicyUnknown(t *testing.T) {
	t.Parallel()
	ctx := ctxTimeout(t, 5*time.Second)
	unknown := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, replayredis.ErrPolicyUnknown) || errors.Is(err, replayredis.ErrEvictionPolicy) {
			t.Errorf("%s: %v, want ErrPolicyUnknown", what, err)
		}
	}

	renamed := rtStartRedis(t, "--rename-command", "CONFIG", "")
	unknown("CONFIG renamed away", newStore(t, renamed.client(nil), "").CheckPolicy(ctx))

	acl := startRedis(t)
	if err := acl.client(nil).Do(ctx, "ACL", "SETUSER", "app", "on", ">pw", "~*", "+@all", "-config").Err(); err != nil {
		t.Fatal(err)
	}
	app := newStore(t, acl.client(&redis.Options{Username: "app", Password: "pw"}), "")
	if err := app.Claim(ctx, "k", time.Now().Add(time.Minute)); err != nil {
		t.Fatalf("the ACL user claims: %v", err)
	}
	err := app.CheckPolicy(ctx)
	unknown("CONFIG refused by an ACL", err)
	if err != nil && !strings.Contains(err.Error(), "NOPERM") {
		t.Errorf("the cause is not named: %v", err)
	}

	down := startRedis(t)
	s := newStore(t, down.client(&redis.Options{MaxRetries: -1, DialTimeout: 200 * time.Millisecond}), "")
	down.kill()
	unknown("Redis down", s.CheckPolicy(ctx))

	var zero replayredis.Store
	var nilStore *replayredis.Store
	for what, err := range map[string]error{
		"zero Store":  zero.CheckPolicy(ctx),
		"nil Store":   nilStore.CheckPolicy(ctx),
		"nil context": s.CheckPolicy(nilContext()),
	} {
		if !errors.Is(err, replay.ErrUnavailable) {
			t.Errorf("%s: %v, want ErrUnavailable", what, err)
		}
	}
}

// nilContext is a nil context.Context, out of staticcheck's sight (SA1012).
func nilContext() context.Context { return nil }
