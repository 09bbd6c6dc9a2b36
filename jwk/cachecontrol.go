package jwk

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// cacheLifetime reads Cache-Control (RFC 9111 section 5.2.2): "no-store"
// and "no-cache" give zero, "max-age=N" gives N seconds. ok is false when the
// header says neither.
func cacheLifetime(h http.Header) (d time.Duration, ok bool) {
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
				if secs > int64(365*24*time.Hour/time.Second) {
					secs = int64(365 * 24 * time.Hour / time.Second)
				}
				d, ok = time.Duration(secs)*time.Second, true
			}
		}
	}
	return d, ok
}
