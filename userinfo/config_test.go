package userinfo_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/userinfo"
)

// asError is errors.As for *userinfo.Error.
func asError(err error, e **userinfo.Error) bool { return errors.As(err, e) }

// TestNewClient_UnusableConfigRefused: a Config no request could succeed
// with, or an option that would never apply, is jwt.ErrInvalidOption
// (Discovery section 3: the endpoint "MUST use the https scheme").
func TestNewClient_UnusableConfigRefused(t *testing.T) {
	zeroProvider := new(jwk.Provider)
	for name, cfg := range map[string]userinfo.Config{
		"nothing":          {},
		"http endpoint":    {Endpoint: "http://op.example/userinfo"},
		"relative":         {Endpoint: "/userinfo"},
		"no host":          {Endpoint: "https:///userinfo"},
		"fragment":         {Endpoint: "https://op.example/userinfo#x"},
		"user info":        {Endpoint: "https://u:p@op.example/userinfo"},
		"scheme":           {Endpoint: "ftp://op.example/userinfo"},
		"opaque":           {Endpoint: "https:op.example"},
		"negative max":     {Endpoint: "https://op.example/userinfo", MaxBodySize: -1},
		"zero provider":    {Provider: zeroProvider, ClientID: clientID},
		"require unsigned": {Endpoint: "https://op.example/userinfo", RequireSigned: true},
	} {
		if _, err := userinfo.NewClient(cfg); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v", name, err)
		}
	}
	base := userinfo.Config{Endpoint: "https://op.example/userinfo", Issuer: "https://op.example", ClientID: clientID, Keys: &opKey.PublicKey}
	for name, opt := range map[string]jwt.Option{
		"other issuer":   jwt.WithIssuer("https://evil.example"),
		"other audience": jwt.WithAudience("other"),
		"typ":            jwt.WithType("at+jwt"),
	} {
		if _, err := userinfo.NewClient(base, opt); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := userinfo.NewClient(userinfo.Config{Endpoint: "https://op.example/userinfo"}, jwt.WithLeeway(1)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("jwt option without keys: %v", err)
	}
	if _, err := userinfo.NewClient(base, jwt.WithIssuer("https://op.example"), jwt.WithAudience(clientID)); err != nil {
		t.Errorf("the same issuer and audience: %v", err)
	}
	if _, err := userinfo.NewClient(userinfo.Config{Endpoint: "http://127.0.0.1:1/userinfo"}); err != nil {
		t.Errorf("http loopback: %v", err)
	}
}

// TestFetch_ZeroAndBadArgumentsTyped: a nil or zero Client, an empty
// access token, a nil or non-pointer dst: jwt.ErrInvalidOption, no panic,
// no request.
func TestFetch_ZeroAndBadArgumentsTyped(t *testing.T) {
	o := newOP(t)
	o.answer("application/json", `{"sub":"248289761001"}`)
	var dst userinfo.Claims
	var nilClient *userinfo.Client
	if err := nilClient.Fetch(context.Background(), token, subject, &dst); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("nil Client: %v", err)
	}
	if err := new(userinfo.Client).Fetch(context.Background(), token, subject, &dst); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("zero Client: %v", err)
	}
	c := o.client(t, nil)
	var nilPtr *userinfo.Claims
	for name, d := range map[string]any{"nil": nil, "value": dst, "nil pointer": nilPtr} {
		if err := c.Fetch(context.Background(), token, subject, d); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("dst %s: %v", name, err)
		}
	}
	if err := c.Fetch(context.Background(), "", subject, &dst); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("empty token: %v", err)
	}
	if o.hits.Load() != 0 {
		t.Errorf("%d requests", o.hits.Load())
	}
	// A nil context is context.Background, as in the other packages.
	//lint:ignore SA1012 on purpose
	if err := c.Fetch(nil, token, subject, &dst); err != nil {
		t.Errorf("nil ctx: %v", err)
	}
}

// TestFetch_NetworkFailureIsErrFetch: a server that cannot be reached, or a
// context that ends, is ErrFetch.
func TestFetch_NetworkFailureIsErrFetch(t *testing.T) {
	o := newOP(t)
	c := o.client(t, nil)
	o.srv.Close()
	if _, err := fetch(c); !errors.Is(err, userinfo.ErrFetch) {
		t.Fatalf("%v", err)
	}
	o2 := newOP(t)
	o2.answer("application/json", `{"sub":"248289761001"}`)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var dst userinfo.Claims
	if err := o2.client(t, nil).Fetch(ctx, token, subject, &dst); !errors.Is(err, userinfo.ErrFetch) || !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled: %v", err)
	}
}

// TestGoOIDC_UserInfoCases: go-oidc v3's TestUserInfoEndpoint inputs: a
// JSON response, its Cognito variant ("email_verified":"true", accepted
// as go-oidc does), and a signed response with "iss" and "aud" (go-oidc's
// own token has neither: refused here, see
// TestOIDCCore_5_3_2_SignedResponseVerified).
func TestGoOIDC_UserInfoCases(t *testing.T) {
	o := newOP(t)
	c := o.client(t, nil)
	for _, body := range []string{
		`{"sub":"248289761001","profile":"Joe Doe","email":"joe@doe.com","email_verified":true,"is_admin":true}`,
		`{"sub":"248289761001","profile":"Joe Doe","email":"joe@doe.com","email_verified":"true","is_admin":true}`,
	} {
		o.answer("application/json", body)
		got, err := fetch(c)
		if err != nil || got.Profile != "Joe Doe" || got.Email != "joe@doe.com" || !bool(got.EmailVerified) {
			t.Errorf("%s: %v %+v", body, err, got)
		}
	}
	claims := map[string]any{"iss": o.issuer, "aud": clientID, "sub": subject, "email_verified": "true"}
	o.answer("application/jwt", sign(t, opKey, claims))
	if got, err := fetch(c); err != nil || !bool(got.EmailVerified) {
		t.Errorf("signed Cognito variant: %v", err)
	}
	// go-oidc's signed token without iss and aud.
	delete(claims, "iss")
	delete(claims, "aud")
	o.answer("application/jwt", sign(t, opKey, claims))
	if _, err := fetch(c); !errors.Is(err, userinfo.ErrResponse) {
		t.Errorf("signed without iss, aud: %v", err)
	}
}

// TestError_NilSafe: a nil *Error neither panics nor matches.
func TestError_NilSafe(t *testing.T) {
	var e *userinfo.Error
	if e.Is(userinfo.ErrRefused) || e.Error() == "" {
		t.Fatal("nil *Error")
	}
}
