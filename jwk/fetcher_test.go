package jwk_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt/jwk"
)

// readyOf makes a RemoteSet and a Provider on idp (one fetch machine
// each), closed at the end of the test.
func readyOf(t *testing.T, idp *fakeIdP) map[string]interface {
	Ready(context.Context) error
	Close() error
} {
	t.Helper()
	client := jwk.WithHTTPClient(idp.srv.Client())
	remote, err := jwk.NewRemoteSet(idp.srv.URL+"/jwks", client)
	if err != nil {
		t.Fatal(err)
	}
	provider, err := jwk.NewProvider(idp.issuer, client)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { remote.Close(); provider.Close() })
	return map[string]interface {
		Ready(context.Context) error
		Close() error
	}{"RemoteSet": remote, "Provider": provider}
}

// TestReadyWithEndedContextFetchesNothing: Ready given a context that has
// already ended returns ErrFetch with the context's error and makes no
// request, for a RemoteSet and a Provider alike: no fetch for a caller
// that has gone, as for a verification.
func TestReadyWithEndedContextFetchesNothing(t *testing.T) {
	t.Parallel()
	idp := newFakeIdP(t, idpOptions{tls: true}, []byte(`{"keys":[]}`))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, src := range readyOf(t, idp) {
		if err := src.Ready(ctx); !errors.Is(err, jwk.ErrFetch) || !errors.Is(err, context.Canceled) {
			t.Errorf("%s.Ready(ended ctx): %v, want ErrFetch and context.Canceled", name, err)
		}
	}
	time.Sleep(100 * time.Millisecond) // a fetch started in the background would have arrived
	if n := idp.docHits.Load() + idp.keyHits.Load(); n != 0 {
		t.Fatalf("%d requests for a context already ended, want 0", n)
	}
}

// TestReadyEndsAtClose: Close during Ready's backoff (the identity
// provider down) ends Ready with ErrClosed at once, for a RemoteSet and a
// Provider alike.
func TestReadyEndsAtClose(t *testing.T) {
	t.Parallel()
	idp := newFakeIdP(t, idpOptions{tls: true}, []byte(`{"keys":[]}`))
	idp.down.Store(true)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for name, src := range readyOf(t, idp) {
		done := make(chan error, 1)
		go func() { done <- src.Ready(ctx) }()
		time.Sleep(100 * time.Millisecond) // the first fetch failed: Ready waits 250 ms
		start := time.Now()
		src.Close()
		select {
		case err := <-done:
			if !errors.Is(err, jwk.ErrClosed) {
				t.Errorf("%s.Ready ended by Close: %v, want ErrClosed", name, err)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("%s.Ready returned %v after Close", name, d)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s.Ready still waiting 5 s after Close", name)
		}
	}
}

// TestReadyAfterCloseIsErrClosed: after Close, Ready is ErrClosed, as its
// doc says, for a RemoteSet and a Provider alike, though the last keys
// still answer verifications.
func TestReadyAfterCloseIsErrClosed(t *testing.T) {
	idp := newFakeIdP(t, idpOptions{tls: true}, []byte(`{"keys":[]}`))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for name, src := range readyOf(t, idp) {
		if err := src.Ready(ctx); err != nil {
			t.Fatalf("%s.Ready: %v", name, err)
		}
		src.Close()
		if err := src.Ready(ctx); !errors.Is(err, jwk.ErrClosed) {
			t.Errorf("%s.Ready after Close: %v, want ErrClosed", name, err)
		}
	}
}
