package claims

import (
	"encoding/json"
	"errors"
	"slices"
)

// ErrInvalidAudienceValue reports an "aud" that is neither a string nor an
// array of strings.
var ErrInvalidAudienceValue = errors.New(`jwt: "aud" must be a string or an array of strings`)

// Audience is the "aud" claim (RFC 7519 section 4.1.3): "In the general case,
// the "aud" value is an array of case-sensitive strings ... In the special
// case when the JWT has one audience, the "aud" value MAY be a single
// case-sensitive string." It reads both forms and writes one audience as a
// string, several as an array.
type Audience []string

// MarshalJSON writes a single audience as a string, otherwise an array.
func (a Audience) MarshalJSON() ([]byte, error) {
	if len(a) == 1 {
		return json.Marshal(a[0])
	}
	return json.Marshal([]string(a))
}

// UnmarshalJSON reads a string or an array of strings; null clears a.
func (a *Audience) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*a = nil
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return ErrInvalidAudienceValue
		}
		*a = Audience{s}
		return nil
	}
	var list []string
	if len(b) == 0 || b[0] != '[' || json.Unmarshal(b, &list) != nil {
		return ErrInvalidAudienceValue
	}
	*a = list
	return nil
}

// Contains reports whether aud is one of a's audiences (exact match).
func (a Audience) Contains(aud string) bool {
	return slices.Contains(a, aud)
}
