package clientauth_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/clientauth"
)

// TestRFC7523_3_SignerMintsWhatTheRuleSays: "iss" = "sub" = the client id,
// "aud" the one audience given, "iat" now, "exp" a minute later, a
// 128-bit "jti", "typ" client-authentication+jwt (draft-ietf-oauth-rfc7523bis).
func TestRFC7523_3_SignerMintsWhatTheRuleSays(t *testing.T) {
	cs := newClients(t)
	tok, err := cs.signer(t, testClient).Assertion(testIssuer)
	if err != nil {
		t.Fatal(err)
	}
	u, err := jwt.ReadUnverified(tok)
	if err != nil {
		t.Fatal(err)
	}
	r := u.Registered()
	if u.Header.Type != clientauth.Type || r.Issuer != testClient || r.Subject != testClient ||
		len(r.Audience) != 1 || r.Audience[0] != testIssuer || !r.IssuedAt.Equal(testNow) ||
		!r.ExpiresAt.Equal(testNow.Add(clientauth.DefaultLifetime)) || len(r.ID) != 22 {
		t.Fatalf("header %+v, claims %+v", u.Header, r)
	}
	var raw map[string]any
	if err := u.Claims(&raw); err != nil {
		t.Fatal(err)
	}
	if _, isString := raw["aud"].(string); !isString {
		t.Errorf("aud %T, want a single string", raw["aud"])
	}
	other, _ := cs.signer(t, testClient).Assertion(testIssuer)
	if u2, _ := jwt.ReadUnverified(other); u2.Registered().ID == r.ID {
		t.Error("two assertions share a jti")
	}
}

// TestRFC7523_2_2_FormValuesCarryTheAssertion: client_assertion_type is the
// jwt-bearer URN and client_assertion one assertion; client_id is the
// client's.
func TestRFC7523_2_2_FormValuesCarryTheAssertion(t *testing.T) {
	cs := newClients(t)
	f, err := cs.signer(t, testClient).FormValues(testIssuer)
	if err != nil {
		t.Fatal(err)
	}
	if f.Get("client_assertion_type") != "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" ||
		len(f["client_assertion"]) != 1 || f.Get("client_id") != testClient {
		t.Fatalf("form %v", f)
	}
	c, err := cs.verifier(t, nil).VerifyForm(context.Background(), f)
	if err != nil || c.ClientID() != testClient {
		t.Fatalf("%v, %v", c, err)
	}
}

// TestOIDCCore_9_PrivateKeyJWTAndClientSecretJWTAccepted: both methods of
// OpenID Connect Core 1.0 section 9 verify with the client's registered key.
func TestOIDCCore_9_PrivateKeyJWTAndClientSecretJWTAccepted(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	private, _ := cs.signer(t, testClient).Assertion(testIssuer)
	if c, err := v.VerifyForm(context.Background(), form(private)); err != nil || c.ClientID() != testClient {
		t.Fatalf("private_key_jwt: %v, %v", c, err)
	}
	s, err := clientauth.NewSigner(jwt.HS256, cs.secret, "secret-client")
	if err != nil {
		t.Fatal(err)
	}
	s, _ = s.WithClock(fixedNow)
	secret, _ := s.Assertion(testIssuer)
	if c, err := v.VerifyForm(context.Background(), form(secret)); err != nil || c.ClientID() != "secret-client" {
		t.Fatalf("client_secret_jwt: %v, %v", c, err)
	}
}

// TestRFC7523bis_AudienceInjection_TokenEndpointRefused: under the default
// rule an assertion whose "aud" is the token endpoint URL (RFC 7523
// section 3's MAY, the value an attacker's metadata makes a client sign for
// an honest server) is refused; so is another server's issuer, and a
// second audience beside the issuer.
func TestRFC7523bis_AudienceInjection_TokenEndpointRefused(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	s := cs.signer(t, testClient)
	for name, aud := range map[string]string{
		"token endpoint":       testEndpoint,
		"another AS's issuer":  "https://attacker.example",
		"issuer with a slash":  testIssuer + "/",
		"issuer in other case": strings.ToUpper(testIssuer),
	} {
		tok, _ := s.Assertion(aud)
		_, err := v.VerifyForm(context.Background(), form(tok))
		refused(t, name, err, clientauth.ErrAudience, jwt.ErrInvalidAudience)
	}
	cl := assertionClaims(testClient, "two-audiences")
	cl["aud"] = []string{testIssuer, "https://attacker.example"}
	_, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, clientauth.Type, cl)))
	refused(t, "two audiences", err, clientauth.ErrAudience)
}

// TestRFC7523bis_SingleMemberArrayAudienceAccepted: the draft allows "aud"
// as an array holding only the issuer.
func TestRFC7523bis_SingleMemberArrayAudienceAccepted(t *testing.T) {
	cs := newClients(t)
	cl := assertionClaims(testClient, "array")
	cl["aud"] = []string{testIssuer}
	if _, err := cs.verifier(t, nil).VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl))); err != nil {
		t.Fatal(err)
	}
}

// TestRFC7523_3_3_TokenEndpointAcceptedUnderCompatibilityRule: with
// AudienceIssuerOrTokenEndpoint the token endpoint URL, or an "aud"
// containing the issuer, passes for an untyped or "JWT" assertion; a
// typed one declared the draft's rule and must have the issuer alone.
func TestRFC7523_3_3_TokenEndpointAcceptedUnderCompatibilityRule(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, func(c *clientauth.Config) {
		c.Audience, c.TokenEndpoint = clientauth.AudienceIssuerOrTokenEndpoint, testEndpoint
	})
	for i, typ := range []string{"", "JWT"} {
		cl := assertionClaims(testClient, "compat"+typ)
		cl["aud"] = testEndpoint
		if _, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, typ, cl))); err != nil {
			t.Errorf("typ %q: %v", typ, err)
		}
		cl = assertionClaims(testClient, "compat-multi"+typ)
		cl["aud"] = []string{"https://other.example", testIssuer}
		if _, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, typ, cl))); err != nil {
			t.Errorf("%d: multi-valued aud with the issuer: %v", i, err)
		}
	}
	cl := assertionClaims(testClient, "compat-other")
	cl["aud"] = "https://attacker.example/token"
	_, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl)))
	refused(t, "another endpoint", err, clientauth.ErrAudience)
	typed, _ := cs.signer(t, testClient).Assertion(testEndpoint)
	_, err = v.VerifyForm(context.Background(), form(typed))
	refused(t, "typed with the token endpoint", err, clientauth.ErrAudience)
}

// TestOIDCCore_9_IssMustEqualSub: "iss" and "sub" are both the client id;
// a form client_id must be the assertion's.
func TestOIDCCore_9_IssMustEqualSub(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	cl := assertionClaims(testClient, "a")
	cl["sub"] = "end-user"
	_, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl)))
	refused(t, "sub not iss", err, clientauth.ErrClientMismatch, jwt.ErrTokenInvalidClaims)
	cl = assertionClaims(testClient, "b")
	delete(cl, "sub")
	_, err = v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl)))
	refused(t, "no sub", err, clientauth.ErrClientMismatch, jwt.ErrMissingClaim)
	tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
	f := form(tok)
	f["client_id"] = []string{otherClient}
	_, err = v.VerifyForm(context.Background(), f)
	refused(t, "client_id of another client", err, clientauth.ErrClientMismatch)
	cl = assertionClaims(testClient, "c")
	cl["sub"] = "end-user"
	f = form(cs.raw(t, testClient, "", cl))
	f["client_id"] = []string{testClient}
	_, err = v.VerifyForm(context.Background(), f)
	refused(t, "sub not client_id", err, clientauth.ErrClientMismatch)
	for _, id := range cs.asked {
		if id != testClient {
			t.Errorf("ClientKeys asked for %q", id)
		}
	}
}

// TestRFC7523_3_KeysAreTheNamedClientsOnly: an assertion naming client-1
// but signed with client-2's key is refused: only client-1's keys are
// asked for and tried.
func TestRFC7523_3_KeysAreTheNamedClientsOnly(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	tok := cs.raw(t, otherClient, clientauth.Type, assertionClaims(testClient, "forged"))
	_, err := v.VerifyForm(context.Background(), form(tok))
	refused(t, "signed by another client", err, jwt.ErrSignatureInvalid)
	for _, id := range cs.asked {
		if id != testClient {
			t.Errorf("ClientKeys asked for %q", id)
		}
	}
	unknown := cs.raw(t, testClient, "", assertionClaims("nobody", "x"))
	_, err = v.VerifyForm(context.Background(), form(unknown))
	refused(t, "unknown client", err, clientauth.ErrUnknownClient)
	if code, _ := clientauth.ErrorCode(err); code != clientauth.CodeInvalidClient {
		t.Errorf("unknown client: code %q", code)
	}
}

// TestRFC7523_3_4_LifetimeBounded: "exp" is required, and at most
// Config.MaxLifetime ahead of now and of "iat".
func TestRFC7523_3_4_LifetimeBounded(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, func(c *clientauth.Config) { c.MaxLifetime = 2 * time.Minute })
	cl := assertionClaims(testClient, "no-exp")
	delete(cl, "exp")
	_, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl)))
	refused(t, "no exp", err, jwt.ErrMissingClaim)
	cl = assertionClaims(testClient, "long")
	cl["exp"] = testNow.Add(time.Hour).Unix()
	_, err = v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl)))
	refused(t, "an hour", err, clientauth.ErrLifetime)
	cl = assertionClaims(testClient, "old-iat")
	cl["iat"] = testNow.Add(-2 * time.Minute).Unix()
	cl["exp"] = testNow.Add(time.Minute).Unix()
	_, err = v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl)))
	refused(t, "three minutes after iat", err, clientauth.ErrLifetime)
	cl = assertionClaims(testClient, "no-iat")
	delete(cl, "iat")
	if _, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl))); err != nil {
		t.Errorf("no iat, short exp: %v", err)
	}
	cl = assertionClaims(testClient, "expired")
	cl["exp"] = testNow.Add(-time.Second).Unix()
	_, err = v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl)))
	refused(t, "expired", err, jwt.ErrTokenExpired)
}

// TestOIDCCore_9_JTIRequiredAndUsedOnce: "jti" is required; the second use
// of an assertion is refused; a refused assertion does not use up its
// "jti"; the same "jti" from another client is that client's own.
func TestOIDCCore_9_JTIRequiredAndUsedOnce(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	cl := assertionClaims(testClient, "")
	delete(cl, "jti")
	_, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl)))
	refused(t, "no jti", err, jwt.ErrMissingClaim)

	tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
	if _, err := v.VerifyForm(context.Background(), form(tok)); err != nil {
		t.Fatal(err)
	}
	_, err = v.VerifyForm(context.Background(), form(tok))
	refused(t, "replayed", err, clientauth.ErrReplayed)

	bad := assertionClaims(testClient, "shared")
	bad["aud"] = testEndpoint
	_, err = v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", bad)))
	refused(t, "bad audience", err, clientauth.ErrAudience)
	if _, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", assertionClaims(testClient, "shared")))); err != nil {
		t.Errorf("jti of a refused assertion: %v", err)
	}
	if _, err := v.VerifyForm(context.Background(), form(cs.raw(t, otherClient, "", assertionClaims(otherClient, "shared")))); err != nil {
		t.Errorf("same jti, other client: %v", err)
	}
}

// TestRFC8725_3_11_TypeRule: "typ" client-authentication+jwt, "JWT" or none
// pass; another kind's type is refused; RequireExplicitType accepts the
// draft's type only.
func TestRFC8725_3_11_TypeRule(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	for i, typ := range []string{clientauth.Type, "application/client-authentication+jwt", "JWT", ""} {
		if _, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, typ, assertionClaims(testClient, "t"+string(rune('a'+i)))))); err != nil {
			t.Errorf("typ %q: %v", typ, err)
		}
	}
	for _, typ := range []string{"at+jwt", "logout+jwt", "dpop+jwt", "secevent+jwt"} {
		_, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, typ, assertionClaims(testClient, typ))))
		refused(t, typ, err, jwt.ErrInvalidType)
	}
	strict := cs.verifier(t, func(c *clientauth.Config) { c.RequireExplicitType = true })
	for _, typ := range []string{"JWT", ""} {
		_, err := strict.VerifyForm(context.Background(), form(cs.raw(t, testClient, typ, assertionClaims(testClient, "s"+typ))))
		refused(t, "explicit type required, got "+typ, err, jwt.ErrInvalidType)
	}
	tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
	if _, err := strict.VerifyForm(context.Background(), form(tok)); err != nil {
		t.Errorf("typed: %v", err)
	}
}

// TestRFC8725_3_12_OtherKindsClaimsRefused: a token carrying a claim of an
// access token, an ID token, a logout token or a DPoP proof is refused,
// whatever its "typ".
func TestRFC8725_3_12_OtherKindsClaimsRefused(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	for _, m := range []string{"scope", "nonce", "auth_time", "at_hash", "c_hash", "events", "htm", "htu"} {
		cl := assertionClaims(testClient, "m-"+m)
		cl[m] = "x"
		if m == "auth_time" {
			cl[m] = testNow.Unix()
		}
		_, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl)))
		refused(t, m, err, clientauth.ErrOtherKind, jwt.ErrInvalidType)
	}
}

// TestRFC8725_3_1_AlgorithmRules: "none" is refused, and so is an HS256
// assertion whose secret is a client's public key bytes.
func TestRFC8725_3_1_AlgorithmRules(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
	parts := strings.Split(tok, ".")
	none := "eyJhbGciOiJub25lIn0." + parts[1] + "."
	_, err := v.VerifyForm(context.Background(), form(none))
	refused(t, "none", err)
	pub := cs.keys[testClient].PublicKey
	raw, _ := pub.Bytes()
	raw = append(raw, raw...)
	s, err := jwt.NewSigner(jwt.HS256, raw)
	if err != nil {
		t.Fatal(err)
	}
	hs, _ := s.Sign(assertionClaims(testClient, "hs"))
	_, err = v.VerifyForm(context.Background(), form(hs))
	refused(t, "HS256 with the public key", err)
}
