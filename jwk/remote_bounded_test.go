package jwk_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// lockedBuffer is a bytes.Buffer for a slog handler shared by goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Split(strings.TrimSpace(l.b.String()), "\n")
}

// forgedHeaderToken is a token whose header is header (not signed by
// anyone): what an attacker sends before any signature is checked.
func forgedHeaderToken(header string) string {
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(header)) + "." + enc.EncodeToString([]byte(`{"sub":"x"}`)) + "." + enc.EncodeToString(make([]byte, 64))
}

// TestRFC8725_3_10_UnverifiedHeaderValuesAreBoundedInErrorsEventsAndLogs:
// issue 20 item 5 (RFC 8725 section 3.10: do not trust received claims). A forged token with a 700 KB "kid" or "alg" (RFC 7515 sections
// 4.1.4 and 4.1.1, unauthenticated until the signature verifies) made a
// 700 KB log line through NewSlogObserver, a 700 KB error and ~4.8 MB of
// allocations per request. Every unverified value that reaches an error,
// an event or a log is cut to 100 bytes, marked; the allocations stay
// within a small multiple of the token's own size.
func TestRFC8725_3_10_UnverifiedHeaderValuesAreBoundedInErrorsEventsAndLogs(t *testing.T) {
	const huge = 700 << 10
	k := testKeys()
	var logs lockedBuffer
	obs := jwk.NewSlogObserver(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	rec := &recorder{}
	srv := newJWKSServer(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})))
	r, err := jwk.NewRemoteSet(srv.URL, jwk.WithFetchObserver(multiObserver{obs, rec}))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	v, err := jwt.NewVerifier(r, jwt.WithObserver(obs))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	kid := strings.Repeat("k", huge)
	tokens := map[string]string{
		"kid":             forgedHeaderToken(`{"alg":"ES256","kid":"` + kid + `"}`),
		"alg":             forgedHeaderToken(`{"alg":"` + strings.Repeat("A", huge) + `"}`),
		"HS* with a kid":  forgedHeaderToken(`{"alg":"HS256","kid":"` + kid + `"}`),
		"look-alike name": forgedHeaderToken(`{"alg":"ES256","` + strings.Repeat("N", huge) + `":1,"kID":2}`),
	}
	for name, tok := range tokens {
		for i := 0; i < 3; i++ { // the unknown-kid fetch, then rate-limited
			_, err := v.Parse(tok)
			if err == nil {
				t.Fatalf("%s: accepted", name)
			}
			if n := len(err.Error()); n > 600 {
				t.Fatalf("%s: a %d-byte error: %.200s…", name, n, err)
			}
		}
	}
	for _, line := range logs.lines() {
		if len(line) > 1000 {
			t.Fatalf("a %d-byte log line: %.300s…", len(line), line)
		}
	}
	for _, e := range rec.all() {
		if len(e.KeyID) > 100 {
			t.Fatalf("a %d-byte KeyID in a %v event", len(e.KeyID), e.Kind)
		}
	}
	if len(rec.events(jwk.EventRateLimited)) == 0 {
		t.Fatal("no rate-limited event: the test did not reach it")
	}
	// The allocations of one forged request: the header's decoding and its
	// "kid" (each about the size of the value), not copies of it in errors
	// and logs. (Not under -race, where sync.Pool drops buffers at random.)
	if raceEnabled {
		return
	}
	tok := tokens["kid"]
	var before, after runtime.MemStats
	const runs = 5
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := 0; i < runs; i++ {
		v.Parse(tok)
	}
	runtime.ReadMemStats(&after)
	perRun := (after.TotalAlloc - before.TotalAlloc) / runs
	t.Logf("%d bytes allocated per request with a %d-byte kid (token %d bytes)", perRun, huge, len(tok))
	if perRun > 3*huge {
		t.Fatalf("%d bytes allocated per request with a %d-byte kid, want at most %d", perRun, huge, 3*huge)
	}
}

// multiObserver hands each event to every observer.
type multiObserver []jwk.FetchObserver

func (m multiObserver) ObserveFetch(ctx context.Context, e jwk.FetchEvent) {
	for _, o := range m {
		o.ObserveFetch(ctx, e)
	}
}
