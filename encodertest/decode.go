package encodertest

import (
	"bytes"
	"reflect"
	"time"

	"github.com/jotlib/jwt"
)

// decodeProbe is one input decoded into one type.
type decodeProbe struct {
	group, name string
	in          string
	dst         func() any // a new pointer to decode into
}

// unmarshal decodes in with enc into a new dst, safely.
func unmarshal(enc jwt.Encoder, in []byte, dst func() any) (any, outcome) {
	v := dst()
	o := safely(func() error { return enc.Unmarshal(in, v) })
	return v, o
}

// decodeSame compares the two decodings: both refused, or both accepted
// with equal values.
func decodeSame(stdV any, std outcome, candV any, cand outcome) bool {
	if cand.panicked || (std.err == nil) != (cand.err == nil) {
		return false
	}
	return std.err != nil || reflect.DeepEqual(stdV, candV)
}

// tokenTarget is the claims set carrying a probe's input (the input itself
// when it is an object decoded into a struct or a map, else {"v": input}
// decoded into a struct with one field of the probe's type), the type it is
// decoded into (a new pointer per call) and the parse path's name.
func tokenTarget(in []byte, dst func() any) (payload []byte, target func() any, name string) {
	t := reflect.TypeOf(dst()).Elem()
	trimmed := bytes.TrimLeft(in, " \t\r\n")
	if len(trimmed) > 0 && trimmed[0] == '{' && (t.Kind() == reflect.Struct || t.Kind() == reflect.Map) {
		return in, dst, "ParseWithClaims(" + t.String() + ")"
	}
	wrapper := reflect.StructOf([]reflect.StructField{{Name: "V", Type: t, Tag: `json:"v"`}})
	payload = append(append([]byte(`{"v":`), in...), '}')
	return payload, func() any { return reflect.New(wrapper).Interface() }, "ParseWithClaims(struct{V " + t.String() + "})"
}

// runDecode runs one decode probe at the JSON level and at the token level,
// and, for a candidate that implements jwt.ProvenUnmarshaler, compares its
// UnmarshalProven with its Unmarshal on the claims set the core passes on
// (provenDiff).
// A JSON-level divergence is neutral (Neutralised, or Recorded for inputs
// whose treatment JSON leaves open) only when the core refused the token
// carrying the input, with both encoders, before any Encoder ran.
func (c *checker) runDecode(p decodeProbe, neutral Status) Result {
	in := []byte(p.in)
	k := memoKey{group: p.group, name: p.name, in: p.in}
	stdV, std := c.stdUnmarshal(k, in, p.dst)
	candV, cand := unmarshal(c.enc, in, p.dst)
	res := Result{Group: p.group, Name: p.name, Std: errText(std.err), Got: errText(cand.err), Panicked: cand.panicked}
	jsonSame := decodeSame(stdV, std, candV, cand)
	if !jsonSame && std.err == nil && cand.err == nil {
		res.Std, res.Got = show(stdV), show(candV)
	}
	payload, target, pathName := tokenTarget(in, p.dst)
	k.kind, k.typ = "token", reflect.TypeOf(p.dst())
	tc := c.compareToken(k, signRaw(payload), hmacKey, []jwt.Option{jwt.WithTimeFunc(nowFunc)}, withClaims(pathName, target))
	provenDiffers, checked := provenDiff(c.enc, payload, target)
	if checked {
		c.rep.ProvenCompared++
	}
	switch {
	case !tc.same:
		res.Status, res.Verdict, res.RegisteredDiffers = Failed, !tc.verdictSame, tc.registeredDiffers
		res.Std, res.Got = "token "+tc.std, "token "+tc.got
	case jsonSame:
		res.Status = Same
	case tc.refused:
		res.Status = neutral
		res.Proof = "token carrying it refused before the Encoder, same verdict with both: " + tc.std
	default:
		res.Status = Failed
	}
	if provenDiffers != "" && !res.Verdict && !res.RegisteredDiffers {
		// The token-level difference, if any, is this one: say where it is.
		res.Status, res.Std, res.Got = Failed, "UnmarshalProven as the candidate's Unmarshal", provenDiffers
	}
	return res
}

func nowFunc() time.Time { return now }
