package jwthttp_test

import (
	"context"
	"testing"

	"github.com/jotlib/jwt/jwthttp"
)

type otherKey struct{}

// TestNewContextKeepsTheParentsValuesAndCancellation: the context carrying
// the verified token answers the parent's other keys and is cancelled with
// it, as a context.WithValue context is; a NewContext over another shadows
// it.
func TestNewContextKeepsTheParentsValuesAndCancellation(t *testing.T) {
	parent, cancel := context.WithCancel(context.WithValue(context.Background(), otherKey{}, "v"))
	ctx := jwthttp.NewContext(parent, &apiClaims{Tenant: "a"}, "tok1")
	if got := ctx.Value(otherKey{}); got != "v" {
		t.Fatalf("parent's value = %v", got)
	}
	child, stop := context.WithCancel(ctx)
	defer stop()
	inner := jwthttp.NewContext(child, &apiClaims{Tenant: "b"}, "tok2")
	if c, ok := jwthttp.ClaimsFrom[*apiClaims](inner); !ok || c.Tenant != "b" {
		t.Fatalf("ClaimsFrom = %v, %v", c, ok)
	}
	if tok, _ := jwthttp.TokenFrom(inner); tok != "tok2" {
		t.Fatalf("TokenFrom = %q", tok)
	}
	if c, ok := jwthttp.ClaimsFrom[*apiClaims](ctx); !ok || c.Tenant != "a" {
		t.Fatalf("outer ClaimsFrom = %v, %v", c, ok)
	}
	cancel()
	<-inner.Done()
	if inner.Err() != context.Canceled || ctx.Err() != context.Canceled {
		t.Fatalf("Err = %v, %v", inner.Err(), ctx.Err())
	}
}
