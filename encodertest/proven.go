package encodertest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
)

// provenCapture is an Encoder through which the kit learns what the core
// tells a jwt.ProvenUnmarshaler about a claims object: it decodes nothing.
type provenCapture struct {
	p    jwt.Proven
	told bool
}

func (c *provenCapture) Marshal(v any) ([]byte, error) { return json.Marshal(v) }
func (c *provenCapture) Unmarshal([]byte, any) error   { return nil }
func (c *provenCapture) UnmarshalProven(_ []byte, _ any, p jwt.Proven) error {
	c.p, c.told = p, true
	return nil
}
func (c *provenCapture) ProvenFor() jwt.Encoder { return c }

// coreProven returns what the core proves about payload, a token's claims,
// as it tells a ProvenUnmarshaler (through ReadUnverified, which runs the
// same strict pass as a parse), and false when the core refuses payload
// before any Encoder runs, so that it tells nothing.
func coreProven(payload []byte) (jwt.Proven, bool) {
	capture := &provenCapture{}
	u, err := jwt.ReadUnverified(signRaw(payload), jwt.WithEncoder(capture))
	if err != nil {
		return jwt.Proven{}, false
	}
	if err := u.Claims(new(any)); err != nil || !capture.told {
		return jwt.Proven{}, false
	}
	return capture.p, true
}

// optedIn returns enc as the core takes it (jwt.ProvenUnmarshaler): a
// pointer whose ProvenFor returns itself, else false (the core calls its
// Unmarshal, and there is nothing to compare).
func optedIn(enc jwt.Encoder) (jwt.ProvenUnmarshaler, bool) {
	pu, ok := enc.(jwt.ProvenUnmarshaler)
	if !ok || reflect.TypeOf(enc).Kind() != reflect.Pointer {
		return nil, false
	}
	self := safelyEncoder(pu.ProvenFor)
	if reflect.TypeOf(self) != reflect.TypeOf(enc) || self != enc {
		return nil, false
	}
	return pu, true
}

// safelyEncoder calls f, a nil Encoder when it panics.
func safelyEncoder(f func() jwt.Encoder) (e jwt.Encoder) {
	defer func() {
		if recover() != nil {
			e = nil
		}
	}()
	return f()
}

// provenDiff checks a candidate the core takes as a jwt.ProvenUnmarshaler
// (optedIn). What is compared, against its Unmarshal of the same bytes
// into a new dst:
//   - UnmarshalProven told the zero jwt.Proven, on every payload (the
//     zero Proven proves nothing, so it must be Unmarshal);
//   - UnmarshalProven told what the core proves about payload, on every
//     payload the core passes on (checked reports these).
//
// Two outcomes are the same when neither panicked and either both
// accepted with deeply equal values, or both refused with errors of the
// same class: the same Go type and the same jwt sentinels matched by
// errors.Is (the error text, which a codec may word per path, is not
// compared). diff describes a difference.
func provenDiff(enc jwt.Encoder, payload []byte, dst func() any) (diff string, checked bool) {
	pu, ok := optedIn(enc)
	if !ok {
		return "", false
	}
	plainV, plain := unmarshal(enc, bytes.Clone(payload), dst)
	if plain.panicked {
		// Unmarshal's own panic is the JSON-level failure the kit
		// reports; nothing to compare against.
		return "", false
	}
	try := func(p jwt.Proven) (string, bool) {
		v := dst()
		o := safely(func() error { return pu.UnmarshalProven(bytes.Clone(payload), v, p) })
		if sameOutcome(plainV, plain, v, o) {
			return "", true
		}
		return fmt.Sprintf("Unmarshal %s; UnmarshalProven(%s) %s", showOutcome(plainV, plain), p, showOutcome(v, o)), false
	}
	if d, same := try(jwt.Proven{}); !same {
		return d, false
	}
	p, ok := coreProven(payload)
	if !ok {
		return "", false
	}
	d, _ := try(p)
	return d, true
}

// sameOutcome compares two decodings of the same bytes by one codec (see
// provenDiff).
func sameOutcome(aV any, a outcome, bV any, b outcome) bool {
	if a.panicked || b.panicked || (a.err == nil) != (b.err == nil) {
		return false
	}
	if a.err == nil {
		return reflect.DeepEqual(aV, bV)
	}
	return errorClass(a.err) == errorClass(b.err)
}

// errorClass names err by its Go type and the jwt sentinels it matches.
func errorClass(err error) string {
	names := []string{fmt.Sprintf("%T", err)}
	for _, s := range sentinel.Ordered {
		if errors.Is(err, s.Err) {
			names = append(names, s.Name)
		}
	}
	return strings.Join(names, "|")
}

// showOutcome is an outcome for a report line: the error, or the value.
func showOutcome(v any, o outcome) string {
	if o.err != nil {
		return errText(o.err) + " (" + errorClass(o.err) + ")"
	}
	return fmt.Sprintf("%+v", v)
}
