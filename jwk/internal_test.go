package jwk

import (
	"net/http"
	"net/url"
	"testing"
	"time"
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
		got, ok := cacheLifetime(h)
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
