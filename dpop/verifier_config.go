package dpop

import (
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/urlnorm"
	"github.com/jotlib/jwt/replay"
)

// asymmetric lists the algorithms a proof may use (RFC 9449 section 4.3
// check 5: "an asymmetric digital signature algorithm"), in the order
// Algorithms reports them: every registered one but HS* and "none".
var asymmetric = []jwt.Algorithm{
	jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512,
	jwt.ES256, jwt.ES384, jwt.ES512, jwt.EdDSA, jwt.Ed25519,
	jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87,
}

// allowedAlgorithms checks Config.Algorithms and returns the algorithms
// accepted: the asymmetric ones this build verifies when algs is nil;
// else algs without repeats and without the ones this build lacks (ML-DSA
// before Go 1.27), as long as one is left.
func allowedAlgorithms(algs []jwt.Algorithm) ([]jwt.Algorithm, error) {
	if algs == nil {
		algs = asymmetric
	} else if len(algs) == 0 {
		return nil, fmt.Errorf("%w: Config.Algorithms is empty (nil accepts every asymmetric algorithm)", ErrInvalidConfig)
	}
	var out []jwt.Algorithm
	var missing jwt.Algorithm
	for _, a := range algs {
		switch {
		case !slices.Contains(asymmetric, a):
			return nil, fmt.Errorf("%w: Config.Algorithms: %q is not an asymmetric JWS algorithm (RFC 9449 section 4.3: never none or a MAC)", ErrInvalidConfig, string(a))
		case !a.Available():
			missing = a
		case !slices.Contains(out, a):
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: Config.Algorithms: %s needs Go 1.27 (crypto/mldsa), and no other algorithm is listed", ErrInvalidConfig, missing)
	}
	return out, nil
}

// origin is one of Config.Origins: its comparison form (no trailing "/")
// and that of its host and port, which a request's Host is compared with.
type origin struct {
	scheme string // "https" or "http"
	url    string // urlnorm.Origin
}

// parseOrigins checks Config.Origins: each an http(s) origin
// (urlnorm.Origin), never beside TrustRequestHost.
func parseOrigins(raw []string, trustHost bool) ([]origin, error) {
	if trustHost && len(raw) > 0 {
		return nil, fmt.Errorf("%w: Config.Origins and Config.TrustRequestHost both set: set one", ErrInvalidConfig)
	}
	out := make([]origin, 0, len(raw))
	for _, s := range raw {
		u, err := urlnorm.Origin(s)
		if err != nil {
			return nil, fmt.Errorf("%w: Config.Origins: %q: %w (want scheme://host[:port])", ErrInvalidConfig, s, err)
		}
		scheme := "https"
		if u[len("http")] == ':' {
			scheme = "http"
		}
		out = append(out, origin{scheme: scheme, url: u})
	}
	return out, nil
}

// window checks and defaults Config.MaxAge and Config.Leeway.
func window(maxAge, leeway time.Duration) (time.Duration, time.Duration, error) {
	switch {
	case maxAge < 0 || maxAge > maxMaxAge:
		return 0, 0, fmt.Errorf("%w: Config.MaxAge %v is not within [0, %v] (RFC 9449 section 11.1: a brief window)", ErrInvalidConfig, maxAge, maxMaxAge)
	case leeway < 0 || leeway > maxLeeway:
		return 0, 0, fmt.Errorf("%w: Config.Leeway %v is not within [0, %v]", ErrInvalidConfig, leeway, maxLeeway)
	}
	if maxAge == 0 {
		maxAge = DefaultMaxAge
	}
	if leeway == 0 {
		leeway = DefaultLeeway
	}
	return maxAge, leeway, nil
}

// checkNonces refuses a NonceSource holding a nil pointer, and one that
// cannot issue a nonce, issues one that is not 1*NQCHAR (RFC 9449 section
// 8.1: no header could carry it unchanged) or refuses the one it issues:
// every proof would be ErrUseNonce, with no nonce to retry with.
func checkNonces(n NonceSource, now time.Time) (NonceSource, error) {
	if n == nil {
		return nil, nil
	}
	if holdsNil(n) {
		return nil, fmt.Errorf("%w: Config.Nonces is a nil %T", ErrInvalidConfig, n)
	}
	nonce, err := n.NewNonce(now)
	if err == nil {
		err = checkNQChars(nonce)
	}
	if err == nil {
		err = n.CheckNonce(nonce, now)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: Config.Nonces refuses its own nonce: %w", ErrInvalidConfig, err)
	}
	return n, nil
}

// checkNQChars refuses a nonce that is not 1*NQCHAR (RFC 9449 section
// 8.1: NQCHAR = %x21 / %x23-5B / %x5D-7E, printable ASCII but the
// space, '"' and '\\'), which the DPoP-Nonce header and a proof's
// "nonce" carry unchanged.
func checkNQChars(nonce string) error {
	if nonce == "" {
		return fmt.Errorf("%w: the nonce is empty (RFC 9449 section 8.1: 1*NQCHAR)", ErrInvalidConfig)
	}
	for i := 0; i < len(nonce); i++ {
		if c := nonce[i]; c < 0x21 || c > 0x7e || c == '"' || c == '\\' {
			return fmt.Errorf("%w: the nonce holds %q at byte %d, not an NQCHAR (RFC 9449 section 8.1)", ErrInvalidConfig, c, i)
		}
	}
	return nil
}

// replayStore is Config.Replay, or a replay.Memory of the Verifier's own;
// a Store holding a nil pointer is refused.
func replayStore(s replay.Store, now func() time.Time) (replay.Store, error) {
	if s == nil {
		return replay.NewMemoryClock(0, now), nil // expiring on the Verifier's clock, which computes until
	}
	if holdsNil(s) {
		return nil, fmt.Errorf("%w: Config.Replay is a nil %T", ErrInvalidConfig, s)
	}
	return s, nil
}

// holdsNil reports whether v, a non-nil interface value, holds a nil
// pointer, map, func, slice or channel.
func holdsNil(v any) bool {
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Func, reflect.Slice, reflect.Chan:
		return rv.IsNil()
	}
	return false
}
