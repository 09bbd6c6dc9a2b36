package sdjwt

import (
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
)

// The default bounds of Split (see Limits) on the compact serialization
// (RFC 9901 section 4), which the Issuer keeps to as well.
const (
	// DefaultMaxSize is the longest SD-JWT or SD-JWT+KB Split accepts, in
	// bytes: jwt.DefaultMaxTokenSize, the core's cap on one token.
	DefaultMaxSize = jwt.DefaultMaxTokenSize
	// DefaultMaxDisclosures is the most Disclosures Split accepts.
	DefaultMaxDisclosures = 1024
)

// Limits bounds what SplitLimited accepts of an SD-JWT (RFC 9901 section
// 4); a zero field takes its default.
type Limits struct {
	MaxSize        int // bytes; DefaultMaxSize when 0
	MaxDisclosures int // DefaultMaxDisclosures when 0
}

// SDJWT is an SD-JWT or SD-JWT+KB in the compact serialization (RFC 9901
// section 4 and 5), split into its parts; nothing in it is verified.
type SDJWT struct {
	// IssuerJWT is the issuer-signed JWT (section 4.1), compact JWS.
	IssuerJWT string
	// Disclosures are the Disclosures in the order received, each in its
	// exact base64url form.
	Disclosures []string
	// KeyBinding is the Key Binding JWT (section 4.3), "" when there is
	// none.
	KeyBinding string
}

// Split splits s, `<Issuer-signed JWT>~<Disclosure 1>~...~<Disclosure N>~`
// optionally followed by a KB-JWT (RFC 9901 section 4 and 5), under the
// default Limits. An SD-JWT without key binding ends with '~' (section 4:
// the separator after the last Disclosure is REQUIRED), an empty
// Disclosure (`~~`) is refused, the issuer JWT and the KB-JWT must each
// have the three segments of a compact JWS. Errors match ErrInvalidFormat
// (and jwt.ErrTokenTooLarge for an input over the size cap). Nothing is
// decoded or verified: see ParseDisclosure and the Verifier.
func Split(s string) (SDJWT, error) { return SplitLimited(s, Limits{}) }

// SplitLimited is Split (RFC 9901 section 4 and 5) under lim.
func SplitLimited(s string, lim Limits) (SDJWT, error) {
	maxSize, maxDisc := lim.MaxSize, lim.MaxDisclosures
	if maxSize <= 0 {
		maxSize = DefaultMaxSize
	}
	if maxDisc <= 0 {
		maxDisc = DefaultMaxDisclosures
	}
	if len(s) > maxSize {
		return SDJWT{}, fmt.Errorf("%w: %w: %d bytes, over the cap of %d", ErrInvalidFormat, jwt.ErrTokenTooLarge, len(s), maxSize)
	}
	first := strings.IndexByte(s, '~')
	if first < 0 {
		return SDJWT{}, fmt.Errorf("%w: no '~' separator (RFC 9901 section 4: an SD-JWT ends with '~')", ErrInvalidFormat)
	}
	last := strings.LastIndexByte(s, '~')
	out := SDJWT{IssuerJWT: s[:first], KeyBinding: s[last+1:]}
	if !isCompactJWS(out.IssuerJWT) {
		return SDJWT{}, fmt.Errorf("%w: the issuer-signed JWT is not a compact JWS", ErrInvalidFormat)
	}
	if out.KeyBinding != "" && !isCompactJWS(out.KeyBinding) {
		return SDJWT{}, fmt.Errorf("%w: the part after the last '~' is not a compact JWS (a KB-JWT) nor empty", ErrInvalidFormat)
	}
	if n := strings.Count(s[first:last], "~"); n > maxDisc {
		return SDJWT{}, fmt.Errorf("%w: %d disclosures, over the cap of %d", ErrInvalidFormat, n, maxDisc)
	}
	if first < last {
		out.Disclosures = strings.Split(s[first+1:last], "~")
		for i, d := range out.Disclosures {
			if d == "" {
				return SDJWT{}, fmt.Errorf("%w: disclosure %d is empty ('~~')", ErrInvalidFormat, i)
			}
		}
	}
	return out, nil
}

// isCompactJWS reports whether s has the shape of a compact JWS: three
// non-empty-header segments separated by two dots (RFC 7515 section 7.1).
// The segments' contents are left to the core's verifier.
func isCompactJWS(s string) bool {
	i := strings.IndexByte(s, '.')
	if i <= 0 {
		return false
	}
	j := strings.IndexByte(s[i+1:], '.')
	if j < 0 {
		return false
	}
	return !strings.Contains(s[i+1+j+1:], ".")
}

// WithoutKeyBinding returns `<Issuer-signed JWT>~<D1>~...~<Dn>~`, the SD-JWT
// without its KB-JWT: the bytes the KB-JWT's sd_hash covers (RFC 9901
// section 4.3.1).
func (s SDJWT) WithoutKeyBinding() string {
	n := len(s.IssuerJWT) + 1
	for _, d := range s.Disclosures {
		n += len(d) + 1
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(s.IssuerJWT)
	b.WriteByte('~')
	for _, d := range s.Disclosures {
		b.WriteString(d)
		b.WriteByte('~')
	}
	return b.String()
}

// String returns the compact serialization (RFC 9901 section 4):
// WithoutKeyBinding followed by the KB-JWT, if any.
func (s SDJWT) String() string { return s.WithoutKeyBinding() + s.KeyBinding }
