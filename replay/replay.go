// Package replay records one-use identifiers — a DPoP proof's "jti" (RFC
// 9449 section 11.1), a logout token's or a client assertion's "jti" (RFC
// 7519 section 4.1.7, RFC 7523 section 3) — so that a second use is
// refused. A Store is the seam: Memory serves one process; the side module
// github.com/jotlib/jwt/replayredis serves every instance of a service
// through one Redis.
package replay

import (
	"context"
	"time"

	"github.com/jotlib/jwt/internal/sentinel"
)

// ErrReplayed reports an identifier used before and not expired yet: the
// message carrying it is refused (RFC 9449 section 11.1; RFC 7519 section
// 4.1.7).
var ErrReplayed error = sentinel.New("replay: identifier already used")

// ErrUnavailable reports a Store that cannot tell whether an identifier was
// used (unreachable, slow past the context's deadline, full of live
// entries): callers refuse the message, never accept it (fail closed).
var ErrUnavailable error = sentinel.New("replay: store unavailable")

// Store records one-use identifiers until they expire. Claim records key
// until the time until and returns nil the first time it is claimed, an
// error matching ErrReplayed while it is live, and any other error (one
// matching ErrUnavailable) when it cannot tell; callers refuse on every
// error. Claim is atomic across everything sharing the store, and honours
// ctx's deadline and cancellation.
type Store interface {
	Claim(ctx context.Context, key string, until time.Time) error
}

// ErrFull reports a Memory holding as many live identifiers as it may: it
// refuses the new one rather than forget a live one, which would let that
// one be replayed (RFC 9449 section 11.1). It matches ErrUnavailable.
var ErrFull error = sentinel.New("replay: store full of live identifiers", ErrUnavailable)

// ErrInvalidKey reports a key no Store records: empty, or longer than
// MaxKeyLen. It is a caller's bug (callers hash what they record, as
// package dpop does), not a replay and not an outage.
var ErrInvalidKey error = sentinel.New("replay: invalid key")

// ErrKeyTooLong reports a key longer than MaxKeyLen bytes. It matches
// ErrInvalidKey.
var ErrKeyTooLong error = sentinel.New("replay: key longer than 1 KiB", ErrInvalidKey)

// ErrExpired reports a Claim whose until is not after now: the identifier
// has expired already, so no Store could refuse its next use, and the
// message carrying it is refused (RFC 7519 section 4.1.4; RFC 9449 section
// 11.1). It is neither a replay nor an outage.
var ErrExpired error = sentinel.New("replay: identifier already expired")

// MaxKeyLen is the longest key a Store records, in bytes.
const MaxKeyLen = 1 << 10
