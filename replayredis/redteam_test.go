package replayredis_test

// Red-team probes of replayredis (RFC 9449 section 11.1) that hold, each
// against a real redis-server.

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt/replay"
	"github.com/jotlib/jwt/replayredis"
	"github.com/redis/go-redis/v9"
)

// rtUnavailable fails unless err matches replay.ErrUnavailable and not
// replay.ErrReplayed: a store that cannot tell refuses (fail closed) and
// says so.
func rtUnavailable(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, replay.ErrUnavailable) || errors.Is(err, replay.ErrReplayed) {
		t.Errorf("%s: %v, want replay.ErrUnavailable only", what, err)
	}
}

// Fail closed on every Redis error reply: no password (NOAUTH), a wrong
// one (WRONGPASS), a read-only replica (READONLY), out of memory under
// noeviction (OOM): each is ErrUnavailable, none a replay, none accepted.
func TestRedTeam_RFC9449_11_1_RedisErrorRepliesFailClosed(t *testing.T) {
	t.Parallel()
	until := func() time.Time { return time.Now().Add(time.Minute) }
	auth := rtStartRedis(t, "--requirepass", "s3cret")
	rtUnavailable(t, "NOAUTH", newStore(t, auth.client(nil), "").Claim(ctxTimeout(t, 2*time.Second), "k", until()))
	rtUnavailable(t, "WRONGPASS", newStore(t, auth.client(&redis.Options{Password: "nope"}), "").Claim(ctxTimeout(t, 2*time.Second), "k", until()))
	if err := newStore(t, auth.client(&redis.Options{Password: "s3cret"}), "").Claim(ctxTimeout(t, 2*time.Second), "k", until()); err != nil {
		t.Errorf("with the password: %v", err)
	}

	primary := rtStartRedis(t)
	_, port, _ := strings.Cut(primary.addr, ":")
	replica := rtStartRedis(t, "--replicaof", "127.0.0.1", port)
	rtUnavailable(t, "READONLY replica", newStore(t, replica.client(nil), "").Claim(ctxTimeout(t, 2*time.Second), "k", until()))

	full := rtStartRedis(t, "--maxmemory-policy", "noeviction")
	c := full.client(nil)
	ctx := ctxTimeout(t, 5*time.Second)
	if err := c.ConfigSet(ctx, "maxmemory", "100000").Err(); err != nil { // below what an empty Redis uses
		t.Fatal(err)
	}
	rtUnavailable(t, "OOM (noeviction)", newStore(t, c, "").Claim(ctx, "k", until()))
}

// Fail closed on cluster answers: a node serving no slot (CLUSTERDOWN)
// and a plain client sent to the wrong node (MOVED) are ErrUnavailable;
// a ClusterClient follows MOVED, records, and refuses the replay.
func TestRedTeam_RFC9449_11_1_RedisClusterAnswersFailClosed(t *testing.T) {
	t.Parallel()
	a := rtStartRedis(t, "--cluster-enabled", "yes")
	ctx := ctxTimeout(t, 20*time.Second)
	rtUnavailable(t, "CLUSTERDOWN", newStore(t, a.client(nil), "").Claim(ctxTimeout(t, 2*time.Second), "k", time.Now().Add(time.Minute)))

	b := rtStartRedis(t, "--cluster-enabled", "yes")
	ca, cb := a.client(nil), b.client(nil)
	if err := ca.Do(ctx, "CLUSTER", "ADDSLOTSRANGE", "0", "8191").Err(); err != nil {
		t.Fatal(err)
	}
	if err := cb.Do(ctx, "CLUSTER", "ADDSLOTSRANGE", "8192", "16383").Err(); err != nil {
		t.Fatal(err)
	}
	host, port, _ := strings.Cut(b.addr, ":")
	if err := ca.Do(ctx, "CLUSTER", "MEET", host, port).Err(); err != nil {
		t.Fatal(err)
	}
	for {
		ia, _ := ca.ClusterInfo(ctx).Result()
		ib, _ := cb.ClusterInfo(ctx).Result()
		if strings.Contains(ia, "cluster_state:ok") && strings.Contains(ib, "cluster_state:ok") {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("cluster not ok: %s", ia)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// A key whose slot is on b, claimed through a plain client of a.
	var key string
	for i := 0; ; i++ {
		key = "k" + strconv.Itoa(i)
		slot, err := ca.ClusterKeySlot(ctx, replayredis.DefaultPrefix+key).Result()
		if err != nil {
			t.Fatal(err)
		}
		if slot >= 8192 {
			break
		}
	}
	rtUnavailable(t, "MOVED", newStore(t, ca, "").Claim(ctxTimeout(t, 2*time.Second), key, time.Now().Add(time.Minute)))
	cc := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{a.addr}})
	t.Cleanup(func() { cc.Close() })
	s := newStore(t, cc, "")
	if err := s.Claim(ctx, key, time.Now().Add(time.Minute)); err != nil {
		t.Fatalf("ClusterClient: %v", err)
	}
	if err := s.Claim(ctx, key, time.Now().Add(time.Minute)); !errors.Is(err, replay.ErrReplayed) {
		t.Errorf("ClusterClient, replay: %v", err)
	}
	// CheckPolicy reads every node: one evicting node is refused, named.
	if err := s.CheckPolicy(ctx); err != nil {
		t.Errorf("ClusterClient, every node noeviction: %v", err)
	}
	if err := cb.ConfigSet(ctx, "maxmemory-policy", "allkeys-lru").Err(); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckPolicy(ctx); !errors.Is(err, replayredis.ErrEvictionPolicy) || !strings.Contains(err.Error(), b.addr) {
		t.Errorf("ClusterClient, node %s allkeys-lru: %v, want ErrEvictionPolicy naming it", b.addr, err)
	}
}

// RFC 9449 section 11.1, atomic across clients: 2 clients x 32 goroutines
// racing on each of 20 keys; every key is won exactly once.
func TestRedTeam_RFC9449_11_1_RedisExactlyOneWinnerAcrossClients(t *testing.T) {
	t.Parallel()
	srv := rtStartRedis(t)
	stores := []*replayredis.Store{newStore(t, srv.client(nil), "p:"), newStore(t, srv.client(nil), "p:")}
	ctx := ctxTimeout(t, 10*time.Second)
	until := time.Now().Add(time.Minute)
	var wins [20]atomic.Int32
	var wg sync.WaitGroup
	for g := range 64 {
		wg.Go(func() {
			for k := range wins {
				err := stores[g%2].Claim(ctx, "key-"+strconv.Itoa(k), until)
				switch {
				case err == nil:
					wins[k].Add(1)
				case !errors.Is(err, replay.ErrReplayed):
					t.Errorf("claim: %v", err)
				}
			}
		})
	}
	wg.Wait()
	for k := range wins {
		if n := wins[k].Load(); n != 1 {
			t.Errorf("key-%d won %d times", k, n)
		}
	}
}

// Keys are binary-safe (RESP bulk strings): a key holding CRLF and a
// command, NUL, a cluster hash tag, or 1 KiB, is one key, recorded under
// its prefix and no other; two prefixes never see each other's records.
func TestRedTeam_RFC9449_11_1_RedisKeysAreOpaqueAndPrefixed(t *testing.T) {
	t.Parallel()
	srv := rtStartRedis(t)
	c := srv.client(nil)
	ctx := ctxTimeout(t, 5*time.Second)
	if err := c.Set(ctx, "canary", "1", 0).Err(); err != nil {
		t.Fatal(err)
	}
	a, b := newStore(t, c, "a:"), newStore(t, c, "b:")
	until := time.Now().Add(time.Minute)
	for _, k := range []string{"x\r\nFLUSHALL\r\n", "*1\r\n$8\r\nFLUSHALL\r\n", "n\x00ul", "{tag}x", strings.Repeat("k", replay.MaxKeyLen)} {
		if err := a.Claim(ctx, k, until); err != nil {
			t.Errorf("%q: %v", k, err)
		}
		if err := a.Claim(ctx, k, until); !errors.Is(err, replay.ErrReplayed) {
			t.Errorf("%q again: %v", k, err)
		}
		if err := b.Claim(ctx, k, until); err != nil {
			t.Errorf("%q under another prefix: %v", k, err)
		}
		if n, err := c.Exists(ctx, "a:"+k).Result(); err != nil || n != 1 {
			t.Errorf("%q: not recorded as a:<key> (%d, %v)", k, n, err)
		}
	}
	if n, _ := c.Exists(ctx, "canary").Result(); n != 1 {
		t.Error("a key's bytes ran as a command: the canary is gone")
	}
}

// Claim keeps the request's deadline without piling up goroutines: with a
// hung Redis and a client without read timeout (ReadTimeout -1), 40
// claims of 30 ms each return on time, the goroutines still waiting are
// bounded by the client's pool (not by the claims), and they end once
// Redis answers.
func TestRedTeam_RFC9449_11_1_RedisHungClaimsLeakNoGoroutines(t *testing.T) {
	srv := rtStartRedis(t)
	c := srv.client(&redis.Options{ReadTimeout: -1, PoolSize: 2, PoolTimeout: time.Hour, MaxRetries: -1})
	s := newStore(t, c, "")
	if err := s.Claim(ctxTimeout(t, time.Second), "warm", time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	base := runtime.NumGoroutine()
	srv.pause()
	var wg sync.WaitGroup
	var slow atomic.Int32
	for i := range 40 {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
			defer cancel()
			start := time.Now()
			err := s.Claim(ctx, fmt.Sprint("hung-", i), time.Now().Add(time.Minute))
			if time.Since(start) > 300*time.Millisecond {
				slow.Add(1)
			}
			rtUnavailable(t, "hung", err)
		})
	}
	wg.Wait()
	if n := slow.Load(); n > 0 {
		t.Errorf("%d claims took longer than 300 ms with a 30 ms deadline", n)
	}
	time.Sleep(100 * time.Millisecond)
	if n := runtime.NumGoroutine() - base; n > 8 {
		t.Errorf("%d goroutines left behind by 40 timed-out claims (pool of 2)", n)
	}
	srv.resume()
	deadline := time.Now().Add(3 * time.Second)
	for runtime.NumGoroutine() > base+2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine() - base; n > 2 {
		t.Errorf("%d goroutines still there after Redis answered", n)
	}
}
