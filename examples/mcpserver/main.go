// Command mcpserver is a resource server in the shape the Model Context
// Protocol authorization specification requires of an MCP server: its
// canonical URI (https://127.0.0.1:PORT/mcp) is the resource identifier
// and the audience its tokens must name (RFC 8707), so a token for another
// resource is refused; its RFC 9728 Protected Resource Metadata names the
// authorization server, and every 401 points at it in resource_metadata
// (RFC 9728 section 5.1), naming the scope to ask for. It answers JSON-RPC
// "initialize", "ping" and "tools/list" at POST /mcp. It starts an
// authorization server of its own on 127.0.0.1 and serves until
// interrupted.
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwthttp"
)

// scope is what a token needs to use the server's tools.
const scope = "mcp:tools"

// newMCP protects the MCP endpoint whose canonical URI is resource with
// the access tokens of issuer, found by discovery (RFC 8414).
func newMCP(ctx context.Context, issuer, resource string, client *http.Client) (http.Handler, *jwk.Provider, error) {
	keys, err := jwk.Discover(ctx, issuer, jwk.WithWellKnown(jwk.OAuthAuthorizationServer), jwk.WithHTTPClient(client))
	if err != nil {
		return nil, nil, err
	}
	v, err := accesstoken.NewVerifier(keys, accesstoken.Config{Issuer: issuer, Audience: resource})
	res := jwthttp.Resource{ID: resource, AuthorizationServers: []string{issuer}, Scopes: []string{scope}, Name: "example MCP server"}
	mw, err1 := jwthttp.New(jwthttp.AccessTokens(v), jwthttp.WithResource(res), jwthttp.RequireScopes(scope))
	if err := errors.Join(err, err1); err != nil {
		keys.Close()
		return nil, nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mw.Handler(http.HandlerFunc(serveMCP)))
	mux.Handle(mw.Metadata().Path(), mw.Metadata())
	return mux, keys, nil
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	startCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	s, err := start(startCtx)
	cancel()
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	tok, err := s.as.Mint("alice", s.resource, scope)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("MCP server %s\nmetadata %s\nauthorization server %s\nTOKEN=%s\n", s.resource, s.metadata, s.as.Issuer(), tok)
	<-ctx.Done()
}
