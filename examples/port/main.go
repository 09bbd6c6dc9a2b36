// Command port is a small HTTP API written for golang-jwt v5 and
// MicahParks/keyfunc, ported to this library with MIGRATING.md alone: a
// JWKS-backed bearer-token middleware, a claims type with a Validate
// tenant check, an audience rule, and a refresh endpoint that reads the
// subject of a verified but expired token. See README.md.
package main

import (
	"context"
	"flag"
	"log"
	"net/http"
	"time"
)

func main() {
	var cfg config
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	flag.StringVar(&cfg.JWKSURL, "jwks", "", "the identity provider's JWK Set URL")
	flag.StringVar(&cfg.Issuer, "issuer", "", `the identity provider's "iss"`)
	flag.StringVar(&cfg.Audience, "audience", "", `this service's "aud"`)
	flag.Parse()
	if cfg.JWKSURL == "" || cfg.Issuer == "" || cfg.Audience == "" {
		log.Fatal("-jwks, -issuer and -audience are required")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	s, err := newService(ctx, cfg)
	cancel()
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Addr: *addr, Handler: s, ReadHeaderTimeout: 5 * time.Second}
	err = srv.ListenAndServe()
	s.Close()
	log.Fatal(err)
}
