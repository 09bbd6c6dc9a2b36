package vc

import (
	"fmt"
	"maps"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/sdjwt"
)

// Issuer issues SD-JWT VCs (draft-ietf-oauth-sd-jwt-vc section 2): an
// sdjwt.Issuer whose Issuer-signed JWT has "typ" "dc+sd-jwt" (section
// 2.2.1) and the REQUIRED "vct" (section 2.2.2.3), in plaintext, with
// NotDisclosable claims and their sub-claims never made disclosable. It is
// safe for concurrent use when its salt reader is.
type Issuer struct {
	sd  *sdjwt.Issuer
	vct string
}

// NewIssuer returns an Issuer of credentials of type vct (a non-empty
// case-sensitive string, section 2.2.2.1), signing with signer, which must
// write "typ" "dc+sd-jwt": build it with jwt.WithType(vc.Type). A Signer
// writing another "typ" fails at the first Issue (jwt.ErrInvalidOption),
// not here: a jwt.Signer does not say which "typ" it writes, and finding
// out would cost a signature (a remote call for a KMS key). opts are
// sdjwt's (WithHashAlg, WithDecoys, WithHolderKey for "cnf", WithSaltReader
// ...); the "typ" and NotDisclosable rules are added after them.
func NewIssuer(signer *jwt.Signer, vct string, opts ...sdjwt.IssuerOption) (*Issuer, error) {
	if vct == "" {
		return nil, fmt.Errorf("%w: an empty vct (draft-ietf-oauth-sd-jwt-vc section 2.2.2.1)", ErrInvalidOption)
	}
	opts = append(append([]sdjwt.IssuerOption(nil), opts...), sdjwt.WithType(Type), sdjwt.WithNotDisclosable(NotDisclosable...))
	sd, err := sdjwt.NewIssuer(signer, opts...)
	if err != nil {
		return nil, err
	}
	return &Issuer{sd: sd, vct: vct}, nil
}

// Issue issues obj as an SD-JWT VC: "vct" is written (obj may hold it only
// with the same value), and the result is sdjwt.Issuer.Issue's. Refused
// with sdjwt.ErrInvalidPayload, and nothing returned: an SD marker at
// or under a NotDisclosable claim (also ErrClaimDisclosed, section
// 2.2.2.3: "including any of their sub-claims"); a "vct" of another
// value; "vct#integrity" that is not integrity metadata (section 6);
// "aka_vcts" that is not a non-empty array of distinct non-empty strings
// without the vct (section 2.2.2.2); "status" that is not an object; and a
// credential without selectively disclosable claims whose payload would
// still carry "_sd" (decoys only; section 2.2.2.5: it "MUST NOT contain the
// `_sd` claim").
func (is *Issuer) Issue(obj sdjwt.Object) (issued string, disclosures []sdjwt.Disclosure, err error) {
	if is == nil || is.sd == nil {
		return "", nil, fmt.Errorf("%w: nil or zero Issuer; use NewIssuer", jwt.ErrInvalidKey)
	}
	bad := func(format string, args ...any) (string, []sdjwt.Disclosure, error) {
		return "", nil, fmt.Errorf("%w: "+format, append([]any{sdjwt.ErrInvalidPayload}, args...)...)
	}
	for _, name := range NotDisclosable {
		if v, ok := obj[name]; ok && hasMarker(v, 0) {
			return bad("%w: %q or a sub-claim marked SD (draft-ietf-oauth-sd-jwt-vc section 2.2.2.3)", ErrClaimDisclosed, name)
		}
	}
	if v, ok := obj["vct"]; ok && v != is.vct {
		return bad("vct %v given; this Issuer issues %s", v, bounded.Quote(is.vct))
	}
	if v, ok := obj["vct#integrity"]; ok {
		s, ok := v.(string)
		if !ok {
			return bad("vct#integrity is not a string (section 6)")
		}
		if err := ParseIntegrity(s); err != nil {
			return bad("%v", err)
		}
	}
	if v, ok := obj["aka_vcts"]; ok {
		if err := checkAkaVcts(v, is.vct); err != nil {
			return bad("%v", err)
		}
	}
	if v, ok := obj["status"]; ok {
		switch v.(type) {
		case sdjwt.Object, map[string]any:
		default:
			return bad("status is not an object (section 2.2.2.3)")
		}
	}
	full := make(sdjwt.Object, len(obj)+1)
	maps.Copy(full, obj)
	full["vct"] = is.vct
	issued, disclosures, err = is.sd.Issue(full)
	if err != nil {
		return "", nil, err
	}
	if len(disclosures) == 0 && strings.Contains(issuerPayload(issued), `"_sd":`) {
		return bad("no selectively disclosable claim, yet decoy digests in \"_sd\" (draft-ietf-oauth-sd-jwt-vc section 2.2.2.5: MUST NOT contain the _sd claim): issue it without WithDecoys")
	}
	return issued, disclosures, nil
}

// checkAkaVcts applies section 2.2.2.2 to a payload description's value.
func checkAkaVcts(v any, vct string) error {
	var arr []any
	switch a := v.(type) {
	case sdjwt.Array:
		arr = a
	case []any:
		arr = a
	case []string:
		for _, s := range a {
			arr = append(arr, s)
		}
	default:
		return fmt.Errorf("aka_vcts is not an array (section 2.2.2.2)")
	}
	if len(arr) == 0 {
		return fmt.Errorf("aka_vcts is empty (section 2.2.2.2: non-empty)")
	}
	seen := map[string]bool{}
	for _, e := range arr {
		s, ok := e.(string)
		switch {
		case !ok || s == "":
			return fmt.Errorf("aka_vcts has an element that is not a non-empty string")
		case s == vct:
			return fmt.Errorf("aka_vcts contains the vct (section 2.2.2.2: MUST NOT)")
		case seen[s]:
			return fmt.Errorf("aka_vcts has %s twice", bounded.Quote(s))
		}
		seen[s] = true
	}
	return nil
}

// hasMarker reports whether v is, or holds, an sdjwt.Disclosable.
func hasMarker(v any, depth int) bool {
	if depth > 64 {
		return true // deeper than sdjwt issues; let the walk refuse rather than recurse on
	}
	switch x := v.(type) {
	case sdjwt.Disclosable, *sdjwt.Disclosable:
		return true
	case sdjwt.Object:
		return hasMarker(map[string]any(x), depth)
	case map[string]any:
		for _, e := range x {
			if hasMarker(e, depth+1) {
				return true
			}
		}
	case sdjwt.Array:
		return hasMarker([]any(x), depth)
	case []any:
		for _, e := range x {
			if hasMarker(e, depth+1) {
				return true
			}
		}
	}
	return false
}

// issuerPayload is the decoded payload of the SD-JWT's Issuer-signed JWT,
// "" when it cannot be read.
func issuerPayload(issued string) string {
	parts := strings.SplitN(strings.SplitN(issued, "~", 2)[0], ".", 3)
	if len(parts) != 3 {
		return ""
	}
	b, err := b64Decode(parts[1])
	if err != nil {
		return ""
	}
	return string(b)
}
