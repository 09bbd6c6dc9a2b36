package userinfo_test

import (
	"context"
	"errors"
	"net/url"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/clientauth"
	"github.com/jotlib/jwt/logout"
	"github.com/jotlib/jwt/replay"
)

// signedResponses are a signed UserInfo response (section 5.3.2) as
// providers write it: typed "JWT" or untyped, without the times a
// provider may leave out, and with "iat", "exp" and "jti" added.
func signedResponses(t *testing.T, o *op) map[string]string {
	t.Helper()
	timed := o.signedClaims()
	now := time.Now()
	timed["iat"], timed["exp"], timed["jti"] = now.Unix(), now.Add(time.Minute).Unix(), "ui-1"
	return map[string]string{
		"typ JWT":              sign(t, opKey, o.signedClaims(), jwt.WithType("JWT")),
		"untyped":              sign(t, opKey, o.signedClaims(), jwt.WithType("")),
		"typ JWT, iat/exp/jti": sign(t, opKey, timed, jwt.WithType("JWT")),
		"untyped, iat/exp/jti": sign(t, opKey, timed, jwt.WithType("")),
	}
}

// RFC 8725 sections 3.11 and 3.12, OpenID Connect Back-Channel Logout 1.0
// section 2.6: a signed UserInfo response of the same provider, for the
// same client, signed with the ID tokens' key, is no logout token: the
// logout Verifier refuses it, by its "typ" "JWT" by default, and by its
// claims (no back-channel logout "events": jwt.ErrMissingClaim) when "JWT"
// is allowed or "typ" is absent.
func TestRFC8725_3_11_SignedResponseRefusedByLogoutVerifier(t *testing.T) {
	o := newOP(t)
	for name, resp := range signedResponses(t, o) {
		for _, allowJWT := range []bool{false, true} {
			v, err := logout.NewVerifier(&opKey.PublicKey, logout.Config{Issuer: o.issuer, ClientID: clientID, AllowJWTType: allowJWT, Replay: replay.NewMemory(0)})
			if err != nil {
				t.Fatal(err)
			}
			_, err = v.Verify(t.Context(), resp)
			switch {
			case err == nil:
				t.Errorf("%s, AllowJWTType %v: the logout verifier accepted a UserInfo response", name, allowJWT)
			case !errors.Is(err, jwt.ErrInvalidType) && !errors.Is(err, jwt.ErrMissingClaim):
				t.Errorf("%s, AllowJWTType %v: %v, want ErrInvalidType or ErrMissingClaim (no events)", name, allowJWT, err)
			}
		}
	}
}

// RFC 8725 sections 3.11 and 3.12, RFC 7523 section 3: a signed UserInfo
// response is no client assertion, even at an authorization server whose
// issuer is the response's "aud" and which takes the provider's key as the
// key of the client its "iss" names: its "sub" (the end-user) is not its
// "iss" (RFC 7523 section 3 items 1 and 2: ErrClientMismatch), and
// without "exp" or "jti" it lacks what an assertion requires
// (jwt.ErrMissingClaim). With client_id and without it alike.
func TestRFC8725_3_11_SignedResponseRefusedByClientAuthVerifier(t *testing.T) {
	o := newOP(t)
	v, err := clientauth.NewVerifier(clientauth.Config{
		Issuer: clientID,
		ClientKeys: func(context.Context, string) (any, error) {
			return &opKey.PublicKey, nil
		},
		Replay: replay.NewMemory(0),
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, resp := range signedResponses(t, o) {
		for _, clientIDParam := range []string{o.issuer, ""} {
			form := url.Values{"client_assertion_type": {clientauth.AssertionType}, "client_assertion": {resp}}
			if clientIDParam != "" {
				form.Set("client_id", clientIDParam)
			}
			_, err := v.VerifyForm(t.Context(), form)
			switch {
			case err == nil:
				t.Errorf("%s, client_id %q: the client assertion verifier accepted a UserInfo response", name, clientIDParam)
			case !errors.Is(err, clientauth.ErrClientMismatch) && !errors.Is(err, jwt.ErrMissingClaim):
				t.Errorf("%s, client_id %q: %v, want ErrClientMismatch or ErrMissingClaim", name, clientIDParam, err)
			}
		}
	}
}
