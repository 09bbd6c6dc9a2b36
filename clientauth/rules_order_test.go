package clientauth_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/clientauth"
)

// TestRFC7523_3_7_ValidatorRefusalKeepsTheJTI: an assertion a
// jwt.WithValidator check refuses does not use up its "jti": the replay
// check runs once every other rule passed, the caller's included.
func TestRFC7523_3_7_ValidatorRefusalKeepsTheJTI(t *testing.T) {
	cs := newClients(t)
	errOnce := errors.New("refused once by the caller's validator")
	refuse := true
	v, err := clientauth.NewVerifier(cs.config(), jwt.WithValidator(func(context.Context, *jwt.Token) error {
		if refuse {
			return errOnce
		}
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
	_, err = v.VerifyForm(context.Background(), form(tok))
	refused(t, "validator", err, errOnce, jwt.ErrTokenInvalidClaims)
	refuse = false
	if _, err := v.VerifyForm(context.Background(), form(tok)); err != nil {
		t.Fatalf("after the validator passed: %v (the refused try used up the jti)", err)
	}
	_, err = v.VerifyForm(context.Background(), form(tok))
	refused(t, "replayed", err, clientauth.ErrReplayed)
}

// TestRFC7523_3_7_EmptyJTIRefused: "jti" "" identifies nothing (RFC 7523
// section 3 item 7; OpenID Connect Core 1.0 section 9: REQUIRED, a unique
// identifier): refused as a missing claim, and claims nothing.
func TestRFC7523_3_7_EmptyJTIRefused(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	empty := cs.raw(t, testClient, "", assertionClaims(testClient, ""))
	_, err := v.VerifyForm(context.Background(), form(empty))
	refused(t, "empty jti", err, jwt.ErrMissingClaim, jwt.ErrTokenInvalidClaims)
	if code, _ := clientauth.ErrorCode(err); code != clientauth.CodeInvalidClient {
		t.Errorf("empty jti: %s", code)
	}
}

// TestRFC6749_2_3_OneAuthenticationMethodPerRequest: "The client MUST NOT
// use more than one authentication method in each request": an
// Authorization header (client_secret_basic, or any other scheme) or a
// client_secret parameter beside client_assertion is invalid_request.
func TestRFC6749_2_3_OneAuthenticationMethodPerRequest(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	srv := tokenEndpoint(t, v)
	for name, header := range map[string]string{
		"basic":  "Basic " + "Y2xpZW50LTE6c2VjcmV0", // client-1:secret
		"bearer": "Bearer abc",
	} {
		tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
		req, err := http.NewRequest(http.MethodPost, srv.URL+"/token", strings.NewReader(form(tok).Encode()))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Authorization", header)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", name, resp.StatusCode)
		}
		r := httptest.NewRequest(http.MethodPost, "/token", strings.NewReader(form(tok).Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.Header.Set("Authorization", header)
		_, err = v.VerifyRequest(r)
		refused(t, name, err, clientauth.ErrInvalidRequest)
		if code, status := clientauth.ErrorCode(err); code != clientauth.CodeInvalidRequest || status != 400 {
			t.Errorf("%s: %s %d", name, code, status)
		}
	}
	for _, secret := range []url.Values{{"client_secret": {"s"}}, {"client_secret": {""}}} {
		tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
		f := form(tok)
		for k, vs := range secret {
			f[k] = vs
		}
		_, err := v.VerifyForm(context.Background(), f)
		refused(t, "client_secret beside client_assertion", err, clientauth.ErrInvalidRequest)
		// The refusal used up nothing: the same assertion alone passes.
		if _, err := v.VerifyForm(context.Background(), form(tok)); err != nil {
			t.Errorf("the assertion alone: %v", err)
		}
	}
}
