// Package replayredis is a replay.Store on Redis: one-use identifiers (a
// DPoP proof's "jti", RFC 9449 section 11.1) recorded where every instance
// of a service sees them, so a proof replayed to another instance behind
// the load balancer is refused too. Each claim is one atomic Redis command,
// SET key mark NX PX ttl (mark a random value of the claim): the first
// instance to claim an identifier gets nil, every later claim before it
// expires gets replay.ErrReplayed. A retry of the same claim (go-redis
// retries a command whose reply was lost) finds its own mark and is no
// replay.
//
// It fails closed: when Redis cannot answer (down, unreachable, slower
// than the request's context allows), Claim returns an error matching
// replay.ErrUnavailable and the caller refuses the request; it never
// accepts an identifier it could not record.
//
// The Redis must run maxmemory-policy noeviction (RFC 9449 section 11.1: a
// jti is refused as long as its proof is acceptable). Under any other
// policy Redis evicts records before their TTL when memory runs short, and
// a replay of an evicted jti is accepted; under noeviction a full Redis
// refuses the write (OOM) and Claim fails closed. (*Store).CheckPolicy
// reads the policy (CONFIG GET) and refuses any other: call it at startup.
//
// Wire it into a DPoP verifier:
//
//	client := redis.NewClient(&redis.Options{Addr: "redis:6379"})
//	store, err := replayredis.New(client, "")
//	...
//	v, err := dpop.NewVerifier(dpop.Config{Replay: store, ...})
package replayredis

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math"
	"reflect"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/replay"
	"github.com/redis/go-redis/v9"
)

// DefaultPrefix is what New puts before every key when given no prefix.
const DefaultPrefix = "jotlib:replay:"

// Store records one-use identifiers in Redis (RFC 9449 section 11.1): a
// replay.Store shared by every instance using the same Redis and prefix.
// It is safe for concurrent use. Make one with New; a zero Store or a nil
// *Store refuses every claim with an error matching replay.ErrUnavailable.
type Store struct {
	client redis.UniversalClient
	prefix string
	now    func() time.Time // nil: time.Now
}

var _ replay.Store = (*Store)(nil)

// errNotMade reports a zero or nil Store: it has no client.
var errNotMade = fmt.Errorf("%w: replayredis: a zero or nil Store (make one with New)", replay.ErrUnavailable)

// New returns a Store that records identifiers through client under keys
// prefix+key (RFC 9449 section 11.1); prefix "" means DefaultPrefix. Give
// every instance that is to refuse the others' replays the same Redis and
// prefix, and each kind of identifier (DPoP proofs, logout tokens) its own
// prefix or key scheme. client is any go-redis client: *redis.Client,
// *redis.ClusterClient, or a failover client; the Redis
// server must be 2.6.12 or later (SET with NX and PX). A nil client, nil
// typed or not, is an error matching jwt.ErrInvalidOption. Do not use a
// *redis.Ring: while one of its shards is down it moves that shard's keys
// to the others, so an identifier recorded on the down shard is claimable
// again, and a replay is accepted (a Cluster fails over a shard's keys with
// them; a Ring does not).
func New(client redis.UniversalClient, prefix string) (*Store, error) {
	return NewClock(client, prefix, nil)
}

// NewClock is New with the clock Claim computes TTLs with (until minus
// now; RFC 9449 section 11.1); nil is time.Now. Give it the clock that
// computes the until values, as a DPoP Verifier's Config.Now, when that
// is not the machine's (tests with a fixed clock): an until not after it
// is refused (replay.ErrExpired).
func NewClock(client redis.UniversalClient, prefix string, now func() time.Time) (*Store, error) {
	if client == nil {
		return nil, fmt.Errorf("%w: replayredis: nil client", jwt.ErrInvalidOption)
	}
	if v := reflect.ValueOf(client); v.Kind() == reflect.Pointer && v.IsNil() {
		return nil, fmt.Errorf("%w: replayredis: nil %T client", jwt.ErrInvalidOption, client)
	}
	if prefix == "" {
		prefix = DefaultPrefix
	}
	return &Store{client: client, prefix: prefix, now: now}, nil
}

// Claim records key until until, atomically across every user of the Redis
// (RFC 9449 section 11.1): SET prefix+key mark NX PX ttl, where mark is a
// random value of this call (128 bits) and ttl is until minus now on this
// process's clock, rounded up to the millisecond (so a Redis clock ahead
// of this one cannot shorten the record). It returns nil when this call
// recorded key, and replay.ErrReplayed when key is recorded already and
// not expired. When SET NX finds the key, Claim reads it (GET): holding
// this call's mark, it was recorded by a try of this call whose reply was
// lost and retried by go-redis, and Claim returns nil (a first use is
// never reported as a replay).
//
// Every other error means the claim could not be made and the request is
// to be refused (fail closed), and matches replay.ErrUnavailable: Redis
// down, unreachable or answering with an error, and ctx done before Redis
// answered. Claim returns when ctx is done even if the client's own
// timeouts are longer (go-redis ignores ctx's deadline unless the client's
// ContextTimeoutEnabled is set); the command may still reach Redis then,
// which records key: the refused request's identifier stays used, which is
// safe. Without a deadline on ctx, Claim waits for the client's timeouts
// (go-redis: ReadTimeout, 3 seconds by default, per try).
//
// As replay.Memory does, Claim refuses, sending nothing, a key that is
// empty or longer than replay.MaxKeyLen (replay.ErrInvalidKey,
// replay.ErrKeyTooLong), an until not after now (replay.ErrExpired), and a
// ctx that is done already or nil (replay.ErrUnavailable).
func (s *Store) Claim(ctx context.Context, key string, until time.Time) error {
	if s == nil || s.client == nil {
		return errNotMade
	}
	if ctx == nil {
		return fmt.Errorf("%w: replayredis: nil context", replay.ErrUnavailable)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%w: replayredis: %w", replay.ErrUnavailable, err)
	}
	ttl, err := s.ttl(key, until)
	if err != nil {
		return err
	}
	set := func() error { return s.set(ctx, key, ttl) }
	if ctx.Done() == nil {
		return set() // no deadline to keep: the client's timeouts bound it
	}
	answer := make(chan error, 1) // buffered: a late answer is dropped, not blocked on
	go func() { answer <- set() }()
	select {
	case err := <-answer:
		return err
	case <-ctx.Done():
		return fmt.Errorf("%w: replayredis: no answer from Redis before the context ended: %w", replay.ErrUnavailable, ctx.Err())
	}
}

// set sends SET prefix+key <mark> NX PX ttl, where mark is a random value
// of this claim, and reads its answer: OK recorded, anything but a nil
// reply an outage. A nil reply (NX: the key exists) is a replay unless
// the key holds mark: go-redis retries a command whose reply was lost (a
// reset, a failover), and the retry finds the record the first try made,
// so GET tells this claim's own record (nil) from another's
// (replay.ErrReplayed).
func (s *Store) set(ctx context.Context, key string, ttl time.Duration) error {
	mark := rand.Text() // 128 bits: no other claim holds it
	ok, err := s.client.SetArgs(ctx, s.prefix+key, mark, redis.SetArgs{Mode: "NX", TTL: ttl}).Result()
	switch {
	case errors.Is(err, redis.Nil):
		return s.own(ctx, key, mark)
	case err != nil:
		return fmt.Errorf("%w: replayredis: %w", replay.ErrUnavailable, err)
	case ok != "OK":
		return fmt.Errorf("%w: replayredis: SET answered %q, not OK", replay.ErrUnavailable, ok)
	}
	return nil
}

// own reads the record SET NX found: mark is this claim's own record, made
// by a try whose reply was lost (nil); any other value, or none left (it
// expired since), another claim's (replay.ErrReplayed); no answer an
// outage (replay.ErrUnavailable: whose record it is stays unknown).
func (s *Store) own(ctx context.Context, key, mark string) error {
	got, err := s.client.Get(ctx, s.prefix+key).Result()
	switch {
	case errors.Is(err, redis.Nil):
		return replay.ErrReplayed
	case err != nil:
		return fmt.Errorf("%w: replayredis: GET of a key SET NX found: %w", replay.ErrUnavailable, err)
	case got == mark:
		return nil
	}
	return replay.ErrReplayed
}

// ttl checks key and until as replay.Memory does and returns how long key
// is to live: until minus now, rounded up to the millisecond (PX's unit).
func (s *Store) ttl(key string, until time.Time) (time.Duration, error) {
	now := time.Now()
	if s.now != nil {
		now = s.now()
	}
	switch {
	case key == "":
		return 0, fmt.Errorf("%w: empty key", replay.ErrInvalidKey)
	case len(key) > replay.MaxKeyLen:
		return 0, fmt.Errorf("%w: %d bytes", replay.ErrKeyTooLong, len(key))
	case !until.After(now):
		return 0, fmt.Errorf("%w: until %s is not after now %s", replay.ErrExpired,
			until.UTC().Format(time.RFC3339Nano), now.UTC().Format(time.RFC3339Nano))
	}
	ttl := until.Sub(now) // saturates at about 292 years
	if r := ttl % time.Millisecond; r != 0 && ttl < math.MaxInt64-time.Millisecond {
		ttl += time.Millisecond - r
	}
	return ttl, nil
}
