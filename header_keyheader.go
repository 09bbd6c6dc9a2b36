package jwt

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/keyheader"
	"github.com/jotlib/jwt/internal/strictjson"
)

// A DPoP proof's header carries its signer's public key (RFC 9449 section
// 4.2), which WithHeader refuses to every caller (RFC 8725 section 3.10):
// package dpop's Signer writes it through internal/keyheader, which no code
// outside this module can import.
func init() { keyheader.WithKeyHeader = func(jwkJSON []byte) any { return withKeyHeader(jwkJSON) } }

// withKeyHeader is internal/keyheader's WithKeyHeader: the "jwk" header
// member a Signer writes after "typ", jwkJSON checked when the option is
// applied.
func withKeyHeader(jwkJSON []byte) Option {
	owned := bytes.Clone(jwkJSON)
	return func(c *config) {
		if !c.use("the key header (internal/keyheader)", signSide) {
			return
		}
		if c.keyHeader != nil {
			c.fail(`the key header ("jwk") given twice`)
			return
		}
		if err := checkKeyHeader(owned); err != nil {
			c.fail(`the key header ("jwk"): %v`, err)
			return
		}
		c.keyHeader = owned
	}
}

// keyHeaderType is the one "typ" a token with a key header has: a DPoP
// proof's (RFC 9449 section 4.2, explicit typing per RFC 8725 section
// 3.11).
const keyHeaderType = "dpop+jwt"

// checkKeyHeaderUse refuses a key header on any token but a DPoP proof
// (RFC 9449 section 4.2): the "typ" written must be exactly "dpop+jwt" and
// alg asymmetric ("a JWS using an asymmetric digital signature algorithm";
// an HMAC token carries no public key to publish), so that the seam never
// writes "jwk" into another kind of token (RFC 8725 section 3.10).
func checkKeyHeaderUse(c *config, alg Algorithm) error {
	if c.keyHeader == nil {
		return nil
	}
	if typ := c.writtenType(); typ != keyHeaderType {
		return fmt.Errorf(`%w: the key header ("jwk") is for a DPoP proof, whose "typ" is %q, not %s (RFC 9449 section 4.2)`,
			ErrInvalidOption, keyHeaderType, bounded.Quote(typ))
	}
	if slices.Contains([]Algorithm{HS256, HS384, HS512}, alg) {
		return fmt.Errorf(`%w: the key header ("jwk") is for a DPoP proof, signed with an asymmetric algorithm, not %s (RFC 9449 section 4.2)`,
			ErrInvalidOption, alg)
	}
	return nil
}

// checkKeyHeader checks that data is one JSON object under the core's
// strict pass, with a string "kty" (RFC 7517 section 4.1) and no private
// key member nor a case-folded look-alike of one (keyheader.PrivateMembers,
// the list dpop's Verifier holds a proof's "jwk" to), so no token this
// library signs publishes a private key.
func checkKeyHeader(data []byte) error {
	hasKty := false
	err := strictjson.Object(data, func(key strictjson.Key, value []byte) error {
		name := key.Name()
		if slices.Contains(keyheader.PrivateMembers[:], name) {
			return fmt.Errorf("the JWK holds the private key member %q", name)
		}
		if p := strictjson.LookAlike(name, keyheader.PrivateMembers[:]...); p != "" {
			return fmt.Errorf("the JWK member %s folds to the private key member %q", bounded.Quote(name), p)
		}
		if name == "kty" {
			s, ok := strictjson.String(value)
			if !ok || s == "" {
				return fmt.Errorf(`the JWK's "kty" must be a non-empty string`)
			}
			hasKty = true
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !hasKty {
		return fmt.Errorf(`the JWK has no "kty" (RFC 7517 section 4.1)`)
	}
	return nil
}
