// Command resourceserver is an HTTP API protected by RFC 9068 access tokens:
// the keys come from the discovery of its authorization server (RFC 8414),
// GET /api/items takes any valid token, POST /api/items one granting
// "items:write", and the RFC 9728 metadata document, which every challenge
// points to, is served at its well-known URL. It starts an authorization
// server of its own on 127.0.0.1 (server.go), prints a token to try, and
// serves until interrupted.
package main

import (
	"context"
	"fmt"
	"log"
	"net"
	"net/http/httptest"
	"os"
	"os/signal"
	"time"

	"github.com/jotlib/jwt/examples/internal/authserver"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwthttp"
)

// app is the running example: its authorization server and the API, both
// on 127.0.0.1 over TLS.
type app struct {
	as       *authserver.Server
	api      *httptest.Server
	keys     *jwk.Provider
	resource string // the resource identifier, https://127.0.0.1:PORT/api
	metadata string // its metadata URL (RFC 9728 section 3.1)
}

// start starts the authorization server, then the API, whose resource
// identifier names the address it listens on (RFC 9728 section 1.2).
func start(ctx context.Context) (*app, error) {
	as, err := authserver.Start()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		as.Close()
		return nil, err
	}
	resource := "https://" + ln.Addr().String() + "/api"
	h, keys, err := newAPI(ctx, as.Issuer(), resource, as.Client())
	if err != nil {
		ln.Close()
		as.Close()
		return nil, err
	}
	api := httptest.NewUnstartedServer(h)
	api.Listener.Close()
	api.Listener = ln
	api.StartTLS()
	metadata, _ := jwthttp.WellKnownURL(resource)
	return &app{as: as, api: api, keys: keys, resource: resource, metadata: metadata}, nil
}

// Close stops the API, its key provider and the authorization server.
func (a *app) Close() {
	a.api.Close()
	a.keys.Close()
	a.as.Close()
}

// main runs the example until interrupted, printing a token to try.
func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	startCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	a, err := start(startCtx)
	cancel()
	if err != nil {
		log.Fatal(err)
	}
	defer a.Close()
	tok, err := a.as.Mint("alice", a.resource, "items:read")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("resource %s\nmetadata %s\nTOKEN=%s\ncurl -k -H \"Authorization: Bearer $TOKEN\" %s/api/items\n",
		a.resource, a.metadata, tok, a.api.URL)
	<-ctx.Done()
}
