package jwt_test

import (
	"encoding/base64"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/corpus"
)

// TestCompactFormIsExactlyTwoDotsBase64urlAndCanonical_RFC7515_7_1 runs the
// corpus's compact-form attacks: three or one dots, a million dots, CR/LF
// and spaces, '=' padding, non-canonical trailing bits, the standard
// alphabet, empty segments and the size cap.
func TestCompactFormIsExactlyTwoDotsBase64urlAndCanonical_RFC7515_7_1(t *testing.T) {
	rtRunCorpus(t, "compact/")
}

// TestEveryByteOutsideBase64urlIsRefusedBeforeDecoding_Rule1: Go's base64
// decoders skip '\r' and '\n', so the charset is checked on the raw token.
func TestEveryByteOutsideBase64urlIsRefusedBeforeDecoding_Rule1(t *testing.T) {
	tok := rtSign(t, map[string]any{"sub": "a"})
	first := strings.IndexByte(tok, '.')
	last := strings.LastIndexByte(tok, '.')
	positions := []struct {
		name string
		at   int
	}{{"start", 0}, {"in-header", first / 2}, {"before-first-dot", first}, {"in-payload", (first + last) / 2}, {"in-signature", last + 5}, {"end", len(tok)}}
	v, err := jwt.NewVerifier(rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	for c := 0; c < 256; c++ {
		if strings.IndexByte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.", byte(c)) >= 0 {
			continue
		}
		for _, p := range positions {
			bad := tok[:p.at] + string([]byte{byte(c)}) + tok[p.at:]
			if _, err := v.Parse(bad); !errors.Is(err, jwt.ErrTokenMalformed) {
				t.Errorf("byte 0x%02x %s: got %v, want ErrTokenMalformed", c, p.name, err)
			}
		}
	}
}

// TestNonCanonicalTrailingBitsAreRefused_RFC7515_2 sets each unused trailing
// bit pattern of a signature segment: a lenient decoder reads the same
// bytes, so the signature would verify; canonical base64url refuses it.
func TestNonCanonicalTrailingBitsAreRefused_RFC7515_2(t *testing.T) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	k := corpus.Keys()
	tests := []struct {
		name string
		alg  jwt.Algorithm
		sign any
		key  any
	}{
		{"HS256 (32-byte MAC, 2 unused bits)", jwt.HS256, k.HS256, k.HS256},
		{"HS384 (48 bytes, no unused bits)", jwt.HS384, k.HS384, k.HS384},
		{"ES256 (64 bytes, 4 unused bits)", jwt.ES256, k.P256, &k.P256.PublicKey},
		{"EdDSA (64 bytes, 4 unused bits)", jwt.EdDSA, k.Ed25519, k.Ed25519.Public()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tok, err := jwt.Sign(tc.alg, map[string]any{"sub": "a"}, tc.sign)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := jwt.Parse(tok, tc.key); err != nil {
				t.Fatalf("canonical token refused: %v", err)
			}
			sig := tok[strings.LastIndexByte(tok, '.')+1:]
			unused := len(sig) * 6 % 8
			lastVal := strings.IndexByte(alphabet, sig[len(sig)-1])
			lenient := base64.RawURLEncoding // not Strict: ignores the unused bits
			want, _ := lenient.DecodeString(sig)
			variants := 0
			for low := 1; low < 1<<unused; low++ {
				alt := sig[:len(sig)-1] + string(alphabet[lastVal|low])
				if got, err := lenient.DecodeString(alt); err != nil || string(got) != string(want) {
					t.Fatalf("variant %q does not decode leniently to the same bytes", alt)
				}
				variants++
				bad := tok[:len(tok)-len(sig)] + alt
				if _, err := jwt.Parse(bad, tc.key); !errors.Is(err, jwt.ErrTokenMalformed) {
					t.Errorf("non-canonical %q: got %v, want ErrTokenMalformed", alt, err)
				}
			}
			if variants != 1<<unused-1 {
				t.Errorf("tested %d variants, want %d", variants, 1<<unused-1)
			}
		})
	}
}

// TestMillionDotsAreRefusedAtOnceWithoutProportionalAllocation_CVE_2025_30204:
// the token is never split; the scan stops at the third '.'.
func TestMillionDotsAreRefusedAtOnceWithoutProportionalAllocation_CVE_2025_30204(t *testing.T) {
	v, err := jwt.NewVerifier(rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	valid := rtSign(t, map[string]any{"sub": "a"})
	tests := []struct{ name, token string }{
		{"million dots", strings.Repeat(".", 1_000_000)},
		{"valid token then a million dots", valid + strings.Repeat(".", 1_000_000)},
		{"a million dots with segments", strings.Repeat("a.", 500_000)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := v.Parse(tc.token); !errors.Is(err, jwt.ErrTokenMalformed) {
				t.Fatalf("got %v, want ErrTokenMalformed", err)
			}
			allocs := testing.AllocsPerRun(20, func() { _, _ = v.Parse(tc.token) })
			limit := 8.0 // the refusal's error values: a constant, whatever the length
			if raceEnabled {
				limit += 4 // sync.Pool drops items at random under the race detector
			}
			if allocs > limit {
				t.Errorf("%v allocations per parse; want a small constant", allocs)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			const runs = 50
			for i := 0; i < runs; i++ {
				_, _ = v.Parse(tc.token)
			}
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			if per := (after.TotalAlloc - before.TotalAlloc) / runs; per > 4096 {
				t.Errorf("%d bytes allocated per parse of a %d-byte token; want far less", per, len(tc.token))
			}
			if elapsed > 2*time.Second {
				t.Errorf("%d parses took %v; the scan must stop at the third '.'", runs, elapsed)
			}
		})
	}
}

// TestSizeCapIsCheckedFirst_Rule1: a default cap of 1 MiB, adjustable, and
// checked before any other rule; ErrTokenTooLarge also matches
// ErrTokenMalformed.
func TestSizeCapIsCheckedFirst_Rule1(t *testing.T) {
	if jwt.DefaultMaxTokenSize != 1<<20 {
		t.Errorf("DefaultMaxTokenSize = %d, want 1 MiB", jwt.DefaultMaxTokenSize)
	}
	if !errors.Is(jwt.ErrTokenTooLarge, jwt.ErrTokenMalformed) {
		t.Error("ErrTokenTooLarge must match ErrTokenMalformed")
	}
	valid := rtSign(t, map[string]any{"sub": "a"})
	tests := []struct {
		name  string
		token string
		opts  []jwt.Option
		want  error
	}{
		{"over the default cap, full of bad bytes", strings.Repeat("\n", jwt.DefaultMaxTokenSize+1), nil, jwt.ErrTokenTooLarge},
		{"at the default cap", strings.Repeat("\n", jwt.DefaultMaxTokenSize), nil, jwt.ErrTokenMalformed},
		{"one byte over WithMaxTokenSize", valid, []jwt.Option{jwt.WithMaxTokenSize(len(valid) - 1)}, jwt.ErrTokenTooLarge},
		{"exactly WithMaxTokenSize", valid, []jwt.Option{jwt.WithMaxTokenSize(len(valid))}, nil},
		{"WithMaxTokenSize above the default", valid + strings.Repeat("A", jwt.DefaultMaxTokenSize), []jwt.Option{jwt.WithMaxTokenSize(4 << 20)}, jwt.ErrSignatureInvalid},
		{"WithMaxTokenSize zero", valid, []jwt.Option{jwt.WithMaxTokenSize(0)}, jwt.ErrInvalidOption},
		{"WithMaxTokenSize negative", valid, []jwt.Option{jwt.WithMaxTokenSize(-1)}, jwt.ErrInvalidOption},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := jwt.Parse(tc.token, rtSecret, tc.opts...)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("got %v, want a valid token", err)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if tc.want == jwt.ErrTokenMalformed && errors.Is(err, jwt.ErrTokenTooLarge) {
				t.Fatalf("a token at the cap is not too large: %v", err)
			}
		})
	}
}
