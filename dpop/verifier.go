package dpop

import (
	"fmt"
	"slices"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/replay"
)

// Config is what a resource server or an authorization server accepts of
// DPoP proofs (RFC 9449 section 4.3). The zero Config is usable with
// Verify; VerifyRequest needs Origins or TrustRequestHost.
type Config struct {
	// Algorithms are the proof algorithms accepted (RFC 9449 section 4.3
	// check 5), advertised by Algorithms for the "algs" challenge
	// parameter (section 7.1) and dpop_signing_alg_values_supported (RFC
	// 9728 section 2). nil: every asymmetric algorithm this build verifies
	// (RS*, PS*, ES*, EdDSA, Ed25519, and ML-DSA-* built with Go 1.27). A
	// symmetric (HS*), unknown or "none" name, or an empty list, is
	// ErrInvalidConfig; ML-DSA names in a build with an older Go are
	// dropped as long as another name remains (jwt.WithAlgorithms' rule).
	Algorithms []jwt.Algorithm
	// Origins are the server's own origins, "https://api.example.com"
	// (scheme "://" host [":" port], RFC 6454 section 4; no path, query or
	// fragment): VerifyRequest's target URI is the one whose host is the
	// request's Host (or the first) followed by the request's path (RFC
	// 9449 section 4.3 check 9). Required for VerifyRequest unless
	// TrustRequestHost; never both.
	Origins []string
	// TrustRequestHost makes VerifyRequest build the origin from the
	// request's Host header and r.TLS (https when set), for servers whose
	// every Host is checked before them (a proxy that sets it). The Host
	// a client sends is its own choosing: without this switch it is never
	// used. X-Forwarded-* and Forwarded are never read.
	TrustRequestHost bool
	// MaxAge is how old a proof's "iat" may be (RFC 9449 section 4.3
	// check 11 and section 11.1), plus Leeway; 0 is 60 seconds, more than
	// a day or less than 0 is ErrInvalidConfig.
	MaxAge time.Duration
	// Leeway is the clock skew allowed both ways: an "iat" up to Leeway
	// ahead, and up to MaxAge plus Leeway behind; 0 is 5 seconds, more
	// than an hour or less than 0 is ErrInvalidConfig.
	Leeway time.Duration
	// Nonces, when set, makes every proof carry a current server nonce
	// (RFC 9449 sections 8 and 9): a proof without one, or with one it
	// refuses, is ErrUseNonce. NewVerifier asks it for a nonce and checks
	// it once: a source that fails, issues a nonce that is not 1*NQCHAR
	// (section 8.1: no header carries it unchanged) or refuses its own
	// nonce is ErrInvalidConfig.
	Nonces NonceSource
	// Replay records each accepted proof's "jti" (RFC 9449 section 11.1)
	// until its "iat" plus MaxAge plus twice Leeway plus one second;
	// nil: a replay.Memory of the Verifier's own (replay.NewMemoryClock(0,
	// Now): expiring on the clock that dates each claim), which serves one
	// process. Share one store (replayredis) between the instances of a
	// service; their clocks must agree within Leeway (as for shared
	// nonces), so that no instance still accepts a proof whose record
	// another instance's clock has let expire. A record is spent for
	// every proof that passes the other checks, before the caller
	// authenticates anything else: anyone can make proofs with a key of
	// their own, so size the store for MaxAge (plus Leeway) times the peak
	// rate of proofs it must take (the Verifier's own store holds
	// replay.DefaultMaxEntries, 100,000 records of 71 seconds at the
	// default MaxAge and Leeway: some 1,400 proofs a second). A full store
	// refuses every new proof (replay.ErrFull, matching
	// replay.ErrUnavailable: fail closed, answered 503 by jwthttp) rather
	// than forget a live one; see VerifyTokenRequest.
	Replay replay.Store
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// MaxProofSize caps a proof's length in bytes, checked before anything
	// is decoded; 0 is DefaultMaxProofSize, less than 0 is
	// ErrInvalidConfig.
	MaxProofSize int
}

// The defaults of Config (RFC 9449 section 11.1: "a relatively brief
// period").
const (
	DefaultMaxAge       = 60 * time.Second
	DefaultLeeway       = 5 * time.Second
	DefaultMaxProofSize = 16 << 10 // an ML-DSA-87 proof is some 11 KiB
)

// The largest MaxAge and Leeway taken: a proof is a one-request artefact,
// and each accepted one is held by the replay store for MaxAge plus twice
// Leeway (and a second).
const (
	maxMaxAge = 24 * time.Hour
	maxLeeway = time.Hour
)

// Verifier verifies DPoP proofs (RFC 9449 section 4.3). It is the one place
// this library verifies a token with the key the token carries (the
// header's "jwk"): the key proves possession only, and binds an access
// token through its "cnf" "jkt" (section 6), which the caller checks with
// Proof.CheckBinding. It is safe for concurrent use; make one with
// NewVerifier and reuse it.
type Verifier struct {
	core       *jwt.Verifier
	algorithms []jwt.Algorithm
	origins    []origin
	trustHost  bool
	maxAge     time.Duration
	leeway     time.Duration
	nonces     NonceSource
	store      replay.Store
	now        func() time.Time
}

// NewVerifier checks cfg once and returns a Verifier of RFC 9449 section
// 4.3 for it. A Config no proof could pass with is ErrInvalidConfig
// (matching jwt.ErrInvalidOption), saying which field.
func NewVerifier(cfg Config) (*Verifier, error) {
	v := &Verifier{trustHost: cfg.TrustRequestHost, now: cfg.Now}
	if v.now == nil {
		v.now = time.Now
	}
	var err error
	if v.algorithms, err = allowedAlgorithms(cfg.Algorithms); err != nil {
		return nil, err
	}
	if v.origins, err = parseOrigins(cfg.Origins, cfg.TrustRequestHost); err != nil {
		return nil, err
	}
	if v.maxAge, v.leeway, err = window(cfg.MaxAge, cfg.Leeway); err != nil {
		return nil, err
	}
	if v.nonces, err = checkNonces(cfg.Nonces, v.now()); err != nil {
		return nil, err
	}
	if v.store, err = replayStore(cfg.Replay, v.now); err != nil {
		return nil, err
	}
	size := cfg.MaxProofSize
	switch {
	case size < 0:
		return nil, fmt.Errorf("%w: Config.MaxProofSize %d is negative", ErrInvalidConfig, size)
	case size == 0:
		size = DefaultMaxProofSize
	}
	v.core, err = jwt.NewVerifier(embeddedKey{}, jwt.WithType(ProofType), jwt.WithAlgorithms(v.algorithms...),
		jwt.WithRequiredClaims("jti", "htm", "htu", "iat"), jwt.WithMaxAge(v.maxAge),
		jwt.WithLeeway(v.leeway), jwt.WithFutureLeeway(v.leeway), jwt.WithTimeFunc(v.now), jwt.WithMaxTokenSize(size))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidConfig, err)
	}
	return v, nil
}

// Algorithms returns the proof algorithms the Verifier accepts, in a fixed
// order: the "algs" of its challenges (RFC 9449 section 7.1) and the
// dpop_signing_alg_values_supported of its metadata (RFC 9728 section 2;
// RFC 8414 for an authorization server). nil for a nil or zero Verifier.
func (v *Verifier) Algorithms() []jwt.Algorithm {
	if v == nil {
		return nil
	}
	return slices.Clone(v.algorithms)
}

// NewNonce returns a fresh nonce for the DPoP-Nonce response header (RFC
// 9449 sections 8 and 9) from Config.Nonces, or ("", nil) when the
// Verifier requires none. A nil or zero Verifier, and a nonce that is not
// 1*NQCHAR (section 8.1), are ErrInvalidConfig.
func (v *Verifier) NewNonce() (string, error) {
	if err := v.usable(); err != nil {
		return "", err
	}
	if v.nonces == nil {
		return "", nil
	}
	n, err := v.nonces.NewNonce(v.now())
	if err != nil {
		return "", fmt.Errorf("dpop: new nonce: %w", err)
	}
	if err := checkNQChars(n); err != nil {
		return "", fmt.Errorf("dpop: new nonce from %T: %w", v.nonces, err)
	}
	return n, nil
}

// usable refuses a nil or zero Verifier.
func (v *Verifier) usable() error {
	if v == nil || v.core == nil {
		return fmt.Errorf("%w: nil or zero Verifier; use NewVerifier", ErrInvalidConfig)
	}
	return nil
}
