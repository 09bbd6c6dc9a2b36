package dpop

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash"
	"sync"
	"time"

	"github.com/jotlib/jwt/internal/b64url"
)

// DefaultNonceWindow is the window NewHMACNonces uses when given 0.
const DefaultNonceWindow = time.Minute

// MinNonceWindow is the shortest window NewHMACNonces accepts: a nonce
// must outlive a client's round trip to come back (RFC 9449 section 9).
const MinNonceWindow = time.Second

// MinNonceKeyLen is the shortest key NewHMACNonces accepts, in bytes: the
// output size of HMAC-SHA-256 (RFC 2104 section 3).
const MinNonceKeyLen = 32

const (
	nonceIndexLen = 8                              // the window's index, big-endian
	nonceMACLen   = 16                             // HMAC-SHA-256 truncated to 128 bits (RFC 2104 section 5)
	nonceRawLen   = nonceIndexLen + nonceMACLen    // 24 bytes
	nonceLen      = (nonceRawLen*8 + 5) / 6        // 32 base64url characters, no padding
	noncePurpose  = "dpop-nonce\x00"               // what the MAC is for: no other HMAC under these keys collides
	nonceMACInLen = len(noncePurpose) + 8 + 8      // purpose, window length, window index
	maxNonceNanos = (1<<63 - 1) - int64(time.Hour) // a clock past 2262 is refused
)

// HMACNonces is a NonceSource that needs no shared state (RFC 9449
// sections 8 and 9): a nonce is the index of the time window it was issued
// in, authenticated with HMAC-SHA-256 under a key the instances of a
// service share, so every instance given the same keys and window accepts
// the nonces of the others, behind any load balancer.
//
// A nonce is accepted during the window it was issued in and the next, so
// it lives between one and two windows; one from an earlier window, or
// from a later window than now (an instance whose clock runs ahead), is
// refused with ErrUseNonce, and the client retries with the nonce that
// comes with that refusal. The instances' clocks are to be kept in step
// (NTP). Within one window every client gets the same nonce: it proves the
// proof was made recently (section 11.1), not who made it; the "jti"
// replay check and the access token binding do that.
//
// Rotation: keys[0] signs new nonces and every key is tried when checking,
// so to rotate, put the new key first (every instance), then drop the old
// one after two windows.
//
// Make one with NewHMACNonces; a zero HMACNonces or a nil *HMACNonces
// issues no nonce (ErrInvalidConfig) and accepts none.
type HMACNonces struct {
	window time.Duration
	keys   []*sync.Pool // of hash.Hash: HMAC-SHA-256 keyed with one key each; keys[0] signs
}

var _ NonceSource = (*HMACNonces)(nil)

// errNoncesNotMade reports a zero or nil HMACNonces: it has no key.
var errNoncesNotMade = fmt.Errorf("%w: a zero or nil HMACNonces (make one with NewHMACNonces)", ErrInvalidConfig)

// NewHMACNonces returns a NonceSource issuing nonces valid for window to
// two windows (RFC 9449 sections 8 and 9), signed with keys[0] and checked
// against every key. window 0 means DefaultNonceWindow. It returns an error
// matching ErrInvalidConfig for a negative window or one shorter than
// MinNonceWindow, no key, or a key shorter than MinNonceKeyLen bytes. The
// keys are copied. Every instance of a service that is to accept the
// others' nonces needs the same window and keys.
func NewHMACNonces(window time.Duration, keys ...[]byte) (*HMACNonces, error) {
	switch {
	case window == 0:
		window = DefaultNonceWindow
	case window < 0:
		return nil, fmt.Errorf("%w: nonce window %v is negative", ErrInvalidConfig, window)
	case window < MinNonceWindow:
		return nil, fmt.Errorf("%w: nonce window %v is shorter than %v: a nonce must outlive a round trip", ErrInvalidConfig, window, MinNonceWindow)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%w: no nonce key", ErrInvalidConfig)
	}
	n := &HMACNonces{window: window, keys: make([]*sync.Pool, len(keys))}
	for i, k := range keys {
		if len(k) < MinNonceKeyLen {
			return nil, fmt.Errorf("%w: nonce key %d has %d bytes, fewer than %d", ErrInvalidConfig, i, len(k), MinNonceKeyLen)
		}
		key := bytes.Clone(k)
		n.keys[i] = &sync.Pool{New: func() any { return hmac.New(sha256.New, key) }}
	}
	return n, nil
}

// NewNonce returns the nonce of now's window, for the DPoP-Nonce response
// header (RFC 9449 sections 8 and 9): 32 base64url characters, all of them
// allowed by the nonce syntax of section 4.2 (NQCHAR). It fails only for a
// zero HMACNonces or a clock before 1970 or after 2262 (ErrInvalidConfig).
func (n *HMACNonces) NewNonce(now time.Time) (string, error) {
	if n == nil || len(n.keys) == 0 {
		return "", errNoncesNotMade
	}
	index, ok := n.index(now)
	if !ok {
		return "", fmt.Errorf("%w: the clock (%s) is before 1970 or after 2262", ErrInvalidConfig, now.UTC().Format(time.RFC3339))
	}
	var raw [nonceRawLen]byte
	binary.BigEndian.PutUint64(raw[:nonceIndexLen], index)
	mac := n.mac(n.keys[0], index)
	copy(raw[nonceIndexLen:], mac[:])
	return base64.RawURLEncoding.EncodeToString(raw[:]), nil
}

// CheckNonce accepts nonce (nil) when one of the keys issued it in now's
// window or the one before (RFC 9449 sections 8 and 9); otherwise it
// returns an error matching ErrUseNonce: no nonce, not 32 base64url
// characters, a MAC that none of the keys made (forged, or issued under
// another key or window length), a window older than the previous one
// (expired) or later than now's. A zero or nil HMACNonces accepts no nonce
// (an error matching both ErrUseNonce and ErrInvalidConfig). The MACs are
// compared in constant time.
func (n *HMACNonces) CheckNonce(nonce string, now time.Time) error {
	if n == nil || len(n.keys) == 0 {
		return fmt.Errorf("%w: %w", ErrUseNonce, errNoncesNotMade)
	}
	if nonce == "" {
		return fmt.Errorf("%w: the proof has no nonce", ErrUseNonce)
	}
	if len(nonce) != nonceLen {
		return fmt.Errorf("%w: the nonce was not issued by this server (%d characters, not %d)", ErrUseNonce, len(nonce), nonceLen)
	}
	var buf [nonceRawLen]byte
	raw, err := b64url.AppendDecode(buf[:0], nonce)
	if err != nil || len(raw) != nonceRawLen {
		return fmt.Errorf("%w: the nonce was not issued by this server (not base64url)", ErrUseNonce)
	}
	index := binary.BigEndian.Uint64(raw[:nonceIndexLen])
	current, ok := n.index(now)
	switch {
	case !ok:
		return fmt.Errorf("%w: the clock (%s) is before 1970 or after 2262", ErrUseNonce, now.UTC().Format(time.RFC3339))
	case index != current && (current == 0 || index != current-1):
		// Refused before any MAC: the index is not secret, and an expired
		// or future window is refused whoever made it.
		if index > current {
			return fmt.Errorf("%w: the nonce is from a later window than now", ErrUseNonce)
		}
		return fmt.Errorf("%w: the nonce has expired", ErrUseNonce)
	}
	for _, key := range n.keys {
		if want := n.mac(key, index); hmac.Equal(want[:], raw[nonceIndexLen:]) {
			return nil
		}
	}
	return fmt.Errorf("%w: the nonce was not issued by this server (its MAC does not verify)", ErrUseNonce)
}

// index is now's window index: whole windows since 1970 (false before 1970
// or after 2262).
func (n *HMACNonces) index(now time.Time) (uint64, bool) {
	if now.Before(time.Unix(0, 0)) || now.After(time.Unix(0, maxNonceNanos)) {
		return 0, false
	}
	return uint64(now.UnixNano() / int64(n.window)), true
}

// mac is the first nonceMACLen bytes of HMAC-SHA-256(key, purpose ||
// window length || index), the integers 8 bytes big-endian.
func (n *HMACNonces) mac(key *sync.Pool, index uint64) [nonceMACLen]byte {
	var in [nonceMACInLen]byte
	copy(in[:], noncePurpose)
	binary.BigEndian.PutUint64(in[len(noncePurpose):], uint64(n.window))
	binary.BigEndian.PutUint64(in[len(noncePurpose)+8:], index)
	h := key.Get().(hash.Hash)
	h.Reset()
	h.Write(in[:])
	var sum [sha256.Size]byte
	var out [nonceMACLen]byte
	copy(out[:], h.Sum(sum[:0]))
	key.Put(h)
	return out
}
