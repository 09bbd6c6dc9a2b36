package jsoniterext_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jsoniterext"
)

// counting wraps an Encoder and counts its calls.
type counting struct {
	jwt.Encoder
	n *atomic.Int64
}

func (c counting) Marshal(v any) ([]byte, error)   { c.n.Add(1); return c.Encoder.Marshal(v) }
func (c counting) Unmarshal(b []byte, v any) error { c.n.Add(1); return c.Encoder.Unmarshal(b, v) }

// TestSetDefaultEncoder: jwt.SetDefaultEncoder(jsoniterext.New()) switches
// every Sign, Parse, Signer and Verifier made afterwards that has no
// WithEncoder; WithEncoder still wins; nil restores encoding/json; and
// setting it while tokens are parsed is race-free (run with -race).
func TestSetDefaultEncoder(t *testing.T) {
	t.Cleanup(func() { jwt.SetDefaultEncoder(nil) })
	var n atomic.Int64
	jwt.SetDefaultEncoder(counting{jsoniterext.New(), &n})
	key := []byte("0123456789abcdef0123456789abcdef")
	at := jwt.WithTimeFunc(func() time.Time { return time.Unix(1700000000, 0) })
	tok, err := jwt.Sign(jwt.HS256, map[string]any{"sub": "s"}, key)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jwt.Parse(tok, key, at); err != nil {
		t.Fatal(err)
	}
	if got := n.Load(); got != 2 {
		t.Errorf("default encoder used %d times, want 2 (Sign and Parse)", got)
	}
	if _, err := jwt.Parse(tok, key, at, jwt.WithEncoder(jwt.StdEncoder{})); err != nil || n.Load() != 2 {
		t.Errorf("WithEncoder did not take precedence: %v, %d calls", err, n.Load())
	}
	jwt.SetDefaultEncoder(nil)
	if _, ok := jwt.DefaultEncoder().(jwt.StdEncoder); !ok {
		t.Errorf("SetDefaultEncoder(nil) left %T", jwt.DefaultEncoder())
	}

	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 50 {
				if (i+j)%2 == 0 {
					jwt.SetDefaultEncoder(jsoniterext.New())
				} else {
					jwt.SetDefaultEncoder(nil)
				}
				if _, err := jwt.Parse(tok, key, at); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestConcurrentUse: one Encoder serves many goroutines at once (run with
// -race): a Signer and a Verifier sharing jsoniterext.New().
func TestConcurrentUse(t *testing.T) {
	enc := jsoniterext.New()
	key := []byte("0123456789abcdef0123456789abcdef")
	s, err := jwt.NewSigner(jwt.HS256, key, jwt.WithEncoder(enc))
	if err != nil {
		t.Fatal(err)
	}
	v, err := jwt.NewVerifier(key, jwt.WithEncoder(enc), jwt.WithTimeFunc(func() time.Time { return time.Unix(1700000000, 0) }))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 100 {
				tok, err := s.Sign(accessClaims{Name: "n", Roles: []string{"r"}, Admin: (i+j)%2 == 0})
				if err != nil {
					t.Error(err)
					return
				}
				var c accessClaims
				if _, err := v.ParseWithClaims(tok, &c); err != nil || c.Admin != ((i+j)%2 == 0) {
					t.Error(err, c)
					return
				}
			}
		}()
	}
	wg.Wait()
}
