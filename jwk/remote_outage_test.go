package jwk_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestRemoteSet_OutageDuringRotation_ErrKeyNotFoundAndErrFetch: issue 21
// item 5. The JWK Set answers 503 when a new "kid" arrives: the one fetch
// tried fails, and the caller learns both that no key matched and why the
// set could not be fetched (jwk/README.md's failure table promises
// ErrFetch); within the rate-limit period, the same.
func TestRemoteSet_OutageDuringRotation_ErrKeyNotFoundAndErrFetch(t *testing.T) {
	k := testKeys()
	f := newFixture(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.srv.status.Store(http.StatusServiceUnavailable)
	tok := mustSign(t, jwt.ES384, k.ec384, "k2")
	for i, when := range []string{"the fetch for the new kid", "within the rate limit after it"} {
		err := f.parse(tok)
		if !errors.Is(err, jwk.ErrKeyNotFound) || !errors.Is(err, jwk.ErrFetch) || !errors.Is(err, jwt.ErrInvalidKey) ||
			!strings.Contains(err.Error(), "503") || !strings.Contains(err.Error(), `"k2"`) {
			t.Fatalf("%s: %v, want ErrKeyNotFound and ErrFetch naming the kid and the 503", when, err)
		}
		if n := f.srv.hits.Load(); n != 2 {
			t.Fatalf("%s (%d): %d requests, want 2", when, i, n)
		}
	}
	// The served key still verifies during the outage, and a good fetch
	// ends the ErrFetch part.
	if err := f.parse(mustSign(t, jwt.ES256, k.ec256, "a")); err != nil {
		t.Fatalf("the served key: %v", err)
	}
	f.srv.status.Store(http.StatusOK)
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := f.parse(tok); !errors.Is(err, jwk.ErrKeyNotFound) || errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("after the provider is back: %v, want ErrKeyNotFound only", err)
	}
}
