package dpop

import (
	"context"
	"crypto/rsa"
	"errors"
	"fmt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/keyheader"
	"github.com/jotlib/jwt/internal/strictjson"
	"github.com/jotlib/jwt/jwk"
)

// The embedded key: RFC 9449 section 4.3 checks 4 to 7, run by the core's
// flow through a jwt.KeySet before the signature. The header's "jwk" is
// trusted here only, for one Verify call: the key it gives is handed to
// that call through its context (a slot of the call's own), never kept.

// slotKey is the context key of a Verify call's slot.
type slotKey struct{}

// slot is one Verify call's view of its proof's key: what the KeySet
// parsed, or why it refused the header.
type slot struct {
	key *jwk.Key
	alg jwt.Algorithm
	err error // the refusal, as Verify reports it (the core wraps it)
}

// embeddedKey is the KeySet of a Verifier's core: the proof's own "jwk".
type embeddedKey struct{}

// maxProofRSABits is the largest RSA modulus a proof's key may have: the
// key is the client's choice (RFC 9449 section 4.3 check 7), and so is the
// cost of verifying with it, paid before any nonce, replay or binding
// check. 4096 bits is RFC 7518 section 3.3's 2048 doubled; a 16384-bit
// modulus costs some 100 ES256 verifications.
const maxProofRSABits = 4096

// VerificationKeys implements jwt.KeySet: the public key of the header's
// "jwk", after the "typ" rule (exactly "dpop+jwt", before any
// cryptography) and the key's own: a JSON object, no private member, a
// supported asymmetric key type (never "oct"), fit for "alg".
func (embeddedKey) VerificationKeys(ctx context.Context, h *jwt.Header) ([]any, error) {
	s, _ := ctx.Value(slotKey{}).(*slot)
	if s == nil {
		// Never reached: the core's Verifier is Verify's alone.
		return nil, errors.New("dpop: the embedded key is read by Verify only")
	}
	key, err := headerKey(h)
	if err != nil {
		s.err = err
		return nil, err
	}
	s.key, s.alg = key, jwt.Algorithm(h.Algorithm)
	return []any{key.PublicKey()}, nil
}

// headerKey applies checks 4, 5 and 7 of RFC 9449 section 4.3 to the
// unverified header.
func headerKey(h *jwt.Header) (*jwk.Key, error) {
	if h.Type != ProofType {
		what := "no \"typ\""
		if _, ok := h.Get("typ"); ok {
			what = "\"typ\" " + bounded.Quote(h.Type)
		}
		return nil, fmt.Errorf("%w: %s, want exactly %q (RFC 9449 section 4.3 check 4)", jwt.ErrInvalidType, what, ProofType)
	}
	raw, ok := h.Get("jwk")
	if !ok {
		return nil, fmt.Errorf("%w: the header has no \"jwk\" (RFC 9449 section 4.2)", jwt.ErrInvalidKey)
	}
	if err := publicOnly(raw); err != nil {
		return nil, err
	}
	key, err := jwk.ParseKey(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: the header's \"jwk\": %w", jwt.ErrInvalidKey, err)
	}
	alg := jwt.Algorithm(h.Algorithm)
	switch {
	case key.IsPrivate():
		// publicOnly refuses every private member by name: never reached.
		return nil, fmt.Errorf("%w: the header's \"jwk\" is a private key (RFC 9449 section 4.3 check 7)", jwt.ErrInvalidKey)
	case key.KeyType() == jwk.KeyTypeOct:
		return nil, fmt.Errorf("%w: the header's \"jwk\" is a symmetric key (RFC 9449 section 4.3 check 5)", jwt.ErrInvalidKey)
	case !key.CanVerify(alg):
		return nil, fmt.Errorf("%w: the header's %s \"jwk\" cannot verify %s (its curve, size, \"alg\", \"use\" or \"key_ops\")", jwt.ErrInvalidKey, key.KeyType(), alg)
	}
	if pub, ok := key.PublicKey().(*rsa.PublicKey); ok && pub.N.BitLen() > maxProofRSABits {
		return nil, fmt.Errorf("%w: the header's RSA \"jwk\" has a %d-bit modulus; a proof key has at most %d (RFC 9449 section 11: the verification cost is the client's choice)", jwt.ErrInvalidKey, pub.N.BitLen(), maxProofRSABits)
	}
	return key, nil
}

// publicOnly refuses a "jwk" that is not a JSON object or holds a private
// member (RFC 9449 section 4.3 check 7: "does not contain a private key"),
// or a case-folded look-alike of one ("D", "Priv", "K": RFC 7517 names are
// case-sensitive, but a peer folding case would read a private key), from
// the one list the Signer's key header is held to
// (keyheader.PrivateMembers).
func publicOnly(raw []byte) error {
	err := strictjson.Object(raw, func(k strictjson.Key, _ []byte) error {
		for _, m := range keyheader.PrivateMembers {
			if k.Is(m) {
				return fmt.Errorf("%w: the header's \"jwk\" holds the private member %q (RFC 9449 section 4.3 check 7)", jwt.ErrInvalidKey, m)
			}
		}
		if m := strictjson.LookAlike(k.View(), keyheader.PrivateMembers[:]...); m != "" {
			return fmt.Errorf("%w: the header's \"jwk\" member %s folds to the private member %q (RFC 9449 section 4.3 check 7)", jwt.ErrInvalidKey, bounded.Quote(k.Name()), m)
		}
		return nil
	})
	if err != nil && !errors.Is(err, jwt.ErrInvalidKey) {
		return fmt.Errorf("%w: the header's \"jwk\" is not a JSON object: %w", jwt.ErrInvalidKey, err)
	}
	return err
}
