package jwt

import (
	"encoding/json"
	"sync/atomic"

	"github.com/jotlib/jwt/internal/jsonplan"
)

// Encoder maps claims values to and from JSON. It is the only part of the
// library a codec decides: the core validates every byte before Unmarshal
// sees it and every byte Marshal returns before it is signed, so no Encoder
// can change which tokens are accepted.
//
// Unmarshal must not keep data after it returns (the buffer is reused), and
// both methods must be safe for concurrent use.
type Encoder interface {
	Marshal(v any) ([]byte, error)
	Unmarshal(data []byte, v any) error
}

// AppendEncoder is an Encoder that can also write claims into a buffer the
// caller provides. Signers use it, when an Encoder implements it, to encode
// into a reused buffer instead of one allocated per token. AppendMarshal
// must append exactly what Marshal would return.
type AppendEncoder interface {
	Encoder
	AppendMarshal(dst []byte, v any) ([]byte, error)
}

// StdEncoder is the default Encoder: encoding/json's results, byte for
// byte. The types claims are usually made of (plain structs of strings,
// booleans, numbers, slices, maps, pointers, embedded structs, and the
// claims package's types) go through plans compiled once per type, which
// reproduce encoding/json without its per-call reflection; every other
// type, and every value a plan cannot reproduce exactly, goes to
// encoding/json itself. Tests and fuzzing compare the two under each Go
// version.
type StdEncoder struct{}

// Marshal returns json.Marshal(v).
func (e StdEncoder) Marshal(v any) ([]byte, error) {
	buf := getBuffer()
	defer putBuffer(buf)
	out, err := e.AppendMarshal((*buf)[:0], v)
	*buf = out
	return append([]byte(nil), out...), err // one allocation of the exact size
}

// AppendMarshal appends json.Marshal(v) to dst.
func (StdEncoder) AppendMarshal(dst []byte, v any) ([]byte, error) {
	if out, ok := jsonplan.AppendMarshal(dst, v); ok {
		return out, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return dst, err
	}
	return append(dst, b...), nil
}

// Unmarshal calls json.Unmarshal.
func (StdEncoder) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// decodeClaims decodes claims that passed the strict pass with enc. The
// default encoder's plans need that pass: they decode without checking.
func decodeClaims(enc Encoder, data []byte, v any) error {
	if isStd(enc) {
		if jsonplan.Unmarshal(data, v) {
			return nil
		}
		return json.Unmarshal(data, v)
	}
	return enc.Unmarshal(data, v)
}

// isStd reports whether enc is the default encoder, by value or pointer.
func isStd(enc Encoder) bool {
	switch enc.(type) {
	case StdEncoder, *StdEncoder: // stateless: even a nil pointer
		return true
	}
	return false
}

// encodeClaims appends v's JSON to dst with enc.
func encodeClaims(enc Encoder, dst []byte, v any) ([]byte, error) {
	if ae, ok := enc.(AppendEncoder); ok {
		return ae.AppendMarshal(dst, v)
	}
	b, err := enc.Marshal(v)
	return append(dst, b...), err
}

// defaultEncoder is the process-wide default; see SetDefaultEncoder.
var defaultEncoder atomic.Pointer[Encoder]

// SetDefaultEncoder sets the Encoder used where no WithEncoder option is
// given, for the whole process; nil restores encoding/json. Call it once at
// start-up, before any Sign, Parse, NewSigner or NewVerifier: Signers and
// Verifiers keep the encoder they were made with. It is safe for concurrent
// use, but WithEncoder on each Signer and Verifier is the primary way.
func SetDefaultEncoder(enc Encoder) {
	if enc == nil {
		defaultEncoder.Store(nil)
		return
	}
	defaultEncoder.Store(&enc)
}

// DefaultEncoder returns the process-wide default Encoder.
func DefaultEncoder() Encoder {
	if p := defaultEncoder.Load(); p != nil {
		return *p
	}
	return StdEncoder{}
}
