package dpop

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/verified"
	"github.com/jotlib/jwt/replay"
)

// Request is the HTTP request a proof came with (RFC 9449 section 4.3).
type Request struct {
	// Method is the request's method, which "htm" must equal exactly
	// (section 4.3 check 8).
	Method string
	// URL is the request's target URI (RFC 9110 section 7.1), an absolute
	// http or https URI; its query and fragment are dropped, and it is
	// compared with "htu" after RFC 3986 sections 6.2.2 and 6.2.3
	// normalisation (section 4.3 check 9).
	URL string
	// AccessToken is the access token presented with the proof, whose
	// hash "ath" must be (section 4.3 check 12); "" at the token
	// endpoint, where "ath" is not checked.
	AccessToken string
}

// Verify checks a DPoP proof (the DPoP header's value) for req, every
// check of RFC 9449 section 4.3, and returns what it proves. In order:
// a well-formed compact JWS of at most Config.MaxProofSize bytes (check
// 2, jwt.ErrTokenMalformed); "alg" one of Algorithms (check 5: never
// "none" or a MAC, jwt.ErrAlgorithmNotAllowed); "typ" exactly "dpop+jwt"
// (check 4, jwt.ErrInvalidType); a "jwk" that is a public asymmetric key
// fit for "alg", holding no private member, nor a case-folded look-alike
// of one ("D", "Priv"), whatever its "kty", and an RSA modulus of at most
// 4096 bits (checks 5 and 7, jwt.ErrInvalidKey: the client chooses its
// key, so its verification cost, section 11); the signature by that key (check 6,
// jwt.ErrSignatureInvalid); "jti", "htm", "htu" and "iat" present (check
// 3, jwt.ErrMissingClaim), strings but "iat", "jti" not empty; "iat" at
// most Config.MaxAge plus Config.Leeway old and Config.Leeway ahead (check
// 11, jwt.ErrTokenExpired, jwt.ErrTokenUsedBeforeIssued); "exp" and "nbf"
// when present; "htm" equal to req.Method (check 8) and "htu" to req.URL
// as urlnorm compares them (check 9); with req.AccessToken, "ath" its hash
// (check 12; these three jwt.ErrTokenInvalidClaims). Each of those
// refusals is ErrInvalidProof wrapping the jwt sentinel named. Then, with
// Config.Nonces, a current "nonce" (check 10): ErrUseNonce, not
// ErrInvalidProof. Last, the "jti" is claimed in Config.Replay (section
// 11.1) until the proof's window ends: a replay is ErrReplayed (also
// ErrInvalidProof); a store that cannot tell gives an error matching
// replay.ErrUnavailable (not ErrInvalidProof: the client did nothing
// wrong). A req no proof could match (no method, a URL that is not an
// absolute http(s) URI) is ErrInvalidConfig. The access token's binding
// is the caller's to check: Proof.CheckBinding with its "cnf" "jkt".
//
// Where peers accept more: "typ" is compared exactly, so
// "application/dpop+jwt" and case variants, which RFC 7515 section
// 4.1.9's media-type comparison would take, are refused (no client writes
// them); "htu" must be an absolute http(s) URI without user information,
// a percent-encoded host or a zone (urlnorm.Target).
func (v *Verifier) Verify(ctx context.Context, proof string, req Request) (*Proof, error) {
	if err := v.usable(); err != nil {
		return nil, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	c, err := newCall(req)
	if err != nil {
		return nil, err
	}
	s := new(slot)
	if _, err := verified.Parse(context.WithValue(ctx, slotKey{}, s), v.core, proof, new(noClaims), c); err != nil {
		if s.err != nil {
			err = s.err // the header's refusal, without the core's key-set wrapping
		}
		return nil, fmt.Errorf("%w: %w", ErrInvalidProof, err)
	}
	if s.key == nil {
		// Never reached: the signature verified with the slot's key.
		return nil, fmt.Errorf("%w: no key was read from the header", ErrInvalidProof)
	}
	jkt, err := Thumbprint(s.key)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidProof, err)
	}
	if err := v.checkNonce(c.nonce); err != nil {
		return nil, err
	}
	if err := v.claim(ctx, jkt, c); err != nil {
		return nil, err
	}
	return &Proof{
		Algorithm:       s.alg,
		Key:             s.key,
		JKT:             jkt,
		ID:              c.jti,
		Method:          c.htm,
		URL:             c.htu,
		IssuedAt:        c.iat,
		Nonce:           c.nonce,
		AccessTokenHash: c.athClaim,
	}, nil
}

// noClaims is the claims value of the core's flow: the rules read the
// proof's claims from the strict pass (call.Member), so no codec decodes
// them.
type noClaims struct{}

// UnmarshalJSON keeps nothing.
func (*noClaims) UnmarshalJSON([]byte) error { return nil }

// checkNonce is RFC 9449 section 4.3 check 10 with Config.Nonces: a proof
// without a nonce, or with one the source refuses, is ErrUseNonce
// (sections 8 and 9).
func (v *Verifier) checkNonce(nonce string) error {
	if v.nonces == nil {
		return nil
	}
	if nonce == "" {
		return fmt.Errorf("%w: the proof has no \"nonce\", and the server requires one (RFC 9449 section 8)", ErrUseNonce)
	}
	err := v.nonces.CheckNonce(nonce, v.now())
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrUseNonce):
		return err
	}
	return fmt.Errorf("%w: %w", ErrUseNonce, err)
}

// claim records the proof's "jti" in the replay store (RFC 9449 section
// 11.1), keyed by the proof key's thumbprint and the jti (hashed: a fixed
// length whatever the client sends) until "iat" plus MaxAge plus twice
// Leeway plus one second: past the end of the window in which the proof is
// accepted ("iat" plus MaxAge plus Leeway) on any instance sharing the
// store whose clock is up to Leeway behind the claiming one's (a shared
// store such as replayredis expires the record by a TTL computed on the
// claiming instance's clock).
func (v *Verifier) claim(ctx context.Context, jkt string, c *call) error {
	until := c.iat.Add(v.maxAge + 2*v.leeway + replayMargin)
	err := v.store.Claim(ctx, replayKey(jkt, c.jti), until)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, replay.ErrReplayed):
		return fmt.Errorf("%w: \"jti\" %s was used before (RFC 9449 section 11.1)", ErrReplayed, bounded.Quote(c.jti))
	case errors.Is(err, replay.ErrUnavailable):
		return fmt.Errorf("dpop: replay check: %w", err)
	}
	return fmt.Errorf("dpop: replay check: %w: %w", replay.ErrUnavailable, err)
}

// replayMargin keeps a claimed jti past its proof's window by a second,
// so that no clock rounding opens a gap between the two.
const replayMargin = time.Second

// replayKey is base64url(SHA-256("dpop" 0x00 jkt 0x00 jti)): the one-use
// identifier of a proof in a replay.Store shared with other uses, of a
// fixed length whatever the jti.
func replayKey(jkt, jti string) string {
	h := sha256.New()
	h.Write([]byte("dpop\x00"))
	h.Write([]byte(jkt))
	h.Write([]byte{0})
	h.Write([]byte(jti))
	return b64url.EncodeToString(h.Sum(nil))
}
