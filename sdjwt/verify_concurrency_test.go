package sdjwt_test

import (
	"context"
	"sync"
	"testing"

	"github.com/jotlib/jwt/sdjwt"
)

func TestRFC9901_7_3_VerifierSafeForConcurrentUse(t *testing.T) {
	v := verifier(t, sdjwt.Config{})
	good := withKB(t, boundSDJWT(t))
	bad := boundSDJWT(t) // no KB-JWT
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				p := good
				if i%2 == 1 {
					p = bad
				}
				_, err := v.Verify(context.Background(), p, checks, nil)
				if (err == nil) != (i%2 == 0) {
					t.Errorf("goroutine %d: %v", i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestPathStringRendersNamesAndIndexes(t *testing.T) {
	for p, want := range map[string]sdjwt.Path{
		`address.street`:   {"address", "street"},
		`nationalities[1]`: {"nationalities", 1},
		`"a b"[0]."x.y"`:   {"a b", 0, "x.y"},
		`""`:               {""},
		`a.<invalid>`:      {"a", 1.5},
		``:                 nil,
	} {
		if got := want.String(); got != p {
			t.Errorf("%#v: %q, want %q", want, got, p)
		}
	}
}
