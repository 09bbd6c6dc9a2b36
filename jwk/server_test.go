package jwk_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// jwksServer is an httptest server on 127.0.0.1 serving a JWK Set whose
// body, status, delay and headers a test changes while it runs.
type jwksServer struct {
	*httptest.Server
	body         atomic.Pointer[[]byte]
	status       atomic.Int32
	delay        atomic.Int64 // nanoseconds before answering
	cacheControl atomic.Pointer[string]
	etag         atomic.Pointer[string] // when set: sent, and If-None-Match honoured
	noLength     atomic.Bool            // stream the body without Content-Length
	hits         atomic.Int64
}

func newJWKSServer(t testing.TB, body []byte) *jwksServer {
	t.Helper()
	s := &jwksServer{}
	s.setBody(body)
	s.status.Store(http.StatusOK)
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *jwksServer) setBody(b []byte) { s.body.Store(&b) }

func (s *jwksServer) serve(w http.ResponseWriter, r *http.Request) {
	s.hits.Add(1)
	if d := time.Duration(s.delay.Load()); d > 0 {
		select {
		case <-time.After(d):
		case <-r.Context().Done():
			return
		}
	}
	if cc := s.cacheControl.Load(); cc != nil {
		w.Header().Set("Cache-Control", *cc)
	}
	if et := s.etag.Load(); et != nil {
		w.Header().Set("ETag", *et)
		if r.Header.Get("If-None-Match") == *et {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	if st := int(s.status.Load()); st != http.StatusOK {
		http.Error(w, "unavailable", st)
		return
	}
	body := *s.body.Load()
	w.Header().Set("Content-Type", "application/jwk-set+json")
	if !s.noLength.Load() {
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	}
	for len(body) > 0 { // in pieces, so a streamed body is chunked
		n := min(len(body), 32<<10)
		if _, err := w.Write(body[:n]); err != nil {
			return
		}
		if f, ok := w.(http.Flusher); ok && s.noLength.Load() {
			f.Flush()
		}
		body = body[n:]
	}
}

func ptr[T any](v T) *T { return &v }

// waitFor polls cond for up to d.
func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return cond()
}
