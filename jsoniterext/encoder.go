package jsoniterext

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/jotlib/jwt"
	jsoniter "github.com/json-iterator/go"
)

// Encoder is the jsoniter-backed jwt.Encoder returned by New.
type Encoder struct {
	api jsoniter.API
	// exact: every difference from encoding/json is handed to encoding/json.
	// Always true from New; false only for the configurations measured
	// against it in the tests.
	exact bool
}

var _ jwt.Encoder = (*Encoder)(nil)

// Option configures New. None is defined: every jsoniter configuration
// that changes results (unsorted map keys, unescaped HTML, six-digit
// floats, case-sensitive or unescaped member names) measured no faster on
// JWT claims than New's (README.md, TestCandidatesAgainstTheKit), so none is
// offered. The parameter keeps room for settings that keep New's guarantee.
type Option func(*settings)

type settings struct{}

// exactAPI is the configuration New uses, chosen by measurement (see
// README.md): jsoniter's standard-library-compatible settings without its
// RawMessage check (ours is stricter), plus this package's extension.
var exactAPI = func() jsoniter.API {
	api := jsoniter.Config{EscapeHTML: true, SortMapKeys: true}.Froze()
	api.RegisterExtension(&extension{})
	return api
}()

// New returns a jwt.Encoder backed by jsoniter. Without options it decodes
// and encodes exactly as encoding/json does on everything the core passes
// to it, only faster. It is safe for concurrent use.
func New(opts ...Option) jwt.Encoder {
	var s settings
	for _, o := range opts {
		if o != nil {
			o(&s)
		}
	}
	return &Encoder{api: exactAPI, exact: true}
}

// Marshal encodes v. Any case where jsoniter would differ from
// encoding/json is encoded by encoding/json instead.
func (e *Encoder) Marshal(v any) ([]byte, error) {
	b, err := e.api.Marshal(v)
	if !e.exact {
		return b, err
	}
	if err != nil || !utf8.Valid(b) || bytes.Contains(b, []byte(`\ufffd`)) {
		// Our extension's refusals (unchecked MarshalJSON output,
		// pointer-receiver marshalers) and jsoniter's own errors end
		// here, and so do strings that are not valid UTF-8: jsoniter
		// copies them raw or writes \ufffd, encoding/json replaces them
		// with U+FFFD escaped (Go 1.26) or raw (Go 1.27).
		return json.Marshal(v)
	}
	return b, nil
}

// Unmarshal decodes data into v. Member names that encoding/json would
// fold differently, and any input jsoniter refuses, are decoded by
// encoding/json instead, so the result and the error are its own.
func (e *Encoder) Unmarshal(data []byte, v any) error {
	if !e.exact {
		return e.api.Unmarshal(data, v)
	}
	if foldsBeyondASCII(data) {
		return json.Unmarshal(data, v)
	}
	if err := e.api.Unmarshal(data, v); err != nil {
		return json.Unmarshal(data, v)
	}
	return nil
}

// foldsBeyondASCII reports whether data may hold the Kelvin sign (U+212A)
// or the long s (U+017F), raw or escaped: encoding/json matches them to
// the struct fields named with k and s (strings.EqualFold), jsoniter does
// not. It errs on the side of yes.
func foldsBeyondASCII(data []byte) bool {
	if bytes.IndexByte(data, 0xC5) >= 0 || bytes.IndexByte(data, 0xE2) >= 0 {
		return bytes.Contains(data, []byte("\u017f")) || bytes.Contains(data, []byte("\u212a")) || escapedFold(data)
	}
	return bytes.IndexByte(data, '\\') >= 0 && escapedFold(data)
}

// escapedFold looks for \u017f or \u212a in any letter case.
func escapedFold(data []byte) bool {
	for i := bytes.Index(data, []byte(`\u`)); i >= 0; {
		if i+6 <= len(data) {
			h := bytes.ToLower(data[i+2 : i+6])
			if string(h) == "017f" || string(h) == "212a" {
				return true
			}
		}
		next := bytes.Index(data[i+2:], []byte(`\u`))
		if next < 0 {
			return false
		}
		i += 2 + next
	}
	return false
}
