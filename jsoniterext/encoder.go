package jsoniterext

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"sync"
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
	// states pools encodeStates on api's streams (exactStates for New);
	// nil: a state per call on api's own pooled streams.
	states *sync.Pool
}

var (
	_ jwt.AppendEncoder     = (*Encoder)(nil)
	_ jwt.ProvenUnmarshaler = (*Encoder)(nil)
)

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
// ObjectFieldMustBeSimpleString: struct member names are read without a
// copy by the name-checking decoder the extension selects (fieldnames.go);
// escaped names never reach jsoniter (Unmarshal hands them to
// encoding/json).
var exactAPI = func() jsoniter.API {
	api := jsoniter.Config{EscapeHTML: true, SortMapKeys: true, ObjectFieldMustBeSimpleString: true}.Froze()
	api.RegisterExtension(&extension{})
	return api
}()

// New returns a jwt.Encoder backed by jsoniter, the faster opt-in beside
// the default jwt.StdEncoder (encoding/json). Without options it decodes
// and encodes exactly as encoding/json does, on everything the core passes
// to it and on any other input (every case where jsoniter would differ is
// handed to encoding/json), about twice as fast on the claims of an access
// token (README.md). It is safe for concurrent use.
func New(opts ...Option) jwt.Encoder {
	var s settings
	for _, o := range opts {
		if o != nil {
			o(&s)
		}
	}
	return &Encoder{api: exactAPI, exact: true, states: &exactStates}
}

// Marshal encodes v. Any case where jsoniter would differ from
// encoding/json is encoded by encoding/json instead, and so is a value
// nested more than maxEncodeDepth references deep: a cyclic value gets
// encoding/json's error, never a stack overflow.
func (e *Encoder) Marshal(v any) ([]byte, error) {
	if !e.exact {
		return e.api.Marshal(v)
	}
	st := e.borrowState()
	defer e.returnState(st)
	b, ok := e.encode(st, v)
	if !ok {
		return json.Marshal(v)
	}
	return append(make([]byte, 0, len(b)), b...), nil
}

// AppendMarshal appends what Marshal returns to dst, encoding in a pooled
// stream so that no buffer is allocated per call. On error dst is returned
// unchanged.
func (e *Encoder) AppendMarshal(dst []byte, v any) ([]byte, error) {
	if !e.exact {
		stream := e.api.BorrowStream(nil)
		defer e.api.ReturnStream(stream)
		stream.WriteVal(v)
		if stream.Error != nil {
			return dst, stream.Error
		}
		return append(dst, stream.Buffer()...), nil
	}
	st := e.borrowState()
	defer e.returnState(st)
	b, ok := e.encode(st, v)
	if !ok {
		m, err := json.Marshal(v)
		if err != nil {
			return dst, err
		}
		return append(dst, m...), nil
	}
	return append(dst, b...), nil
}

// encode writes v with jsoniter into st's stream and returns the bytes;
// ok is false when encoding/json must encode v instead: our extension's
// refusals (unchecked MarshalJSON output, pointer-receiver marshalers, the
// depth bound), jsoniter's own errors, and output encoding/json writes
// otherwise (see stdWritesOtherwise).
func (e *Encoder) encode(st *encodeState, v any) (_ []byte, ok bool) {
	st.stream.WriteVal(v)
	b := st.stream.Buffer()
	return b, st.stream.Error == nil && !stdWritesOtherwise(b)
}

// Unmarshal decodes data into v. Input that is not valid UTF-8 (where
// jsoniter keeps bytes encoding/json replaces with U+FFFD), input with a
// member name that is not plain ASCII (which jsoniter and encoding/json
// match to fields differently), and any input jsoniter refuses, is decoded
// by encoding/json instead, so the result and the error are its own.
func (e *Encoder) Unmarshal(data []byte, v any) error {
	if !e.exact {
		return e.api.Unmarshal(data, v)
	}
	ascii, control := scanBytes(data)
	escaped := bytes.IndexByte(data, '\\') >= 0
	if (!ascii && !utf8.Valid(data)) || ((!ascii || escaped) && unusualName(data)) ||
		(control && (escaped || controlInString(data))) {
		// jsoniter reads a string with an escape on a slow path, and
		// member names without a copy, taking control characters raw
		// where encoding/json refuses them.
		return json.Unmarshal(data, v)
	}
	return e.decodeOrStd(data, v, !escaped, false)
}

// UnmarshalProven is Unmarshal for claims the core's strict pass has
// checked (jwt.ProvenUnmarshaler): the facts stand for Unmarshal's own
// scans. Valid UTF-8 and no control character in a string (RFC 8259
// sections 8.1 and 7) come with p.Strict(); p.PlainNames() says no member
// name needs encoding/json's Unicode case folding (else encoding/json
// decodes, as Unmarshal does); p.NoEscapes() lets strings be cut from one
// copy of data. The result and the error are Unmarshal's on every input;
// without p.Strict() (the zero jwt.Proven) it is Unmarshal.
//
// A type that embeds *Encoder inherits this method but not the core's use
// of it: the core calls UnmarshalProven only on an Encoder whose ProvenFor
// returns that Encoder itself, so a wrapper that overrides Unmarshal is
// called through its own Unmarshal. A wrapper that wants the facts must
// forward UnmarshalProven itself and declare a ProvenFor returning the
// wrapper.
func (e *Encoder) UnmarshalProven(data []byte, v any, p jwt.Proven) error {
	if !e.exact || !p.Strict() {
		return e.Unmarshal(data, v)
	}
	if !p.PlainNames() {
		return json.Unmarshal(data, v)
	}
	return e.decodeOrStd(data, v, p.NoEscapes(), true)
}

// ProvenFor returns e: the Encoder whose UnmarshalProven the core may call
// in place of Unmarshal (jwt.ProvenUnmarshaler). A type embedding *Encoder
// inherits it returning the embedded Encoder, not itself, so the core does
// not take the embedding type as opted in.
func (e *Encoder) ProvenFor() jwt.Encoder { return e }

// decodeOrStd decodes data into v with jsoniter (plain: data holds no
// backslash; checked: no string holds a control character), or with
// encoding/json when jsoniter refuses it, so that the error is
// encoding/json's.
func (e *Encoder) decodeOrStd(data []byte, v any, plain, checked bool) error {
	dst, zero := zeroPointee(v)
	if err := e.decode(data, v, plain, checked); err != nil {
		if zero {
			// jsoniter may have set fields before failing: give
			// encoding/json the zero value it was called with.
			dst.SetZero()
		}
		return json.Unmarshal(data, v)
	}
	return nil
}

// zeroPointee returns what v points to and whether it is the zero value
// (false for anything but a non-nil pointer).
func zeroPointee(v any) (reflect.Value, bool) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return reflect.Value{}, false
	}
	e := rv.Elem()
	return e, e.IsZero()
}

// decode is jsoniter's Unmarshal on a borrowed iterator carrying a
// decodeState: plain and checked are its fields (see decodeState).
func (e *Encoder) decode(data []byte, v any, plain, checked bool) error {
	st := decodeStates.Get().(*decodeState)
	st.data, st.plain, st.checked, st.arena = data, plain, checked, ""
	iter := e.api.BorrowIterator(data)
	iter.Attachment = st
	iter.ReadVal(v)
	err := iter.Error
	if err == nil {
		// Only white space may follow: WhatIsNext reaches the end (io.EOF)
		// or finds a byte.
		if iter.WhatIsNext() != jsoniter.InvalidValue || iter.Error == nil {
			err = errTrailing
		}
	} else if err == io.EOF {
		err = errTrailing // cut short; encoding/json says how
	}
	e.api.ReturnIterator(iter)
	st.data, st.arena = nil, ""
	decodeStates.Put(st)
	return err
}

var errTrailing = errors.New("jsoniterext: not one JSON value")

// unusualName reports whether a member name in data holds a non-ASCII byte
// or an escape. jsoniter matches names to struct fields by
// strings.ToLower, encoding/json by Unicode case folding: they agree on
// ASCII names only ("İat" lowercases to "iat" but does not fold to it;
// "ſub" folds to "sub" but does not lowercase to it). Unmarshal calls it
// only for input with a non-ASCII byte or a backslash.
func unusualName(data []byte) bool {
	for i := 0; i < len(data); i++ {
		if data[i] != '"' {
			continue
		}
		unusual := false
		for i++; i < len(data) && data[i] != '"'; i++ {
			switch c := data[i]; {
			case c == '\\':
				unusual = true
				i++
			case c >= utf8.RuneSelf:
				unusual = true
			}
		}
		if !unusual {
			continue
		}
		j := i + 1
		for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\n' || data[j] == '\r') {
			j++
		}
		if j < len(data) && data[j] == ':' {
			return true
		}
	}
	return false
}

// controlInString reports whether a string in data, which holds no
// backslash, has a byte below 0x20 (encoding/json refuses it).
func controlInString(data []byte) bool {
	in := false
	for _, c := range data {
		switch {
		case c == '"':
			in = !in
		case c < ' ' && in:
			return true
		}
	}
	return false
}

// isASCII reports whether every byte of b is below 0x80.
func isASCII(b []byte) bool {
	ascii, _ := scanBytes(b)
	return ascii
}

// scanBytes reports whether every byte of b is below 0x80 and whether one
// is below 0x20 (white space between tokens, or in a string a byte
// encoding/json refuses), eight bytes at a time: a byte c sets bit 7 of
// (c - 0x20) &^ c only when c < 0x20, and the borrow it passes on can set
// it only in the byte above.
func scanBytes(b []byte) (ascii, control bool) {
	var high, low uint64
	for len(b) >= 8 {
		x := binary.LittleEndian.Uint64(b)
		high |= x
		low |= (x - 0x2020202020202020) &^ x
		b = b[8:]
	}
	ascii, control = high&0x8080808080808080 == 0, low&0x8080808080808080 != 0
	for _, c := range b {
		ascii = ascii && c < utf8.RuneSelf
		control = control || c < ' '
	}
	return ascii, control
}
