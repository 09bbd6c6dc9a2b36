package jwt_test

import (
	"runtime"
	"testing"

	"github.com/jotlib/jwt"
)

// TestLargeSignaturesCostNoAllocationInProportionToTheirSize: a parse
// allocates as much for a 512-byte signature (RSA-4096) or a 4,627-byte one
// (ML-DSA-87) as for a 32-byte one (HS256). The signatures are wrong, so
// what is measured is the decoding before the signature check.
func TestLargeSignaturesCostNoAllocationInProportionToTheirSize(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not exact under the race detector (sync.Pool drops items at random)")
	}
	v, err := jwt.NewVerifier(rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	allocs := func(size int) float64 {
		tok := rtRaw(`{"alg":"HS256"}`, `{"sub":"s"}`, func(string) []byte { return make([]byte, size) })
		_, _ = v.Parse(tok)
		return testing.AllocsPerRun(50, func() { _, _ = v.Parse(tok) })
	}
	base := allocs(32)
	// The 512-byte stack buffer for signatures stays on the stack: a parse
	// that fails at the signature allocates less than it.
	tok := rtRaw(`{"alg":"HS256"}`, `{"sub":"s"}`, func(string) []byte { return make([]byte, 32) })
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const n = 200
	for range n {
		_, _ = v.Parse(tok)
	}
	runtime.ReadMemStats(&after)
	if perParse := (after.TotalAlloc - before.TotalAlloc) / n; perParse >= 512 {
		t.Errorf("a parse failing at a 32-byte signature allocates %d bytes: the signature buffer escaped to the heap", perParse)
	}
	for _, size := range []int{512, 513, 2420, 3309, 4627} {
		if got := allocs(size); got != base {
			t.Errorf("a %d-byte signature: %v allocations, a 32-byte one %v", size, got, base)
		}
	}
}
