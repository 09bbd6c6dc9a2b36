package main

import (
	"context"
	"log"
	"net/http"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// config is what the service is told at start-up.
type config struct {
	JWKSURL  string // the identity provider's JWK Set
	Issuer   string // its "iss"
	Audience string // this service's "aud"
}

// service is the HTTP API: GET /api/me behind bearer tokens, POST /refresh
// for clients whose token expired.
type service struct {
	keys     *jwk.RemoteSet
	verifier *jwt.Verifier
	mux      *http.ServeMux
}

// newService fetches the JWK Set once and builds the verifier. golang-jwt
// with keyfunc:
//
//	k, err := keyfunc.NewDefaultCtx(ctx, []string{cfg.JWKSURL})
//	parser := jwt.NewParser(
//		jwt.WithValidMethods([]string{"RS256", "ES256"}),
//		jwt.WithIssuer(cfg.Issuer),
//		jwt.WithAudience(cfg.Audience),
//		jwt.WithExpirationRequired())
//	// every parse: parser.ParseWithClaims(raw, &c, k.Keyfunc)
//
// Ported: a jwk.RemoteSet is the key (no Keyfunc to pass), Refresh is
// keyfunc's fetch at creation, and the options keep their names
// (WithValidMethods is WithAlgorithms). Like keyfunc's default, a failed
// first fetch does not stop start-up: the set is fetched again by the
// first token and in the background.
func newService(ctx context.Context, cfg config) (*service, error) {
	keys, err := jwk.NewRemoteSet(cfg.JWKSURL)
	if err != nil {
		return nil, err
	}
	if err := keys.Refresh(ctx); err != nil {
		log.Printf("port: first JWK Set fetch failed, retrying in the background: %v", err)
	}
	verifier, err := jwt.NewVerifier(keys,
		jwt.WithAlgorithms(jwt.RS256, jwt.ES256),
		jwt.WithIssuer(cfg.Issuer),
		jwt.WithAudience(cfg.Audience),
		jwt.WithExpirationRequired())
	if err != nil {
		keys.Close()
		return nil, err
	}
	s := &service{keys: keys, verifier: verifier, mux: http.NewServeMux()}
	api, err := s.requireToken(http.HandlerFunc(me))
	if err != nil {
		keys.Close()
		return nil, err
	}
	s.mux.Handle("GET /api/me", api)
	s.mux.HandleFunc("POST /refresh", s.refresh)
	return s, nil
}

func (s *service) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Close stops the JWK Set's background refresh (keyfunc: cancel its ctx).
func (s *service) Close() error { return s.keys.Close() }
