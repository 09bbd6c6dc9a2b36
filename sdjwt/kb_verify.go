package sdjwt

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/jwk"
)

// kbRead are the KB-JWT's claims as read, to check their types.
type kbRead struct {
	Audience json.RawMessage `json:"aud"`
	Nonce    *string         `json:"nonce"`
	SDHash   *string         `json:"sd_hash"`
}

// keyBinding verifies the KB-JWT (RFC 9901 section 7.3 step 5) against the
// holder key in cnf and presented, the exact bytes before it.
func (v *Verifier) keyBinding(ctx context.Context, cnf any, kbJWT, presented string, alg HashAlg, checks Checks) (*jwt.Token, error) {
	aud := checks.Audience
	if aud == "" {
		aud = v.cfg.Audience
	}
	if aud == "" {
		return nil, fmt.Errorf("%w: sdjwt: no audience for the KB-JWT: set Checks.Audience or Config.Audience (RFC 9901 section 7.3 step 5.6)", jwt.ErrInvalidOption)
	}
	if checks.Nonce == "" && v.cfg.VerifyNonce == nil {
		return nil, fmt.Errorf("%w: sdjwt: no nonce check for the KB-JWT: set Checks.Nonce or Config.VerifyNonce (RFC 9901 section 7.3 step 5.6)", jwt.ErrInvalidOption)
	}
	key, err := holderKey(cnf) // step 5.1
	if err != nil {
		return nil, err
	}
	opts := []jwt.Option{
		jwt.WithType(KeyBindingType),           // step 5.4
		jwt.WithAudience(aud),                  // step 5.6
		jwt.WithMaxAge(v.cfg.MaxKeyBindingAge), // step 5.5
		jwt.WithTimeFunc(v.now),
	}
	if v.cfg.Leeway != 0 {
		opts = append(opts, jwt.WithLeeway(v.cfg.Leeway))
	}
	if v.cfg.KeyBindingAlgorithms != nil { // step 5.2
		opts = append(opts, jwt.WithAlgorithms(v.cfg.KeyBindingAlgorithms...))
	}
	kv, err := jwt.NewVerifier(holderKeyFunc(key), opts...)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrKeyBindingInvalid, err)
	}
	var c kbRead
	tok, err := kv.ParseWithClaimsContext(ctx, kbJWT, &c) // steps 5.2 to 5.5, 5.8
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrKeyBindingInvalid, err)
	}
	if tok.Header.Type != KeyBindingType {
		// Exactly kb+jwt (RFC 9901 section 4.3), stricter than RFC 7515
		// section 4.1.9's media type equivalence the core applies
		// ("application/kb+jwt", "KB+JWT").
		return nil, fmt.Errorf("%w: %w: \"typ\" %s, want exactly %q (RFC 9901 section 7.3 step 5.4)", ErrKeyBindingInvalid, jwt.ErrInvalidType, bounded.Quote(tok.Header.Type), KeyBindingType)
	}
	var single string
	if err := json.Unmarshal(c.Audience, &single); err != nil {
		return nil, fmt.Errorf("%w: %w: \"aud\" must be a single string (RFC 9901 section 4.3)", ErrKeyBindingInvalid, jwt.ErrInvalidAudience)
	}
	if c.Nonce == nil || *c.Nonce == "" {
		// Refused before Config.VerifyNonce sees it: "nonce" is REQUIRED
		// (section 4.3), and Present never writes an empty one.
		return nil, fmt.Errorf("%w: the KB-JWT has no non-empty string \"nonce\" (RFC 9901 section 4.3)", ErrNonceMismatch)
	}
	if checks.Nonce != "" {
		if subtle.ConstantTimeCompare([]byte(*c.Nonce), []byte(checks.Nonce)) != 1 {
			return nil, fmt.Errorf("%w: got %s (RFC 9901 section 7.3 step 5.6)", ErrNonceMismatch, bounded.Quote(*c.Nonce))
		}
	} else if err := v.cfg.VerifyNonce(ctx, *c.Nonce); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNonceMismatch, err)
	}
	if c.SDHash == nil {
		return nil, fmt.Errorf("%w: the KB-JWT has no string \"sd_hash\" (RFC 9901 section 4.3)", ErrSDHashMismatch)
	}
	want := alg.Digest(presented) // step 5.7
	if subtle.ConstantTimeCompare([]byte(*c.SDHash), []byte(want)) != 1 {
		return nil, fmt.Errorf("%w (RFC 9901 section 7.3 step 5.7)", ErrSDHashMismatch)
	}
	return tok, nil
}

// holderKeyFunc gives the core the holder key for a KB-JWT only when the
// JWK may verify its "alg": the key's own "alg" absent or equal, "use"
// absent or "sig", "key_ops" absent or with "verify" (RFC 7517 sections
// 4.2 to 4.4; jwk.Key.CanVerify). Otherwise ErrHolderKey, before any
// signature is checked.
func holderKeyFunc(key *jwk.Key) jwt.KeyFunc {
	return func(h *jwt.Header) (any, error) {
		if !key.CanVerify(jwt.Algorithm(h.Algorithm)) {
			return nil, fmt.Errorf("%w: \"cnf\".\"jwk\" may not verify a KB-JWT of \"alg\" %s: its \"alg\", \"use\" or \"key_ops\" forbids it, or its material does not fit (RFC 7517 sections 4.2 to 4.4)", ErrHolderKey, bounded.Quote(h.Algorithm))
		}
		return key.PublicKey(), nil
	}
}

// privateMembers are JWK members that carry private or secret material
// (RFC 7518 sections 6.2.2, 6.3.2, 6.4.1; RFC 8037 section 2; RFC 9964).
var privateMembers = []string{"d", "p", "q", "dp", "dq", "qi", "oth", "k", "priv"}

// holderKey reads the holder's public key from "cnf" (RFC 9901 section
// 4.1.2; RFC 7800 section 3.2): a "jwk" member with a public asymmetric
// key. "jkt" alone (a thumbprint) names a key but gives none to verify
// with, and is refused.
func holderKey(cnf any) (*jwk.Key, error) {
	if cnf == nil {
		return nil, fmt.Errorf("%w: %w: the issuer-signed JWT has no \"cnf\" (RFC 9901 section 4.1.2)", ErrKeyBindingMissing, ErrHolderKey)
	}
	m, ok := cnf.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: \"cnf\" is not a JSON object (RFC 7800 section 3.1)", ErrHolderKey)
	}
	raw, ok := m["jwk"]
	if !ok {
		if _, jkt := m["jkt"]; jkt {
			return nil, fmt.Errorf("%w: \"cnf\" has \"jkt\" only: a thumbprint gives no key to verify the KB-JWT with", ErrHolderKey)
		}
		return nil, fmt.Errorf("%w: \"cnf\" has no \"jwk\" (RFC 7800 section 3.2)", ErrHolderKey)
	}
	obj, ok := raw.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: \"cnf\".\"jwk\" is not a JSON object (RFC 7800 section 3.2)", ErrHolderKey)
	}
	for _, name := range privateMembers {
		if _, bad := obj[name]; bad {
			return nil, fmt.Errorf("%w: \"cnf\".\"jwk\" carries the private or secret member %q", ErrHolderKey, name)
		}
	}
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Errorf("%w: \"cnf\".\"jwk\": %v", ErrHolderKey, err)
	}
	key, err := jwk.ParseKey(data)
	if err != nil {
		return nil, fmt.Errorf("%w: \"cnf\".\"jwk\": %w", ErrHolderKey, err)
	}
	if key.KeyType() == jwk.KeyTypeOct || key.IsPrivate() || key.PublicKey() == nil {
		return nil, fmt.Errorf("%w: \"cnf\".\"jwk\" is not a public asymmetric key", ErrHolderKey)
	}
	return key, nil
}
