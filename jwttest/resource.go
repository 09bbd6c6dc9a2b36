package jwttest

import (
	"net/http"
	"strings"

	"github.com/jotlib/jwt/jwthttp"
)

// ServeResource serves the Protected Resource Metadata (RFC 9728 section 3)
// of res on this provider's server, with jwthttp's handler (the one a
// resource server built on this module serves), at its well-known path
// (/.well-known/oauth-protected-resource followed by the resource's path,
// section 3.1), and returns that handler (Path, URL). An res.ID that is
// empty or a path ("/api") names a resource on this server (the issuer plus
// the path): section 3.3 requires "resource" to be the URL the metadata
// is fetched from, minus the well-known part. Nil res.AuthorizationServers
// is this issuer alone. The fault switches and Requests apply to its path
// too. An res jwthttp refuses is its error (jwt.ErrInvalidOption); a nil
// Provider's is ErrNoProvider.
func (p *Provider) ServeResource(res jwthttp.Resource) (*jwthttp.MetadataHandler, error) {
	if !p.ok() {
		return nil, ErrNoProvider
	}
	if res.ID == "" || strings.HasPrefix(res.ID, "/") {
		res.ID = p.Issuer() + res.ID
	}
	if res.AuthorizationServers == nil {
		res.AuthorizationServers = []string{p.Issuer()}
	}
	h, err := jwthttp.NewMetadataHandler(res, jwthttp.Sources{})
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.resources == nil {
		p.resources = map[string]http.Handler{}
	}
	p.resources[h.Path()] = h
	return h, nil
}
