package accesstoken_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
)

// tenantClaims is a caller's claims type with a claim of its own.
type tenantClaims struct {
	accesstoken.Claims
	Tenant string `json:"tid"`
}

// RFC 6749 section 3.3 (RFC 9068 section 2.2.3): "The value of the scope
// parameter is expressed as a list of space-delimited, case-sensitive
// strings."
func TestRFC6749_3_3_ScopesAreSpaceDelimitedCaseSensitive(t *testing.T) {
	cases := []struct {
		scope string
		want  []string
	}{
		{"", nil},
		{"read", []string{"read"}},
		{"openid profile reademail", []string{"openid", "profile", "reademail"}},
		{" read  write ", []string{"read", "write"}},
		{"read\twrite", []string{"read\twrite"}},
	}
	for _, c := range cases {
		got := (&accesstoken.Claims{Scope: c.scope}).Scopes()
		if !slices.Equal(got, c.want) {
			t.Errorf("Scopes(%q) = %q, want %q", c.scope, got, c.want)
		}
	}
	c := &accesstoken.Claims{Scope: "openid profile orders:read"}
	for s, want := range map[string]bool{
		"openid": true, "orders:read": true, "Orders:Read": false, "orders": false, "": false,
		"openid profile": false, "read": false, " openid": false,
	} {
		if got := c.HasScope(s); got != want {
			t.Errorf("HasScope(%q) = %v, want %v", s, got, want)
		}
	}
	var nilClaims *accesstoken.Claims
	if nilClaims.HasScope("a") || nilClaims.Scopes() != nil {
		t.Error("nil Claims has scopes")
	}
}

// RFC 9068 sections 2.2, 2.2.1 and 2.2.3.1: "client_id", "scope",
// "auth_time", "acr", "amr", "groups", "roles" and "entitlements" are read
// into Claims, typed.
func TestRFC9068_2_2_ClaimsRead(t *testing.T) {
	c := atClaims()
	c.AuthTime = claims.NewNumericDate(atNow.Add(-2 * time.Hour))
	c.ACR = "urn:mace:incommon:iap:silver"
	c.AMR = []string{"pwd", "mfa"}
	c.Groups = []string{"admins"}
	c.Roles = []string{"editor", "viewer"}
	c.Entitlements = []string{"premium"}
	got, err := atVerifier(t, nil).Verify(atCtx, atSign(t, c))
	if err != nil {
		t.Fatal(err)
	}
	if got.ClientID != c.ClientID || got.Scope != c.Scope || !got.AuthTime.Equal(c.AuthTime.Time) || got.ACR != c.ACR ||
		!slices.Equal(got.AMR, c.AMR) || !slices.Equal(got.Groups, c.Groups) || !slices.Equal(got.Roles, c.Roles) ||
		!slices.Equal(got.Entitlements, c.Entitlements) || got.Subject != c.Subject || got.ID != c.ID {
		t.Errorf("got %+v\nwant %+v", got, c)
	}
	if !got.HasScope("reademail") {
		t.Error("scope reademail missing")
	}
}

// RFC 9068 section 2.2.2 ("identity claims") and private claims: VerifyInto
// reads them into the caller's type embedding Claims, with the same rules;
// a refused token leaves the caller's value untouched and gives its claims
// in a new value of the caller's type.
func TestRFC9068_2_2_VerifyIntoCallersType(t *testing.T) {
	v := atVerifier(t, nil)
	m := atClaimsMap()
	m["tid"] = "tenant-7"
	var dst tenantClaims
	if err := v.VerifyInto(atCtx, atRaw(t, "at+jwt", m), &dst); err != nil {
		t.Fatal(err)
	}
	if dst.Tenant != "tenant-7" || dst.ClientID != "s6BhdRkqt3" || !dst.HasScope("profile") {
		t.Errorf("got %+v", dst)
	}
	m["aud"] = "https://other.example.com"
	before := tenantClaims{Tenant: "mine"}
	dst = before
	err := v.VerifyInto(atCtx, atRaw(t, "at+jwt", m), &dst)
	var ve *jwt.ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, jwt.ErrInvalidAudience) {
		t.Fatalf("%v, want a *jwt.ValidationError with ErrInvalidAudience", err)
	}
	if dst.Tenant != "mine" || dst.Subject != "" {
		t.Errorf("the caller's value changed: %+v", dst)
	}
	if got, ok := ve.Token.Claims.(*tenantClaims); !ok || got.Tenant != "tenant-7" {
		t.Errorf("ValidationError claims %T %+v", ve.Token.Claims, ve.Token.Claims)
	}
	if err := v.VerifyInto(atCtx, atSign(t, atClaims()), (*tenantClaims)(nil)); !errors.Is(err, jwt.ErrEncoding) {
		t.Errorf("nil pointer: %v, want ErrEncoding", err)
	}
}

// RFC 9068 section 4 through *jwt.ValidationError: a verified but refused
// token's header and claims are reachable, typed *Claims.
func TestRFC9068_4_RefusedTokenClaimsReachable(t *testing.T) {
	m := atClaimsMap()
	m["aud"] = "https://other.example.com"
	ve := atRefused(t, func() error { _, err := atVerifier(t, nil).Verify(atCtx, atRaw(t, "at+jwt", m)); return err }(), jwt.ErrInvalidAudience)
	c := ve.Token.Claims.(*accesstoken.Claims)
	if c.ClientID != "s6BhdRkqt3" || c.Audience[0] != "https://other.example.com" || ve.Token.Header.Type != "at+jwt" {
		t.Errorf("got %+v, header %+v", c, ve.Token.Header)
	}
}
