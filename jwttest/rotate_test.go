package jwttest_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwttest"
)

func TestRFC7517_5_RotateKeepOldGracePeriod(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	rs := p.RemoteSet()
	v := accessVerifier(t, p, rs)
	ctx := context.Background()
	oldKID := p.KeyID()
	old := p.AccessToken(accesstoken.Claims{})
	if _, err := v.Verify(ctx, old); err != nil {
		t.Fatal(err)
	}
	newKID := p.Rotate(true)
	if newKID == oldKID || p.KeyID() != newKID || !slices.Equal(p.KeyIDs(), []string{newKID, oldKID}) {
		t.Fatalf("kids %v, new %s old %s", p.KeyIDs(), newKID, oldKID)
	}
	// A token of the new key: its unknown "kid" makes the set refetch.
	if _, err := v.Verify(ctx, p.AccessToken(accesstoken.Claims{})); err != nil {
		t.Fatalf("new key: %v", err)
	}
	if p.Requests(jwttest.PathJWKS) != 2 {
		t.Fatalf("JWK Set fetched %d times, want 2", p.Requests(jwttest.PathJWKS))
	}
	if _, err := v.Verify(ctx, old); err != nil {
		t.Fatalf("old key in its grace period: %v", err)
	}
}

func TestRFC7517_5_RotateDropOldRefusedAfterRefresh(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	rs := p.RemoteSet()
	v := accessVerifier(t, p, rs)
	ctx := context.Background()
	old := p.AccessToken(accesstoken.Claims{})
	if _, err := v.Verify(ctx, old); err != nil {
		t.Fatal(err)
	}
	newKID := p.Rotate(false)
	if !slices.Equal(p.KeyIDs(), []string{newKID}) {
		t.Fatalf("kids %v", p.KeyIDs())
	}
	if _, err := v.Verify(ctx, old); err != nil {
		t.Fatalf("before the refresh the cached key still verifies: %v", err)
	}
	if err := rs.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(ctx, old); !errors.Is(err, jwk.ErrKeyNotFound) {
		t.Fatalf("dropped key after refresh: %v, want jwk.ErrKeyNotFound", err)
	}
	if _, err := v.Verify(ctx, p.AccessToken(accesstoken.Claims{})); err != nil {
		t.Fatalf("new key: %v", err)
	}
}
