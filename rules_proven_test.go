package jwt_test

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/jotlib/jwt"
)

// provenRecorder is a ProvenUnmarshaler that decodes with encoding/json
// and records each call: which method, the Proven it was told, the bytes.
type provenRecorder struct {
	mu    sync.Mutex
	calls []provenCall
	// scribble overwrites the bytes it was given after decoding them.
	scribble bool
}

type provenCall struct {
	proven bool // UnmarshalProven, not Unmarshal
	p      jwt.Proven
	data   string
}

func (r *provenRecorder) record(c provenCall) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, c)
}

func (r *provenRecorder) last(t *testing.T) provenCall {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.calls) == 0 {
		t.Fatal("the Encoder was never called")
	}
	return r.calls[len(r.calls)-1]
}

func (r *provenRecorder) Marshal(v any) ([]byte, error) { return json.Marshal(v) }

func (r *provenRecorder) Unmarshal(data []byte, v any) error {
	r.record(provenCall{data: string(data)})
	return r.decode(data, v)
}

func (r *provenRecorder) UnmarshalProven(data []byte, v any, p jwt.Proven) error {
	r.record(provenCall{proven: true, p: p, data: string(data)})
	return r.decode(data, v)
}

func (r *provenRecorder) decode(data []byte, v any) error {
	err := json.Unmarshal(data, v)
	if r.scribble {
		for i := range data {
			data[i] = 0xff
		}
	}
	return err
}

func (r *provenRecorder) ProvenFor() jwt.Encoder { return r }

var _ jwt.ProvenUnmarshaler = (*provenRecorder)(nil)

// facts is what a jwt.Proven holds, through its getters.
type facts struct{ Strict, ASCII, NoEscapes, PlainNames bool }

func factsOf(p jwt.Proven) facts {
	return facts{p.Strict(), p.ASCII(), p.NoEscapes(), p.PlainNames()}
}

// provenCases are claims with what the strict pass proves about them.
var provenCases = []struct {
	name, claims string
	want         facts
}{
	{"plain ASCII", `{"sub":"alice","n":[1,{"x":"y"}]}`, facts{Strict: true, ASCII: true, NoEscapes: true, PlainNames: true}},
	{"non-ASCII value", `{"sub":"café"}`, facts{Strict: true, NoEscapes: true, PlainNames: true}},
	{"escaped value", `{"sub":"a\"b"}`, facts{Strict: true, ASCII: true, PlainNames: true}},
	{"non-ASCII nested name", `{"x":{"é":1}}`, facts{Strict: true, NoEscapes: true}},
	{"escaped nested name", `{"x":[{"\u0061":1}]}`, facts{Strict: true, ASCII: true}},
}

// TestRFC8259_8_1_ProvenUnmarshalerToldWhatTheStrictPassProved: on every
// path that runs the strict pass (Parse, ParseWithClaims, ReadUnverified's
// Claims), a ProvenUnmarshaler is called through UnmarshalProven with the
// pass's facts, on the bytes the pass checked, and never through
// Unmarshal.
func TestRFC8259_8_1_ProvenUnmarshalerToldWhatTheStrictPassProved(t *testing.T) {
	for _, tc := range provenCases {
		rec := &provenRecorder{}
		tok := rtHS256(`{"alg":"HS256"}`, tc.claims)
		v, err := jwt.NewVerifier(rtSecret, jwt.WithEncoder(rec))
		if err != nil {
			t.Fatal(err)
		}
		paths := map[string]func() error{
			"Parse": func() error { _, err := v.Parse(tok); return err },
			"ParseWithClaims": func() error {
				var c struct{ Sub string }
				_, err := v.ParseWithClaims(tok, &c)
				return err
			},
			"jwt.ParseWithClaims": func() error {
				var c map[string]any
				_, err := jwt.ParseWithClaims(tok, &c, rtSecret, jwt.WithEncoder(rec))
				return err
			},
			"ReadUnverified": func() error {
				u, err := jwt.ReadUnverified(tok, jwt.WithEncoder(rec))
				if err != nil {
					return err
				}
				var m map[string]any
				return u.Claims(&m)
			},
		}
		for path, run := range paths {
			if err := run(); err != nil {
				t.Fatalf("%s %s: %v", tc.name, path, err)
			}
			c := rec.last(t)
			if !c.proven || factsOf(c.p) != tc.want || c.data != tc.claims {
				t.Errorf("%s %s: called %+v, want UnmarshalProven with %+v on %q", tc.name, path, c, tc.want, tc.claims)
			}
		}
	}
}

// plainRecorder is an Encoder without UnmarshalProven.
type plainRecorder struct{ calls int }

func (r *plainRecorder) Marshal(v any) ([]byte, error) { return json.Marshal(v) }
func (r *plainRecorder) Unmarshal(data []byte, v any) error {
	r.calls++
	return json.Unmarshal(data, v)
}

// TestEncoderWithoutProvenUnmarshalerSeesNoChange: an Encoder that does not
// opt in is called through Unmarshal, once per parse, as before.
func TestEncoderWithoutProvenUnmarshalerSeesNoChange(t *testing.T) {
	rec := &plainRecorder{}
	tok := rtHS256(`{"alg":"HS256"}`, `{"sub":"café"}`)
	var m map[string]any
	if _, err := jwt.ParseWithClaims(tok, &m, rtSecret, jwt.WithEncoder(rec)); err != nil || m["sub"] != "café" {
		t.Fatalf("claims %v, err %v", m, err)
	}
	if rec.calls != 1 {
		t.Fatalf("Unmarshal called %d times, want 1", rec.calls)
	}
}

// TestRFC7519_7_2_StrictPassRefusalNeverReachesUnmarshalProven: bytes the
// strict pass refuses are refused before any Encoder, on the verifying and
// the unverified paths alike.
func TestRFC7519_7_2_StrictPassRefusalNeverReachesUnmarshalProven(t *testing.T) {
	for _, claims := range []string{`{"sub":"a","sub":"b"}`, `{"role":1,"ROLE":2}`, "{\"sub\":\"\xff\"}", "{\"sub\":\"a\x01\"}", `{"a":"\ud800"}`} {
		rec := &provenRecorder{}
		tok := rtHS256(`{"alg":"HS256"}`, claims)
		if _, err := jwt.Parse(tok, rtSecret, jwt.WithEncoder(rec)); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%q: Parse %v, want ErrTokenMalformed", claims, err)
		}
		if _, err := jwt.ReadUnverified(tok, jwt.WithEncoder(rec)); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%q: ReadUnverified %v, want ErrTokenMalformed", claims, err)
		}
		if len(rec.calls) != 0 {
			t.Errorf("%q: the Encoder was called: %+v", claims, rec.calls)
		}
	}
}

// liar claims success without decoding anything.
type liar struct{ provenRecorder }

func (l *liar) UnmarshalProven([]byte, any, jwt.Proven) error { return nil }
func (l *liar) ProvenFor() jwt.Encoder                        { return l }

// TestRFC7519_7_2_ProvenNeverChangesAVerdict: the facts are told after the
// core decided; an Encoder that ignores them and returns success without
// decoding cannot make the core accept a token a rule refused, and one
// whose UnmarshalProven fails fails the parse.
func TestRFC7519_7_2_ProvenNeverChangesAVerdict(t *testing.T) {
	expired := rtHS256(`{"alg":"HS256"}`, `{"sub":"a","exp":1}`)
	if _, err := jwt.Parse(expired, rtSecret, jwt.WithEncoder(&liar{})); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Fatalf("expired token through a lying Encoder: %v, want ErrTokenExpired", err)
	}
	badSig := rtRaw(`{"alg":"HS256"}`, `{"sub":"a"}`, rtHMAC([]byte("another-secret-of-thirty-two-byt")))
	if _, err := jwt.Parse(badSig, rtSecret, jwt.WithEncoder(&liar{})); !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Fatalf("forged token through a lying Encoder: %v, want ErrSignatureInvalid", err)
	}
	failing := &failingProven{}
	if _, err := jwt.Parse(rtHS256(`{"alg":"HS256"}`, `{"sub":"a"}`), rtSecret, jwt.WithEncoder(failing)); !errors.Is(err, jwt.ErrEncoding) {
		t.Fatalf("UnmarshalProven failing: %v, want ErrEncoding", err)
	}
}

// failingProven decodes through Unmarshal but fails UnmarshalProven.
type failingProven struct{ provenRecorder }

func (f *failingProven) UnmarshalProven([]byte, any, jwt.Proven) error {
	return errors.New("refused")
}

func (f *failingProven) ProvenFor() jwt.Encoder { return f }

// policyWrapper embeds a ProvenUnmarshaler and overrides only Unmarshal,
// with a policy refusal: it inherits UnmarshalProven and ProvenFor.
type policyWrapper struct {
	*provenRecorder
	refused int
}

var errPolicy = errors.New("policy: claims refused")

func (w *policyWrapper) Unmarshal([]byte, any) error {
	w.refused++
	return errPolicy
}

// TestProvenUnmarshalerNotInheritedByEmbedding: a wrapper that embeds an
// opted-in Encoder and overrides Unmarshal is called through its own
// Unmarshal (its refusal stands, as ErrEncoding), never through the
// embedded UnmarshalProven: opting in is declared, not inherited.
func TestProvenUnmarshalerNotInheritedByEmbedding(t *testing.T) {
	w := &policyWrapper{provenRecorder: &provenRecorder{}}
	tok := rtHS256(`{"alg":"HS256"}`, `{"sub":"alice"}`)
	if _, err := jwt.Parse(tok, rtSecret, jwt.WithEncoder(w)); !errors.Is(err, jwt.ErrEncoding) || !strings.Contains(err.Error(), errPolicy.Error()) {
		t.Fatalf("Parse through the wrapper: %v, want its Unmarshal's refusal", err)
	}
	u, err := jwt.ReadUnverified(tok, jwt.WithEncoder(w))
	if err != nil {
		t.Fatal(err)
	}
	if err := u.Claims(new(map[string]any)); err == nil || !strings.Contains(err.Error(), errPolicy.Error()) {
		t.Fatalf("Unverified.Claims through the wrapper: %v, want its Unmarshal's refusal", err)
	}
	if w.refused != 2 || len(w.calls) != 0 {
		t.Fatalf("wrapper's Unmarshal called %d times, embedded Encoder %+v; want 2 and none", w.refused, w.calls)
	}
}

// valueProven is a ProvenUnmarshaler by value, not comparable (it holds a
// map): the core does not use its UnmarshalProven, and never panics
// comparing it.
type valueProven struct{ seen map[string]int }

func (valueProven) Marshal(v any) ([]byte, error) { return json.Marshal(v) }
func (e valueProven) Unmarshal(data []byte, v any) error {
	e.seen["Unmarshal"]++
	return json.Unmarshal(data, v)
}
func (e valueProven) UnmarshalProven(data []byte, v any, _ jwt.Proven) error {
	e.seen["UnmarshalProven"]++
	return json.Unmarshal(data, v)
}
func (e valueProven) ProvenFor() jwt.Encoder { return e }

// TestProvenUnmarshalerOnlyAsAPointer: an Encoder that is not a pointer
// cannot show that ProvenFor returned itself, so it is called through
// Unmarshal; comparing a non-comparable one never panics.
func TestProvenUnmarshalerOnlyAsAPointer(t *testing.T) {
	e := valueProven{seen: map[string]int{}}
	tok := rtHS256(`{"alg":"HS256"}`, `{"sub":"alice"}`)
	if _, err := jwt.Parse(tok, rtSecret, jwt.WithEncoder(e)); err != nil {
		t.Fatal(err)
	}
	if e.seen["Unmarshal"] != 1 || e.seen["UnmarshalProven"] != 0 {
		t.Fatalf("calls %v, want Unmarshal once", e.seen)
	}
}

// TestRFC8259_ZeroProvenProvesNothing: the only Proven code outside the
// package can build, the zero value, holds no fact.
func TestRFC8259_ZeroProvenProvesNothing(t *testing.T) {
	var p jwt.Proven
	if factsOf(p) != (facts{}) || p.String() != "Proven{}" {
		t.Fatalf("zero Proven: %+v %s", factsOf(p), p)
	}
	rec := &provenRecorder{}
	if _, err := jwt.Parse(rtHS256(`{"alg":"HS256"}`, `{"sub":"a"}`), rtSecret, jwt.WithEncoder(rec)); err != nil {
		t.Fatal(err)
	}
	if got := rec.last(t).p.String(); got != "Proven{Strict ASCII NoEscapes PlainNames}" {
		t.Fatalf("the core's Proven: %s", got)
	}
}

// TestUnverifiedClaimsGivesEachCallItsOwnCheckedCopy: the Encoder contract
// (a buffer of its own, never reused) holds for Unverified.Claims called
// twice: an Encoder that overwrites what it was given leaves the next call
// the bytes the strict pass checked, and the facts still true of them.
func TestUnverifiedClaimsGivesEachCallItsOwnCheckedCopy(t *testing.T) {
	rec := &provenRecorder{scribble: true}
	claims := `{"sub":"alice"}`
	u, err := jwt.ReadUnverified(rtHS256(`{"alg":"HS256"}`, claims), jwt.WithEncoder(rec))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		var m map[string]any
		if err := u.Claims(&m); err != nil || m["sub"] != "alice" {
			t.Fatalf("call %d: claims %v, err %v", i, m, err)
		}
		if c := rec.last(t); c.data != claims || !c.p.ASCII() {
			t.Fatalf("call %d: given %q with %+v", i, c.data, c.p)
		}
	}
	if r := u.Registered(); r.Subject != "alice" {
		t.Fatalf("Registered after the Encoder scribbled: %+v", r)
	}
}
