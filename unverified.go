package jwt

import (
	"bytes"
	"fmt"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/strictjson"
	"github.com/jotlib/jwt/internal/verified"
)

// Unverified is a token read WITHOUT verifying its signature or validating
// its claims, for logs and routing: nothing in it is authenticated. No
// verifying API accepts it; to trust a token, Parse it.
type Unverified struct {
	// Header is the token's JOSE header (RFC 7515 section 4), unauthenticated.
	Header Header
	// Raw is the compact token as given.
	Raw string

	payload []byte           // never given to an Encoder: Claims gives a copy
	facts   strictjson.Facts // what the strict pass found in payload
	cfg     *config          // its Encoder, decided with the options
}

// ReadUnverified reads token WITHOUT verifying its signature or checking any
// claim rule (golang-jwt's ParseUnverified), for logs and routing. It applies
// the parser's other rules: the compact form and size cap (RFC 7515 section
// 7.1), canonical base64url segments, and the strict JSON pass over the
// header and the claims (duplicates, invalid UTF-8, look-alike names, the
// types of the registered claims; RFC 7519 section 7.2). Only WithEncoder
// and WithMaxTokenSize apply; any other option is ErrInvalidOption, since
// nothing here is verified.
func ReadUnverified(token string, opts ...Option) (*Unverified, error) {
	cfg, err := newConfig(readSide, opts)
	if err != nil {
		return nil, err
	}
	c, err := splitCompact(token, cfg.maxSize)
	if err != nil {
		return nil, err
	}
	hdr, err := decodeSegment(nil, c.Header, "header")
	if err != nil {
		return nil, err
	}
	h, err := parseHeader(hdr)
	if err != nil {
		return nil, err
	}
	payload, err := decodeSegment(nil, c.Payload, "payload")
	if err != nil {
		return nil, err
	}
	if _, err := decodeSegment(nil, c.Signature, "signature"); err != nil {
		return nil, err
	}
	var ex claimrules.Extracted
	if err := extractClaims(payload, nil, &ex, nil); err != nil {
		return nil, err
	}
	return &Unverified{Header: h, Raw: token, payload: payload, facts: ex.Facts, cfg: cfg}, nil
}

// Claims decodes the unverified claims into dst, a non-nil pointer taken
// as ParseWithClaims takes it (pointers and interfaces followed to the
// innermost non-nil pointer; a pointer to an interface holding a pointer
// is that pointer), with the Encoder ReadUnverified was given. dst is set
// only when the Encoder succeeds, never part-way; no Validate method runs,
// since nothing here is verified. Each call gives the Encoder a copy of the
// claims of its own, as the strict pass checked them (a ProvenUnmarshaler
// is told what the pass proved), whatever an earlier call's Encoder did
// with its copy.
func (u *Unverified) Claims(dst any) error {
	if u == nil || u.cfg == nil {
		return fmt.Errorf("%w: nil or zero Unverified; use ReadUnverified", ErrEncoding)
	}
	target, err := claimsTarget(dst)
	if err != nil {
		return err
	}
	cand := candidate(target)
	if err := u.cfg.unmarshalChecked(bytes.Clone(u.payload), u.facts, cand); err != nil {
		return fmt.Errorf("%w: %w: %v", ErrTokenMalformed, ErrEncoding, err)
	}
	commit(target, cand)
	return nil
}

// Registered returns the unverified registered claims (RFC 7519 section
// 4.1).
func (u *Unverified) Registered() claims.Registered {
	if u == nil {
		return claims.Registered{}
	}
	return registeredOf(u.payload)
}

// Registered returns the token's registered claims (RFC 7519 section 4.1),
// typed, whatever type Claims was decoded into (a map, a struct without
// claims.Registered). They are read again from Raw when called, so a parse
// costs nothing for it. A Token not made by this library gives zero claims.
func (t *Token) Registered() claims.Registered {
	if t == nil {
		return claims.Registered{}
	}
	c, err := splitCompact(t.Raw, len(t.Raw))
	if err != nil {
		return claims.Registered{}
	}
	payload, err := decodeSegment(nil, c.Payload, "payload")
	if err != nil {
		return claims.Registered{}
	}
	return registeredOf(payload)
}

// registeredOf reads the registered claims of a claims object, or none
// when it breaks the strict pass.
func registeredOf(payload []byte) claims.Registered {
	var ex claimrules.Extracted
	if extractClaims(payload, nil, &ex, nil) != nil {
		return claims.Registered{}
	}
	return ex.Registered()
}

// extractClaims runs the claims' strict pass over payload into ex (RFC 7519
// section 7.2), recording whether each of required is present
// (WithRequiredClaims), and giving rules (internal/verified; nil: none)
// each member it passed, and recording in ex.Facts what the pass found for
// the Encoder (ProvenUnmarshaler). Parse, ReadUnverified and Registered all
// use it.
func extractClaims(payload []byte, required []string, ex *claimrules.Extracted, rules verified.Rules) error {
	if required != nil {
		ex.Track(required)
	}
	each := ex.Member
	if rules != nil {
		each = func(key strictjson.Key, value []byte) error {
			if err := ex.Member(key, value); err != nil {
				return err
			}
			rules.Member(key.View(), value) // transient view, as Member says
			return nil
		}
	}
	facts, err := strictjson.ObjectFacts(payload, each)
	if err != nil {
		return malformed("claims: %w", err)
	}
	ex.Facts = facts
	return nil
}
