package jwttest_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwttest"
)

func TestNilAndZeroProviderNeverPanic(t *testing.T) {
	for name, p := range map[string]*jwttest.Provider{"nil": nil, "zero": {}, "nilT": jwttest.NewProvider(nil)} {
		t.Run(name, func(t *testing.T) {
			if p.Issuer() != "" || p.JWKSURI() != "" || p.KeyID() != "" || p.KeyIDs() != nil || p.Algorithm() != "" ||
				p.Rotate(true) != "" || p.Client() != nil || p.Requests(jwttest.PathJWKS) != 0 ||
				p.RemoteSet() != nil || p.Discovery() != nil || p.Set() != nil ||
				p.AccessToken(accesstoken.Claims{}) != "" || p.IDToken(idtoken.Claims{}) != "" {
				t.Fatal("a provider without a server returned something")
			}
			p.SetStatus(jwttest.PathJWKS, 500)
			p.SetDelay(jwttest.PathJWKS, time.Second)
			p.SetBody(jwttest.PathJWKS, jwttest.BodyGarbage)
			p.SetOddKey(true)
			p.ClearFaults()
			p.SetNow(time.Now())
			_ = p.Now()
			p.Close()
			if _, err := p.SignAccessToken(accesstoken.Claims{}); !errors.Is(err, jwttest.ErrNoProvider) {
				t.Fatalf("SignAccessToken: %v", err)
			}
			if _, err := p.SignIDToken(idtoken.Claims{}, nil); !errors.Is(err, jwttest.ErrNoProvider) {
				t.Fatalf("SignIDToken: %v", err)
			}
			if _, err := p.NewRemoteSet(); !errors.Is(err, jwttest.ErrNoProvider) {
				t.Fatalf("NewRemoteSet: %v", err)
			}
			if _, err := p.Discover(context.Background()); !errors.Is(err, jwttest.ErrNoProvider) {
				t.Fatalf("Discover: %v", err)
			}
			if _, err := p.NewDiscovery(); !errors.Is(err, jwttest.ErrNoProvider) {
				t.Fatalf("NewDiscovery: %v", err)
			}
		})
	}
}

func TestNilOptionsIgnored(t *testing.T) {
	p := jwttest.NewProvider(t, nil, jwttest.WithAlgorithm(""), jwttest.WithClientID(""), jwttest.WithAudience(""))
	if p.Algorithm() != jwttest.DefaultAlgorithm || p.ClientID() != jwttest.DefaultClientID || p.Audience() != jwttest.DefaultAudience {
		t.Fatal("defaults not kept")
	}
}

func TestCloseTwiceAndAfterCleanup(t *testing.T) {
	p := jwttest.NewProvider(t)
	p.Close()
	p.Close()
}
