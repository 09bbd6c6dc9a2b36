// Command multitenant runs two identity providers on 127.0.0.1, "acme" and
// "globex", each with an OpenID Connect discovery document and a JWK Set,
// and a multi-tenant service that accepts each one's tokens only with that
// one's own keys (RFC 8725 section 3.8): the token's "iss", read before
// the signature, chooses the keys, and an issuer not configured is refused
// without any request. It then rotates acme's key (beside a key the
// service cannot use), takes globex down for longer than the service
// serves stale keys, and brings it back. Every step is checked: the
// command fails if one goes otherwise.
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

func main() {
	acme, globex := newIDP("acme"), newIDP("globex")
	defer acme.srv.Close()
	defer globex.srv.Close()
	acme1 := acme.rotate("acme-1", nil)
	globex.rotate("globex-1", nil)

	// The service: the issuers come from configuration, each discovered at
	// start-up; globex's keys are served at most 600 ms past their lifetime
	// while it is down.
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		Level:       slog.LevelInfo,
		ReplaceAttr: dropTime,
	}))
	events := jwk.NewSlogObserver(logger)
	issuers, err := jwk.NewIssuers([]jwk.IssuerConfig{
		{Issuer: acme.issuer()},
		{Issuer: globex.issuer(), Options: []jwk.RemoteOption{
			jwk.WithRefreshInterval(400 * time.Millisecond), jwk.WithMinRefreshInterval(100 * time.Millisecond),
			jwk.WithMaxStale(600 * time.Millisecond),
		}},
	}, jwk.WithFetchObserver(events), jwk.WithRateLimit(100*time.Millisecond))
	if err != nil {
		log.Fatal(err)
	}
	defer issuers.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := issuers.Ready(ctx); err != nil { // start-up: both discovered
		log.Fatal(err)
	}
	verifier, err := jwt.NewVerifier(issuers, jwt.WithAlgorithms(jwt.ES256), jwt.WithAudience("orders-api"),
		jwt.WithObserver(events))
	if err != nil {
		log.Fatal(err)
	}
	api := httptest.NewServer(&service{verifier: verifier})
	defer api.Close()

	call := func(step, token string, wantOK bool) {
		req, _ := http.NewRequest(http.MethodGet, api.URL, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("%-52s -> %d %s\n", step, resp.StatusCode, strings.TrimSpace(string(body)))
		if (resp.StatusCode == http.StatusOK) != wantOK {
			log.Fatalf("%s: got %d, want ok=%v", step, resp.StatusCode, wantOK)
		}
	}

	call("acme's token", acme.token(acme.issuer(), "alice"), true)
	call("globex's token", globex.token(globex.issuer(), "bob"), true)
	call("iss acme, signed by globex (globex's kid)", globex.token(acme.issuer(), "mallory"), false)

	before := acme.docHits.Load() + acme.keyHits.Load() + globex.docHits.Load() + globex.keyHits.Load()
	rogue := newIDP("rogue")
	defer rogue.srv.Close()
	rogue.rotate("rogue-1", nil)
	call("an issuer not configured (a live IdP)", rogue.token(rogue.issuer(), "eve"), false)
	after := acme.docHits.Load() + acme.keyHits.Load() + globex.docHits.Load() + globex.keyHits.Load()
	if n := rogue.docHits.Load() + rogue.keyHits.Load() + after - before; n != 0 {
		log.Fatalf("%d requests for a token of an unknown issuer", n)
	}

	// Rotation: acme publishes its next key beside the old one and beside a
	// key of a type the service does not support; the first token with the
	// new kid makes one fetch. (The forged token above, whose kid acme does
	// not have, spent acme's unknown-kid fetch for the rate-limit period:
	// wait it out.)
	time.Sleep(150 * time.Millisecond)
	fetches := acme.keyHits.Load()
	acme.rotate("acme-2", []*jwk.Key{acme1}, `{"kty":"EC","crv":"secp256k1","kid":"acme-k1","x":"AA","y":"AA"}`)
	call("acme's token with its rotated-in key", acme.token(acme.issuer(), "alice"), true)
	if n := acme.keyHits.Load() - fetches; n != 1 {
		log.Fatalf("%d fetches for the rotation, want 1", n)
	}

	// globex goes down: its last keys are served while fresh, then stale
	// up to the bound; past it, its tokens are refused (jwk.ErrFetch), and
	// acme is not affected.
	globex.down.Store(true)
	call("globex down: its token, keys still fresh or stale", globex.token(globex.issuer(), "bob"), true)
	time.Sleep(400*time.Millisecond + 600*time.Millisecond + 200*time.Millisecond) // lifetime + bound + margin
	call("globex down past the staleness bound", globex.token(globex.issuer(), "bob"), false)
	call("acme meanwhile", acme.token(acme.issuer(), "alice"), true)

	globex.down.Store(false)
	if err := issuers.Ready(ctx); err != nil {
		log.Fatal(err)
	}
	call("globex back", globex.token(globex.issuer(), "bob"), true)
	fmt.Printf("requests: acme %d discovery + %d JWKS, globex %d discovery + %d JWKS, rogue %d\n",
		acme.docHits.Load(), acme.keyHits.Load(), globex.docHits.Load(), globex.keyHits.Load(),
		rogue.docHits.Load()+rogue.keyHits.Load())
}

// dropTime keeps the example's log lines short and stable.
func dropTime(_ []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey {
		return slog.Attr{}
	}
	return a
}
