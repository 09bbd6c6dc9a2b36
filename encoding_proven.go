package jwt

import "github.com/jotlib/jwt/internal/strictjson"

// ProvenUnmarshaler is an Encoder that can be told what the core's strict
// pass has proven about the claims it decodes, so that it skips its own
// checks of the same things. The core calls UnmarshalProven instead of
// Unmarshal only for claims bytes that passed the strict pass, always
// with Proven.Strict set: a verified token's claims (Parse,
// ParseWithClaims and every path built on them) and the claims of
// ReadUnverified, which runs the same pass. An Encoder that does not
// implement it is called through Unmarshal as before.
//
// The facts never change a verdict: the core has decided what it accepts
// before any Encoder runs (RFC 7519 section 7.2), and an Encoder that
// ignores the facts, or misreads them, can only fail to decode or decode
// differently, never make the core accept a token it refused.
// UnmarshalProven must decode data into v exactly as Unmarshal would,
// result and error alike (the conformance kit, encodertest, checks it),
// and must treat a Proven without Strict as proving nothing. Like
// Unmarshal it receives a buffer of its own and must be safe for
// concurrent use.
type ProvenUnmarshaler interface {
	Encoder
	UnmarshalProven(data []byte, v any, p Proven) error
}

// Proven lists what the core's strict pass established about a claims
// object before handing it to UnmarshalProven. Each field is a fact only
// when true; the zero Proven proves nothing.
type Proven struct {
	// Strict: data passed the strict pass. It is exactly one JSON object
	// with only white space around it (RFC 8259 section 2); valid UTF-8
	// (section 8.1); no control character (below U+0020) unescaped in any
	// string and every escape a whole Unicode scalar value, no lone
	// surrogate (section 7); no member name repeated in an object, at any
	// depth, nor two that are case-folded look-alikes (RFC 7519 sections
	// 4 and 7.2); numbers within a 64-bit float's range (section 6);
	// nesting at most 64 deep. The other fields hold only with it.
	Strict bool
	// ASCII: no byte of data is 0x80 or above, so every string is plain
	// ASCII (RFC 8259 section 8.1).
	ASCII bool
	// NoEscapes: no byte of data is a backslash, so no string holds an
	// escape (RFC 8259 section 7) and each string's bytes are its value.
	NoEscapes bool
	// PlainNames: every member name, at every depth, is written as plain
	// ASCII without an escape, so that names match struct fields the same
	// way under any codec's case-insensitive matching.
	PlainNames bool
}

// provenOf is what facts, of bytes that passed the strict pass, prove.
func provenOf(facts strictjson.Facts) Proven {
	return Proven{
		Strict:     true,
		ASCII:      !facts.NonASCII,
		NoEscapes:  !facts.Escaped,
		PlainNames: !facts.UnusualNames,
	}
}

// unmarshalChecked decodes data, claims bytes that passed the strict pass
// with facts, into v: through UnmarshalProven when enc implements it, else
// through Unmarshal.
func unmarshalChecked(enc Encoder, data []byte, facts strictjson.Facts, v any) error {
	if pu, ok := enc.(ProvenUnmarshaler); ok {
		return pu.UnmarshalProven(data, v, provenOf(facts))
	}
	return enc.Unmarshal(data, v)
}
