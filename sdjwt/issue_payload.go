package sdjwt

import "errors"

// Object describes a JSON object of the payload to issue (RFC 9901 section
// 4.1): a value wrapped with SD is selectively disclosable, any other is
// issued in plaintext. Object and Array values nest (section 4.2.6), and so
// do map[string]any and []any, read as Object and Array.
type Object map[string]any

// Array describes a JSON array of the payload to issue: an element wrapped
// with SD is selectively disclosable (RFC 9901 section 4.2.2), any other
// is issued in plaintext.
type Array []any

// Disclosable marks a value selectively disclosable; make it with SD.
type Disclosable struct {
	// Value is the claim value: an Object or Array (whose own SD members
	// become nested Disclosures, RFC 9901 section 4.2.6), or any value
	// encoding/json encodes (a json.RawMessage is kept byte for byte).
	Value any
}

// SD marks v selectively disclosable (RFC 9901 section 4.2): as an Object
// member it becomes a Disclosure of the claim name and v, its digest in the
// object's "_sd" array (section 4.2.4.1); as an Array element, a Disclosure
// of v whose digest takes the element's place as {"...": digest} (section
// 4.2.4.2).
func SD(v any) Disclosable { return Disclosable{Value: v} }

// errMarkerOutside is what encoding/json reports for a Disclosable it
// meets inside a value that is not an Object, Array, map[string]any or
// []any: it cannot be made a Disclosure there.
var errMarkerOutside = errors.New("an SD marker inside a value that is not an Object, Array, map[string]any or []any")

// MarshalJSON fails: a Disclosable is never encoded as is, so one nested in
// a struct or another map type is an error rather than a silent plaintext
// value.
func (Disclosable) MarshalJSON() ([]byte, error) { return nil, errMarkerOutside }
