package encodertest

import (
	"bytes"
	"reflect"

	"github.com/jotlib/jwt"
)

// encodeProbe is one value marshaled.
type encodeProbe struct {
	group, name string
	v           any
}

// marshal encodes v with enc, safely.
func marshal(enc jwt.Encoder, v any) ([]byte, outcome) {
	var out []byte
	o := safely(func() error {
		var err error
		out, err = enc.Marshal(v)
		return err
	})
	return out, o
}

// isClaimsValue reports whether v marshals as a JSON object (a struct, a
// map, or a pointer to one): Sign takes it as is; anything else is signed
// inside {"v": …}.
func isClaimsValue(v any) bool {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t != nil && (t.Kind() == reflect.Struct || t.Kind() == reflect.Map)
}

// sign signs claims with enc, safely.
func sign(enc jwt.Encoder, claims any) (string, outcome) {
	var tok string
	o := safely(func() error {
		var err error
		tok, err = jwt.Sign(jwt.HS256, claims, hmacKey, jwt.WithEncoder(enc))
		return err
	})
	return tok, o
}

// runEncode marshals p.v with both encoders and signs it with both. The
// output must be byte-identical to encoding/json's; a divergence is
// Neutralised only when Sign refused the value with both encoders (the
// core's strict pass caught the candidate's output). A token the candidate
// signs must verify with encoding/json.
func (c *checker) runEncode(p encodeProbe) Result {
	claims := p.v
	if !isClaimsValue(claims) {
		claims = map[string]any{"v": p.v}
	}
	ref := c.stdSigned(memoKey{group: p.group, name: p.name}, p.v, claims)
	stdOut, std := ref.out, ref.marshal
	candOut, cand := marshal(c.enc, p.v)
	res := Result{Group: p.group, Name: p.name, Panicked: cand.panicked}
	res.Std, res.Got = encText(stdOut, std), encText(candOut, cand)
	jsonSame := !cand.panicked && (std.err == nil) == (cand.err == nil) && bytes.Equal(stdOut, candOut)

	stdTok, stdSign := ref.tok, ref.sign
	candTok, candSign := sign(c.enc, claims)
	res.Panicked = res.Panicked || candSign.panicked
	sv, cv := verdict(stdSign.err), verdict(candSign.err)
	switch {
	case sv != cv || candSign.panicked:
		res.Status, res.SignVerdict = Failed, true
		res.Std, res.Got = res.Std+"; Sign: "+sv, res.Got+"; Sign: "+cv
		return res
	case stdTok != candTok:
		res.Status = Failed
		res.Std, res.Got = res.Std+"; token "+stdTok, res.Got+"; token "+candTok
		return res
	}
	if candTok != "" {
		// Tokens signed through the candidate verify through encoding/json.
		// candTok is stdTok here, so encoding/json's parse of it is memoized.
		if err := ref.parseError; err != nil {
			res.Status, res.SignVerdict = Failed, true
			res.Got += "; its token fails with encoding/json: " + verdict(err)
			return res
		}
		c.rep.Tokens++
	}
	if stdTok != "" {
		// And tokens signed through encoding/json verify through the candidate.
		o := safely(func() error {
			_, err := jwt.Parse(stdTok, hmacKey, jwt.WithEncoder(c.enc), jwt.WithTimeFunc(nowFunc))
			return err
		})
		if o.err != nil {
			// Only a codec fault can fail here (the core passed this token
			// with encoding/json); anything else is a verdict change.
			codecOnly := o.panicked || reachedCodec(o.err)
			res.Status, res.Verdict, res.Panicked = Failed, !codecOnly, res.Panicked || o.panicked
			res.Got += "; the encoding/json token fails with it: " + verdict(o.err)
			return res
		}
		c.rep.Tokens++
	}
	switch {
	case jsonSame:
		res.Status = Same
	case stdSign.err != nil:
		res.Status = Neutralised
		res.Proof = "Sign refused it with both encoders: " + sv
	default:
		res.Status = Failed
	}
	return res
}

func encText(out []byte, o outcome) string {
	if o.err != nil {
		return errText(o.err)
	}
	return brief(out)
}
