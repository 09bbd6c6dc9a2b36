package jsoniterext

import (
	"encoding/json"
	"testing"

	"github.com/jotlib/jwt"
	jsoniter "github.com/json-iterator/go"
)

// BenchmarkHS256 is the workload of ../benchmarks through a reused Signer
// and Verifier with the default encoder (encoding/json) and with
// jsoniterext, and through the rule-free hand-rolled floor with jsoniter
// (floor_test.go): "floor" with jsoniter's standard-library-compatible
// configuration, "floor-ext" with New's own configuration (its extension,
// no adapter checks). All rows run in each round (-count): compare them
// within one run.
func BenchmarkHS256(b *testing.B) {
	key := []byte("0123456789abcdef0123456789abcdef")
	now := jwt.WithTimeFunc(wlNow.Local)
	std, err := jwt.NewSigner(jwt.HS256, key)
	if err != nil {
		b.Fatal(err)
	}
	var structClaims any = wlClaims()
	mapClaims := wlMap()
	tok, err := std.Sign(structClaims)
	if err != nil {
		b.Fatal(err)
	}
	type impl struct {
		name        string
		sign        func(any) (string, error)
		parseStruct func(string) error
		parseMap    func(string) error
	}
	var impls []impl
	for _, e := range []struct {
		name string
		enc  jwt.Encoder
	}{{"default", jwt.StdEncoder{}}, {"jsoniterext", New()}} {
		s, err := jwt.NewSigner(jwt.HS256, key, jwt.WithEncoder(e.enc))
		if err != nil {
			b.Fatal(err)
		}
		v, err := jwt.NewVerifier(key, jwt.WithEncoder(e.enc), now)
		if err != nil {
			b.Fatal(err)
		}
		impls = append(impls, impl{
			name: e.name,
			sign: s.Sign,
			parseStruct: func(tok string) error {
				var c accessClaims
				_, err := v.ParseWithClaims(tok, &c)
				return err
			},
			parseMap: func(tok string) error { _, err := v.Parse(tok); return err },
		})
	}
	for _, f := range []struct {
		name string
		api  jsoniter.API
	}{{"floor", jsoniter.ConfigCompatibleWithStandardLibrary}, {"floor-ext", exactAPI}} {
		fl := newFloor(f.api, key, `{"alg":"HS256","typ":"JWT"}`)
		if got, err := fl.sign(structClaims); err != nil || got != tok {
			b.Fatalf("%s signs %s, %v; want %s", f.name, got, err, tok)
		}
		impls = append(impls, impl{
			name: f.name,
			sign: fl.sign,
			parseStruct: func(tok string) error {
				var c accessClaims
				return fl.parse(tok, &c)
			},
			parseMap: func(tok string) error {
				var m map[string]any
				return fl.parse(tok, &m)
			},
		})
	}
	for _, op := range []string{"parse-struct", "parse-map", "sign-struct", "sign-map"} {
		for _, im := range impls {
			var run func() error
			switch op {
			case "parse-struct":
				run = func() error { return im.parseStruct(tok) }
			case "parse-map":
				run = func() error { return im.parseMap(tok) }
			case "sign-struct":
				run = func() error { _, err := im.sign(structClaims); return err }
			case "sign-map":
				run = func() error { _, err := im.sign(mapClaims); return err }
			}
			b.Run(op+"/"+im.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := run(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkUnmarshalProven is the seam alone: the workload's claims
// decoded into the struct through Unmarshal (its own UTF-8, escape, name
// and control scans) and through UnmarshalProven told the core's facts
// (none of them). Both rows run in each round: compare them within one run.
func BenchmarkUnmarshalProven(b *testing.B) {
	data, err := json.Marshal(wlClaims())
	if err != nil {
		b.Fatal(err)
	}
	p, ok := coreProven(data)
	if !ok || !p.Strict() || !p.PlainNames() {
		b.Fatalf("the core proves %+v (%v) about the workload", p, ok)
	}
	enc := New().(*Encoder)
	for _, row := range []struct {
		name string
		run  func(v *accessClaims) error
	}{
		{"Unmarshal", func(v *accessClaims) error { return enc.Unmarshal(data, v) }},
		{"UnmarshalProven", func(v *accessClaims) error { return enc.UnmarshalProven(data, v, p) }},
	} {
		b.Run(row.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var c accessClaims
				if err := row.run(&c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
