package replayredis_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/replay"
	"github.com/jotlib/jwt/replayredis"
	"github.com/redis/go-redis/v9"
)

func newStore(t *testing.T, c redis.UniversalClient, prefix string) *replayredis.Store {
	t.Helper()
	s, err := replayredis.New(c, prefix)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s
}

func ctxTimeout(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func TestRFC9449_11_1_RedisClaimThenReplayRefused(t *testing.T) {
	t.Parallel()
	srv := startRedis(t)
	c := srv.client(nil)
	s := newStore(t, c, "")
	ctx := ctxTimeout(t, 2*time.Second)
	until := time.Now().Add(time.Minute)
	if err := s.Claim(ctx, "jti-1", until); err != nil {
		t.Fatalf("first claim: %v", err)
	}
	err := s.Claim(ctx, "jti-1", until)
	if !errors.Is(err, replay.ErrReplayed) || errors.Is(err, replay.ErrUnavailable) {
		t.Fatalf("second claim: %v, want replay.ErrReplayed only", err)
	}
	if err := s.Claim(ctx, "jti-2", until); err != nil {
		t.Fatalf("another key: %v", err)
	}
	far := time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC) // a TTL saturated at about 292 years
	if err := s.Claim(ctx, "far", far); err != nil {
		t.Fatalf("until year 9999: %v", err)
	}
	if err := s.Claim(ctx, "far", far); !errors.Is(err, replay.ErrReplayed) {
		t.Fatalf("until year 9999, twice: %v, want ErrReplayed", err)
	}
	// The record is SET jotlib:replay:<key> <mark> with a TTL of at most
	// until, mark a random value of each claim (128 bits, rand.Text).
	v1, err := c.Get(ctx, replayredis.DefaultPrefix+"jti-1").Result()
	if err != nil || len(v1) != 26 {
		t.Fatalf("GET %sjti-1: %q, %v; want a 26-character mark", replayredis.DefaultPrefix, v1, err)
	}
	if v2, err := c.Get(ctx, replayredis.DefaultPrefix+"jti-2").Result(); err != nil || v2 == v1 {
		t.Fatalf("GET %sjti-2: %q, %v; want another mark than jti-1's %q", replayredis.DefaultPrefix, v2, err, v1)
	}
	if ttl, err := c.PTTL(ctx, replayredis.DefaultPrefix+"jti-1").Result(); err != nil || ttl <= 0 || ttl > time.Minute {
		t.Fatalf("PTTL: %v, %v; want in (0, 1m]", ttl, err)
	}
}

func TestRFC9449_11_1_RedisClaimExpiresAtUntil(t *testing.T) {
	t.Parallel()
	srv := startRedis(t)
	s := newStore(t, srv.client(nil), "")
	ctx := ctxTimeout(t, 2*time.Second)
	until := time.Now().Add(150 * time.Millisecond)
	if err := s.Claim(ctx, "short", until); err != nil {
		t.Fatal(err)
	}
	if err := s.Claim(ctx, "short", until); !errors.Is(err, replay.ErrReplayed) {
		t.Fatalf("before until: %v, want ErrReplayed", err)
	}
	time.Sleep(time.Until(until) + 20*time.Millisecond)
	if err := s.Claim(ctx, "short", time.Now().Add(time.Minute)); err != nil {
		t.Fatalf("after until: %v, want nil (expired)", err)
	}
}

func TestRFC9449_11_1_RedisTwoStoresShareClaims(t *testing.T) {
	t.Parallel()
	srv := startRedis(t)
	// Two instances of a service: two clients, two Stores, one Redis.
	a := newStore(t, srv.client(nil), "svc:")
	b := newStore(t, srv.client(nil), "svc:")
	ctx := ctxTimeout(t, 3*time.Second)
	until := time.Now().Add(time.Minute)
	if err := a.Claim(ctx, "jti", until); err != nil {
		t.Fatal(err)
	}
	if err := b.Claim(ctx, "jti", until); !errors.Is(err, replay.ErrReplayed) {
		t.Fatalf("instance B: %v, want ErrReplayed", err)
	}
	// Another prefix is another namespace.
	other := newStore(t, srv.client(nil), "other:")
	if err := other.Claim(ctx, "jti", until); err != nil {
		t.Fatalf("another prefix: %v, want nil", err)
	}
	// Racing instances: exactly one claim of each key wins.
	for r := range 10 {
		key := fmt.Sprint("race-", r)
		var wins, replays int
		var mu sync.Mutex
		var wg sync.WaitGroup
		for g := range 16 {
			s := a
			if g%2 == 1 {
				s = b
			}
			wg.Go(func() {
				err := s.Claim(ctx, key, until)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, replay.ErrReplayed):
					replays++
				default:
					t.Errorf("claim: %v", err)
				}
			})
		}
		wg.Wait()
		if wins != 1 || replays != 15 {
			t.Fatalf("%s: %d nil, %d ErrReplayed; want 1, 15", key, wins, replays)
		}
	}
}

func TestRedisDownRefusedUnavailable(t *testing.T) {
	t.Parallel()
	srv := startRedis(t)
	s := newStore(t, srv.client(nil), "")
	if err := s.Claim(ctxTimeout(t, time.Second), "before", time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	srv.kill()
	start := time.Now()
	err := s.Claim(ctxTimeout(t, 300*time.Millisecond), "after", time.Now().Add(time.Minute))
	if !errors.Is(err, replay.ErrUnavailable) || errors.Is(err, replay.ErrReplayed) {
		t.Fatalf("Redis down: %v, want ErrUnavailable (fail closed)", err)
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("Redis down: answered after %v", d)
	}
	// The key claimed before the outage stays refused too.
	if err := s.Claim(ctxTimeout(t, 200*time.Millisecond), "before", time.Now().Add(time.Minute)); err == nil {
		t.Fatal("Redis down: a claim succeeded")
	}
}

func TestRedisSlowBoundedByContext(t *testing.T) {
	t.Parallel()
	srv := startRedis(t)
	// The client's own ReadTimeout (3 s by default) is longer than the
	// request's deadline: the Store keeps the deadline itself.
	s := newStore(t, srv.client(nil), "")
	if err := s.Claim(ctxTimeout(t, time.Second), "warm", time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	srv.pause()
	start := time.Now()
	err := s.Claim(ctxTimeout(t, 200*time.Millisecond), "slow", time.Now().Add(time.Minute))
	d := time.Since(start)
	if !errors.Is(err, replay.ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Redis paused: %v, want ErrUnavailable wrapping context.DeadlineExceeded", err)
	}
	if d < 150*time.Millisecond || d > 500*time.Millisecond {
		t.Errorf("Redis paused: answered after %v, want about the 200 ms deadline", d)
	}
	srv.resume()
	if err := s.Claim(ctxTimeout(t, 2*time.Second), "resumed", time.Now().Add(time.Minute)); err != nil {
		t.Fatalf("after SIGCONT: %v", err)
	}
}

func TestRedisContextDoneRefusedWithoutSending(t *testing.T) {
	// No server at all: nothing is sent for these.
	s := newStore(t, redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"}), "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Claim(ctx, "k", time.Now().Add(time.Minute)); !errors.Is(err, replay.ErrUnavailable) || !errors.Is(err, context.Canceled) {
		t.Errorf("canceled ctx: %v", err)
	}
	//lint:ignore SA1012 a nil context is what this test gives
	if err := s.Claim(nil, "k", time.Now().Add(time.Minute)); !errors.Is(err, replay.ErrUnavailable) {
		t.Errorf("nil ctx: %v", err)
	}
	until := time.Now().Add(time.Minute)
	for name, c := range map[string]struct {
		key   string
		until time.Time
		want  error
	}{
		"empty key":     {"", until, replay.ErrInvalidKey},
		"1025-byte key": {strings.Repeat("k", replay.MaxKeyLen+1), until, replay.ErrKeyTooLong},
		"until now":     {"k", time.Now(), replay.ErrExpired},
		"until past":    {"k", time.Now().Add(-time.Second), replay.ErrExpired},
		"zero until":    {"k", time.Time{}, replay.ErrExpired},
	} {
		err := s.Claim(context.Background(), c.key, c.until)
		if !errors.Is(err, c.want) || errors.Is(err, replay.ErrReplayed) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
}

func TestRedisNewRefusesNilClient(t *testing.T) {
	var typedNil *redis.Client
	for name, c := range map[string]redis.UniversalClient{"nil": nil, "typed nil": typedNil} {
		s, err := replayredis.New(c, "")
		if s != nil || !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s client: %v, %v; want nil, jwt.ErrInvalidOption", name, s, err)
		}
	}
}

func TestRedisZeroAndNilStoreRefuseWithoutPanicking(t *testing.T) {
	var zero replayredis.Store
	var nilStore *replayredis.Store
	for name, s := range map[string]*replayredis.Store{"zero": &zero, "nil": nilStore} {
		if err := s.Claim(context.Background(), "k", time.Now().Add(time.Minute)); !errors.Is(err, replay.ErrUnavailable) {
			t.Errorf("%s Store: %v, want ErrUnavailable", name, err)
		}
	}
}
