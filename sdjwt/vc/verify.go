package vc

import (
	"context"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/strictjson"
	"github.com/jotlib/jwt/sdjwt"
)

// Config is an SD-JWT VC Verifier's rules on top of SD-JWT's.
type Config struct {
	// SD are the SD-JWT rules (RFC 9901 sections 7.1, 7.3): key binding
	// policy, audience, nonce, limits. NotDisclosable is added to
	// SD.MustNotBeDisclosed.
	SD sdjwt.Config
	// Vcts, when not empty, are the credential types accepted: the "vct"
	// must be one of them, compared exactly (case-sensitive, section
	// 2.2.2.1). Empty accepts every type. The "aka_vcts" are not matched
	// unless MatchAkaVcts.
	Vcts []string
	// MatchAkaVcts also accepts a credential one of whose "aka_vcts"
	// (section 2.2.2.2) is in Vcts. "aka_vcts" is the issuer's own word:
	// nothing links the issuer to those types, and the draft's security
	// considerations say a Verifier must not take one as evidence that the
	// issuer is authorised to issue credentials of that type. Set it only
	// when your trust in the issuer (e.g. an allow-list of issuers per
	// type, checked by you) covers every type of Vcts. Without Vcts it is
	// ErrInvalidOption (it would do nothing).
	MatchAkaVcts bool
	// AcceptLegacyType also accepts "typ" "vc+sd-jwt", the value of drafts
	// before November 2024; draft -19 removed the transition period, so it
	// is refused by default.
	AcceptLegacyType bool
}

// Verifier verifies SD-JWT VC presentations (draft-ietf-oauth-sd-jwt-vc
// section 2.4): an sdjwt.Verifier's checks (RFC 9901 section 7), then the
// "typ" of the Issuer-signed JWT (section 2.2.1) and the SD-JWT VC claims
// (section 2.2.2). It is safe for concurrent use.
type Verifier struct {
	sd    *sdjwt.Verifier
	cfg   Config
	types []string
	enc   jwt.Encoder
}

// Result is what Verify found: the SD-JWT Result, and the SD-JWT VC
// claims read from the Issuer-signed JWT.
type Result struct {
	*sdjwt.Result
	// Vct is the credential type ("vct", section 2.2.2.1).
	Vct string
	// VctIntegrity is "vct#integrity" (section 6), "" when absent: check
	// the Type Metadata document with VerifyIntegrity before using it.
	VctIntegrity string
	// AkaVcts are the further types ("aka_vcts", section 2.2.2.2).
	AkaVcts []string
	// Status is the "status" claim, nil when absent. This package does not
	// check it: section 2.4 says it SHOULD be checked, by Verifier policy
	// (e.g. a Token Status List).
	Status map[string]any
}

// NewVerifier makes an SD-JWT VC Verifier: key is the Issuer's key source
// (section 2.5; e.g. IssuerMetadataKeys's, a *jwk.Set, or a key of yours),
// cfg the rules, opts the core's options for the Issuer-signed JWT
// (jwt.WithAlgorithms, jwt.WithIssuer...). Do not pass jwt.WithType: the
// "typ" rule is this Verifier's ("dc+sd-jwt", and "vc+sd-jwt" with
// Config.AcceptLegacyType; compared as a media type, RFC 7515 section
// 4.1.9: case-insensitively, with an optional "application/" prefix): a
// jwt.WithType naming other types, or only some of them, is
// ErrInvalidOption, never silently replaced. A Config outside its domain
// is ErrInvalidOption.
func NewVerifier(key any, cfg Config, opts ...jwt.Option) (*Verifier, error) {
	for _, t := range cfg.Vcts {
		if t == "" {
			return nil, fmt.Errorf("%w: an empty type in Config.Vcts", ErrInvalidOption)
		}
	}
	if cfg.MatchAkaVcts && len(cfg.Vcts) == 0 {
		return nil, fmt.Errorf("%w: Config.MatchAkaVcts without Config.Vcts: every type is accepted already", ErrInvalidOption)
	}
	sdCfg := cfg.SD
	must := append([]string(nil), sdCfg.MustNotBeDisclosed...)
	for _, n := range NotDisclosable {
		if !slices.Contains(must, n) && !slices.Contains(sdjwt.DefaultMustNotBeDisclosed, n) {
			must = append(must, n)
		}
	}
	sdCfg.MustNotBeDisclosed = must
	types := []string{Type}
	if cfg.AcceptLegacyType {
		types = append(types, LegacyType)
	}
	if err := typeOptionConflict(opts, types); err != nil {
		return nil, err
	}
	// The core refuses another "typ" too (RFC 8725 section 3.11).
	opts = append(slices.Clip(opts), jwt.WithType(types...))
	sd, err := sdjwt.NewVerifier(key, sdCfg, opts...)
	if err != nil {
		return nil, err
	}
	enc := cfg.SD.Encoder
	if enc == nil {
		enc = jwt.StdEncoder{}
	}
	cfg.Vcts = slices.Clone(cfg.Vcts)
	return &Verifier{sd: sd, cfg: cfg, types: types, enc: enc}, nil
}

// Verify verifies presentation, an SD-JWT or SD-JWT+KB whose Issuer-signed
// JWT is an SD-JWT VC (section 2.4), and, when dst is not nil, decodes the
// processed payload into it with the Encoder of Config.SD. dst is written
// only when every check passed and the decoding succeeded: the payload is
// decoded into a fresh value of dst's type, which then replaces *dst
// whole. A dst that is not nil nor a non-nil pointer is ErrInvalidOption,
// before anything is verified (as sdjwt's Verify). Errors match this package's, sdjwt's and
// the jwt package's sentinels.
func (v *Verifier) Verify(ctx context.Context, presentation string, checks sdjwt.Checks, dst any) (*Result, error) {
	if v == nil || v.sd == nil {
		return nil, fmt.Errorf("%w: a nil or zero Verifier; make one with NewVerifier", ErrInvalidOption)
	}
	if err := checkDst(dst); err != nil {
		return nil, err
	}
	// "typ" first, from the header as received: refused before any key is
	// asked for (RFC 8725 section 3.11); the core checks it again.
	if typ, ok := headerType(presentation); ok && !v.typeAllowed(typ) {
		return nil, fmt.Errorf("%w: typ %s (draft-ietf-oauth-sd-jwt-vc section 2.2.1)", ErrInvalidType, bounded.Quote(typ))
	}
	res, err := v.sd.Verify(ctx, presentation, checks, nil)
	if err != nil {
		return nil, err
	}
	if typ := res.Issuer.Header.Type; !v.typeAllowed(typ) {
		return nil, fmt.Errorf("%w: typ %s (draft-ietf-oauth-sd-jwt-vc section 2.2.1)", ErrInvalidType, bounded.Quote(typ))
	}
	c, err := checkClaims(res, v.cfg.Vcts, v.cfg.MatchAkaVcts)
	if err != nil {
		return nil, err
	}
	if dst != nil {
		if err := decodeInto(v.enc, res.Payload, dst); err != nil {
			return nil, err
		}
	}
	return &Result{Result: res, Vct: c.vct, VctIntegrity: c.integrity, AkaVcts: c.aka, Status: c.status}, nil
}

// typeAllowed compares typ as a media type (RFC 7515 section 4.1.9):
// case-insensitively, "application/" implied.
func (v *Verifier) typeAllowed(typ string) bool {
	if len(typ) > len("application/") && strings.EqualFold(typ[:len("application/")], "application/") {
		typ = typ[len("application/"):]
	}
	return slices.ContainsFunc(v.types, func(t string) bool { return strings.EqualFold(t, typ) })
}

// headerType reads the "typ" of the Issuer-signed JWT's header as received;
// ok is false when the presentation is too malformed to say (sdjwt's
// Verify then reports why) or the header has no string "typ" ("" then).
func headerType(presentation string) (typ string, ok bool) {
	jwtPart, _, found := strings.Cut(presentation, "~")
	if !found {
		return "", false
	}
	h64, _, found := strings.Cut(jwtPart, ".")
	if !found || len(h64) > 8<<10 {
		return "", false
	}
	h, err := base64.RawURLEncoding.Strict().DecodeString(h64)
	if err != nil {
		return "", false
	}
	raw, err := strictjson.TopLevel(h, "typ")
	if err != nil {
		return "", false
	}
	if raw == nil {
		return "", true
	}
	return strictjson.String(raw)
}
