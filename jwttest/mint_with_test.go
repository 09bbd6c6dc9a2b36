package jwttest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwttest"
)

type tenantClaims struct {
	accesstoken.Claims
	Email  string `json:"email"`
	Tenant string `json:"tid"`
}

type tenantClaimsPtr struct {
	*accesstoken.Claims
	Tenant string `json:"tid"`
}

type emailClaims struct {
	idtoken.Claims
	Email string `json:"email"`
}

func TestRFC9068_2_2_2_OwnClaimsRoundTripThroughVerifyInto(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	v := accessVerifier(t, p, p.RemoteSet())
	in := &tenantClaims{Claims: accesstoken.Claims{Scope: "orders:read"}, Email: "a@example.com", Tenant: "t1"}
	tok := p.AccessTokenWith(in)
	var out tenantClaims
	if err := v.VerifyInto(context.Background(), tok, &out); err != nil {
		t.Fatal(err)
	}
	if out.Email != "a@example.com" || out.Tenant != "t1" || !out.HasScope("orders:read") ||
		out.Issuer != p.Issuer() || out.ClientID != jwttest.DefaultClientID || out.Subject != jwttest.DefaultSubject || out.ID == "" {
		t.Fatalf("claims %+v", out)
	}
	if in.Issuer != "" || in.ClientID != "" || in.ExpiresAt != nil || in.ID != "" {
		t.Fatalf("the caller's claims were changed: %+v", in.Claims)
	}
}

func TestRFC9068_2_2_OwnClaimsEmbeddedByPointerNotChanged(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	v := accessVerifier(t, p, p.Set())
	inner := &accesstoken.Claims{Scope: "a"}
	tok := p.AccessTokenWith(&tenantClaimsPtr{Claims: inner, Tenant: "t2"})
	out := tenantClaimsPtr{Claims: new(accesstoken.Claims)}
	if err := v.VerifyInto(context.Background(), tok, &out); err != nil {
		t.Fatal(err)
	}
	if out.Tenant != "t2" || out.ClientID != jwttest.DefaultClientID {
		t.Fatalf("claims %+v %+v", out, out.Claims)
	}
	if inner.Issuer != "" || inner.ClientID != "" {
		t.Fatalf("the caller's embedded *Claims was changed: %+v", inner)
	}
}

func TestRFC9068_2_1_OwnClaimsKeepAtJWTType(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	tok := p.AccessTokenWith(&tenantClaims{Tenant: "t"})
	// An ID-token verifier refuses it by its "typ" (RFC 8725 section 3.12).
	if _, err := idVerifier(t, p, p.Set()).Verify(context.Background(), tok, idtoken.Checks{}); err == nil {
		t.Fatal("an access token minted with own claims passed an ID-token verifier")
	}
}

func TestOwnClaimsNilRefusedWithErrEncoding(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	if _, err := p.SignAccessTokenWith(nil); !errors.Is(err, jwt.ErrEncoding) {
		t.Fatalf("nil: %v", err)
	}
	if _, err := p.SignAccessTokenWith((*tenantClaims)(nil)); !errors.Is(err, jwt.ErrEncoding) {
		t.Fatalf("nil pointer: %v", err)
	}
	if _, err := p.SignAccessTokenWith(&tenantClaimsPtr{}); !errors.Is(err, jwt.ErrEncoding) {
		t.Fatalf("nil embedded *Claims: %v", err)
	}
	if _, err := p.SignIDTokenWith(nil); !errors.Is(err, jwt.ErrEncoding) {
		t.Fatalf("id nil: %v", err)
	}
	var nilp *jwttest.Provider
	if _, err := nilp.SignAccessTokenWith(&tenantClaims{}); !errors.Is(err, jwttest.ErrNoProvider) {
		t.Fatalf("nil provider: %v", err)
	}
	if nilp.AccessTokenWith(&tenantClaims{}) != "" || nilp.IDTokenWith(&emailClaims{}) != "" {
		t.Fatal("nil provider minted")
	}
}

func TestOIDCCore5_1_OwnClaimsInIDTokenRoundTrip(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	v := idVerifier(t, p, p.RemoteSet())
	in := &emailClaims{Email: "b@example.com"}
	tok := p.IDTokenWith(in, jwttest.WithNonce("n-1"), jwttest.WithAccessTokenHash("at"))
	var out emailClaims
	if err := v.VerifyInto(context.Background(), tok, idtoken.Checks{Nonce: "n-1", AccessToken: "at"}, &out); err != nil {
		t.Fatal(err)
	}
	if out.Email != "b@example.com" || out.Nonce != "n-1" || out.Issuer != p.Issuer() {
		t.Fatalf("claims %+v", out)
	}
	if in.Nonce != "" || in.Issuer != "" {
		t.Fatalf("the caller's claims were changed: %+v", in.Claims)
	}
}
