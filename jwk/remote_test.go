package jwk_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// fixture is a server publishing the public halves of some EC keys and a
// RemoteSet reading it.
type fixture struct {
	srv    *jwksServer
	remote *jwk.RemoteSet
	v      *jwt.Verifier
}

func publish(t testing.TB, keys ...*jwk.Key) []byte {
	return mustJSON(t, jwk.NewSet(keys...).Public())
}

func newFixture(t testing.TB, body []byte, opts ...jwk.RemoteOption) *fixture {
	t.Helper()
	f := &fixture{srv: newJWKSServer(t, body)}
	var err error
	if f.remote, err = jwk.NewRemoteSet(f.srv.URL+"/jwks.json", opts...); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.remote.Close() })
	if f.v, err = jwt.NewVerifier(f.remote); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) parse(tok string) error {
	_, err := f.v.ParseContext(context.Background(), tok)
	return err
}

func TestRemoteSetAsKeyVerifiesTokensSignedWithKeyID(t *testing.T) {
	k := testKeys()
	f := newFixture(t, publish(t,
		mustKey(t, k.ec256, jwk.Params{KeyID: "ec"}),
		mustKey(t, k.rsa1, jwk.Params{KeyID: "rsa", Use: "sig"}),
		mustKey(t, k.ed, jwk.Params{KeyID: "ed", Algorithm: "EdDSA"})))
	for _, tc := range []struct {
		alg jwt.Algorithm
		key any
		kid string
	}{{jwt.ES256, k.ec256, "ec"}, {jwt.RS256, k.rsa1, "rsa"}, {jwt.PS512, k.rsa1, "rsa"}, {jwt.EdDSA, k.ed, "ed"}} {
		tok := mustSign(t, tc.alg, tc.key, tc.kid)
		if err := f.parse(tok); err != nil {
			t.Errorf("%s: %v", tc.alg, err)
		}
		if _, err := jwt.Parse(tok, f.remote); err != nil {
			t.Errorf("jwt.Parse %s: %v", tc.alg, err)
		}
	}
	// A known kid whose key does not fit the token's alg: no key.
	other := testKeys().ec384
	if err := f.parse(mustSign(t, jwt.ES384, other, "ec")); !errors.Is(err, jwk.ErrKeyNotFound) {
		t.Errorf("ES384 under an ES256 kid: %v", err)
	}
	if st := f.remote.Stats(); st.Fetches != 1 || st.Failures != 0 {
		t.Errorf("stats %+v, want exactly one fetch", st)
	}
}

// TestRemoteSetRotationUnknownKidRefreshesOncePerPeriod: a token with a new
// kid makes one fetch; within the rate-limit period further unknown kids
// fail at once without fetching; after it, one more fetch is allowed.
func TestRemoteSetRotationUnknownKidRefreshesOncePerPeriod(t *testing.T) {
	t.Parallel()
	k := testKeys()
	old := mustKey(t, k.ec256, jwk.Params{KeyID: "old"})
	next := mustKey(t, k.ec384, jwk.Params{KeyID: "new"})
	period := 400 * time.Millisecond
	f := newFixture(t, publish(t, old), jwk.WithRateLimit(period))
	if err := f.parse(mustSign(t, jwt.ES256, k.ec256, "old")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(period) // the first fetch is older than the period
	f.srv.setBody(publish(t, old, next))
	if err := f.parse(mustSign(t, jwt.ES384, k.ec384, "new")); err != nil {
		t.Fatalf("rotated-in key: %v", err)
	}
	if n := f.remote.Stats().Fetches; n != 2 {
		t.Fatalf("fetches %d, want 2", n)
	}
	// Rotation removes "old": still served from the cache until a refresh.
	f.srv.setBody(publish(t, next))
	unknown := make([]string, 20)
	for i := range unknown {
		unknown[i] = mustSign(t, jwt.ES256, k.ec256, fmt.Sprintf("unknown-%d", i))
	}
	since := time.Now()
	for _, tok := range unknown {
		if err := f.parse(tok); !errors.Is(err, jwk.ErrKeyNotFound) {
			t.Fatalf("unknown kid within the period: %v", err)
		}
	}
	if n := f.remote.Stats().Fetches; n != 2 && time.Since(since) < period/2 {
		t.Fatalf("fetches %d after unknown kids within the period, want still 2", n)
	}
	time.Sleep(period)
	if err := f.parse(mustSign(t, jwt.ES256, k.ec256, "unknown")); !errors.Is(err, jwk.ErrKeyNotFound) {
		t.Fatal(err)
	}
	if n := f.remote.Stats().Fetches; n < 3 {
		t.Fatalf("fetches %d after the period, want a new one", n)
	}
	if err := f.parse(mustSign(t, jwt.ES256, k.ec256, "old")); !errors.Is(err, jwk.ErrKeyNotFound) {
		t.Fatalf("rotated-out key after the refresh: %v", err)
	}
}

// TestRemoteSetKeepsLastGoodSetWhenRefreshFails: 500s, garbage, invalid
// sets, oversized bodies and timeouts leave the last good set in use.
func TestRemoteSetKeepsLastGoodSetWhenRefreshFails(t *testing.T) {
	k := testKeys()
	good := publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "k"}))
	tests := []struct {
		name   string
		break_ func(s *jwksServer)
		want   error
	}{
		{"HTTP 500", func(s *jwksServer) { s.status.Store(http.StatusInternalServerError) }, jwk.ErrFetch},
		{"HTTP 404", func(s *jwksServer) { s.status.Store(http.StatusNotFound) }, jwk.ErrFetch},
		{"garbage body", func(s *jwksServer) { s.setBody([]byte("<html>502 Bad Gateway</html>")) }, jwk.ErrInvalidSet},
		{"truncated JSON", func(s *jwksServer) { s.setBody(good[:len(good)/2]) }, jwk.ErrInvalidSet},
		{"invalid key in the set", func(s *jwksServer) { s.setBody([]byte(`{"keys":[{"kty":"oct","k":"AAAA"}]}`)) }, jwk.ErrWeakKey},
		{"oversized body with Content-Length", func(s *jwksServer) { s.setBody(oversized(good)) }, jwk.ErrBodyTooLarge},
		{"oversized streamed body", func(s *jwksServer) { s.noLength.Store(true); s.setBody(oversized(good)) }, jwk.ErrBodyTooLarge},
		{"slow server: fetch timeout", func(s *jwksServer) { s.delay.Store(int64(5 * time.Second)) }, context.DeadlineExceeded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, good, jwk.WithMaxBodySize(64<<10), jwk.WithFetchTimeout(200*time.Millisecond))
			tok := mustSign(t, jwt.ES256, k.ec256, "k")
			if err := f.parse(tok); err != nil {
				t.Fatal(err)
			}
			tt.break_(f.srv)
			start := time.Now()
			err := f.remote.Refresh(context.Background())
			if !errors.Is(err, tt.want) || !errors.Is(err, jwk.ErrFetch) {
				t.Fatalf("Refresh error %v, want %v", err, tt.want)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Fatalf("failed refresh took %v", d)
			}
			if err := f.parse(tok); err != nil {
				t.Fatalf("last good set not served: %v", err)
			}
			st := f.remote.Stats()
			if st.Failures != 1 || st.LastError == nil || st.FetchedAt.IsZero() {
				t.Fatalf("stats %+v", st)
			}
			t.Logf("%s: %v", tt.name, err)
		})
	}
}

// oversized pads a valid set past 64 KiB with an ignored member.
func oversized(set []byte) []byte {
	return []byte(`{"pad":"` + strings.Repeat("x", 70<<10) + `",` + string(set[1:]))
}

// TestRemoteSetFirstFetchFailureReportsErrFetch: with no good set yet,
// verification fails with ErrFetch (and jwt.ErrInvalidKey), and retries are
// rate-limited.
func TestRemoteSetFirstFetchFailureReportsErrFetch(t *testing.T) {
	srv := newJWKSServer(t, nil)
	srv.status.Store(http.StatusServiceUnavailable)
	r, err := jwk.NewRemoteSet(srv.URL, jwk.WithRateLimit(time.Hour), jwk.WithMinRefreshInterval(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tok := mustSign(t, jwt.ES256, testKeys().ec256, "k")
	for i := 0; i < 50; i++ {
		if _, err := jwt.Parse(tok, r); !errors.Is(err, jwk.ErrFetch) || !errors.Is(err, jwt.ErrInvalidKey) {
			t.Fatalf("error %v, want ErrFetch", err)
		}
	}
	if n := srv.hits.Load(); n != 1 {
		t.Fatalf("%d requests, want 1 (rate-limited)", n)
	}
}

// TestRemoteSetCallerContextBoundsTheWait: a verification waits for a slow
// fetch no longer than its own context allows; the fetch goes on for
// others and ends at the fetch timeout.
func TestRemoteSetCallerContextBoundsTheWait(t *testing.T) {
	t.Parallel()
	k := testKeys()
	f := newFixture(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "k"})), jwk.WithFetchTimeout(time.Second))
	f.srv.delay.Store(int64(5 * time.Second))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := f.v.ParseContext(ctx, mustSign(t, jwt.ES256, k.ec256, "k"))
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("error %v, want ErrFetch and DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("waited %v for a 50ms context", d)
	}
	// The shared fetch ends at its own timeout, not earlier, not later.
	if !waitFor(3*time.Second, func() bool { return f.remote.Stats().Failures == 1 }) {
		t.Fatalf("fetch did not time out: %+v", f.remote.Stats())
	}
}

// TestRemoteSetHonoursCacheControlMaxAge: RFC 9111 max-age sets the set's
// lifetime, clamped to [min refresh, refresh interval]; the background
// refresh runs ahead of its end.
func TestRemoteSetHonoursCacheControlMaxAge(t *testing.T) {
	body := publish(t, mustKey(t, testKeys().ec256, jwk.Params{KeyID: "k"}))
	tests := []struct {
		header string
		want   time.Duration
	}{
		{"", time.Hour},
		{"public, max-age=600", 10 * time.Minute},
		{"max-age=86400", time.Hour},       // capped by the refresh interval
		{"max-age=1", time.Minute},         // raised to the minimum
		{"no-store", time.Minute},          // no caching: the minimum
		{"private, no-cache", time.Minute}, // idem
		{"max-age=oops", time.Hour},        // ignored
		{`max-age="120", s-maxage=5`, 2 * time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			f := newFixture(t, body, jwk.WithRefreshInterval(time.Hour), jwk.WithMinRefreshInterval(time.Minute))
			if tt.header != "" {
				f.srv.cacheControl.Store(ptr(tt.header))
			}
			if err := f.remote.Refresh(context.Background()); err != nil {
				t.Fatal(err)
			}
			st := f.remote.Stats()
			if got := st.Expires.Sub(st.FetchedAt); got < tt.want-time.Second || got > tt.want+time.Second {
				t.Fatalf("lifetime %v, want %v", got, tt.want)
			}
			// The background refresh runs a tenth of the lifetime ahead of
			// its end (WithRefreshAhead's default).
			if got, want := st.NextRefresh.Sub(st.FetchedAt), tt.want-tt.want/10; got < want-time.Second || got > want+time.Second {
				t.Fatalf("next refresh in %v, want %v", got, want)
			}
		})
	}
}

// TestRemoteSetRefreshesInTheBackground: with max-age 0 and a short
// minimum, the set is refetched without any verification asking, and
// rotation is picked up that way; ETag revalidation (304) keeps the set.
func TestRemoteSetRefreshesInTheBackground(t *testing.T) {
	t.Parallel()
	k := testKeys()
	a := mustKey(t, k.ec256, jwk.Params{KeyID: "a"})
	f := newFixture(t, publish(t, a), jwk.WithMinRefreshInterval(50*time.Millisecond), jwk.WithRateLimit(time.Hour))
	f.srv.cacheControl.Store(ptr("max-age=0"))
	f.srv.etag.Store(ptr(`"v1"`))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !waitFor(3*time.Second, func() bool { return f.srv.hits.Load() >= 4 }) {
		t.Fatalf("no background refresh: %d requests", f.srv.hits.Load())
	}
	if err := f.parse(mustSign(t, jwt.ES256, k.ec256, "a")); err != nil {
		t.Fatalf("after 304 revalidations: %v", err)
	}
	b := mustKey(t, k.ec384, jwk.Params{KeyID: "b"})
	f.srv.setBody(publish(t, b))
	f.srv.etag.Store(ptr(`"v2"`))
	if !waitFor(3*time.Second, func() bool { s := f.remote.Set(); return s != nil && len(s.LookupKeyID("b")) == 1 }) {
		t.Fatal("rotation not picked up in the background")
	}
	if err := f.parse(mustSign(t, jwt.ES384, k.ec384, "b")); err != nil {
		t.Fatal(err)
	}
}

// TestRemoteSetFailedRefreshBacksOff: after failures the background retries
// at the minimum interval, doubling, not in a tight loop.
func TestRemoteSetFailedRefreshBacksOff(t *testing.T) {
	t.Parallel()
	srv := newJWKSServer(t, nil)
	srv.status.Store(http.StatusInternalServerError)
	r, err := jwk.NewRemoteSet(srv.URL, jwk.WithMinRefreshInterval(40*time.Millisecond), jwk.WithRefreshInterval(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// The first fetch starts with the first use (here Refresh); it fails.
	if err := r.Refresh(context.Background()); !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("first fetch: %v, want ErrFetch", err)
	}
	// Retries at 40, 120, 280, 600 ms... after the first fetch.
	if !waitFor(5*time.Second, func() bool { return srv.hits.Load() >= 3 }) {
		t.Fatalf("%d fetches: failed fetches are not retried", srv.hits.Load())
	}
	// By now the delay is at least 160ms: not a tight loop.
	n := srv.hits.Load()
	time.Sleep(150 * time.Millisecond)
	if more := srv.hits.Load() - n; more > 1 {
		t.Fatalf("%d fetches in 150ms after 3 failures: no backoff", more)
	}
	if st := r.Stats(); st.Failures < 3 || st.LastError == nil || !st.FetchedAt.IsZero() {
		t.Fatalf("stats %+v", st)
	}
}

func TestNewRemoteSetChecksURLAndOptions(t *testing.T) {
	tests := []struct {
		name string
		url  string
		opts []jwk.RemoteOption
		ok   bool
	}{
		{"https", "https://idp.example.com/.well-known/jwks.json", nil, true},
		{"http on 127.0.0.1", "http://127.0.0.1:8080/jwks", nil, true},
		{"http on ::1", "http://[::1]:8080/jwks", nil, true},
		{"http on localhost", "http://localhost/jwks", nil, true},
		{"http elsewhere: keys could be forged in transit", "http://idp.example.com/jwks", nil, false},
		{"http elsewhere, explicitly allowed", "http://idp.example.com/jwks", []jwk.RemoteOption{jwk.WithInsecureHTTP()}, true},
		{"other scheme", "file:///etc/jwks.json", nil, false},
		{"no host", "https:///jwks", nil, false},
		{"unparsable", "https://%zz", nil, false},
		{"zero timeout", "https://a.example", []jwk.RemoteOption{jwk.WithFetchTimeout(0)}, false},
		{"negative rate limit", "https://a.example", []jwk.RemoteOption{jwk.WithRateLimit(-time.Second)}, false},
		{"zero body cap", "https://a.example", []jwk.RemoteOption{jwk.WithMaxBodySize(0)}, false},
		{"nil client", "https://a.example", []jwk.RemoteOption{jwk.WithHTTPClient(nil)}, false},
		{"zero refresh", "https://a.example", []jwk.RemoteOption{jwk.WithRefreshInterval(0)}, false},
		{"zero min refresh", "https://a.example", []jwk.RemoteOption{jwk.WithMinRefreshInterval(0)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// An hour-long minimum keeps the failing first fetch from
			// being retried while the test runs.
			r, err := jwk.NewRemoteSet(tt.url, append([]jwk.RemoteOption{jwk.WithFetchTimeout(100 * time.Millisecond)}, tt.opts...)...)
			if tt.ok != (err == nil) {
				t.Fatalf("NewRemoteSet error %v, want ok=%v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, jwk.ErrInvalidOption) {
				t.Fatalf("error %v, want ErrInvalidOption", err)
			}
			if r != nil {
				r.Close()
			}
		})
	}
}

// TestRemoteSetCloseStopsGoroutines: after Close no goroutine of the set is
// left, even with a fetch in progress, and nothing more is fetched.
func TestRemoteSetCloseStopsGoroutines(t *testing.T) {
	k := testKeys()
	srv := newJWKSServer(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "k"})))
	before := runtime.NumGoroutine()
	for i := 0; i < 5; i++ {
		r, err := jwk.NewRemoteSet(srv.URL, jwk.WithRateLimit(time.Millisecond))
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Refresh(context.Background()); err != nil {
			t.Fatal(err)
		}
		if i == 4 { // close with a slow fetch in flight
			srv.delay.Store(int64(10 * time.Second))
			go r.Refresh(context.Background())
			time.Sleep(20 * time.Millisecond)
		}
		start := time.Now()
		r.Close()
		if d := time.Since(start); d > time.Second {
			t.Fatalf("Close took %v", d)
		}
		r.Close() // idempotent
		if err := r.Refresh(context.Background()); !errors.Is(err, jwk.ErrClosed) {
			t.Fatalf("Refresh after Close: %v", err)
		}
		if _, err := jwt.Parse(mustSign(t, jwt.ES256, k.ec256, "other"), r); !errors.Is(err, jwk.ErrClosed) {
			t.Fatalf("unknown kid after Close: %v", err)
		}
		if _, err := jwt.Parse(mustSign(t, jwt.ES256, k.ec256, "k"), r); err != nil {
			t.Fatalf("cached kid after Close: %v", err)
		}
	}
	srv.delay.Store(0)
	if !waitFor(2*time.Second, func() bool { return runtime.NumGoroutine() <= before }) {
		buf := make([]byte, 1<<16)
		t.Fatalf("goroutines: %d before, %d after Close\n%s", before, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
	}
}
