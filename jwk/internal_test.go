package jwk

import (
	"net/http"
	"net/url"
	"reflect"
	"testing"
	"time"

	"github.com/jotlib/jwt/internal/httpcache"
)

func TestCacheLifetimeReadsRFC9111Directives(t *testing.T) {
	tests := []struct {
		values []string
		want   time.Duration
		ok     bool
	}{
		{nil, 0, false},
		{[]string{"public"}, 0, false},
		{[]string{"max-age=60"}, time.Minute, true},
		{[]string{"Max-Age=60"}, time.Minute, true},
		{[]string{"public, max-age=60, must-revalidate"}, time.Minute, true},
		{[]string{"public", "max-age=30"}, 30 * time.Second, true},
		{[]string{"max-age=-1"}, 0, false},
		{[]string{"max-age="}, 0, false},
		{[]string{"max-age=99999999999999999999"}, 0, false},
		{[]string{"max-age=999999999999"}, 365 * 24 * time.Hour, true},
		{[]string{"no-store, max-age=60"}, 0, true},
		{[]string{"max-age=60, no-cache"}, 0, true},
	}
	for _, tt := range tests {
		h := http.Header{}
		for _, v := range tt.values {
			h.Add("Cache-Control", v)
		}
		got, ok := httpcache.Lifetime(h)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%q: %v %v, want %v %v", tt.values, got, ok, tt.want, tt.ok)
		}
	}
}

func TestRedirectsNeverDowngradeFromHTTPS(t *testing.T) {
	req := func(u string) *http.Request {
		p, _ := url.Parse(u)
		return &http.Request{URL: p}
	}
	tests := []struct {
		via  []string
		to   string
		okay bool
	}{
		{[]string{"https://a.example/jwks"}, "https://b.example/jwks", true},
		{[]string{"https://a.example/jwks"}, "http://b.example/jwks", false},
		{[]string{"https://127.0.0.1/jwks"}, "http://127.0.0.1/jwks", false},
		{[]string{"http://127.0.0.1/jwks", "https://a.example/jwks"}, "http://127.0.0.1/jwks", false},
		{[]string{"http://127.0.0.1/jwks"}, "http://127.0.0.1/other", true},
		{[]string{"http://127.0.0.1/jwks"}, "http://idp.example/jwks", false},
		{[]string{"http://127.0.0.1/jwks"}, "file:///etc/passwd", false},
		{[]string{"https://a/1", "https://a/2", "https://a/3", "https://a/4", "https://a/5"}, "https://a/6", false},
	}
	for _, tt := range tests {
		var via []*http.Request
		for _, v := range tt.via {
			via = append(via, req(v))
		}
		if err := redirectPolicy(false)(req(tt.to), via); (err == nil) != tt.okay {
			t.Errorf("%v -> %s: %v", tt.via, tt.to, err)
		}
	}
}

// TestWithRedirectPolicy_OursFirstThenTheCallersOnAShallowCopy_CallersClientUnchanged:
// the reusable wrapper (JWK Sets and discovery documents) refuses what our
// rule refuses without asking the caller's policy, then asks it (its
// errors, http.ErrUseLastResponse included, pass through), and keeps the
// caller's Transport, Jar and Timeout on a copy.
func TestWithRedirectPolicy_OursFirstThenTheCallersOnAShallowCopy_CallersClientUnchanged(t *testing.T) {
	req := func(u string) *http.Request {
		p, _ := url.Parse(u)
		return &http.Request{URL: p}
	}
	var asked int
	theirErr := http.ErrUseLastResponse
	theirs := func(*http.Request, []*http.Request) error { asked++; return theirErr }
	jar := &nopJar{}
	caller := &http.Client{Transport: &http.Transport{}, Jar: jar, Timeout: 7 * time.Second, CheckRedirect: theirs}
	orig := *caller
	c := withRedirectPolicy(caller, false)
	if c == caller || c.Transport != caller.Transport || c.Jar != caller.Jar || c.Timeout != caller.Timeout {
		t.Fatalf("not a shallow copy: %+v", c)
	}
	if caller.Transport != orig.Transport || caller.Jar != orig.Jar || caller.Timeout != orig.Timeout ||
		reflect.ValueOf(caller.CheckRedirect).Pointer() != reflect.ValueOf(theirs).Pointer() {
		t.Fatal("the caller's client was changed")
	}
	https := []*http.Request{req("https://idp.example/jwks")}
	if err := c.CheckRedirect(req("http://127.0.0.1/jwks"), https); err == nil || asked != 0 {
		t.Fatalf("https -> http on loopback: %v, caller asked %d times; want refused by our rule alone", err, asked)
	}
	if err := c.CheckRedirect(req("https://other.example/jwks"), https); err != theirErr || asked != 1 {
		t.Fatalf("https -> https: %v, caller asked %d times; want the caller's answer", err, asked)
	}
	theirErr = nil
	if err := c.CheckRedirect(req("https://other.example/jwks"), https); err != nil || asked != 2 {
		t.Fatalf("https -> https, caller follows: %v", err)
	}
	// A nil CheckRedirect (Go's default) leaves our rule alone.
	d := withRedirectPolicy(&http.Client{}, false)
	if err := d.CheckRedirect(req("https://other.example/jwks"), https); err != nil {
		t.Fatal(err)
	}
	if err := d.CheckRedirect(req("http://127.0.0.1/jwks"), https); err == nil {
		t.Fatal("https -> http followed with a nil CheckRedirect")
	}
}

type nopJar struct{}

func (*nopJar) SetCookies(*url.URL, []*http.Cookie) {}
func (*nopJar) Cookies(*url.URL) []*http.Cookie     { return nil }
