package replayredis_test

// Red-team findings on replayredis (RFC 9449 section 11.1): each test
// states the rule and FAILS while the finding stands.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/replay"
	"github.com/jotlib/jwt/replayredis"
	"github.com/redis/go-redis/v9"
)

// RFC 9449 section 11.1 and replay.Store's contract ("nil the first time
// it is claimed"): SET NX is not idempotent, and go-redis retries a
// command whose reply was lost (io.EOF, a reset: MaxRetries 3 by
// default). The first attempt recorded the key; the retry finds it and
// the Store answers replay.ErrReplayed for the first use of a proof:
// the client is told its fresh proof was replayed (401
// invalid_dpop_proof instead of a 503). Fail closed, but misreported.
func TestRedTeam_RFC9449_11_1_RedisLostReplyIsNotAReplay(t *testing.T) {
	srv := rtStartRedis(t)
	p := rtNewProxy(t, srv.addr)
	c := redis.NewClient(&redis.Options{Addr: p.addr()})
	t.Cleanup(func() { c.Close() })
	s, err := replayredis.New(c, "")
	if err != nil {
		t.Fatal(err)
	}
	ctx := ctxTimeout(t, 3*time.Second)
	if err := s.Claim(ctx, "warm", time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	p.mu.Lock()
	p.cut = true
	p.mu.Unlock()
	err = s.Claim(ctx, "first-use", time.Now().Add(time.Minute))
	p.mu.Lock()
	cuts := p.cuts
	p.mu.Unlock()
	if cuts != 1 {
		t.Fatalf("the proxy cut %d replies", cuts)
	}
	if errors.Is(err, replay.ErrReplayed) {
		t.Errorf("the first claim of a key, whose reply was lost and retried by go-redis: %v (want nil, or ErrUnavailable)", err)
	}
}

// RFC 9449 section 11.1 ("the server MUST ... reject a DPoP proof whose
// jti it has seen"): a record evicted before its TTL forgets a live jti.
// A Redis with a maxmemory-policy other than noeviction (volatile-lru,
// volatile-ttl, allkeys-*: the usual cache settings, and every record here
// has a TTL) evicts live records under memory pressure, and the replay is
// accepted. Decided (issue 24, Z1): the docs say the Redis must run
// noeviction, and (*Store).CheckPolicy refuses any other policy
// (ErrEvictionPolicy); under noeviction the same pressure never frees a
// live jti (a full Redis refuses the write: fail closed).
func TestRedTeam_RFC9449_11_1_RedisEvictionForgetsALiveJTI(t *testing.T) {
	fill := func(ctx context.Context, c *redis.Client) {
		// Other clients' proofs keep coming, each claimed for longer (later iat).
		for batch := range 20 {
			pipe := c.Pipeline()
			for i := range 2000 {
				pipe.SetArgs(ctx, fmt.Sprintf("%s%d-%d-%s", replayredis.DefaultPrefix, batch, i, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"), "1",
					redis.SetArgs{Mode: "NX", TTL: 2 * time.Minute})
			}
			_, _ = pipe.Exec(ctx)
		}
	}
	t.Run("volatile-ttl refused by CheckPolicy", func(t *testing.T) {
		srv := rtStartRedis(t, "--maxmemory", "3mb", "--maxmemory-policy", "volatile-ttl")
		c := srv.client(nil)
		s, err := replayredis.New(c, "")
		if err != nil {
			t.Fatal(err)
		}
		ctx := ctxTimeout(t, 20*time.Second)
		if err := s.CheckPolicy(ctx); !errors.Is(err, replayredis.ErrEvictionPolicy) {
			t.Fatalf("CheckPolicy on a volatile-ttl Redis: %v, want ErrEvictionPolicy", err)
		}
		// What it guards against: the live record is evicted, its replay accepted.
		if err := s.Claim(ctx, "victim", time.Now().Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		fill(ctx, c)
		if err := s.Claim(ctx, "victim", time.Now().Add(time.Minute)); err == nil {
			ev, _ := c.Info(ctx, "stats").Result()
			t.Logf("as CheckPolicy warns: the replay was accepted after eviction; %s", grep(ev, "evicted_keys"))
		}
	})
	t.Run("noeviction never frees a live jti", func(t *testing.T) {
		srv := rtStartRedis(t, "--maxmemory", "3mb", "--maxmemory-policy", "noeviction")
		c := srv.client(nil)
		s, err := replayredis.New(c, "")
		if err != nil {
			t.Fatal(err)
		}
		ctx := ctxTimeout(t, 20*time.Second)
		if err := s.CheckPolicy(ctx); err != nil {
			t.Fatalf("CheckPolicy on a noeviction Redis: %v", err)
		}
		if err := s.Claim(ctx, "victim", time.Now().Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		fill(ctx, c)
		err = s.Claim(ctx, "victim", time.Now().Add(time.Minute))
		if !errors.Is(err, replay.ErrReplayed) && !errors.Is(err, replay.ErrUnavailable) {
			t.Errorf("a live jti claimed again on a full noeviction Redis: %v, want ErrReplayed or ErrUnavailable", err)
		}
		if err := s.Claim(ctx, "fresh", time.Now().Add(time.Minute)); !errors.Is(err, replay.ErrUnavailable) {
			t.Errorf("a new jti on a full noeviction Redis: %v, want ErrUnavailable (OOM: fail closed)", err)
		}
	})
}

// RFC 9449 section 11.1 across instances: the record's TTL is until minus
// now on the claiming instance's clock; an instance whose clock is behind
// still accepts the proof (iat window on its own clock) after the record
// has expired in Redis, unless until covers the skew. Decided (issue 24,
// X4): until is iat + MaxAge + 2*Leeway + 1 s and instance clocks must
// agree within Leeway. Shown with MaxAge 2 s, Leeway 2 s and a 2 s skew,
// the proof made just after a whole second (iat is in seconds): the replay
// 3.2 s later on the instance behind, inside its iat window (MaxAge +
// Leeway, 4 s), is refused; a record of iat + MaxAge + Leeway + 1 s would
// have expired in Redis some 0.2 s before.
func TestRedTeam_RFC9449_11_1_InstanceClockSkewReopensTheReplayWindow(t *testing.T) {
	srv := rtStartRedis(t)
	mk := func(skew time.Duration) *dpop.Verifier {
		now := func() time.Time { return time.Now().Add(skew) }
		st, err := replayredis.NewClock(srv.client(nil), "dpop:", now)
		if err != nil {
			t.Fatal(err)
		}
		v, err := dpop.NewVerifier(dpop.Config{Origins: []string{"https://api.example"}, Replay: st, Now: now,
			MaxAge: 2 * time.Second, Leeway: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	ahead, behind := mk(2*time.Second), mk(0)
	signer := proofSigner(t)
	time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second + 50*time.Millisecond)))
	proof := mustProof(t, signer, time.Time{})
	req := dpop.Request{Method: "GET", URL: apiURL}
	if _, err := ahead.Verify(ctxTimeout(t, time.Second), proof, req); err != nil {
		t.Fatalf("first use on the instance 2 s ahead: %v", err)
	}
	if _, err := behind.Verify(ctxTimeout(t, time.Second), proof, req); !errors.Is(err, dpop.ErrReplayed) {
		t.Fatalf("immediate replay on the other: %v", err)
	}
	time.Sleep(3200 * time.Millisecond)
	if _, err := behind.Verify(ctxTimeout(t, time.Second), proof, req); !errors.Is(err, dpop.ErrReplayed) {
		t.Errorf("the same proof replayed %v later on an instance 2 s behind: %v, want ErrReplayed (its record must outlive the skew)", 3200*time.Millisecond, err)
	}
}

func grep(s, word string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, word) {
			return strings.TrimSpace(l)
		}
	}
	return ""
}
