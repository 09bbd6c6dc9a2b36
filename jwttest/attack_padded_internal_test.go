package jwttest

import (
	"strings"
	"testing"
)

// The "oversized" attack's payload is built without encoding its pad byte
// by byte: it must be the very bytes the plain JSON and base64url
// encodings give (RFC 7515 section 7.1), for every alignment of its head.
func TestRFC7515_7_1_OversizedPayloadIsThePlainEncoding(t *testing.T) {
	t.Parallel()
	b := &builder{}
	for _, ms := range [][]member{nil, {{"a", 1}}, {{"ab", "c"}}, {{"abc", "d"}, {"e", true}}} {
		for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 7, 100, 1 << 20} {
			want := b64.EncodeToString(b.json(append(append([]member{}, ms...), member{"pad", strings.Repeat("x", n)})))
			if got := b.padded(ms, n); got != want {
				t.Fatalf("padded(%v, %d) differs from the plain encoding", ms, n)
			}
		}
	}
	if b.err != nil {
		t.Fatal(b.err)
	}
}
