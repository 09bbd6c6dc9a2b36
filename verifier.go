package jwt

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/signing"
	"github.com/jotlib/jwt/internal/strictjson"
	"github.com/jotlib/jwt/internal/verified"
)

// Verifier parses and verifies tokens with one key source and one set of
// options, all checked once. It is safe for concurrent use; reuse it.
type Verifier struct {
	cfg     *config
	keys    keySource
	headers headerCache
	cache   *tokenCache // WithCache; nil without
	oneShot bool        // made by Parse for one token: no header caching
}

// NewVerifier checks key and options once. key is a verification key
// ([]byte HMAC secret, *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey,
// or their private keys), a KeyFunc, or a KeySet.
//
// Options no token could pass with key are ErrInvalidOption: algorithms
// the static key cannot verify; WithAlgorithms naming only HS* with a key
// source whose keys are all fetched from a URL (a *jwk.RemoteSet, a
// *jwk.Provider, a *jwk.Issuers whose issuers' keys all are), since such
// keys are public (RFC 7517 section 7) and never verify HS*; WithIssuer
// naming an issuer a *jwk.Provider or *jwk.Issuers does not serve, since it
// refuses every token of that issuer (RFC 8725 section 3.8).
func NewVerifier(key any, opts ...Option) (*Verifier, error) {
	cfg, err := newConfig(verifySide, opts)
	if err != nil {
		return nil, err
	}
	keys, err := newKeySource(key)
	if err != nil {
		return nil, err
	}
	if keys.static != nil && cfg.algorithms != nil {
		var first error
		for _, a := range cfg.algorithms {
			if err := keys.static.Check(signing.Algorithm(a)); err == nil {
				first = nil
				break
			} else if first == nil {
				first = err
			}
		}
		if first != nil {
			return nil, first
		}
	}
	if err := checkKeySourceOptions(key, cfg); err != nil {
		return nil, err
	}
	if err := checkCacheUsable(cfg, keys); err != nil {
		return nil, err
	}
	v := &Verifier{cfg: cfg, keys: keys}
	if cfg.cache != nil {
		v.cache = newTokenCache(*cfg.cache)
	}
	return v, nil
}

// Parse verifies token and decodes its claims into a map[string]any, which
// Token.Claims holds: ParseWithClaims into a map of the Verifier's own.
func (v *Verifier) Parse(token string) (*Token, error) {
	return v.ParseContext(context.Background(), token)
}

// ParseContext is Parse with a context that bounds a KeySet's key fetch and
// is given to WithValidator checks.
func (v *Verifier) ParseContext(ctx context.Context, token string) (*Token, error) {
	return v.parse(ctx, token, map[string]any{}, nil)
}

// ParseWithClaims verifies token and decodes its claims into claims, a
// non-nil pointer to a struct (typically embedding claims.Registered), to
// a map, or to a pointer (&p for a *T); anything else is refused at once
// (ErrEncoding), before the token is read. Pointers and interfaces are
// followed, up to 8 levels deep, to the innermost non-nil pointer to a
// non-interface type, which is the claims value: a pointer to an interface
// holding a non-nil pointer (`var c any = &MyClaims{}`, then &c, or &p for
// p := &c) is treated as the pointer held, and &p for p := &MyClaims{} as
// p. A pointer to a nil pointer is allocated by the decoder; a pointer to
// an empty interface holding nil is filled with a map[string]any; an
// interface holding anything else, a nil non-empty interface (held or
// allocated), a deeper chain or a cycle is refused (ErrEncoding), so no
// claims type's Validate is skipped (RFC 7519 section 7.2).
// The registered claims are validated from the token's bytes whatever
// claims' type; then claims' Validate method (ClaimsValidator) and the
// WithValidator checks run (RFC 7519 section 7.2).
//
// claims is filled only when the token is accepted: a refusal, or an
// Encoder failing part-way (ErrEncoding), leaves it, and anything it
// points to, as it was. A zero value (`var c MyClaims`), which refers to
// nothing, is decoded into and zeroed again on failure, at no cost; any
// other value is replaced, once every rule passed, by the claims decoded
// into a new zero value of its type (so claims set beforehand but absent
// from the token are zero: the value is replaced, not merged into), as it
// is whenever Validate or a WithValidator check must see the claims first.
// A refused token whose signature verified gives a *ValidationError
// holding its claims in a new value. Token.Claims is claims (for pointers
// and interfaces followed, the innermost pointer).
func (v *Verifier) ParseWithClaims(token string, claims any) (*Token, error) {
	return v.ParseWithClaimsContext(context.Background(), token, claims)
}

// ParseWithClaimsContext is ParseWithClaims with a context that bounds a
// KeySet's key fetch and is given to WithValidator checks.
func (v *Verifier) ParseWithClaimsContext(ctx context.Context, token string, claims any) (*Token, error) {
	dst, err := claimsTarget(claims)
	if err != nil {
		return nil, err
	}
	return v.parse(ctx, token, dst, nil)
}

// parse verifies token into dst, a pointer claimsTarget returned or
// Parse's own map (see decodeInto), with one call's rules of a profile's
// beside the Verifier's own (internal/verified; nil: none), and, with
// WithObserver, reports the outcome: the event is built once verify
// returns, from how far it got.
func (v *Verifier) parse(ctx context.Context, token string, dst any, rules verified.Rules) (*Token, error) {
	if v == nil || v.cfg == nil {
		return nil, fmt.Errorf("%w: nil or zero Verifier; use NewVerifier", ErrInvalidKey)
	}
	var got progress
	if v.cfg.observer == nil {
		return v.verify(ctx, token, dst, rules, &got)
	}
	start := time.Now()
	t, err := v.verify(ctx, token, dst, rules, &got)
	v.cfg.observer.ObserveVerify(ctx, got.event(err, time.Since(start)))
	return t, err
}

// verify is the whole verification flow, in one order whatever the key
// source: the compact form, the header, every segment decoded, the
// algorithm rule, an IssuerKeySet's "iss" (the one claim read before the
// signature), the key lookup, the signature (skipped for a token
// WithCache holds with a key the lookup still gives), and only then the
// claims: the strict pass, the rules, decoding into dst, the custom rules
// (accept), rules' among them. got records how far it went, for an
// Observer.
func (v *Verifier) verify(ctx context.Context, token string, dst any, rules verified.Rules, got *progress) (*Token, error) {
	var pooled scratch
	t, err := v.verifyWith(ctx, token, dst, rules, got, &pooled)
	pooled.release()
	return t, err
}

// scratch is what verifyWith took from the buffer pool, put back once it
// returned (no defer: verifyWith's many returns would make a deferred call
// cost more than the rest of its bookkeeping). A panic leaves the buffers
// to the garbage collector.
type scratch struct {
	payload, sig *[]byte
}

func (s *scratch) release() {
	if s.payload != nil {
		putBuffer(s.payload)
	}
	if s.sig != nil {
		putBuffer(s.sig)
	}
}

// verifyWith is verify, the buffers it takes from the pool recorded in
// pooled.
func (v *Verifier) verifyWith(ctx context.Context, token string, dst any, rules verified.Rules, got *progress, pooled *scratch) (*Token, error) {
	c, err := splitCompact(token, v.cfg.maxSize)
	if err != nil {
		return nil, err
	}
	h, cached, err := v.headers.header(c.Header)
	if err != nil {
		return nil, err
	}
	got.header = h
	// Every segment is decoded, and so checked, before any cryptography.
	// The claims are decoded into a buffer of their own, never reused, when
	// anything could keep them: an Encoder (or an UnmarshalJSON it calls)
	// that keeps its input keeps this token's bytes, not a later token's.
	// Else (recyclesPayload) the buffer is a pooled one, put back when
	// verify returns: nothing it returns refers to it (errors are
	// formatted, claims decoded, rules are given views for the call only).
	dstType := claimsTypeOf(reflect.TypeOf(dst)) // looked up once: recycling here, Validate in accept
	if v.recyclesPayload(dstType, rules) {
		pooled.payload = getBuffer()
	}
	payload, err := decodeSegment(pooledOrNil(pooled.payload), c.Payload, "payload")
	if pooled.payload != nil {
		*pooled.payload = payload // grown or not, back to the pool
	}
	if err != nil {
		return nil, err
	}
	// WithCache: a token verified before, byte for byte, skips the
	// signature's decoding and cryptography, and nothing else (see
	// WithCache). HS* tokens are never cached: an HMAC costs too little to
	// pay for a lookup and an insertion.
	// The "alg" rule is decided before the lookup, so a token it refuses
	// costs no hash and no lock (CacheNotUsed); it is reported at its
	// place in the flow, below.
	alg, algErr := v.algorithm(h)
	var now time.Time
	var cachedKey *signing.VerifyingKey
	var ck cacheKey
	useCache := v.cache != nil && algErr == nil && !isHMAC(alg)
	if useCache {
		now = v.cfg.validator.Clock()
		ck = v.cache.key(token)
		cachedKey, got.evicted = v.cache.get(ck, now)
		got.cache = CacheMiss // a hit once the key source gives the key again
	}
	// The signature is decoded on the stack up to RSA-4096's 512 bytes
	// (ES512 needs 132), and into a pooled buffer past that (ML-DSA: 2,420
	// to 4,627 bytes), so no algorithm costs an allocation in proportion to
	// its signature. sig is not kept past the signature check.
	// Nothing of the stack buffer may flow into the pooled one, or the
	// stack buffer escapes to the heap on every parse.
	var sigBuf [512]byte
	var sig []byte
	if cachedKey == nil {
		if sig, pooled.sig, err = decodeSignature(&sigBuf, c.Signature); err != nil {
			return nil, err
		}
	}
	if algErr != nil {
		return nil, algErr
	}
	// Keys chosen by issuer (IssuerKeySet): "iss" alone is read before the
	// signature, by a scan that allocates nothing; the claims' strict pass
	// runs after it, as for every key source.
	iss := ""
	if v.keys.issuers != nil {
		if iss, err = issuerOf(payload); err != nil {
			return nil, err
		}
	}
	keys, err := v.keys.lookup(ctx, h, iss)
	if err != nil {
		if cachedKey != nil {
			v.cache.drop(ck) // the key source gives no key for it now
		}
		return nil, err
	}
	if cachedKey != nil {
		if keys.has(cachedKey) {
			got.cache = CacheHit
		} else {
			// The key that verified it is gone from the key source: the
			// entry goes, and the signature is checked again, as on a miss.
			v.cache.drop(ck)
			cachedKey = nil
			if sig, pooled.sig, err = decodeSignature(&sigBuf, c.Signature); err != nil {
				return nil, err // never reached: the token decoded before
			}
		}
	}
	verifiedBy := cachedKey
	if verifiedBy == nil {
		if verifiedBy, err = keys.verify(alg, bytesOf(c.SigningInput), sig); err != nil {
			return nil, err // CVE-2024-51744: never with a claims verdict
		}
	}
	if !cached && !v.oneShot {
		v.headers.put(c.Header, h) // only headers of signed tokens are kept
	}
	got.verified = true
	var ex claimrules.Extracted
	if err := extractClaims(payload, v.cfg.validator.Required, &ex, rules); err != nil {
		return nil, err
	}
	if v.keys.issuers != nil && !strictjson.StringEquals(ex.Issuer, iss) {
		// The strict pass refuses what could make them differ: never reached.
		return nil, fmt.Errorf("%w: the claims' \"iss\" is not the one the keys were chosen by", ErrInvalidIssuer)
	}
	if useCache && cachedKey == nil {
		// Signed and well formed: held until "exp" at the latest, whatever
		// the rules below say (they run again on every hit).
		got.evicted += v.cache.put(ck, verifiedBy, now, ex.ExpiresAt, ex.HasExpiresAt)
	}
	if v.cfg.observer != nil && ex.Issuer != nil {
		// Copied now: the Encoder (or an UnmarshalJSON it calls) may
		// write to the payload it is given.
		got.issuer, _ = strictjson.String(ex.Issuer)
	}
	return v.accept(ctx, &Token{Header: *h, Raw: token}, payload, &ex, dst, dstType, rules)
}

// algorithm is the rule of RFC 8725 section 3.1: the header's "alg" is
// checked against what this verifier allows before any cryptography;
// "none" is never known (Known: exact, case-sensitive).
func (v *Verifier) algorithm(h *Header) (Algorithm, error) {
	alg := Algorithm(h.Algorithm)
	if !alg.Known() {
		return "", fmt.Errorf("%w: %s", ErrAlgorithmNotAllowed, bounded.Quote(h.Algorithm))
	}
	if v.cfg.algorithms != nil && !slices.Contains(v.cfg.algorithms, alg) {
		return "", fmt.Errorf("%w: %s is not in WithAlgorithms", ErrAlgorithmNotAllowed, alg)
	}
	return alg, nil
}

// accept is the flow's end, for claims that passed the strict pass (ex):
// the claim and "typ" rules, the registered claims stored for rules
// before any Encoder sees the claims, the claims decoded for dst
// (decodeInto), the custom rules, then the claims handed over (handOver).
// A refusal after the signature is a *ValidationError holding t, its
// claims decoded.
func (v *Verifier) accept(ctx context.Context, t *Token, payload []byte, ex *claimrules.Extracted, dst any, dstType *claimsTypeVerdict, rules verified.Rules) (*Token, error) {
	ruleErr := v.validate(&t.Header, ex)
	if ruleErr == nil && rules != nil {
		if r := rules.Registered(); r != nil {
			*r = ex.Registered()
		}
	}
	custom := rules != nil || v.customRules(dstType)
	decoded, err := v.decodeInto(payload, ex.Facts, dst, ruleErr != nil || custom)
	if err != nil {
		if ruleErr != nil {
			// The verdict is the rule's, whatever the Encoder does; only
			// the claims for a *ValidationError are missing.
			return nil, ruleErr
		}
		return nil, err
	}
	t.Claims = decoded
	if ruleErr == nil && custom {
		ruleErr = v.runCustom(ctx, t, rules)
	}
	if ruleErr != nil {
		return nil, &ValidationError{Token: t, Err: ruleErr}
	}
	t.Claims = handOver(dst, decoded)
	return t, nil
}

// decode decodes the checked claims into dst with the Encoder, telling it
// facts, what the strict pass found, when it is a ProvenUnmarshaler.
func (v *Verifier) decode(payload []byte, facts strictjson.Facts, dst any) error {
	if err := v.cfg.unmarshalChecked(payload, facts, dst); err != nil {
		return fmt.Errorf("%w: %w: %v", ErrTokenMalformed, ErrEncoding, err)
	}
	return nil
}

// issuerOf returns the unverified claims' "iss", which an IssuerKeySet
// chooses keys by (RFC 8725 section 3.8), reading nothing else of them and
// allocating nothing but the string: what anyone can make a verifier spend
// before the signature. A token without one is refused before any key is
// asked for; so are claims that cannot be walked up to it, a second "iss",
// and one that is not a string, with the errors the strict pass gives them.
func issuerOf(payload []byte) (string, error) {
	value, err := strictjson.TopLevel(payload, claims.NameIssuer)
	if err != nil {
		return "", malformed("claims: %w", err)
	}
	if value == nil {
		return "", fmt.Errorf("%w: %w: %w: the keys are chosen by \"iss\", which the token lacks", ErrInvalidKey, ErrInvalidIssuer, ErrMissingClaim)
	}
	iss, ok := strictjson.String(value)
	if !ok {
		return "", malformed("claims: %w: %q must be a string", claimrules.ErrInvalidClaim, claims.NameIssuer)
	}
	return iss, nil
}

// decodeSignature decodes the signature segment seg into buf, or, past
// its 512 bytes, into a pooled buffer returned for the caller to put back.
func decodeSignature(buf *[512]byte, seg string) (sig []byte, pooled *[]byte, err error) {
	if len(seg)/4*3 > len(buf) {
		pooled = getBuffer()
		*pooled, err = decodeSegment((*pooled)[:0], seg, "signature")
		return *pooled, pooled, err // grown or not, back to the pool
	}
	sig, err = decodeSegment(buf[:0], seg, "signature")
	return sig, nil, err
}

// validate applies the claim rules and the "typ" rule, reporting every
// failure together.
func (v *Verifier) validate(h *Header, ex *claimrules.Extracted) error {
	err := v.cfg.validator.Validate(ex)
	if v.cfg.types != nil && !typeAllowed(h.Type, v.cfg.types) {
		typErr := fmt.Errorf("%w: %s, want %s", ErrInvalidType, bounded.Quote(h.Type), typeList(v.cfg.types))
		if err == nil {
			return typErr
		}
		return errors.Join(err, typErr)
	}
	return err
}
