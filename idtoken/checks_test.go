package idtoken_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
)

type ctxKey struct{}

// Checks are an argument of Verify, not a context value: the caller's
// context reaches jwt.WithValidator checks as it was given, and one call's
// Checks never reach another's.
func TestChecks_AreArgumentsNotContext(t *testing.T) {
	ctx := context.WithValue(context.Background(), ctxKey{}, "mine")
	var seen context.Context
	v := idVerifier(t, nil, jwt.WithValidator(func(c context.Context, _ *jwt.Token) error {
		seen = c
		return nil
	}))
	tok := idSign(t, idClaims())
	if _, err := v.Verify(ctx, tok, idtoken.Checks{Nonce: idClaims().Nonce}); err != nil {
		t.Fatal(err)
	}
	if seen != ctx {
		t.Errorf("WithValidator got another context than the caller's")
	}
	_, err := v.Verify(ctx, tok, idtoken.Checks{Nonce: "another"})
	if !errors.Is(err, idtoken.ErrInvalidNonce) {
		t.Errorf("another nonce: %v", err)
	}
	if _, err := v.Verify(ctx, tok, idtoken.Checks{}); err != nil {
		t.Errorf("no checks: %v", err)
	}
}
