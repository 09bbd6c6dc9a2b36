package jwk_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// keyMaterial lists the base64url members of a JWK Set's keys: what no
// event or log line may hold.
func keyMaterial(t *testing.T, set []byte) []string {
	t.Helper()
	var doc struct{ Keys []map[string]any }
	if err := json.Unmarshal(set, &doc); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, k := range doc.Keys {
		for _, m := range []string{"x", "y", "d", "n", "e", "k", "p", "q"} {
			if s, ok := k[m].(string); ok && len(s) > 8 {
				out = append(out, s)
			}
		}
	}
	return out
}

// TestFetchEvents_EachKindIsReported_NeverKeyMaterial: fetched (with the
// key and skipped counts), not modified (RFC 9110 section 13.1.2), fetch
// failed (with the status), rate-limited (once per period), and the
// discovery's own; no event holds key material.
func TestFetchEvents_EachKindIsReported_NeverKeyMaterial(t *testing.T) {
	k := tenantKeys()
	good := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	withOdd := []byte(`{"keys":[{"kty":"EC","kid":1},` + string(good[len(`{"keys":[`):]))
	rec := &recorder{}
	f := newFixture(t, withOdd, jwk.WithFetchObserver(rec), jwk.WithRateLimit(time.Hour))
	f.srv.etag.Store(ptr(`"v1"`))
	ctx := context.Background()
	if err := f.remote.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if err := f.remote.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	f.srv.etag.Store(nil)
	f.srv.status.Store(http.StatusServiceUnavailable)
	f.remote.Refresh(ctx)
	f.srv.status.Store(http.StatusOK)
	for i := range 5 { // one unknown-kid fetch, then rate-limited: one event
		f.parse(signFor(t, jwt.ES256, k.a2, fmt.Sprintf("unknown-%d", i), "x"))
	}
	want := []jwk.FetchKind{jwk.EventFetched, jwk.EventNotModified, jwk.EventFetchFailed, jwk.EventFetched, jwk.EventRateLimited}
	if got := rec.kinds(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	e := rec.all()
	if e[0].Keys != 1 || e[0].Skipped != 1 || e[0].Status != 200 || e[0].URL != f.srv.URL+"/jwks.json" || e[0].Discovery || e[0].Duration <= 0 {
		t.Errorf("fetched: %+v", e[0])
	}
	if e[1].Status != 304 || e[2].Status != 503 || e[2].Err == nil || e[4].KeyID != "unknown-1" {
		t.Errorf("not modified %+v, failed %+v, rate limited %+v", e[1], e[2], e[4])
	}
	idp := newFakeIdP(t, idpOptions{}, good)
	if _, err := discover(t, idp.issuer, jwk.WithFetchObserver(rec)); err != nil {
		t.Fatal(err)
	}
	ev := rec.events(jwk.EventFetched)
	if d := ev[len(ev)-2]; !d.Discovery || d.Issuer != idp.issuer || !strings.HasSuffix(d.URL, "/.well-known/openid-configuration") {
		t.Errorf("discovery fetched: %+v", d)
	}
	if j := ev[len(ev)-1]; j.Discovery || j.Issuer != idp.issuer || !strings.HasSuffix(j.URL, "/jwks") {
		t.Errorf("discovered JWKS fetched: %+v", j)
	}
	all := fmt.Sprintf("%+v", rec.all())
	for _, m := range keyMaterial(t, good) {
		if strings.Contains(all, m) {
			t.Fatalf("an event holds key material %q", m)
		}
	}
	// A password in a URL is redacted.
	pw := jwk.FetchEvent{}
	r, _ := jwk.NewRemoteSet("http://user:secret@127.0.0.1:1/jwks", jwk.WithFetchObserver(observerFunc(func(e jwk.FetchEvent) { pw = e })),
		jwk.WithFetchTimeout(time.Second))
	defer r.Close()
	r.Refresh(ctx)
	if pw.Kind != jwk.EventFetchFailed || strings.Contains(pw.URL, "secret") {
		t.Fatalf("event %+v", pw)
	}
	for k := jwk.EventFetched; k <= jwk.EventDiscoveryRefused; k++ {
		if s := k.String(); s == "unknown" || s == "" {
			t.Errorf("kind %d has no name", k)
		}
	}
}

type observerFunc func(jwk.FetchEvent)

func (f observerFunc) ObserveFetch(_ context.Context, e jwk.FetchEvent) { f(e) }

// TestSlogObserver_LogsVerificationsAndFetches_NeverTokensClaimsOrKeys:
// NewSlogObserver is a jwt.VerifyObserver and a FetchObserver; it logs the
// events' fields (RFC 7515 section 4.1 "alg" and "kid", RFC 7519 section
// 4.1.1 "iss") and never the token, its signature, other claims or key
// material; a level the logger does not enable costs nothing.
func TestSlogObserver_LogsVerificationsAndFetches_NeverTokensClaimsOrKeys(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	idp := newFakeIdP(t, idpOptions{}, jwks)
	var buf bytes.Buffer
	obs := jwk.NewSlogObserver(slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	p, err := discover(t, idp.issuer, jwk.WithFetchObserver(obs))
	if err != nil {
		t.Fatal(err)
	}
	v, err := jwt.NewVerifier(p, jwt.WithObserver(obs), jwt.WithAlgorithms(jwt.ES256))
	if err != nil {
		t.Fatal(err)
	}
	good := signFor(t, jwt.ES256, k.a1, "a1", idp.issuer)
	if _, err := v.Parse(good); err != nil {
		t.Fatal(err)
	}
	expired, _ := jwt.Sign(jwt.ES256, map[string]any{"iss": idp.issuer, "sub": "secret-subject", "exp": time.Now().Add(-time.Hour).Unix()},
		k.a1, jwt.WithKeyID("a1"))
	if _, err := v.Parse(expired); err == nil {
		t.Fatal("expired token accepted")
	}
	out := buf.String()
	for _, want := range []string{`"msg":"jwk fetched","document":"discovery"`, `"msg":"jwk fetched","document":"jwks"`, `"keys":1`,
		`"msg":"jwt verified"`, `"msg":"jwt refused","outcome":"jwt: token is expired"`, `"kid":"a1"`, `"alg":"ES256"`, `"iss":"` + idp.issuer} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %s:\n%s", want, out)
		}
	}
	for _, never := range append(keyMaterial(t, jwks), good, good[strings.LastIndexByte(good, '.')+1:], expired, "secret-subject", "user-42") {
		if strings.Contains(out, never) {
			t.Fatalf("log holds %q", never)
		}
	}
	// Warn level: verifications and fetches that went well are not logged;
	// a failure is.
	buf.Reset()
	warn := jwk.NewSlogObserver(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelWarn})))
	warn.ObserveVerify(context.Background(), jwt.VerifyEvent{Algorithm: "ES256"})
	warn.ObserveFetch(context.Background(), jwk.FetchEvent{Kind: jwk.EventFetched})
	if buf.Len() != 0 {
		t.Fatalf("logged below the level: %s", buf.String())
	}
	warn.ObserveFetch(context.Background(), jwk.FetchEvent{Kind: jwk.EventStaleKeys, Age: time.Minute, Err: jwk.ErrFetch})
	warn.ObserveFetch(context.Background(), jwk.FetchEvent{Kind: jwk.EventDiscoveryRefused, Discovery: true, Err: jwk.ErrFetch})
	if s := buf.String(); !strings.Contains(s, "level=WARN msg=\"jwk stale keys served\"") || !strings.Contains(s, "level=ERROR msg=\"jwk discovery refused\"") {
		t.Fatalf("log: %s", s)
	}
	if jwk.NewSlogObserver(nil) == nil {
		t.Fatal("NewSlogObserver(nil)")
	}
}

// TestNoObserver_NothingIsSpentOnObserving: a RemoteSet answering from its
// cached set allocates what a *Set does, with or without WithMaxStale: no
// event is made when no observer is set.
func TestNoObserver_NothingIsSpentOnObserving(t *testing.T) {
	k := tenantKeys()
	body := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	set, _ := jwk.ParseSet(body)
	h := &jwt.Header{Algorithm: "ES256", KeyID: "a1"}
	ctx := context.Background()
	base := testing.AllocsPerRun(200, func() { set.VerificationKeys(ctx, h) })
	for name, opts := range map[string][]jwk.RemoteOption{
		"default":       nil,
		"WithMaxStale":  {jwk.WithMaxStale(time.Hour)},
		"with observer": {jwk.WithFetchObserver(&recorder{})},
	} {
		f := newFixture(t, body, opts...)
		if err := f.remote.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		if got := testing.AllocsPerRun(200, func() { f.remote.VerificationKeys(ctx, h) }); got != base {
			t.Errorf("%s: %v allocations, a *Set %v", name, got, base)
		}
	}
}
