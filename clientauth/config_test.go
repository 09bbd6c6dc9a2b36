package clientauth_test

import (
	"context"
	"crypto/ecdsa"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/clientauth"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/replay"
)

// TestNewVerifier_ConfigNoRequestCouldPassRefused: a Config missing what
// every request needs, or with a setting that would be ignored, is
// jwt.ErrInvalidOption; so are jwt options setting a rule the profile owns.
func TestNewVerifier_ConfigNoRequestCouldPassRefused(t *testing.T) {
	cs := newClients(t)
	var nilMemory *replay.Memory
	for name, edit := range map[string]func(*clientauth.Config){
		"no issuer":             func(c *clientauth.Config) { c.Issuer = "" },
		"no client keys":        func(c *clientauth.Config) { c.ClientKeys = nil },
		"no replay store":       func(c *clientauth.Config) { c.Replay = nil },
		"nil *replay.Memory":    func(c *clientauth.Config) { c.Replay = nilMemory },
		"unknown audience rule": func(c *clientauth.Config) { c.Audience = 7 },
		"endpoint, issuer-only": func(c *clientauth.Config) { c.TokenEndpoint = testEndpoint },
		"negative max lifetime": func(c *clientauth.Config) { c.MaxLifetime = -time.Second },
		"negative leeway":       func(c *clientauth.Config) { c.Leeway = -time.Second },
	} {
		cfg := cs.config()
		edit(&cfg)
		_, err := clientauth.NewVerifier(cfg)
		refused(t, name, err, jwt.ErrInvalidOption)
	}
	for name, opt := range map[string]jwt.Option{
		"WithIssuer":   jwt.WithIssuer(testClient),
		"WithAudience": jwt.WithAudience(testIssuer),
		"WithType":     jwt.WithType("JWT"),
		"WithLeeway":   jwt.WithLeeway(time.Second),
		"WithTimeFunc": jwt.WithTimeFunc(time.Now),
	} {
		_, err := clientauth.NewVerifier(cs.config(), opt)
		refused(t, name, err, jwt.ErrInvalidOption)
	}
	if _, err := clientauth.NewVerifier(cs.config(), jwt.WithAlgorithms(jwt.ES256)); err != nil {
		t.Errorf("WithAlgorithms: %v", err)
	}
}

// TestZeroValues_NeverPanic: nil and zero Verifiers and Signers, a nil
// context, and ClientKeys giving nil or a typed nil key source are typed
// errors.
func TestZeroValues_NeverPanic(t *testing.T) {
	cs := newClients(t)
	tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
	for name, v := range map[string]*clientauth.Verifier{"nil": nil, "zero": {}} {
		_, err := v.VerifyForm(context.Background(), form(tok))
		refused(t, name+" verifier", err, jwt.ErrInvalidKey)
		if code, status := clientauth.ErrorCode(err); code != "server_error" || status != 500 {
			t.Errorf("%s verifier: %s %d", name, code, status)
		}
		_, err = v.VerifyRequest(nil)
		refused(t, name+" verifier, nil request", err)
	}
	for name, s := range map[string]*clientauth.Signer{"nil": nil, "zero": {}} {
		_, err := s.Assertion(testIssuer)
		refused(t, name+" signer", err, jwt.ErrInvalidKey)
		_, err = s.FormValues(testIssuer)
		refused(t, name+" signer form", err, jwt.ErrInvalidKey)
		_, err = s.WithLifetime(time.Minute)
		refused(t, name+" signer lifetime", err, jwt.ErrInvalidKey)
		_, err = s.WithClock(time.Now)
		refused(t, name+" signer clock", err, jwt.ErrInvalidKey)
		if s.ClientID() != "" {
			t.Errorf("%s signer has a client id", name)
		}
	}
	var c *clientauth.Claims
	if c.ClientID() != "" {
		t.Error("nil Claims has a client id")
	}
	//lint:ignore SA1012 a nil context is what is tested
	if _, err := cs.verifier(t, nil).VerifyForm(nil, form(tok)); err != nil { //nolint:staticcheck
		t.Errorf("nil context: %v", err)
	}
	var nilSet *jwk.Set
	var nilFunc jwt.KeyFunc
	var nilKey *ecdsa.PublicKey
	for name, key := range map[string]any{"nil": nil, "nil *jwk.Set": nilSet, "nil KeyFunc": nilFunc, "nil key": nilKey} {
		v := cs.verifier(t, func(c *clientauth.Config) {
			c.ClientKeys = func(context.Context, string) (any, error) { return key, nil }
		})
		tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
		_, err := v.VerifyForm(context.Background(), form(tok))
		refused(t, name, err, clientauth.ErrUnknownClient)
	}
}

// TestOIDCCore_9_ClientKeysMayBeAKeySetOrKeyFunc: a client's registered
// JWK Set, or a KeyFunc, serves as its keys.
func TestOIDCCore_9_ClientKeysMayBeAKeySetOrKeyFunc(t *testing.T) {
	cs := newClients(t)
	pub := &cs.keys[testClient].PublicKey
	k, err := jwk.NewKey(pub, jwk.Params{KeyID: "k1", Use: "sig"})
	if err != nil {
		t.Fatal(err)
	}
	set := jwk.NewSet(k)
	for name, key := range map[string]any{
		"jwk.Set": set,
		"KeyFunc": jwt.KeyFunc(func(*jwt.Header) (any, error) { return pub, nil }),
	} {
		v := cs.verifier(t, func(c *clientauth.Config) {
			c.ClientKeys = func(context.Context, string) (any, error) { return key, nil }
		})
		tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
		if _, err := v.VerifyForm(context.Background(), form(tok)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestSigner_OptionsRefusedWhenTheyCouldNotServe: an empty client id, an
// empty audience, a lifetime out of (0, MaxSignerLifetime], a nil clock,
// and a "typ" of another kind are jwt.ErrInvalidOption; jwt.WithType("")
// writes none.
func TestSigner_OptionsRefusedWhenTheyCouldNotServe(t *testing.T) {
	cs := newClients(t)
	key := cs.keys[testClient]
	_, err := clientauth.NewSigner(jwt.ES256, key, "")
	refused(t, "empty client id", err, jwt.ErrInvalidOption)
	_, err = clientauth.NewSigner(jwt.ES256, key, testClient, jwt.WithType("at+jwt"))
	refused(t, "at+jwt", err, jwt.ErrInvalidOption)
	s := cs.signer(t, testClient)
	_, err = s.Assertion("")
	refused(t, "empty audience", err, jwt.ErrInvalidOption)
	for _, d := range []time.Duration{0, -time.Second, clientauth.MaxSignerLifetime + time.Second} {
		_, err = s.WithLifetime(d)
		refused(t, "lifetime "+d.String(), err, jwt.ErrInvalidOption)
	}
	_, err = s.WithClock(nil)
	refused(t, "nil clock", err, jwt.ErrInvalidOption)
	long, err := s.WithLifetime(clientauth.MaxSignerLifetime)
	if err != nil {
		t.Fatal(err)
	}
	tok, _ := long.Assertion(testIssuer)
	if _, err := cs.verifier(t, nil).VerifyForm(context.Background(), form(tok)); err != nil {
		t.Errorf("a MaxSignerLifetime assertion refused by a default Verifier: %v", err)
	}
	untyped := cs.signer(t, testClient, jwt.WithType(""))
	tok, _ = untyped.Assertion(testIssuer)
	if u, _ := jwt.ReadUnverified(tok); u.Header.Type != "" {
		t.Errorf("typ %q", u.Header.Type)
	}
	_, err = clientauth.NewSigner(jwt.HS256, []byte("short"), testClient)
	refused(t, "short client secret", err, jwt.ErrInvalidKey)
}
