package encodertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/jotlib/jwt"
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

// provenDiff checks a candidate that implements jwt.ProvenUnmarshaler:
// UnmarshalProven of payload into a new dst, told what the core proves
// about payload, must give what its Unmarshal gives (both refused, or both
// accepted with equal values). checked is false when the candidate does
// not implement it or the core never calls it for payload; diff describes
// a difference.
func provenDiff(enc jwt.Encoder, payload []byte, dst func() any) (diff string, checked bool) {
	pu, ok := enc.(jwt.ProvenUnmarshaler)
	if !ok {
		return "", false
	}
	p, ok := coreProven(payload)
	if !ok {
		return "", false
	}
	plainV, plain := unmarshal(enc, bytes.Clone(payload), dst)
	provenV := dst()
	proven := safely(func() error { return pu.UnmarshalProven(bytes.Clone(payload), provenV, p) })
	if !plain.panicked && !proven.panicked && (plain.err == nil) == (proven.err == nil) &&
		(plain.err != nil || reflect.DeepEqual(plainV, provenV)) {
		return "", true
	}
	show := func(v any, o outcome) string {
		if o.err != nil {
			return errText(o.err)
		}
		return fmt.Sprintf("%+v", v)
	}
	return fmt.Sprintf("Unmarshal %s; UnmarshalProven(%+v) %s", show(plainV, plain), p, show(provenV, proven)), true
}
