package sdjwt

import (
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
)

// Issued is an SD-JWT as its holder received it from the issuer (RFC 9901
// section 7.2), processed with every Disclosure, to present from.
type Issued struct {
	// IssuerJWT is the issuer-signed JWT (section 4.1).
	IssuerJWT string
	// Disclosures are the Disclosures in the order issued.
	Disclosures []Disclosure
	// Paths[i] is where Disclosures[i] sits in Payload.
	Paths []Path
	// Payload is the Processed SD-JWT Payload with every Disclosure
	// (section 7.1); numbers are json.Number.
	Payload map[string]any
	// HashAlg is "_sd_alg" (section 4.1.1).
	HashAlg HashAlg
}

// Parse reads an SD-JWT issued to the holder (RFC 9901 section 7.2) and
// processes it with all its Disclosures under section 7.1 steps 3 to 5:
// every Disclosure strict and referenced exactly once, no digest twice, no
// name clash or reserved name, array elements in place, nesting bounded
// by DefaultMaxDepth. An SD-JWT+KB is refused (ErrKeyBindingUnexpected,
// section 7.2), and so is an issuer JWT with "alg" "none" (section 4.1).
//
// Parse does NOT verify the issuer's signature or any claim rule: a holder
// who needs that (section 7.2 step 1) verifies the SD-JWT too, with a
// Verifier whose Config.KeyBinding is KeyBindingForbidden. Parse does not
// apply DefaultMustNotBeDisclosed either: it is the verifier's rule.
func Parse(issued string) (*Issued, error) {
	s, err := Split(issued)
	if err != nil {
		return nil, err
	}
	if s.KeyBinding != "" {
		return nil, fmt.Errorf("%w: an issuer sends an SD-JWT, not an SD-JWT+KB (RFC 9901 section 7.2)", ErrKeyBindingUnexpected)
	}
	u, err := jwt.ReadUnverified(s.IssuerJWT) // compact form, strict JSON
	if err != nil {
		return nil, err
	}
	if strings.EqualFold(u.Header.Algorithm, "none") {
		return nil, fmt.Errorf("%w: the issuer-signed JWT is unsigned (RFC 9901 section 4.1)", jwt.ErrAlgorithmNotAllowed)
	}
	raw, err := payloadOf(s.IssuerJWT)
	if err != nil {
		return nil, err
	}
	top, alg, err := decodePayload(raw, nil)
	if err != nil {
		return nil, err
	}
	discs, err := parseDisclosures(s.Disclosures)
	if err != nil {
		return nil, err
	}
	p, err := process(top, discs, alg, DefaultMaxDepth, nil)
	if err != nil {
		return nil, err
	}
	return &Issued{IssuerJWT: s.IssuerJWT, Disclosures: discs, Paths: p.paths, Payload: p.payload, HashAlg: alg}, nil
}

// Present assembles a presentation (RFC 9901 section 7.2): the issuer JWT
// and the Disclosures needed to reveal the claims at selected, in the
// order issued, each once. Selecting a claim selects the Disclosures of
// every selectively disclosable claim above it (section 7.2 step 2: each
// Disclosure's digest is in the issuer JWT or in another selected
// Disclosure); it does not select the selectively disclosable claims
// below it, which need their own paths. A path naming no claim of Payload
// is ErrPathNotFound. No selection presents no Disclosure.
//
// With kb nil the result is an SD-JWT, `<JWT>~<D1>~...~<Dn>~`. Otherwise a
// KB-JWT is appended (section 4.3: "typ" kb+jwt, "iat", "aud", "nonce",
// "sd_hash" over the exact SD-JWT presented, by HashAlg), after which the
// KB-JWT is verified with the "cnf" key of the issuer JWT: a KB-JWT no
// verifier could accept (no "cnf" "jwk", a Signer of another key, or an
// "alg" the "cnf" JWK's "alg", "use" or "key_ops" forbids, RFC 7517
// sections 4.2 to 4.4) is ErrHolderKey (with the jwt signature error for
// another key), not a presentation.
func (is *Issued) Present(selected []Path, kb *KeyBinding) (string, error) {
	if is == nil || is.IssuerJWT == "" {
		return "", fmt.Errorf("%w: sdjwt: a nil or zero Issued; make one with Parse", jwt.ErrInvalidOption)
	}
	if len(is.Paths) != len(is.Disclosures) {
		return "", fmt.Errorf("%w: sdjwt: Issued.Paths and Issued.Disclosures differ in length", jwt.ErrInvalidOption)
	}
	chosen := make([]bool, len(is.Disclosures))
	for _, sel := range selected {
		if err := is.lookup(sel); err != nil {
			return "", err
		}
		for i, at := range is.Paths {
			if sel.hasPrefix(at) {
				chosen[i] = true
			}
		}
	}
	var b strings.Builder
	b.WriteString(is.IssuerJWT)
	b.WriteByte('~')
	for i, d := range is.Disclosures {
		if chosen[i] {
			b.WriteString(d.Encoded)
			b.WriteByte('~')
		}
	}
	sd := b.String()
	if kb == nil {
		return sd, nil
	}
	tok, err := kb.sign(sd, is.HashAlg)
	if err != nil {
		return "", err
	}
	key, err := holderKey(is.Payload["cnf"])
	if err != nil {
		return "", err
	}
	if _, err := jwt.Parse(tok, holderKeyFunc(key), jwt.WithType(KeyBindingType)); err != nil {
		return "", fmt.Errorf("%w: the KB-JWT does not verify with the \"cnf\" key: %w", ErrHolderKey, err)
	}
	return sd + tok, nil
}

// lookup refuses a path that names no claim of the processed payload.
func (is *Issued) lookup(p Path) error {
	if len(p) == 0 {
		return fmt.Errorf("%w: an empty path", ErrPathNotFound)
	}
	var cur any = is.Payload
	for i, e := range p {
		switch k := e.(type) {
		case string:
			m, ok := cur.(map[string]any)
			if !ok {
				return fmt.Errorf("%w: %s: %s is not an object", ErrPathNotFound, p, p[:i])
			}
			if cur, ok = m[k]; !ok {
				return fmt.Errorf("%w: %s", ErrPathNotFound, p)
			}
		case int:
			a, ok := cur.([]any)
			if !ok || k < 0 || k >= len(a) {
				return fmt.Errorf("%w: %s", ErrPathNotFound, p)
			}
			cur = a[k]
		default:
			return fmt.Errorf("%w: %s: element %d is a %T, not a string or int", ErrPathNotFound, p, i, e)
		}
	}
	return nil
}
