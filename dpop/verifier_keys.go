package dpop

import (
	"context"
	"errors"
	"fmt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
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

// privateMembers are the members of a private or symmetric JWK (RFC 7518
// sections 6.2.2, 6.3.2 and 6.4.1; RFC 8037 section 2; RFC 9964 section
// 2): a proof's "jwk" holding any of them is refused whatever its "kty",
// one the jwk package does not know included.
var privateMembers = [...]string{"d", "p", "q", "dp", "dq", "qi", "oth", "k", "priv"}

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
	return key, nil
}

// publicOnly refuses a "jwk" that is not a JSON object or holds a private
// member (RFC 9449 section 4.3 check 7: "does not contain a private key").
func publicOnly(raw []byte) error {
	err := strictjson.Object(raw, func(k strictjson.Key, _ []byte) error {
		for _, m := range privateMembers {
			if k.Is(m) {
				return fmt.Errorf("%w: the header's \"jwk\" holds the private member %q (RFC 9449 section 4.3 check 7)", jwt.ErrInvalidKey, m)
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, jwt.ErrInvalidKey) {
		return fmt.Errorf("%w: the header's \"jwk\" is not a JSON object: %w", jwt.ErrInvalidKey, err)
	}
	return err
}
