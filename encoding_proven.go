package jwt

import (
	"reflect"

	"github.com/jotlib/jwt/internal/strictjson"
)

// ProvenUnmarshaler is an Encoder that can be told what the core's strict
// pass has proven about the claims it decodes, so that it skips its own
// checks of the same things. The core calls UnmarshalProven instead of
// Unmarshal only for claims bytes that passed the strict pass, always
// with Proven.Strict set: a verified token's claims (Parse,
// ParseWithClaims and every path built on them) and the claims of
// ReadUnverified, which runs the same pass. An Encoder that does not
// implement it is called through Unmarshal as before.
//
// Opting in is explicit and never inherited: the core uses UnmarshalProven
// only when the Encoder is a pointer and ProvenFor returns that same
// pointer, the Encoder it was given. A type that embeds a
// ProvenUnmarshaler (a wrapper overriding Unmarshal with a policy of its
// own) gets the embedded value's ProvenFor, which returns the embedded
// value, not the wrapper, so the core calls the wrapper's Unmarshal, as
// for any Encoder that did not opt in. A wrapper that wants the facts must
// declare both UnmarshalProven and ProvenFor itself (returning the
// wrapper).
//
// The facts never change a verdict: the core has decided what it accepts
// before any Encoder runs (RFC 7519 section 7.2), and an Encoder that
// ignores the facts, or misreads them, can only fail to decode or decode
// differently, never make the core accept a token it refused.
// UnmarshalProven must decode data into v exactly as Unmarshal would,
// result and error alike (the conformance kit, encodertest, checks it),
// and must treat a Proven without Strict (the zero Proven, the only one
// code outside this package can make) as proving nothing. Like Unmarshal
// it receives a buffer of its own and must be safe for concurrent use.
type ProvenUnmarshaler interface {
	Encoder
	UnmarshalProven(data []byte, v any, p Proven) error
	// ProvenFor returns the receiver itself: the Encoder whose
	// UnmarshalProven the core may call in place of its Unmarshal.
	ProvenFor() Encoder
}

// Proven lists what the core's strict pass established about a claims
// object before handing it to UnmarshalProven (RFC 8259, RFC 7519 section
// 7.2). Only the core can make a Proven that holds a fact: its fields are
// unexported, so the zero Proven, which proves nothing, is the only one
// code outside this package can build. Each fact holds only with Strict.
type Proven struct {
	strict, ascii, noEscapes, plainNames bool
}

// Strict reports that data passed the strict pass. It is exactly one JSON
// object with only white space around it (RFC 8259 section 2); valid UTF-8
// (section 8.1); no control character (below U+0020) unescaped in any
// string and every escape a whole Unicode scalar value, no lone surrogate
// (section 7); no member name repeated in an object, at any depth, nor two
// that are case-folded look-alikes (RFC 7519 sections 4 and 7.2); numbers
// within a 64-bit float's range (section 6); nesting at most 64 deep. The
// other facts hold only with it.
func (p Proven) Strict() bool { return p.strict }

// ASCII reports that no byte of data is 0x80 or above, so every string is
// plain ASCII (RFC 8259 section 8.1). False without Strict.
func (p Proven) ASCII() bool { return p.strict && p.ascii }

// NoEscapes reports that no byte of data is a backslash, so no string
// holds an escape (RFC 8259 section 7) and each string's bytes are its
// value. False without Strict.
func (p Proven) NoEscapes() bool { return p.strict && p.noEscapes }

// PlainNames reports that every member name, at every depth, is written
// as plain ASCII without an escape (RFC 8259 section 7), so that names
// match struct fields the same way under any codec's case-insensitive
// matching. False without Strict.
func (p Proven) PlainNames() bool { return p.strict && p.plainNames }

// String lists the facts p holds, as "Proven{Strict ASCII ...}", or
// "Proven{}" for none (RFC 8259).
func (p Proven) String() string {
	s := "Proven{"
	for _, f := range []struct {
		on   bool
		name string
	}{{p.Strict(), "Strict"}, {p.ASCII(), "ASCII"}, {p.NoEscapes(), "NoEscapes"}, {p.PlainNames(), "PlainNames"}} {
		if f.on {
			if len(s) > len("Proven{") {
				s += " "
			}
			s += f.name
		}
	}
	return s + "}"
}

// provenOf is what facts, of bytes that passed the strict pass, prove.
func provenOf(facts strictjson.Facts) Proven {
	return Proven{
		strict:     true,
		ascii:      !facts.NonASCII,
		noEscapes:  !facts.Escaped,
		plainNames: !facts.UnusualNames,
	}
}

// optedIn returns enc as a ProvenUnmarshaler when enc itself declared it:
// a pointer whose ProvenFor returns that same pointer, never a type that
// inherited the methods by embedding one (see ProvenUnmarshaler).
func optedIn(enc Encoder) (ProvenUnmarshaler, bool) {
	pu, ok := enc.(ProvenUnmarshaler)
	if !ok {
		return nil, false
	}
	self := pu.ProvenFor()
	t := reflect.TypeOf(enc)
	// Pointers only: comparing them never panics, whatever they point to.
	if t.Kind() != reflect.Pointer || reflect.TypeOf(self) != t || self != enc {
		return nil, false
	}
	return pu, true
}

// unmarshalChecked decodes data, claims bytes that passed the strict pass
// with facts, into v: through UnmarshalProven when the configured Encoder
// opted in (cfg.proven, decided once by newConfig with optedIn), else
// through Unmarshal.
func (cfg *config) unmarshalChecked(data []byte, facts strictjson.Facts, v any) error {
	if cfg.proven != nil {
		return cfg.proven.UnmarshalProven(data, v, provenOf(facts))
	}
	return cfg.enc.Unmarshal(data, v)
}
