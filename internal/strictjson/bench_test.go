package strictjson

import "testing"

// benchClaims is the benchmark workload's claims JSON (about 350 bytes).
var benchClaims = []byte(`{"iss":"https://auth.example.com/realms/production","sub":"7c9e6679-7425-40de-944b-e07fc1f90ae7","aud":["https://api.example.com","https://billing.example.com"],"exp":1764583200,"nbf":1764496740,"iat":1764496740,"jti":"01JDQ7Z3X8K4M2N6P9R5T1V3W7","name":"Alexandra Example-Person","roles":["reader","writer","billing:admin","support"],"email_verified":true}`)

// BenchmarkObject measures the strict pass over the workload's claims with
// a callback that does nothing.
func BenchmarkObject(b *testing.B) {
	b.SetBytes(int64(len(benchClaims)))
	b.ReportAllocs()
	for b.Loop() {
		if err := Object(benchClaims, func(Key, []byte) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// worstCaseObject is about 768 KiB (a 1 MiB token's header) of the most
// costly input we know for the pass: an array of objects of 16 escaped
// names each, of one length and the same first and last bytes (so they
// share a filter bit), differing only near their ends.
func worstCaseObject(size int) []byte {
	b := []byte(`{"x":[`)
	name := []byte(`"\u0061\u0061\u0061\u0061\u0061\u0061\u0061\u0061?\u0061":1`)
	for i := 0; len(b) < size-len(name)*16-8; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		for j := range 16 {
			if j > 0 {
				b = append(b, ',')
			}
			name[len(name)-10] = byte('a' + j)
			b = append(b, name...)
		}
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// wellFormedObject is an ordinary object of about size bytes: an array of
// small objects of plain names.
func wellFormedObject(size int) []byte {
	b := []byte(`{"x":[`)
	for i := 0; len(b) < size-64; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":12345,"name":"member","ok":true}`...)
	}
	return append(b, "]}"...)
}

// BenchmarkWorstCase compares the pass over the costliest input we know
// with an ordinary object of the same size.
func BenchmarkWorstCase(b *testing.B) {
	for _, bc := range []struct {
		name string
		data []byte
	}{{"worst", worstCaseObject(768 << 10)}, {"well-formed", wellFormedObject(768 << 10)}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := Object(bc.data, func(Key, []byte) error { return nil }); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
