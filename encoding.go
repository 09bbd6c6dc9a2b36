package jwt

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// Encoder maps claims values to and from JSON. It is the only part of the
// library a codec decides: the core validates every byte before Unmarshal
// sees it and every byte Marshal returns before it is signed, so no Encoder
// can change which tokens are accepted.
//
// Unmarshal receives the token's decoded claims in a buffer of their own,
// never reused, so it may keep data. (Only StdEncoder, which keeps nothing,
// may be given a recycled one, and only for a claims type that keeps
// nothing either: one with no UnmarshalJSON, UnmarshalText or
// UnmarshalJSONFrom method reachable in it but the claims package's, since
// such a method may keep the bytes it is handed.) Both methods must be safe
// for concurrent use.
//
// An Encoder may also implement ProvenUnmarshaler, to be told what the
// strict pass proved about the claims (valid UTF-8, no control character
// in a string, unique names, which bytes are plain ASCII; RFC 8259
// sections 7 and 8.1, RFC 7519 section 7.2) and skip its own checks of
// them. The facts are told after the core's verdict and cannot change it.
// Opting in is declared by the Encoder itself (ProvenFor returns it), never
// inherited by a type that embeds one.
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

// StdEncoder is the default Encoder: the standard library's encoding/json,
// called as it is. Marshal is json.Marshal and Unmarshal is json.Unmarshal;
// the core calls nothing else on the default path. encoding/json copies
// what it decodes, so the core decodes the claims in a recycled buffer for
// it when the claims type's own methods cannot keep them either (see
// Encoder). A faster codec is an
// explicit choice (see the jsoniterext module); whichever is used, the core's
// strict pass decides which tokens are accepted.
type StdEncoder struct {
	// UseNumber decodes numbers held in interface values (a map's, say) as
	// json.Number instead of float64 (json.Decoder.UseNumber), like
	// golang-jwt's WithJSONNumber: WithEncoder(jwt.StdEncoder{UseNumber: true}).
	UseNumber bool
}

// Marshal returns json.Marshal(v).
func (StdEncoder) Marshal(v any) ([]byte, error) { return json.Marshal(v) }

// Unmarshal returns json.Unmarshal(data, v), or with UseNumber, decodes
// data's single JSON value with a json.Decoder that uses json.Number.
func (e StdEncoder) Unmarshal(data []byte, v any) error {
	if !e.UseNumber {
		return json.Unmarshal(data, v)
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("jwt: data after the JSON value")
	}
	return nil
}

// encodeClaims appends v's JSON to dst with enc.
func encodeClaims(enc Encoder, dst []byte, v any) ([]byte, error) {
	if ae, ok := enc.(AppendEncoder); ok {
		return ae.AppendMarshal(dst, v)
	}
	b, err := enc.Marshal(v)
	return append(dst, b...), err
}
