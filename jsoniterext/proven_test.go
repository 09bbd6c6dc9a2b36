package jsoniterext

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
)

// provenCapture learns, through the core, what the strict pass proves
// about a claims object: the core tells it exactly what it tells New.
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

// coreProven returns what the core's strict pass proves about claims, and
// false when the core refuses them before any Encoder runs.
func coreProven(claims []byte) (jwt.Proven, bool) {
	b64 := base64.RawURLEncoding.EncodeToString
	tok := b64([]byte(`{"alg":"HS256"}`)) + "." + b64(claims) + ".AA"
	c := &provenCapture{}
	u, err := jwt.ReadUnverified(tok, jwt.WithEncoder(c))
	if err != nil || u.Claims(new(any)) != nil || !c.told {
		return jwt.Proven{}, false
	}
	return c.p, true
}

// provenAgrees fails t unless UnmarshalProven, told what the core proves
// about in, gives Unmarshal's result and error class, into each target
// decodesAsStd uses. It reports whether the core passes in on.
func provenAgrees(t *testing.T, in []byte) bool {
	t.Helper()
	p, ok := coreProven(in)
	if !ok {
		return false
	}
	enc := New().(*Encoder)
	pairs := []func() (any, any){
		func() (any, any) { return new(decodeTarget), new(decodeTarget) },
		func() (any, any) { a, b := prefilled(), prefilled(); return &a, &b },
		func() (any, any) { return new(any), new(any) },
		func() (any, any) { return new(map[string]any), new(map[string]any) },
		func() (any, any) { return new(accessClaims), new(accessClaims) },
	}
	for _, pair := range pairs {
		want, got := pair()
		wantErr := enc.Unmarshal(bytes.Clone(in), want)
		err := enc.UnmarshalProven(bytes.Clone(in), got, p)
		if (err == nil) != (wantErr == nil) || (err == nil && !reflect.DeepEqual(want, got)) ||
			(err != nil && err.Error() != wantErr.Error()) {
			t.Errorf("UnmarshalProven(%q, %+v) into %T: %+v, %v; Unmarshal %+v, %v", in, p, got, got, err, want, wantErr)
		}
	}
	return true
}

// TestRFC8259_8_1_UnmarshalProvenAgreesWithUnmarshal: on every
// JSONTestSuite file (as claims when an object, else as {"v": file}) and
// every input of the decode tests that the core's strict pass accepts,
// UnmarshalProven told its facts decodes exactly as Unmarshal.
func TestRFC8259_8_1_UnmarshalProvenAgreesWithUnmarshal(t *testing.T) {
	dir := filepath.Join("..", "encodertest", "testdata", "jsontestsuite", "test_parsing")
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) < 300 {
		t.Fatalf("JSONTestSuite at %s: %d files, %v", dir, len(entries), err)
	}
	passed := 0
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range [][]byte{data, append(append([]byte(`{"v":`), data...), '}')} {
			if provenAgrees(t, in) {
				passed++
			}
		}
	}
	for _, in := range []string{
		`{"s":"a\"b\\c\u00e9\n","l":["\u0041"],"a":"\ud83d\ude00"}`, `{"s":"é","m":{"k":"ü"}}`,
		"{\n\t\"s\": \"a\\\"b\",\r\n \"l\": [\"x\"]\n}", "{\n\"s\":\"plain\"\n}",
		`{"m":{"é":1},"s":"x"}`, `{"m":{"\u0061":1}}`, `{"S":"upper","L":["case"]}`, `{"iss":"i","aud":["a","b"],"exp":1.5}`,
		`{"l":["a",null]}`, `{"l":["a",1]}`, `{"l":"a"}`, `{"arr":[1,2,3]}`, `{"s":1}`, `{"sub":"u","roles":["a"],"admin":true}`,
	} {
		if !provenAgrees(t, []byte(in)) {
			t.Errorf("the core refuses %q: not a check of UnmarshalProven", in)
		}
		passed++
	}
	if passed < 100 {
		t.Fatalf("only %d inputs the core passes on", passed)
	}
}

// TestUnmarshalProvenWithoutStrictIsUnmarshal: a Proven that does not say
// Strict, the zero Proven (the only one code outside jwt can make), proves
// nothing: input the strict pass would refuse decodes, or fails, exactly
// as Unmarshal.
func TestUnmarshalProvenWithoutStrictIsUnmarshal(t *testing.T) {
	enc := New().(*Encoder)
	for _, in := range []string{"{\"s\":\"\xff\"}", "{\"s\":\"a\x01\"}", `{"é":1,"s":"x"}`, `{"s":"a\"b"}`, `{"s":1} x`} {
		for _, p := range []jwt.Proven{{}} {
			var want, got decodeTarget
			wantErr := enc.Unmarshal([]byte(in), &want)
			err := enc.UnmarshalProven([]byte(in), &got, p)
			if (err == nil) != (wantErr == nil) || !reflect.DeepEqual(want, got) {
				t.Errorf("UnmarshalProven(%q, %+v): %+v, %v; Unmarshal %+v, %v", in, p, got, err, want, wantErr)
			}
		}
	}
}

// FuzzUnmarshalProvenMatchesUnmarshal: for any claims the core passes on,
// UnmarshalProven told the core's facts decodes as Unmarshal.
func FuzzUnmarshalProvenMatchesUnmarshal(f *testing.F) {
	for _, s := range []string{
		`{"iss":"a","aud":["b","c"],"exp":1.5,"s":null,"l":["x"],"m":{"k":[1,{"z":null}]},"a":true}`,
		`{"s":"\b\ud83d\ude00","a":"\\"}`, `{"s":"é"}`, `{"m":{"é":1}}`, "{\n\"s\":\"a\\\"\"\n}", `{"arr":["z"]}`,
		`{"sub":"u","roles":["a","b"],"scope":"x y"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if strings.Count(in, "[")+strings.Count(in, "{") > 200 {
			return // the core refuses past depth 64; keep runs short
		}
		provenAgrees(t, []byte(in))
	})
}

// policyEncoder wraps New's Encoder with a policy of its own in Unmarshal,
// inheriting UnmarshalProven and ProvenFor by embedding.
type policyEncoder struct {
	*Encoder
	calls int
}

var errPolicy = errors.New("policy: claim \"admin\" refused")

func (w *policyEncoder) Unmarshal(data []byte, v any) error {
	w.calls++
	if bytes.Contains(data, []byte(`"admin"`)) {
		return errPolicy
	}
	return w.Encoder.Unmarshal(data, v)
}

// TestEmbeddingWrapperUnmarshalIsCalled: a wrapper that embeds *Encoder
// and overrides Unmarshal is called through its Unmarshal on every path,
// its refusal standing: the core takes only an Encoder whose ProvenFor
// returns itself as opted in, never one that inherited UnmarshalProven.
func TestEmbeddingWrapperUnmarshalIsCalled(t *testing.T) {
	w := &policyEncoder{Encoder: New().(*Encoder)}
	if got := w.ProvenFor(); got == jwt.Encoder(w) {
		t.Fatal("the inherited ProvenFor returned the wrapper")
	}
	key := []byte("0123456789abcdef0123456789abcdef")
	s, err := jwt.NewSigner(jwt.HS256, key)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(map[string]any{"sub": "alice", "admin": true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jwt.Parse(tok, key, jwt.WithEncoder(w)); !errors.Is(err, jwt.ErrEncoding) || !strings.Contains(err.Error(), errPolicy.Error()) {
		t.Fatalf("Parse: %v, want the wrapper's refusal", err)
	}
	u, err := jwt.ReadUnverified(tok, jwt.WithEncoder(w))
	if err != nil {
		t.Fatal(err)
	}
	if err := u.Claims(new(map[string]any)); err == nil || !strings.Contains(err.Error(), errPolicy.Error()) {
		t.Fatalf("Unverified.Claims: %v, want the wrapper's refusal", err)
	}
	if w.calls != 2 {
		t.Fatalf("wrapper's Unmarshal called %d times, want 2", w.calls)
	}
}
