package main

import (
	"context"
	"sync"

	"github.com/jotlib/jwt/jwk"
)

// fetchLog is a jwk.FetchObserver that keeps what one command's fetches
// reported (the discovery document's, OpenID Connect Discovery 1.0 section
// 4, and the JWK Set's, RFC 7517 section 5), so that a failure can name the
// URL and status behind it.
type fetchLog struct {
	mu     sync.Mutex
	events []jwk.FetchEvent
}

// ObserveFetch implements jwk.FetchObserver.
func (l *fetchLog) ObserveFetch(_ context.Context, e jwk.FetchEvent) {
	l.mu.Lock()
	l.events = append(l.events, e)
	l.mu.Unlock()
}

// last returns the latest event of the discovery document's fetches
// (discovery) or of the JWK Set's: its URL (user information redacted),
// its kind, and the HTTP status of a response (0 without one). url is ""
// when there was none.
func (l *fetchLog) last(discovery bool) (url string, kind jwk.FetchKind, status int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := len(l.events) - 1; i >= 0; i-- {
		if e := l.events[i]; e.Discovery == discovery {
			return e.URL, e.Kind, e.Status
		}
	}
	return "", 0, 0
}
