package benchmarks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
)

// codec is a claims codec measured on its own, as the floor under the
// claims step of a parse or a sign.
type codec struct {
	name string
	enc  jwt.Encoder
}

// codecs lists encoding/json and the other encoders (see extraCodecs).
func codecs() []codec {
	return append([]codec{{"std", jwt.StdEncoder{}}}, extraCodecs()...)
}

// BenchmarkFloorBase64 decodes the three segments of the HS256 workload
// token into reused buffers: the base64 work under a parse.
func BenchmarkFloorBase64(b *testing.B) {
	a := findCase(b, "HS256")
	segs := strings.Split(a.token, ".")
	bufs := make([][]byte, len(segs))
	for i, s := range segs {
		bufs[i] = make([]byte, base64.RawURLEncoding.DecodedLen(len(s)))
	}
	b.Run("segments=3", func(b *testing.B) {
		loop(b, func() error {
			for i, s := range segs {
				if _, err := base64.RawURLEncoding.Decode(bufs[i], []byte(s)); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// BenchmarkFloorHMAC shows why a verifier keeps HMAC state: a fresh
// hmac.New per token against a reused state, over the workload's signing
// input.
func BenchmarkFloorHMAC(b *testing.B) {
	a := findCase(b, "HS256")
	input := a.signingInput()
	key := a.verifK.([]byte)
	var sum [sha256.Size]byte
	b.Run("state=new", func(b *testing.B) {
		loop(b, func() error {
			mac := hmac.New(sha256.New, key)
			mac.Write(input)
			mac.Sum(sum[:0])
			return nil
		})
	})
	b.Run("state=reused", func(b *testing.B) {
		mac := hmac.New(sha256.New, key)
		loop(b, func() error {
			mac.Reset()
			mac.Write(input)
			mac.Sum(sum[:0])
			return nil
		})
	})
}

// BenchmarkFloorDecode is the bare claims decode per codec: the workload's
// JSON into this library's struct (claims.Registered embedded) or a map.
func BenchmarkFloorDecode(b *testing.B) {
	payload, err := jwt.StdEncoder{}.Marshal(jotStructClaims())
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range codecs() {
		b.Run("claims=struct/codec="+c.name, func(b *testing.B) {
			loop(b, func() error {
				var v accessClaims
				return c.enc.Unmarshal(payload, &v)
			})
		})
		b.Run("claims=map/codec="+c.name, func(b *testing.B) {
			loop(b, func() error {
				var v map[string]any
				return c.enc.Unmarshal(payload, &v)
			})
		})
	}
}

// BenchmarkFloorEncode is the bare claims encode per codec.
func BenchmarkFloorEncode(b *testing.B) {
	s, m := jotStructClaims(), mapClaims()
	for _, c := range codecs() {
		b.Run("claims=struct/codec="+c.name, func(b *testing.B) {
			loop(b, func() error { _, err := c.enc.Marshal(s); return err })
		})
		b.Run("claims=map/codec="+c.name, func(b *testing.B) {
			loop(b, func() error { _, err := c.enc.Marshal(m); return err })
		})
	}
}
