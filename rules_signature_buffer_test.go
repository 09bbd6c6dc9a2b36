package jwt_test

import (
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
	for _, size := range []int{512, 513, 2420, 3309, 4627} {
		if got := allocs(size); got != base {
			t.Errorf("a %d-byte signature: %v allocations, a 32-byte one %v", size, got, base)
		}
	}
}
