package encodertest

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/corpus"
)

// now is the kit's fixed clock: probes carry exp after it and nbf before.
var now = time.Unix(1700000000, 0)

// hmacKey signs the kit's tokens (HS256, 32 bytes as RFC 7518 section 3.2
// requires).
var hmacKey = []byte("encodertest-hs256-key-32-bytes!!")

// checker runs the kit for one candidate.
type checker struct {
	enc jwt.Encoder
	std jwt.Encoder
	rep *Report
}

// outcome is what one call did: its error, or the value it panicked with.
type outcome struct {
	err      error
	panicked bool
	panicVal any
}

// safely runs f and turns a panic into an outcome, so a panicking codec is
// recorded rather than fatal. It runs f on the caller's goroutine: a
// goroutine per call (the kit makes hundreds of thousands) cost a fresh
// stack grown anew each time, about a tenth of the kit's CPU under -race.
func safely(f func() error) (o outcome) {
	defer func() {
		if p := recover(); p != nil {
			o = outcome{err: fmt.Errorf("panic: %v", p), panicked: true, panicVal: p}
		}
	}()
	return outcome{err: f()}
}

// verdict names an error by the sentinels it matches (corpus.Verdict) and,
// unless the Encoder produced it (ErrEncoding, whose text is the codec's
// own), by its exact text: with both encoders a token must get exactly the
// same error.
func verdict(err error) string {
	if err == nil {
		return "ok"
	}
	v := corpus.Verdict(err)
	if !errors.Is(err, jwt.ErrEncoding) {
		v += " (" + clockFree(err.Error()) + ")"
	}
	return v
}

// durations matches the "by how much" of a time rule's message, which
// depends on when the default clock was read.
var durations = regexp.MustCompile(`(by|for another|issued) -?[0-9][0-9hmsµn.]*`)

// clockFree replaces the durations in a time rule's message. A message
// without any of durations' words followed by a space cannot match, and is
// returned without running the regexp (most messages; the kit asks for
// thousands).
func clockFree(msg string) string {
	if !strings.Contains(msg, "by ") && !strings.Contains(msg, "for another ") && !strings.Contains(msg, "issued ") {
		return msg
	}
	return durations.ReplaceAllString(msg, "$1 <d>")
}

// reachedCodec reports whether a verdict got as far as the Encoder.
func reachedCodec(err error) bool { return err == nil || errors.Is(err, jwt.ErrEncoding) }

// refusedByCore reports that the core refused the token as malformed before
// any Encoder ran.
func refusedByCore(err error) bool {
	return err != nil && errors.Is(err, jwt.ErrTokenMalformed) && !errors.Is(err, jwt.ErrEncoding)
}

// signRaw makes an HS256 token over an arbitrary payload, bypassing Sign
// (which would refuse what the core refuses).
func signRaw(payload []byte) string {
	enc := base64.RawURLEncoding
	input := enc.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`)) + "." + enc.EncodeToString(payload)
	m := hmac.New(sha256.New, hmacKey)
	m.Write([]byte(input))
	return input + "." + enc.EncodeToString(m.Sum(nil))
}

// parsePath is one way of parsing a token: Parse, ParseWithClaims into a
// given type, or a Verifier.
type parsePath struct {
	name string
	run  func(tok string, key any, opts []jwt.Option) (any, error)
}

func withClaims(name string, newDst func() any) parsePath {
	return parsePath{name, func(tok string, key any, opts []jwt.Option) (any, error) {
		dst := newDst()
		_, err := jwt.ParseWithClaims(tok, dst, key, opts...)
		return dst, err
	}}
}

// standardPaths are run for every token the kit compares.
var standardPaths = []parsePath{
	{"Parse", func(tok string, key any, opts []jwt.Option) (any, error) {
		t, err := jwt.Parse(tok, key, opts...)
		if err != nil {
			return nil, err
		}
		return t.Claims, nil
	}},
	withClaims("ParseWithClaims(map)", func() any { return new(map[string]any) }),
	withClaims("ParseWithClaims(claims.Registered)", func() any { return new(claims.Registered) }),
	withClaims("ParseWithClaims(AccessClaims)", func() any { return new(accessClaims) }),
	{"Verifier.Parse", func(tok string, key any, opts []jwt.Option) (any, error) {
		v, err := jwt.NewVerifier(key, opts...)
		if err != nil {
			return nil, err
		}
		t, err := v.Parse(tok)
		if err != nil {
			return nil, err
		}
		return t.Claims, nil
	}},
	{"Verifier.ParseWithClaims(AccessClaims)", func(tok string, key any, opts []jwt.Option) (any, error) {
		v, err := jwt.NewVerifier(key, opts...)
		if err != nil {
			return nil, err
		}
		var c accessClaims
		_, err = v.ParseWithClaims(tok, &c)
		return &c, err
	}},
}

// tokenCheck is the result of parsing one token along every path with both
// encoders.
type tokenCheck struct {
	same        bool   // every path gave the same verdict and value
	verdictSame bool   // every path got the same verdict from the core (before the Encoder)
	std, got    string // the first differing path's verdicts (or the common one)
	panicked    bool
	// registeredDiffers: the candidate filled the registered claims of a
	// struct differently from what encoding/json, and the core's
	// validation, saw.
	registeredDiffers bool
	reached           bool // with encoding/json, some path got as far as the Encoder
	refused           bool // with encoding/json, the core refused the token on every path before the Encoder
}

// compareToken parses tok along the standard paths and extra with
// encoding/json and with the candidate, comparing verdicts and decoded
// claims. k names the input for the memo of encoding/json's side (see
// memo.go): it must identify key, opts and extra.
func (c *checker) compareToken(k memoKey, tok string, key any, opts []jwt.Option, extra ...parsePath) tokenCheck {
	res := tokenCheck{same: true, verdictSame: true, refused: true}
	paths := append(append([]parsePath(nil), standardPaths...), extra...)
	for _, p := range paths {
		c.rep.Tokens++
		candOpts := append(append([]jwt.Option(nil), opts...), jwt.WithEncoder(c.enc))
		stdVal, stdErr := c.stdParse(k, p, tok, key, opts)
		var candVal any
		o := safely(func() error {
			var err error
			candVal, err = p.run(tok, key, candOpts)
			return err
		})
		res.panicked = res.panicked || o.panicked
		res.reached = res.reached || reachedCodec(stdErr)
		res.refused = res.refused && refusedByCore(stdErr)
		sv, cv := verdict(stdErr), verdict(o.err)
		if res.std == "" {
			res.std, res.got = p.name+": "+sv, p.name+": "+cv
		}
		switch {
		case sv != cv || o.panicked:
			if res.same {
				res.std, res.got = p.name+": "+sv, p.name+": "+cv
			}
			res.same = false
			// The core's verdict is everything decided before the
			// Encoder runs. Once encoding/json got as far as the
			// Encoder, the candidate can only decode, fail to decode
			// (ErrEncoding) or panic: a codec fault, not a verdict the
			// core let the codec change.
			codecOnly := reachedCodec(stdErr) && (o.panicked || reachedCodec(o.err))
			if !codecOnly {
				res.verdictSame = false
			}
		case stdErr == nil && !reflect.DeepEqual(stdVal, candVal):
			if res.same {
				res.std, res.got = p.name+": "+show(stdVal), p.name+": "+show(candVal)
			}
			res.same = false
			if a, ok := registeredOf(stdVal); ok {
				if b, _ := registeredOf(candVal); !reflect.DeepEqual(a, b) {
					res.registeredDiffers = true
					res.std, res.got = p.name+" registered claims: "+show(a), p.name+" registered claims: "+show(b)
				}
			}
		}
	}
	return res
}

// show formats a decoded value for a report line, briefly.
func show(v any) string {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	s := "<nil>"
	if rv.IsValid() && rv.CanInterface() {
		s = fmt.Sprintf("%#v", rv.Interface())
	}
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}

// brief shortens an input or output for a report line.
func brief(b []byte) string {
	s := fmt.Sprintf("%q", b)
	if len(s) > 80 {
		s = s[:77] + `..."`
	}
	return s
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	s := err.Error()
	if len(s) > 100 {
		s = s[:97] + "..."
	}
	return "error: " + s
}

var registeredType = reflect.TypeFor[claims.Registered]()

// registeredOf finds the claims.Registered in a decoded value: the value
// itself, or a struct embedding it (directly or through a pointer).
func registeredOf(v any) (claims.Registered, bool) {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	if !rv.IsValid() || rv.Kind() != reflect.Struct {
		return claims.Registered{}, false
	}
	if rv.Type() == registeredType {
		return rv.Interface().(claims.Registered), true
	}
	for i := 0; i < rv.NumField(); i++ {
		f := rv.Type().Field(i)
		if !f.Anonymous {
			continue
		}
		fv := rv.Field(i)
		if f.Type == registeredType {
			return fv.Interface().(claims.Registered), true
		}
		if f.Type == reflect.PointerTo(registeredType) {
			if fv.IsNil() {
				return claims.Registered{}, true
			}
			return fv.Elem().Interface().(claims.Registered), true
		}
	}
	return claims.Registered{}, false
}
