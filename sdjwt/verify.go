package sdjwt

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/optview"
)

// Verifier verifies SD-JWT and SD-JWT+KB presentations (RFC 9901 sections
// 7.1 and 7.3) with one issuer key source, one Config and the core's
// jwt.Options for the issuer-signed JWT. It is safe for concurrent use.
type Verifier struct {
	core    *jwt.Verifier
	cfg     Config
	mustNot map[string]struct{}
	enc     jwt.Encoder
	now     func() time.Time
	limits  Limits
}

// Result is what Verify found (RFC 9901 section 7.1: the Processed SD-JWT
// Payload, and what made it).
type Result struct {
	// Payload is the Processed SD-JWT Payload: the disclosed claims in
	// place, "_sd", "_sd_alg" and undisclosed array elements removed.
	// Numbers here are json.Number, exactly as issued; Verify's dst is
	// decoded with Config.Encoder, so a map[string]any dst holds float64
	// with jwt.StdEncoder (the default).
	Payload map[string]any
	// Disclosed are the paths of the claims disclosed, one per Disclosure
	// in the order presented (indexes count Payload's arrays).
	Disclosed []Path
	// HashAlg is the digest algorithm ("_sd_alg", section 4.1.1).
	HashAlg HashAlg
	// KeyBound reports that a KB-JWT was verified (section 7.3 step 5).
	KeyBound bool
	// Issuer is the verified issuer-signed JWT (its Claims are not the
	// processed payload: see Payload).
	Issuer *jwt.Token
	// KeyBinding is the verified KB-JWT, nil unless KeyBound.
	KeyBinding *jwt.Token
}

// NewVerifier checks cfg and builds the core's jwt.Verifier for the
// issuer-signed JWT (RFC 9901 section 7.1 step 2) from key (any jwt key
// source: a key, jwt.KeyFunc, jwt.KeySet, *jwk.Set, *jwk.RemoteSet...) and
// opts (jwt.WithIssuer, jwt.WithType for explicit typing, section 9.11,
// jwt.WithAlgorithms...). cfg.Now and cfg.Leeway, when set, are passed to
// the core as jwt.WithTimeFunc and jwt.WithLeeway, so that one clock
// serves both JWTs: jwt.WithTimeFunc or jwt.WithLeeway among opts is
// jwt.ErrInvalidOption, and so is a Config outside its domain. The
// processed payload is decoded into Verify's dst with Config.Encoder; a
// jwt.WithEncoder among opts decodes the issuer JWT's claims for the core
// only.
func NewVerifier(key any, cfg Config, opts ...jwt.Option) (*Verifier, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	seen, err := optview.Of(opts)
	if err != nil {
		return nil, err
	}
	if seen.TimeFunc || seen.LeewaySet {
		// One clock and one leeway for both JWTs: the issuer JWT's (the core)
		// and the KB-JWT's (section 7.3 step 5.5).
		return nil, fmt.Errorf("%w: sdjwt: set Config.Now and Config.Leeway, not jwt.WithTimeFunc or jwt.WithLeeway: they apply to the issuer JWT and the KB-JWT alike", jwt.ErrInvalidOption)
	}
	all := slices.Clone(opts)
	if cfg.Now != nil {
		all = append(all, jwt.WithTimeFunc(cfg.Now))
	}
	if cfg.Leeway != 0 {
		all = append(all, jwt.WithLeeway(cfg.Leeway))
	}
	core, err := jwt.NewVerifier(key, all...)
	if err != nil {
		return nil, err
	}
	v := &Verifier{core: core, cfg: cfg, enc: cfg.Encoder, now: cfg.Now}
	if v.enc == nil {
		v.enc = jwt.StdEncoder{}
	}
	if v.now == nil {
		v.now = time.Now
	}
	if v.cfg.MaxDepth == 0 {
		v.cfg.MaxDepth = DefaultMaxDepth
	}
	if v.cfg.MaxKeyBindingAge == 0 {
		v.cfg.MaxKeyBindingAge = DefaultMaxKeyBindingAge
	}
	v.cfg.MustNotBeDisclosed = slices.Clone(cfg.MustNotBeDisclosed)
	v.cfg.HashAlgorithms = slices.Clone(cfg.HashAlgorithms)
	v.cfg.KeyBindingAlgorithms = slices.Clone(cfg.KeyBindingAlgorithms)
	v.mustNot = make(map[string]struct{})
	for _, n := range DefaultMustNotBeDisclosed {
		v.mustNot[n] = struct{}{}
	}
	for _, n := range cfg.MustNotBeDisclosed {
		v.mustNot[n] = struct{}{}
	}
	v.limits = Limits{MaxSize: cfg.MaxSize, MaxDisclosures: cfg.MaxDisclosures}
	return v, nil
}

// Verify verifies presentation (RFC 9901 sections 7.1 and 7.3) and, when
// dst is not nil, decodes the Processed SD-JWT Payload into it (a pointer
// to a map or struct) with Config.Encoder. dst is written only when Verify
// succeeds, replaced whole (as a zero value decoded into: a map's old keys
// and a struct's fields absent from the payload do not survive); a dst that
// is not a non-nil pointer is jwt.ErrInvalidOption before anything is
// read. In order: the policy's demand
// for a KB-JWT (section 7.3 step 2), the compact form (step 3, section 4),
// the issuer-signed JWT through the core (section 7.1 step 2: signature,
// algorithm, never "none", the claims rules and "typ" of the options), a
// known "_sd_alg" (step 2.5), every Disclosure strict (section 4.2), the
// digests and Disclosures (steps 3 to 5), then the KB-JWT (section 7.3
// step 5). Checks given to a KeyBindingForbidden Verifier, which it would
// never apply, are jwt.ErrInvalidOption (after a KB-JWT is refused); Checks
// given to a KeyBindingOptional Verifier for a presentation without a
// KB-JWT are ErrKeyBindingMissing (the nonce and audience asked for are
// only in a KB-JWT: pass Checks{} where a bare SD-JWT is acceptable; Config's
// Audience and VerifyNonce apply to KB-JWTs only and do not refuse it). A
// KB-JWT's empty "nonce" is ErrNonceMismatch before Config.VerifyNonce is
// called, and one whose "alg" the "cnf" JWK's "alg", "use" or "key_ops"
// forbids is ErrHolderKey (RFC 7517 sections 4.2 to 4.4). The first
// failure is returned; errors match this package's and the jwt
// package's sentinels.
//
// Section 7.1 step 6 (validity claims on the processed payload) is the
// core's claim rules on the issuer-signed payload: the claims they read
// (DefaultMustNotBeDisclosed) are refused as Disclosures, so both payloads
// agree on them; require them with jwt.WithExpirationRequired and the
// like.
//
// Where this is stricter than RFC 9901 or its peers: a KB-JWT "typ" must
// be exactly "kb+jwt" (not "application/kb+jwt" or "KB+JWT", which RFC
// 7515 section 4.1.9 would equate); a single entry of "aud" is never
// selectively disclosable (section 9.7 lets an issuer allow it); the same
// Disclosure sent twice is refused, as section 4 forbids the holder to send
// it; a "..." member anywhere but in an array element digest, and an
// "_sd_alg" below the top level, are refused (sections 4.1, 4.1.1); a
// "cnf" with "jkt" only, or a "jwk" with private or symmetric material, is
// refused (ErrHolderKey).
func (v *Verifier) Verify(ctx context.Context, presentation string, checks Checks, dst any) (*Result, error) {
	if v == nil || v.core == nil {
		return nil, fmt.Errorf("%w: sdjwt: a nil or zero Verifier; make one with NewVerifier", jwt.ErrInvalidOption)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	var out reflect.Value // dst's element, written only on success
	if dst != nil {
		rv := reflect.ValueOf(dst)
		if rv.Kind() != reflect.Pointer || rv.IsNil() {
			return nil, fmt.Errorf("%w: sdjwt: dst must be nil or a non-nil pointer, not %T", jwt.ErrInvalidOption, dst)
		}
		out = rv.Elem()
	}
	s, err := SplitLimited(presentation, v.limits)
	if err != nil {
		return nil, err
	}
	switch {
	case v.cfg.KeyBinding == KeyBindingRequired && s.KeyBinding == "":
		return nil, fmt.Errorf("%w: the presentation is an SD-JWT without a KB-JWT (RFC 9901 section 7.3 step 2)", ErrKeyBindingMissing)
	case v.cfg.KeyBinding == KeyBindingForbidden && s.KeyBinding != "":
		return nil, fmt.Errorf("%w: the verifier's policy forbids key binding", ErrKeyBindingUnexpected)
	}
	if v.cfg.KeyBinding == KeyBindingForbidden && checks != (Checks{}) {
		return nil, fmt.Errorf("%w: sdjwt: Checks given to a KeyBindingForbidden Verifier, which never checks a KB-JWT's nonce or audience", jwt.ErrInvalidOption)
	}
	if s.KeyBinding == "" && checks != (Checks{}) {
		// KeyBindingOptional: the caller expects a nonce or an audience that
		// only a KB-JWT carries; accepting the bare SD-JWT would skip them.
		return nil, fmt.Errorf("%w: Checks (a nonce or an audience) given, but the presentation is an SD-JWT without a KB-JWT to check them on (RFC 9901 section 7.3 step 5.6)", ErrKeyBindingMissing)
	}
	var sink struct{}
	tok, err := v.core.ParseWithClaimsContext(ctx, s.IssuerJWT, &sink)
	if err != nil {
		return nil, err
	}
	raw, err := payloadOf(s.IssuerJWT)
	if err != nil {
		return nil, err
	}
	top, alg, err := decodePayload(raw, v.cfg.HashAlgorithms)
	if err != nil {
		return nil, err
	}
	discs, err := parseDisclosures(s.Disclosures)
	if err != nil {
		return nil, err
	}
	p, err := process(top, discs, alg, v.cfg.MaxDepth, v.mustNot)
	if err != nil {
		return nil, err
	}
	res := &Result{Payload: p.payload, Disclosed: p.paths, HashAlg: alg, Issuer: tok}
	if s.KeyBinding != "" {
		// The bytes sd_hash covers: everything received before the KB-JWT,
		// exactly (RFC 9901 section 4.3.1).
		presented := presentation[:strings.LastIndexByte(presentation, '~')+1]
		kb, err := v.keyBinding(ctx, p.payload["cnf"], s.KeyBinding, presented, alg, checks)
		if err != nil {
			return nil, err
		}
		res.KeyBound, res.KeyBinding = true, kb
	}
	if dst != nil {
		data, err := json.Marshal(p.payload)
		if err != nil {
			return nil, fmt.Errorf("%w: the processed payload: %v", jwt.ErrEncoding, err)
		}
		// Decoded into a fresh value: a decode error halfway leaves dst as
		// it was; success replaces it whole.
		fresh := reflect.New(out.Type())
		if err := v.enc.Unmarshal(data, fresh.Interface()); err != nil {
			return nil, fmt.Errorf("%w: %w: the processed payload into %T: %v", jwt.ErrTokenMalformed, jwt.ErrEncoding, dst, err)
		}
		out.Set(fresh.Elem())
	}
	return res, nil
}
