package jwttest_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/jotlib/jwt/jwttest"
)

// errRecorder is a testing.TB whose Errorf records instead of failing.
type errRecorder struct {
	testing.TB
	errs []string
}

func (r *errRecorder) Helper() {}
func (r *errRecorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, sprintf(format, args...))
}

func TestRFC9110_15_SetStatusOutside200To599RefusedAndUnset(t *testing.T) {
	t.Parallel()
	for _, code := range []int{-1, 1, 99, 100, 101, 199, 600, 1000} {
		r := &errRecorder{TB: t}
		p := jwttest.NewProvider(r)
		p.SetStatus(jwttest.PathJWKS, code)
		if len(r.errs) != 1 || !strings.Contains(r.errs[0], "200") {
			t.Fatalf("SetStatus(%d): Errorf calls %q, want one naming the range", code, r.errs)
		}
		if err := fetchErr(t, p); err != nil {
			t.Fatalf("SetStatus(%d) left a fault set: %v", code, err)
		}
	}
	r := &errRecorder{TB: t}
	p := jwttest.NewProvider(r)
	for _, code := range []int{0, 200, 299, 302, 404, 599} {
		p.SetStatus(jwttest.PathJWKS, code)
	}
	if len(r.errs) != 0 {
		t.Fatalf("valid codes refused: %q", r.errs)
	}
}

func TestSetBody_UnknownFaultRefusedAndUnset(t *testing.T) {
	t.Parallel()
	r := &errRecorder{TB: t}
	p := jwttest.NewProvider(r)
	p.SetBody(jwttest.PathJWKS, jwttest.BodyFault(99))
	p.SetBody(jwttest.PathJWKS, jwttest.BodyFault(-1))
	if len(r.errs) != 2 {
		t.Fatalf("Errorf calls %q, want 2", r.errs)
	}
	if err := fetchErr(t, p); err != nil {
		t.Fatalf("an unknown BodyFault acted: %v", err)
	}
}

func TestRFC9110_8_6_SetBodyOnEndpointsKeepsStatusAndHeaders(t *testing.T) {
	t.Parallel()
	for _, b := range []jwttest.BodyFault{jwttest.BodyTruncated, jwttest.BodyGarbage} {
		p := jwttest.NewProvider(t)
		p.SetBody(jwttest.PathAuthorize, b)
		p.SetBody(jwttest.PathToken, b)
		_, challenge := pkcePair()
		resp, err := noFollow(p).Get(p.Issuer() + jwttest.PathAuthorize + "?" + authParams(p, challenge).Encode())
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		loc, _ := url.Parse(resp.Header.Get("Location"))
		if resp.StatusCode != http.StatusFound || loc == nil || loc.Query().Get("code") == "" || resp.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("body fault %d on /authorize: %d, Location %q", b, resp.StatusCode, resp.Header.Get("Location"))
		}
		bad := url.Values{"grant_type": {"password"}, "client_id": {p.ClientID()}}
		resp, err = p.Client().PostForm(p.Issuer()+jwttest.PathToken, bad)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("body fault %d on /token: %d %v, want 400 no-store", b, resp.StatusCode, resp.Header)
		}
	}
}
