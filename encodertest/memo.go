package encodertest

import (
	"reflect"
	"sync"

	"github.com/jotlib/jwt"
)

// The reference side of every comparison is encoding/json (jwt.StdEncoder),
// which is stateless and deterministic, and every input the kit gives it is
// fixed (fixed keys, a fixed clock, deterministic signatures). So what
// encoding/json does with each input is computed once per process and
// shared by every Run and Check: a test comparing ten codecs, or eight
// broken encoders, runs the reference side once instead of ten or eight
// times. The candidate side always runs afresh.

// memoKey names one reference computation: what was done (kind), to which
// input (group, name and the input itself), decoding into which type, along
// which parse path.
type memoKey struct {
	kind, group, name, in string
	typ                   reflect.Type
	path                  string
}

// memoEntry is one computation, run once.
type memoEntry struct {
	once sync.Once
	v    any
}

// stdMemo maps a memoKey to its *memoEntry.
var stdMemo sync.Map

// memoStd returns f's result for k, running f only the first time k is
// seen in this process (concurrent callers wait for that first run). The
// result is shared: callers only read it.
func memoStd[T any](k memoKey, f func() T) T {
	e, _ := stdMemo.LoadOrStore(k, new(memoEntry))
	m := e.(*memoEntry)
	m.once.Do(func() { m.v = f() })
	return m.v.(T)
}

// memoizable reports whether the checker's reference is encoding/json's
// StdEncoder, whose results may be shared.
func (c *checker) memoizable() bool {
	s, ok := c.std.(jwt.StdEncoder)
	return ok && !s.UseNumber
}

// decoded is a decoding's value and outcome.
type decoded struct {
	v any
	o outcome
}

// stdUnmarshal is unmarshal with the reference encoder, memoized under k.
func (c *checker) stdUnmarshal(k memoKey, in []byte, dst func() any) (any, outcome) {
	if !c.memoizable() {
		return unmarshal(c.std, in, dst)
	}
	k.kind, k.typ = "unmarshal", reflect.TypeOf(dst())
	d := memoStd(k, func() decoded {
		v, o := unmarshal(c.std, in, dst)
		return decoded{v, o}
	})
	return d.v, d.o
}

// parsed is a parse path's decoded value and error.
type parsed struct {
	v   any
	err error
}

// stdParse runs parse path p on tok with the reference encoder, memoized
// under k (which must identify key and opts: the same token may be parsed
// with other keys or options elsewhere in the kit).
func (c *checker) stdParse(k memoKey, p parsePath, tok string, key any, opts []jwt.Option) (any, error) {
	stdOpts := append(append([]jwt.Option(nil), opts...), jwt.WithEncoder(c.std))
	if !c.memoizable() || k.kind == "" {
		return p.run(tok, key, stdOpts)
	}
	k.in, k.path = tok, p.name
	r := memoStd(k, func() parsed {
		v, err := p.run(tok, key, stdOpts)
		return parsed{v, err}
	})
	return r.v, r.err
}

// signed is a marshaling's output and Sign's token, each with its outcome,
// and the verdict of parsing that token back.
type signed struct {
	out        []byte
	marshal    outcome
	tok        string
	sign       outcome
	parseError error
}

// stdSigned marshals and signs an encode probe's value with the reference
// encoder and parses the token back, memoized under k.
func (c *checker) stdSigned(k memoKey, v, claims any) signed {
	run := func() signed {
		var s signed
		s.out, s.marshal = marshal(c.std, v)
		s.tok, s.sign = sign(c.std, claims)
		if s.tok != "" {
			_, s.parseError = jwt.Parse(s.tok, hmacKey, jwt.WithEncoder(c.std), jwt.WithTimeFunc(nowFunc))
		}
		return s
	}
	if !c.memoizable() {
		return run()
	}
	k.kind = "encode"
	return memoStd(k, run)
}
