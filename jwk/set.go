package jwk

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/signing"
)

// Set is a JWK Set (RFC 7517 section 5). It is immutable and safe for
// concurrent use, and it is a jwt.KeySet: pass it as the key to jwt.Parse or
// jwt.NewVerifier.
type Set struct {
	keys    []*Key
	byKID   map[string][]*Key
	skipped []error
}

// ParseSet parses a JWK Set: a JSON object whose "keys" member is an array
// of JWKs. Keys of an unsupported type or curve are skipped (RFC 7517
// section 5: "Implementations SHOULD ignore JWKs within a JWK Set that use
// "kty" (key type) values that are not understood by them"), and so are
// keys that are invalid or too weak ("... that are missing required members,
// or for which values are out of the supported ranges"): a key with a
// missing or mistyped member (a numeric "kid", a "use" or "alg" that is not
// a string, a "key_ops" that is not an array of distinct strings, no "kty"),
// duplicate member names inside it, or bad key material. One bad key
// published by an identity provider must not block its good ones. Skipped
// lists why, with each key's index. A set whose every key was skipped as
// invalid fails with the first key's error, so a remote set keeps its last
// good keys.
//
// The document itself is strict, and any fault in it fails the whole set
// with ErrInvalidSet: not a JSON object with a "keys" array, invalid JSON or
// UTF-8 anywhere (also inside a key), duplicate or case-folded look-alike
// member names outside the keys, data after the object, or an element of
// "keys" that is not a JSON object (which also matches ErrInvalidKey).
func ParseSet(data []byte) (*Set, error) {
	elems, err := setKeys(data)
	if err != nil {
		return nil, err
	}
	s := &Set{}
	var firstInvalid error
	for i, elem := range elems {
		if elem[0] != '{' {
			return nil, fmt.Errorf("%w: key %d: %w", ErrInvalidSet, i, invalid("not a JSON object"))
		}
		m, err := readMembers(elem)
		var k *Key
		if err == nil {
			k, err = fromMembers(m)
		}
		if err != nil {
			if m != nil && m.kid != "" {
				err = fmt.Errorf("key %d (kid %q): %w", i, m.kid, err)
			} else {
				err = fmt.Errorf("key %d: %w", i, err)
			}
			s.skipped = append(s.skipped, err)
			if firstInvalid == nil && !errors.Is(err, ErrUnsupportedKeyType) {
				firstInvalid = err
			}
			continue
		}
		s.keys = append(s.keys, k)
	}
	if len(s.keys) == 0 && firstInvalid != nil {
		return nil, firstInvalid
	}
	s.index()
	return s, nil
}

// NewSet makes a Set of keys. Keys may share a "kid" (RFC 7517 section 4.5
// allows it, e.g. for keys of different types).
func NewSet(keys ...*Key) *Set {
	s := &Set{}
	for _, k := range keys {
		if k != nil {
			s.keys = append(s.keys, k)
		}
	}
	s.index()
	return s
}

func (s *Set) index() {
	s.byKID = make(map[string][]*Key, len(s.keys))
	for _, k := range s.keys {
		s.byKID[k.meta.KeyID] = append(s.byKID[k.meta.KeyID], k)
	}
}

// Keys returns the set's keys in document order.
func (s *Set) Keys() []*Key {
	if s == nil {
		return nil
	}
	return append([]*Key(nil), s.keys...)
}

// Len returns the number of keys.
func (s *Set) Len() int {
	if s == nil {
		return 0
	}
	return len(s.keys)
}

// LookupKeyID returns the keys whose "kid" is kid.
func (s *Set) LookupKeyID(kid string) []*Key {
	if s == nil {
		return nil
	}
	return append([]*Key(nil), s.byKID[kid]...)
}

// Skipped returns why ParseSet skipped keys: unsupported types and curves
// (matching ErrUnsupportedKeyType) and invalid or weak keys.
func (s *Set) Skipped() []error {
	if s == nil {
		return nil
	}
	return append([]error(nil), s.skipped...)
}

// Public returns the set of the keys' public halves, for publishing; "oct"
// keys are left out.
func (s *Set) Public() *Set {
	out := &Set{}
	if s == nil {
		out.index()
		return out
	}
	for _, k := range s.keys {
		if p, err := k.Public(); err == nil {
			out.keys = append(out.keys, p)
		}
	}
	out.index()
	return out
}

// MarshalJSON writes {"keys":[...]} with every key as Key.MarshalJSON does.
func (s *Set) MarshalJSON() ([]byte, error) {
	if s == nil {
		return nil, fmt.Errorf("%w: nil *Set: make one with ParseSet or NewSet", ErrInvalidSet)
	}
	buf := append(make([]byte, 0, 512*len(s.keys)+16), `{"keys":[`...)
	for i, k := range s.keys {
		if i > 0 {
			buf = append(buf, ',')
		}
		b, err := k.MarshalJSON()
		if err != nil {
			return nil, err
		}
		buf = append(buf, b...)
	}
	return append(buf, "]}"...), nil
}

// UnmarshalJSON parses a JWK Set into s with ParseSet's rules.
func (s *Set) UnmarshalJSON(data []byte) error {
	if s == nil {
		return fmt.Errorf("%w: UnmarshalJSON into a nil *Set", ErrInvalidSet)
	}
	parsed, err := ParseSet(data)
	if err != nil {
		return err
	}
	*s = *parsed
	return nil
}

// VerificationKeys implements jwt.KeySet. With a "kid" in the header, the
// candidates are the keys with that "kid"; without one, every key. Of those
// it returns the ones that CanVerify the header's "alg", each prepared once
// when the set was made, as jwt's Verifier uses them. None: ErrKeyNotFound.
func (s *Set) VerificationKeys(_ context.Context, h *jwt.Header) ([]any, error) {
	if s == nil {
		return nil, fmt.Errorf("%w: nil *Set: make one with ParseSet or NewSet", ErrKeyNotFound)
	}
	if h == nil {
		return nil, fmt.Errorf("%w: nil header", ErrKeyNotFound)
	}
	keys, err := s.match(h)
	if err != nil {
		return nil, err
	}
	return keys, nil
}

// match selects the verifying keys for a header.
func (s *Set) match(h *jwt.Header) ([]any, error) {
	if err := algorithmUnavailable(h.Algorithm); err != nil {
		return nil, err
	}
	return s.matchAvailable(h)
}

// matchAvailable is match for a header whose "alg" its caller checked with
// algorithmUnavailable (refuseBeforeFetch, for RemoteSet.keys): the
// verification fast path of a fetched set checks it once.
func (s *Set) matchAvailable(h *jwt.Header) ([]any, error) {
	alg := jwt.Algorithm(h.Algorithm)
	if !alg.Known() {
		return nil, fmt.Errorf("%w: unknown alg %s", ErrKeyNotFound, bounded.Quote(h.Algorithm))
	}
	pool := s.keys
	if h.KeyID != "" {
		pool = s.byKID[h.KeyID]
	}
	var out []any
	for _, k := range pool {
		if k.CanVerify(alg) {
			out = append(out, k.vk)
		}
	}
	if len(out) == 0 {
		if h.KeyID != "" {
			return nil, fmt.Errorf("%w: kid %s for %s", ErrKeyNotFound, bounded.Quote(h.KeyID), alg)
		}
		return nil, fmt.Errorf("%w: no kid; no key fits %s", ErrKeyNotFound, alg)
	}
	return out, nil
}

// hasKeyID reports whether some key has "kid" kid.
func (s *Set) hasKeyID(kid string) bool { return len(s.byKID[kid]) > 0 }

// remoteUsable counts the keys a remote set may verify with (issue 21 item
// 4): prepared, for signatures (RFC 7517 sections 4.2 and 4.3), and not
// "oct" (a secret served by a URL is never used).
func (s *Set) remoteUsable() int {
	n := 0
	for _, k := range s.keys {
		if k.vk != nil && k.kty != KeyTypeOct && (k.meta.Use == "" || k.meta.Use == "sig") &&
			(k.meta.KeyOps == nil || slices.Contains(k.meta.KeyOps, "verify")) {
			n++
		}
	}
	return n
}

// algorithmUnavailable refuses a known algorithm this build cannot use:
// ML-DSA in a program built with Go 1.26 (no crypto/mldsa), whose AKP keys
// ParseSet skipped (issue 21 item 13: "no matching key" alone hid why).
func algorithmUnavailable(name string) error {
	alg, ok := signing.Lookup(name)
	if !ok || alg.Available() {
		return nil
	}
	return fmt.Errorf("%w: %s needs Go 1.27 or later (crypto/mldsa); this program was built with %s, so no key can verify it (ParseSet skips AKP keys, see Skipped)",
		ErrKeyNotFound, alg, runtime.Version())
}
