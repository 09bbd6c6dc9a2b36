package replayredis

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/jotlib/jwt/replay"
	"github.com/redis/go-redis/v9"
)

// ErrEvictionPolicy reports a Redis whose maxmemory-policy is not
// noeviction (CheckPolicy). Under any other policy (volatile-lru,
// volatile-ttl, allkeys-lru, ...: every record here has a TTL, so every
// one of them applies) Redis evicts records before they expire when memory
// runs short, forgets a live jti, and accepts its replay (RFC 9449 section
// 11.1). Under noeviction a full Redis refuses the write instead (OOM):
// Claim returns replay.ErrUnavailable, fail closed.
var ErrEvictionPolicy = errors.New("replayredis: Redis maxmemory-policy is not noeviction: live records can be evicted and their replays accepted")

// ErrPolicyUnknown reports that CheckPolicy could not read the
// maxmemory-policy: CONFIG is blocked (renamed or disabled, refused by an
// ACL: NOPERM, as managed Redis services often do), Redis did not answer,
// or it answered without the parameter. The policy is then unchecked, not
// known to be wrong: check it where the Redis is configured.
var ErrPolicyUnknown = errors.New("replayredis: cannot read Redis maxmemory-policy")

// CheckPolicy reads CONFIG GET maxmemory-policy from the Redis (from every
// node of a *redis.ClusterClient or shard of a *redis.Ring) and returns
// nil when it is noeviction, the only policy under which a record lives
// until its TTL (RFC 9449 section 11.1): another policy is an error
// matching ErrEvictionPolicy, naming it; a policy it could not read
// (CONFIG blocked, Redis down, a Ring shard down: go-redis skips it) is an
// error matching ErrPolicyUnknown and wrapping the cause. Call it at startup and refuse to start on an error;
// a policy changed later (CONFIG SET) is not seen. A zero or nil Store,
// and a nil ctx, are errors matching replay.ErrUnavailable. ctx's deadline
// bounds the wait only when the client's ContextTimeoutEnabled is set;
// otherwise the client's timeouts do.
func (s *Store) CheckPolicy(ctx context.Context) error {
	if s == nil || s.client == nil {
		return errNotMade
	}
	if ctx == nil {
		return fmt.Errorf("%w: replayredis: nil context", replay.ErrUnavailable)
	}
	sh, ok := s.client.(interface {
		ForEachShard(context.Context, func(context.Context, *redis.Client) error) error
	})
	if !ok {
		return checkPolicy(ctx, s.client, "")
	}
	var read atomic.Int64 // ForEachShard runs fn concurrently
	err := sh.ForEachShard(ctx, func(ctx context.Context, c *redis.Client) error {
		read.Add(1)
		return checkPolicy(ctx, c, c.Options().Addr)
	})
	switch {
	case err != nil:
		return err
	case read.Load() == 0:
		return fmt.Errorf("%w: no node or shard to read it from", ErrPolicyUnknown)
	}
	// A Ring's ForEachShard skips the shards it sees down: unchecked.
	if r, ok := s.client.(*redis.Ring); ok && read.Load() < int64(len(r.Options().Addrs)) {
		return fmt.Errorf("%w: read from %d of the Ring's %d shards (the others are down)", ErrPolicyUnknown, read.Load(), len(r.Options().Addrs))
	}
	return nil
}

// checkPolicy reads one node's maxmemory-policy.
func checkPolicy(ctx context.Context, c redis.Cmdable, node string) error {
	if node != "" {
		node = " on " + node
	}
	m, err := c.ConfigGet(ctx, "maxmemory-policy").Result()
	if err != nil {
		return fmt.Errorf("%w%s: CONFIG GET maxmemory-policy: %w", ErrPolicyUnknown, node, err)
	}
	p, ok := m["maxmemory-policy"]
	switch {
	case !ok:
		return fmt.Errorf("%w%s: CONFIG GET maxmemory-policy answered without it", ErrPolicyUnknown, node)
	case p != "noeviction":
		return fmt.Errorf("%w%s: it is %q (set maxmemory-policy noeviction)", ErrEvictionPolicy, node, p)
	}
	return nil
}
