package jsoniterext_test

import (
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jsoniterext"
)

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
