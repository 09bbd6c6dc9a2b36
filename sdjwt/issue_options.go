package sdjwt

import (
	"crypto"
	"fmt"
	"io"
	"reflect"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// MaxDecoys is the most decoy digests (RFC 9901 section 4.2.5) WithDecoys
// may add to one object or array.
const MaxDecoys = 64

// IssuerOption configures an Issuer (RFC 9901 section 4).
type IssuerOption func(*issuerConfig) error

type issuerConfig struct {
	alg                HashAlg
	decoyMin, decoyMax int
	rand               io.Reader // nil: crypto/rand
	typ                string
	typSet             bool
	cnf                []byte // {"jwk":…}, or nil
	notDisclosable     map[string]bool
}

// WithHashAlg sets the digests' hash algorithm (RFC 9901 section 4.1.1),
// SHA256 by default. The Issuer always writes "_sd_alg", the default
// included, so that no verifier has to assume it. An algorithm Check
// refuses is an error matching jwt.ErrInvalidOption and
// ErrUnsupportedHashAlg.
func WithHashAlg(a HashAlg) IssuerOption {
	return func(c *issuerConfig) error {
		if err := a.Check(); err != nil {
			return fmt.Errorf("%w: sdjwt: WithHashAlg: %w", jwt.ErrInvalidOption, err)
		}
		c.alg = a
		return nil
	}
}

// WithDecoys adds between min and max decoy digests (RFC 9901 section
// 4.2.5), a number drawn for each, to every object with a selectively
// disclosable property (in its "_sd" array) and to every array with a
// selectively disclosable element (as {"...": digest} elements at random
// places), so that the number of claims is hidden. A decoy digest is the
// hash of a fresh 128-bit salt. 0 <= min <= max <= MaxDecoys, or
// jwt.ErrInvalidOption.
func WithDecoys(min, max int) IssuerOption {
	return func(c *issuerConfig) error {
		if min < 0 || min > max || max > MaxDecoys {
			return fmt.Errorf("%w: sdjwt: WithDecoys(%d, %d): want 0 <= min <= max <= %d", jwt.ErrInvalidOption, min, max, MaxDecoys)
		}
		c.decoyMin, c.decoyMax = min, max
		return nil
	}
}

// WithSaltReader sets the source of the salts, the decoy digests and their
// counts and places (RFC 9901 section 9.3: a cryptographically secure
// random source), crypto/rand by default. Each salt is 128 bits read from
// r, base64url-encoded. A fixed reader makes issuance reproducible, for
// tests only; one that repeats itself makes the same digest twice, which
// Issue refuses (ErrDigestRepeated, RFC 9901 section 7.1 step 4). A nil r
// is jwt.ErrInvalidOption.
func WithSaltReader(r io.Reader) IssuerOption {
	return func(c *issuerConfig) error {
		if r == nil {
			return fmt.Errorf("%w: sdjwt: WithSaltReader(nil)", jwt.ErrInvalidOption)
		}
		c.rand = r
		return nil
	}
}

// WithType requires the issuer-signed JWT's "typ" header to be typ (RFC
// 9901 section 9.11, explicit typing: e.g. "example+sd-jwt"; "dc+sd-jwt"
// for SD-JWT VC). The header is the Signer's, written once by
// jwt.NewSigner: build the Signer with jwt.WithType(typ). Issue checks the
// header it signed and fails with jwt.ErrInvalidOption when the Signer
// writes another "typ", rather than issue a token of the wrong type. An
// empty typ is jwt.ErrInvalidOption.
func WithType(typ string) IssuerOption {
	return func(c *issuerConfig) error {
		if typ == "" {
			return fmt.Errorf("%w: sdjwt: WithType(\"\")", jwt.ErrInvalidOption)
		}
		c.typ, c.typSet = typ, true
		return nil
	}
}

// WithHolderKey binds the SD-JWT to the holder's public key: the payload
// gets "cnf": {"jwk": <the key's public JWK>} (RFC 9901 section 4.1.2;
// RFC 7800 section 3.2), against which a verifier checks the KB-JWT. pub
// is a public key jwk.NewKey accepts, a *jwk.Key or a crypto.Signer whose
// public key is one; a private key's public half is written, never its
// private members. A symmetric key, nil or an unsupported type is an error
// matching jwt.ErrInvalidOption and jwt.ErrInvalidKey. A "cnf" in the
// payload as well is ErrInvalidPayload.
func WithHolderKey(pub any) IssuerOption {
	return func(c *issuerConfig) error {
		b, err := publicJWK(pub)
		if err != nil {
			return fmt.Errorf("%w: sdjwt: WithHolderKey: %w", jwt.ErrInvalidOption, err)
		}
		c.cnf = append(append([]byte(`{"jwk":`), b...), '}')
		return nil
	}
}

// publicJWK returns the public JWK of pub.
func publicJWK(pub any) ([]byte, error) {
	k, isJWK := pub.(*jwk.Key)
	if !isJWK {
		var err error
		if k, err = jwk.NewKey(pub, jwk.Params{}); err != nil {
			s, isSigner := pub.(crypto.Signer)
			if !isSigner || isNilPointer(s) {
				return nil, err
			}
			if k, err = jwk.NewKey(s.Public(), jwk.Params{}); err != nil { // a KMS or HSM key
				return nil, err
			}
		}
	}
	p, err := k.Public() // nil or empty: jwk.ErrInvalidKey
	if err != nil {
		return nil, err
	}
	return p.MarshalJSON()
}

// isNilPointer reports whether v holds a nil pointer, whose methods would
// panic.
func isNilPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// WithNotDisclosable adds top-level claim names the Issuer refuses to make
// selectively disclosable (ErrInvalidPayload), to the default list: "iss",
// "aud", "exp", "nbf", "iat", "cnf" and "_sd_alg", the claims a verifier
// must take from the issuer in plaintext (RFC 9901 section 9.7), which the
// Verifier refuses as Disclosures by default. Stricter than RFC 9901
// section 9.7's list (iss, aud, exp, nbf, cnf) and than peers that issue
// any claim selectively disclosable: "iat" is refused too, as the Verifier
// refuses it. Only the claim as a whole is refused: an "aud" array with
// selectively disclosable entries reaches the Signer, whose claim rules
// refuse a non-string "aud" entry. SD-JWT VC adds "vct" and "status". An
// empty name is jwt.ErrInvalidOption.
func WithNotDisclosable(names ...string) IssuerOption {
	return func(c *issuerConfig) error {
		for _, n := range names {
			if n == "" {
				return fmt.Errorf("%w: sdjwt: WithNotDisclosable: an empty name", jwt.ErrInvalidOption)
			}
			c.notDisclosable[n] = true
		}
		return nil
	}
}

// defaultNotDisclosable are the top-level claims never made selectively
// disclosable (RFC 9901 section 9.7); the Verifier's default list.
var defaultNotDisclosable = [...]string{"iss", "aud", "exp", "nbf", "iat", "cnf", sdAlgKey}
