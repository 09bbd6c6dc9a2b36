// Package httpcache reads the freshness a response's Cache-Control gives
// (RFC 9111 section 5.2.2), for the key and metadata fetchers (jwk,
// sdjwt/vc).
package httpcache

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// MaxLifetime caps a "max-age": a year, whatever a server says.
const MaxLifetime = 365 * 24 * time.Hour

// Lifetime reads Cache-Control (RFC 9111 section 5.2.2): "no-store" and
// "no-cache" give zero, "max-age=N" gives N seconds (at most MaxLifetime).
// ok is false when the header says neither.
func Lifetime(h http.Header) (d time.Duration, ok bool) {
	for _, line := range h.Values("Cache-Control") {
		for _, dir := range strings.Split(line, ",") {
			name, value, _ := strings.Cut(strings.TrimSpace(dir), "=")
			switch strings.ToLower(strings.TrimSpace(name)) {
			case "no-store", "no-cache":
				return 0, true
			case "max-age":
				secs, err := strconv.ParseInt(strings.Trim(strings.TrimSpace(value), `"`), 10, 64)
				if err != nil || secs < 0 {
					continue
				}
				d, ok = time.Duration(min(secs, int64(MaxLifetime/time.Second)))*time.Second, true
			}
		}
	}
	return d, ok
}
