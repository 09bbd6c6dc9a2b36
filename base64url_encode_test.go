package jwt

import (
	"bytes"
	"encoding/base64"
	"math/rand/v2"
	"testing"
)

// TestB64AppendEncodeIsRawURLEncoding: every length from 0 to 200, random
// bytes and all-ones, after an existing prefix, as encoding/base64 writes
// them.
func TestB64AppendEncodeIsRawURLEncoding(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 200; n++ {
		for _, src := range [][]byte{randomBytes(rng, n), bytes.Repeat([]byte{0xFF}, n)} {
			want := base64.RawURLEncoding.AppendEncode([]byte("prefix."), src)
			if got := b64AppendEncode([]byte("prefix."), src); !bytes.Equal(got, want) {
				t.Fatalf("%d bytes %x:\n got %s\nwant %s", n, src, got, want)
			}
		}
	}
}

func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// FuzzB64AppendEncode compares the encoder with encoding/base64.
func FuzzB64AppendEncode(f *testing.F) {
	f.Add([]byte("hello, world"), []byte("x"))
	f.Fuzz(func(t *testing.T, src, prefix []byte) {
		want := base64.RawURLEncoding.AppendEncode(bytes.Clone(prefix), src)
		if got := b64AppendEncode(bytes.Clone(prefix), src); !bytes.Equal(got, want) {
			t.Fatalf("%x: got %s want %s", src, got, want)
		}
	})
}

func BenchmarkB64Encode(b *testing.B) {
	src := bytes.Repeat([]byte(`{"iss":"https://auth.example.com","sub":"user"}`), 8)[:357]
	buf := make([]byte, 0, 1024)
	b.Run("own", func(b *testing.B) {
		for b.Loop() {
			buf = b64AppendEncode(buf[:0], src)
		}
	})
	b.Run("encoding-base64", func(b *testing.B) {
		for b.Loop() {
			buf = base64.RawURLEncoding.AppendEncode(buf[:0], src)
		}
	})
}
