package jwk_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// redirector is an httptest TLS server on 127.0.0.1 that answers /jwks with
// a redirect to its to URL, and serves a JWK Set at /self.
type redirector struct {
	*httptest.Server
	to atomic.Pointer[string]
}

func newRedirector(t *testing.T, body []byte) *redirector {
	t.Helper()
	r := &redirector{}
	r.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == "/self" {
			w.Header().Set("Content-Type", "application/jwk-set+json")
			w.Write(body)
			return
		}
		http.Redirect(w, req, *r.to.Load(), http.StatusFound)
	}))
	t.Cleanup(r.Close)
	return r
}

func funcPointer(f any) uintptr {
	if f == nil || reflect.ValueOf(f).IsNil() {
		return 0
	}
	return reflect.ValueOf(f).Pointer()
}

// TestRemoteSet_WithHTTPClient_RedirectsNeverLeaveHTTPS_WhateverTheClientsOwnPolicy:
// an https JWK Set URL redirecting to http is refused through a caller's
// client too, whether its CheckRedirect follows everything or is nil (Go's
// default). The target is on the loopback interface, where an http JWK Set
// URL is allowed: the redirect is refused for leaving https, not for its
// host. The http server is never asked, the caller's policy is not even
// consulted for the refused hop, and the caller's client is not changed.
func TestRemoteSet_WithHTTPClient_RedirectsNeverLeaveHTTPS_WhateverTheClientsOwnPolicy(t *testing.T) {
	k := testKeys()
	body := publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "k"}))
	plain := newJWKSServer(t, body) // http://127.0.0.1:...
	tlsSrv := newRedirector(t, body)
	tlsSrv.to.Store(ptr(plain.URL + "/jwks.json"))
	var theirs atomic.Int64
	followAll := func(*http.Request, []*http.Request) error { theirs.Add(1); return nil }
	for _, tc := range []struct {
		name   string
		policy func(*http.Request, []*http.Request) error
	}{{"caller's CheckRedirect follows every redirect", followAll}, {"caller's CheckRedirect nil", nil}} {
		t.Run(tc.name, func(t *testing.T) {
			client := tlsSrv.Client()
			client.CheckRedirect = tc.policy
			before := funcPointer(client.CheckRedirect)
			r, err := jwk.NewRemoteSet(tlsSrv.URL+"/jwks", jwk.WithHTTPClient(client))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			err = r.Refresh(context.Background())
			if !errors.Is(err, jwk.ErrFetch) {
				t.Fatalf("https -> http redirect: %v, want ErrFetch", err)
			}
			if _, err := jwt.Parse(mustSign(t, jwt.ES256, k.ec256, "k"), r); !errors.Is(err, jwk.ErrFetch) {
				t.Fatalf("verification through the refused redirect: %v", err)
			}
			if n := plain.hits.Load(); n != 0 {
				t.Fatalf("the http server got %d requests", n)
			}
			if n := theirs.Load(); n != 0 {
				t.Fatalf("the caller's policy was asked %d times about a redirect ours refuses", n)
			}
			if funcPointer(client.CheckRedirect) != before {
				t.Fatal("the caller's client was changed")
			}
			t.Logf("%v", err)
		})
	}
}

// TestRemoteSet_WithHTTPClient_CallersRedirectPolicyStillAppliesAfterOurs:
// a redirect our rule allows (https to https) is then put to the caller's
// own CheckRedirect, which may follow it or refuse it.
func TestRemoteSet_WithHTTPClient_CallersRedirectPolicyStillAppliesAfterOurs(t *testing.T) {
	k := testKeys()
	body := publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "k"}))
	tlsSrv := newRedirector(t, body)
	tlsSrv.to.Store(ptr(tlsSrv.URL + "/self"))
	errRefused := errors.New("caller refuses")
	for _, tc := range []struct {
		name   string
		refuse bool
	}{{"caller follows", false}, {"caller refuses", true}} {
		t.Run(tc.name, func(t *testing.T) {
			var asked atomic.Int64
			client := tlsSrv.Client()
			client.CheckRedirect = func(req *http.Request, via []*http.Request) error {
				asked.Add(1)
				if tc.refuse {
					return errRefused
				}
				return nil
			}
			r, err := jwk.NewRemoteSet(tlsSrv.URL+"/jwks", jwk.WithHTTPClient(client))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			err = r.Refresh(context.Background())
			if asked.Load() != 1 {
				t.Fatalf("caller's policy asked %d times, want 1", asked.Load())
			}
			if tc.refuse {
				if !errors.Is(err, jwk.ErrFetch) || !errors.Is(err, errRefused) {
					t.Fatalf("Refresh = %v, want ErrFetch wrapping the caller's error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, err := jwt.Parse(mustSign(t, jwt.ES256, k.ec256, "k"), r); err != nil {
				t.Fatal(err)
			}
		})
	}
}
