package jwttest_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwthttp"
	"github.com/jotlib/jwt/jwttest"
)

func TestRFC9728_3_ResourceMetadataServed(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	h, err := p.ServeResource(jwthttp.Resource{ID: "/api", Scopes: []string{"orders:read"}})
	if err != nil {
		t.Fatal(err)
	}
	if h.Path() != "/.well-known/oauth-protected-resource/api" {
		t.Fatalf("path %s", h.Path())
	}
	resp, err := p.Client().Get(h.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var doc struct {
		Resource             string   `json:"resource"`
		AuthorizationServers []string `json:"authorization_servers"`
		Scopes               []string `json:"scopes_supported"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil || resp.StatusCode != 200 {
		t.Fatalf("status %d, %v", resp.StatusCode, err)
	}
	if doc.Resource != p.Issuer()+"/api" || len(doc.AuthorizationServers) != 1 || doc.AuthorizationServers[0] != p.Issuer() ||
		len(doc.Scopes) != 1 {
		t.Fatalf("document %+v", doc)
	}
	p.SetStatus(h.Path(), http.StatusInternalServerError)
	resp2, err := p.Client().Get(h.URL())
	if err != nil {
		t.Fatal(err)
	}
	resp2.Body.Close()
	if resp2.StatusCode != 500 || p.Requests(h.Path()) != 2 {
		t.Fatalf("status %d, requests %d", resp2.StatusCode, p.Requests(h.Path()))
	}
}

func TestRFC9728_2_BadResourceRefused(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	if _, err := p.ServeResource(jwthttp.Resource{ID: "https://api.example/#frag"}); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Fatalf("err %v, want jwt.ErrInvalidOption", err)
	}
	var nilP *jwttest.Provider
	if _, err := nilP.ServeResource(jwthttp.Resource{}); !errors.Is(err, jwttest.ErrNoProvider) {
		t.Fatalf("nil: %v", err)
	}
}
