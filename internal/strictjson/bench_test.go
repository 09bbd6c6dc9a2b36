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
