package jwt_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// TestAnOptionForTheOtherSideIsRefused_NeverSilentlyIgnored: an option that
// applies only to verifying, given to Sign or NewSigner, and one that
// applies only to signing, given to a parse, is ErrInvalidOption naming the
// option; nothing is dropped without a word.
func TestAnOptionForTheOtherSideIsRefused_NeverSilentlyIgnored(t *testing.T) {
	verifyOnly := map[string]jwt.Option{
		"WithAudience":           jwt.WithAudience("api"),
		"WithIssuer":             jwt.WithIssuer("iss"),
		"WithSubject":            jwt.WithSubject("sub"),
		"WithLeeway":             jwt.WithLeeway(time.Second),
		"WithTimeFunc":           jwt.WithTimeFunc(time.Now),
		"WithExpirationRequired": jwt.WithExpirationRequired(),
		"WithAlgorithms":         jwt.WithAlgorithms(jwt.HS256),
		"WithAllAudiences":       jwt.WithAllAudiences("api"),
		"WithIssuedAt":           jwt.WithIssuedAt(),
		"WithNotBeforeRequired":  jwt.WithNotBeforeRequired(),
		"WithMaxAge":             jwt.WithMaxAge(time.Hour),
		"WithRequiredClaims":     jwt.WithRequiredClaims("sub"),
		"WithValidator":          jwt.WithValidator(func(context.Context, *jwt.Token) error { return nil }),
		"WithObserver":           jwt.WithObserver(&recorder{}),
	}
	c := claims.Registered{Subject: "s"}
	for name, opt := range verifyOnly {
		t.Run(name+" to the sign side", func(t *testing.T) {
			_, err := jwt.Sign(jwt.HS256, c, rtSecret, opt)
			checkSideError(t, "Sign", err, name)
			_, err = jwt.NewSigner(jwt.HS256, rtSecret, opt)
			checkSideError(t, "NewSigner", err, name)
		})
	}
	tok := rtSign(t, c)
	parses := map[string]func(jwt.Option) error{
		"Parse": func(o jwt.Option) error { _, err := jwt.Parse(tok, rtSecret, o); return err },
		"ParseWithClaims": func(o jwt.Option) error {
			_, err := jwt.ParseWithClaims(tok, &claims.Registered{}, rtSecret, o)
			return err
		},
		"ParseAs":     func(o jwt.Option) error { _, _, err := jwt.ParseAs[claims.Registered](tok, rtSecret, o); return err },
		"NewVerifier": func(o jwt.Option) error { _, err := jwt.NewVerifier(rtSecret, o); return err },
	}
	signOnly := map[string]jwt.Option{"WithKeyID": jwt.WithKeyID("k1"), "WithHeader": jwt.WithHeader("x", 1)}
	for path, parse := range parses {
		for name, opt := range signOnly {
			t.Run(name+" to "+path, func(t *testing.T) {
				checkSideError(t, path, parse(opt), name)
			})
		}
	}
	// ReadUnverified verifies nothing: every option that would be a rule,
	// and every sign-side option, is refused there.
	for name, opt := range verifyOnly {
		t.Run(name+" to ReadUnverified", func(t *testing.T) {
			_, err := jwt.ReadUnverified(tok, opt)
			checkSideError(t, "ReadUnverified", err, name)
		})
	}
	for name, opt := range map[string]jwt.Option{"WithType": jwt.WithType("JWT"), "WithKeyID": jwt.WithKeyID("k"), "WithHeader": jwt.WithHeader("x", 1)} {
		t.Run(name+" to ReadUnverified", func(t *testing.T) {
			_, err := jwt.ReadUnverified(tok, opt)
			checkSideError(t, "ReadUnverified", err, name)
		})
	}
	if _, err := jwt.ReadUnverified(tok, jwt.WithEncoder(jwt.StdEncoder{}), jwt.WithMaxTokenSize(4096)); err != nil {
		t.Fatalf("ReadUnverified with WithEncoder and WithMaxTokenSize: %v", err)
	}
	// Options for both sides are taken by both.
	both := []jwt.Option{jwt.WithEncoder(jwt.StdEncoder{}), jwt.WithType("JWT"), jwt.WithMaxTokenSize(4096)}
	tok2, err := jwt.Sign(jwt.HS256, c, rtSecret, both...)
	if err != nil {
		t.Fatalf("Sign with options for both sides: %v", err)
	}
	if _, err := jwt.Parse(tok2, rtSecret, both...); err != nil {
		t.Fatalf("Parse with options for both sides: %v", err)
	}
}

func checkSideError(t *testing.T, path string, err error, option string) {
	t.Helper()
	if !errors.Is(err, jwt.ErrInvalidOption) {
		t.Fatalf("%s: got %v, want ErrInvalidOption", path, err)
	}
	if !strings.Contains(err.Error(), option) {
		t.Fatalf("%s: error does not name %s: %v", path, option, err)
	}
}

// TestSignNeverMintsATokenOverTheSizeCap: a Signer honours WithMaxTokenSize
// (default DefaultMaxTokenSize, 1 MiB) and so never makes a token that a
// Verifier with the same cap refuses; a token of exactly the cap is made
// and verifies.
func TestSignNeverMintsATokenOverTheSizeCap(t *testing.T) {
	c := map[string]any{"sub": strings.Repeat("x", 200)}
	tok, err := jwt.Sign(jwt.HS256, c, rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	capped := len(tok)
	if _, err := jwt.Sign(jwt.HS256, c, rtSecret, jwt.WithMaxTokenSize(capped-1)); !errors.Is(err, jwt.ErrTokenTooLarge) {
		t.Fatalf("a token one byte over the cap: got %v, want ErrTokenTooLarge", err)
	}
	exact, err := jwt.Sign(jwt.HS256, c, rtSecret, jwt.WithMaxTokenSize(capped))
	if err != nil || len(exact) != capped {
		t.Fatalf("a token of exactly the cap: %d bytes, %v", len(exact), err)
	}
	if _, err := jwt.Parse(exact, rtSecret, jwt.WithMaxTokenSize(capped)); err != nil {
		t.Fatalf("the same cap refuses the token the Signer made: %v", err)
	}
	big := map[string]any{"blob": strings.Repeat("y", jwt.DefaultMaxTokenSize)}
	if _, err := jwt.Sign(jwt.HS256, big, rtSecret); !errors.Is(err, jwt.ErrTokenTooLarge) {
		t.Fatalf("a token over the default cap: got %v, want ErrTokenTooLarge", err)
	}
}
