package jwt

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/jotlib/jwt/internal/jsonstring"
	"github.com/jotlib/jwt/internal/strictjson"
)

// extraHeaderMember is one WithHeader member, marshaled when the Signer is
// made.
type extraHeaderMember struct {
	name  string
	value any
}

// refusedHeaderMembers are the names WithHeader refuses, each with why.
var refusedHeaderMembers = map[string]string{
	"alg":  "the algorithm is NewSigner's argument",
	"typ":  "use WithType",
	"kid":  "use WithKeyID",
	"crit": `RFC 7515 section 4.1.11: this library implements no extension, and its verifiers refuse "crit"`,
	"b64":  "RFC 7797 changes what is signed; this library signs only the base64url payload",
	"jwk":  "RFC 8725 section 3.10: a key carried by the token must not choose the verification key",
	"jku":  "RFC 8725 section 3.10: a key URL carried by the token must not choose the verification key",
	"x5u":  "RFC 8725 section 3.10: a certificate URL carried by the token must not choose the verification key",
	"enc":  "RFC 7516 section 4.1.2: it marks a JWE",
	"zip":  "RFC 7516 section 4.1.3: it marks a JWE",
}

// appendExtraHeader appends the WithHeader members, sorted by name, to a
// header object being written (after its last member).
func appendExtraHeader(hdr []byte, enc Encoder, extra []extraHeaderMember) ([]byte, error) {
	sorted := slices.Clone(extra)
	slices.SortFunc(sorted, func(a, b extraHeaderMember) int { return cmp.Compare(a.name, b.name) })
	for _, m := range sorted {
		v, err := enc.Marshal(m.value)
		if err != nil {
			return nil, fmt.Errorf("%w: WithHeader(%q): %w: %v", ErrInvalidOption, m.name, ErrEncoding, err)
		}
		if err := strictjson.Valid(v); err != nil {
			return nil, fmt.Errorf("%w: WithHeader(%q): the Encoder's output: %v", ErrInvalidOption, m.name, err)
		}
		hdr = append(hdr, ',')
		hdr = jsonstring.Append(hdr, m.name)
		hdr = append(hdr, ':')
		hdr = append(hdr, v...)
	}
	return hdr, nil
}
