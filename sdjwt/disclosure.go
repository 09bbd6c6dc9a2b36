package sdjwt

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/jsonstring"
	"github.com/jotlib/jwt/internal/strictjson"
)

// Disclosure is one decoded Disclosure (RFC 9901 section 4.2.1 for an
// object property, 4.2.2 for an array element).
type Disclosure struct {
	// Salt is the salt, the array's first element.
	Salt string
	// Name is the claim name of an object property's Disclosure; "" for an
	// array element's.
	Name string
	// IsArrayElement is true for a 2-element Disclosure (section 4.2.2).
	IsArrayElement bool
	// Value is the claim value's exact JSON bytes as they appear in the
	// decoded array.
	Value json.RawMessage
	// Encoded is the base64url form exactly as issued or received: the
	// digest is computed over these bytes (section 4.2.3).
	Encoded string
}

// ParseDisclosure decodes one Disclosure (RFC 9901 section 4.2.1, 4.2.2):
// strict unpadded base64url (RFC 9901 section 4.2.1 and RFC 7515 section
// 2; one encoding per byte string), then the core's strict JSON pass, then
// a JSON array of 3 elements (salt string, claim name string, value) or 2
// (salt string, value). Every failure matches ErrInvalidDisclosure. The
// claim name is not judged here: a reserved name ("_sd", "...") is the
// Verifier's refusal (RFC 9901 section 7.1), where the Disclosure is used.
//
// Stricter than some peers: duplicate member names, invalid UTF-8, lone
// surrogate escapes and case-folded look-alike names anywhere in the value
// are refused, since two JSON parsers could read them differently while the
// digest stays the same.
func ParseDisclosure(encoded string) (Disclosure, error) {
	if encoded == "" {
		return Disclosure{}, fmt.Errorf("%w: empty", ErrInvalidDisclosure)
	}
	raw, err := b64url.DecodeString(encoded)
	if err != nil {
		return Disclosure{}, fmt.Errorf("%w: %w", ErrInvalidDisclosure, err)
	}
	return parseDisclosureJSON(raw, encoded)
}

// parseDisclosureJSON checks the decoded bytes of a Disclosure.
func parseDisclosureJSON(raw []byte, encoded string) (Disclosure, error) {
	if err := strictjson.Valid(raw); err != nil {
		return Disclosure{}, fmt.Errorf("%w: %w", ErrInvalidDisclosure, err)
	}
	trimmed := bytes.TrimLeft(raw, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '[' {
		return Disclosure{}, fmt.Errorf("%w: not a JSON array", ErrInvalidDisclosure)
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(raw, &elems); err != nil {
		return Disclosure{}, fmt.Errorf("%w: %w", ErrInvalidDisclosure, err)
	}
	d := Disclosure{Encoded: encoded}
	switch len(elems) {
	case 3:
		name, ok := strictjson.String(elems[1])
		if !ok {
			return Disclosure{}, fmt.Errorf("%w: the claim name is not a string", ErrInvalidDisclosure)
		}
		d.Name = name
		d.Value = elems[2]
	case 2:
		d.IsArrayElement = true
		d.Value = elems[1]
	default:
		return Disclosure{}, fmt.Errorf("%w: an array of %d elements, not 2 or 3", ErrInvalidDisclosure, len(elems))
	}
	salt, ok := strictjson.String(elems[0])
	if !ok {
		return Disclosure{}, fmt.Errorf("%w: the salt is not a string", ErrInvalidDisclosure)
	}
	d.Salt = salt
	return d, nil
}

// Digest returns the Disclosure's digest under a: a.Digest(d.Encoded),
// over the exact base64url bytes (RFC 9901 section 4.2.3). It is "" when a
// is unsupported.
func (d Disclosure) Digest(a HashAlg) string { return a.Digest(d.Encoded) }

// The reserved names of RFC 9901 section 4.2.4.1 and 4.2.4.2.
const (
	sdKey       = "_sd"
	ellipsisKey = "..."
	sdAlgKey    = "_sd_alg"
)

// saltBytes is the salt's entropy: 128 bits, RFC 9901 section 9.3's
// minimum.
const saltBytes = 16

// NewDisclosure makes a Disclosure (RFC 9901 section 4.2.1, or 4.2.2 when
// isArrayElement) for the claim name (which must be "" for an array
// element) and value. An empty salt is replaced by 128 random bits from
// crypto/rand, base64url-encoded (section 9.3); a salt given is used as
// is, which tests and the RFC's examples need. The value is encoded with
// encoding/json (HTML characters not escaped); a json.RawMessage is kept
// byte for byte after the strict JSON pass; a string of invalid UTF-8 is
// refused, not replaced by U+FFFD. The array is written as
// `["<salt>", "<name>", <value>]` (the RFC's examples' spacing), and the
// result is checked with ParseDisclosure. The names "_sd" and "..." are
// refused (section 4.2.1). Errors match ErrInvalidDisclosure.
func NewDisclosure(name string, value any, isArrayElement bool, salt string) (Disclosure, error) {
	if name == sdKey || name == ellipsisKey {
		return Disclosure{}, fmt.Errorf("%w: the claim name %q is reserved (RFC 9901 section 4.2.1)", ErrInvalidDisclosure, name)
	}
	if isArrayElement && name != "" {
		return Disclosure{}, fmt.Errorf("%w: an array element's disclosure has no claim name", ErrInvalidDisclosure)
	}
	if salt == "" {
		s, err := newSalt(rand.Reader)
		if err != nil {
			return Disclosure{}, err
		}
		salt = s
	}
	if !utf8.ValidString(salt) || !utf8.ValidString(name) {
		return Disclosure{}, fmt.Errorf("%w: the salt and claim name must be valid UTF-8", ErrInvalidDisclosure)
	}
	v, err := encodeValue(value)
	if err != nil {
		return Disclosure{}, fmt.Errorf("%w: %w", ErrInvalidDisclosure, err)
	}
	buf := make([]byte, 0, len(salt)+len(name)+len(v)+16)
	buf = append(buf, '[')
	buf = jsonstring.Append(buf, salt)
	buf = append(buf, ", "...)
	if !isArrayElement {
		buf = jsonstring.Append(buf, name)
		buf = append(buf, ", "...)
	}
	buf = append(buf, v...)
	buf = append(buf, ']')
	return parseDisclosureJSON(buf, b64url.EncodeToString(buf))
}

// newSalt reads 128 bits from r and returns them base64url-encoded.
func newSalt(r io.Reader) (string, error) {
	var b [saltBytes]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return "", fmt.Errorf("%w: reading the salt: %w", ErrInvalidDisclosure, err)
	}
	return b64url.EncodeToString(b[:]), nil
}

// encodeValue returns value's JSON: a json.RawMessage as is (checked and
// trimmed of surrounding white space), anything else through encoding/json
// without HTML escaping, then checked with the strict pass.
func encodeValue(value any) ([]byte, error) {
	if s, ok := value.(string); ok && !utf8.ValidString(s) { // encoding/json would write U+FFFD instead
		return nil, errors.New("a string of invalid UTF-8")
	}
	var out []byte
	switch v := value.(type) {
	case json.RawMessage:
		out = bytes.TrimSpace(v)
	case *json.RawMessage:
		if v == nil {
			out = []byte("null")
		} else {
			out = bytes.TrimSpace(*v)
		}
	default:
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(value); err != nil {
			return nil, err
		}
		out = bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	}
	if err := strictjson.Valid(out); err != nil {
		return nil, err
	}
	return out, nil
}
