package claims

import (
	"slices"

	"github.com/jotlib/jwt/internal/jsonstring"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/strictjson"
)

// ErrInvalidAudienceValue reports an "aud" that is neither a string nor an
// array of strings (RFC 7519 section 4.1.3). It also matches
// jwt.ErrTokenMalformed.
var ErrInvalidAudienceValue error = sentinel.New(`jwt: "aud" must be a string or an array of strings`, sentinel.TokenMalformed)

// errNilAudience is UnmarshalJSON's error on a nil *Audience.
var errNilAudience = sentinel.New("claims: UnmarshalJSON on a nil *Audience", ErrInvalidAudienceValue)

// Audience is the "aud" claim (RFC 7519 section 4.1.3): "In the general case,
// the "aud" value is an array of case-sensitive strings ... In the special
// case when the JWT has one audience, the "aud" value MAY be a single
// case-sensitive string." It reads both forms and writes one audience as a
// string, several as an array.
type Audience []string

// MarshalJSON writes a single audience as a string, otherwise an array.
func (a Audience) MarshalJSON() ([]byte, error) {
	n := 2
	for _, s := range a {
		n += len(s) + 3
	}
	return appendAudience(make([]byte, 0, n), a), nil
}

// appendAudience appends a as MarshalJSON writes it (RFC 7519 section
// 4.1.3).
func appendAudience(dst []byte, a Audience) []byte {
	if len(a) == 1 {
		return jsonstring.Append(dst, a[0])
	}
	dst = append(dst, '[')
	for i, s := range a {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonstring.Append(dst, s)
	}
	return append(dst, ']')
}

// UnmarshalJSON reads a string or an array of strings; null clears a. On a
// nil *Audience, which has nowhere to store it, it reports
// ErrInvalidAudienceValue.
func (a *Audience) UnmarshalJSON(b []byte) error {
	if a == nil {
		return errNilAudience
	}
	if string(b) == "null" {
		*a = nil
		return nil
	}
	if strictjson.Valid(b) != nil {
		return ErrInvalidAudienceValue
	}
	if s, ok := strictjson.String(b); ok {
		*a = Audience{s}
		return nil
	}
	n, ok := strictjson.StringArray(b)
	if !ok {
		return ErrInvalidAudienceValue
	}
	list := make(Audience, 0, n)
	strictjson.EachArrayElement(b, func(elem []byte) bool {
		s, _ := strictjson.String(elem)
		list = append(list, s)
		return true
	})
	*a = list
	return nil
}

// Contains reports whether aud is one of a's audiences, compared exactly:
// the values are case-sensitive strings (RFC 7519 section 4.1.3).
func (a Audience) Contains(aud string) bool {
	return slices.Contains(a, aud)
}
