package httpcache

import (
	"net/http"
	"testing"
	"time"
)

func TestRFC9111_5_2_2_CacheControlLifetime(t *testing.T) {
	for _, c := range []struct {
		values []string
		want   time.Duration
		ok     bool
	}{
		{nil, 0, false},
		{[]string{"public"}, 0, false},
		{[]string{"max-age=60"}, time.Minute, true},
		{[]string{`Max-Age="120"`}, 2 * time.Minute, true},
		{[]string{"max-age=60, no-cache"}, 0, true},
		{[]string{"public", "no-store"}, 0, true},
		{[]string{"max-age=-1"}, 0, false},
		{[]string{"max-age=x, max-age=30"}, 30 * time.Second, true},
		{[]string{"max-age=999999999999"}, MaxLifetime, true},
	} {
		h := http.Header{}
		for _, v := range c.values {
			h.Add("Cache-Control", v)
		}
		if d, ok := Lifetime(h); d != c.want || ok != c.ok {
			t.Errorf("Lifetime(%q) = %v, %v; want %v, %v", c.values, d, ok, c.want, c.ok)
		}
	}
}
