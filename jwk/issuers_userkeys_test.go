package jwk_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// countingKeySet is a user's own jwt.KeySet: one key, and a count of the
// lookups it was asked for.
type countingKeySet struct {
	key   any
	calls atomic.Int64
}

func (c *countingKeySet) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	c.calls.Add(1)
	return []any{c.key}, nil
}

// issuerRecordingKeySet is a user's own jwt.IssuerKeySet: it records the
// issuer it is asked for.
type issuerRecordingKeySet struct {
	countingKeySet
	asked atomic.Pointer[string]
}

func (c *issuerRecordingKeySet) IssuerVerificationKeys(ctx context.Context, issuer string, h *jwt.Header) ([]any, error) {
	c.asked.Store(&issuer)
	return c.VerificationKeys(ctx, h)
}

// valueKeySet is a KeySet whose dynamic type is not comparable.
type valueKeySet struct{ keys []any }

func (v valueKeySet) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	return v.keys, nil
}

// TestIssuerConfig_KeysAcceptsTheUsersOwnKeySet_AskedOnlyForItsIssuer:
// IssuerConfig.Keys is a jwt.KeySet, so any KeySet is accepted; RFC 8725
// section 3.8 still holds: it is asked only for tokens whose "iss" is its
// issuer (an IssuerKeySet through IssuerVerificationKeys, with that
// issuer), never for another issuer's. HS* is the user's to allow: only
// keys this package fetches are known to be public.
func TestIssuerConfig_KeysAcceptsTheUsersOwnKeySet_AskedOnlyForItsIssuer(t *testing.T) {
	k := tenantKeys()
	secret := testKeys().hmac
	own := &countingKeySet{key: &k.a1.PublicKey}
	withIssuer := &issuerRecordingKeySet{countingKeySet: countingKeySet{key: &k.b1.PublicKey}}
	hmac := &countingKeySet{key: secret}
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{
		{Issuer: "urn:own", Keys: own},
		{Issuer: "urn:with-issuer", Keys: withIssuer},
		{Issuer: "urn:hmac", Keys: hmac, Algorithms: []jwt.Algorithm{jwt.HS256}},
		{Issuer: "urn:value", Keys: valueKeySet{keys: []any{&k.a2.PublicKey}}},
		{Issuer: "urn:value2", Keys: valueKeySet{keys: []any{&k.b2.PublicKey}}},
	})
	if err != nil {
		t.Fatalf("NewIssuers with the user's own KeySets: %v", err)
	}
	defer m.Close()
	v, _ := jwt.NewVerifier(m)
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a1, "", "urn:own")); err != nil {
		t.Fatalf("own KeySet: %v", err)
	}
	if _, err := v.Parse(signFor(t, jwt.ES256, k.b1, "", "urn:with-issuer")); err != nil {
		t.Fatalf("own IssuerKeySet: %v", err)
	}
	if got := withIssuer.asked.Load(); got == nil || *got != "urn:with-issuer" {
		t.Fatalf("IssuerKeySet asked for %v, want its issuer", got)
	}
	tok, _ := jwt.Sign(jwt.HS256, map[string]any{"iss": "urn:hmac", "exp": time.Now().Add(time.Hour).Unix()}, secret)
	if _, err := v.Parse(tok); err != nil {
		t.Fatalf("HS256 with the user's KeySet: %v", err)
	}
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a2, "", "urn:value")); err != nil {
		t.Fatalf("a KeySet of a non-comparable type: %v", err)
	}
	before := own.calls.Load()
	for _, iss := range []string{"urn:with-issuer", "urn:value", "urn:other"} {
		if _, err := v.Parse(signFor(t, jwt.ES256, k.a1, "", iss)); err == nil {
			t.Errorf("iss %s verified with urn:own's key", iss)
		}
	}
	if own.calls.Load() != before {
		t.Fatal("a user's KeySet was asked for another issuer's token")
	}
}

// TestIssuerConfig_UsersKeySetRefusals: a nil pointer of the user's type
// is ErrInvalidOption; so is one KeySet for two issuers.
func TestIssuerConfig_UsersKeySetRefusals(t *testing.T) {
	own := &countingKeySet{key: &tenantKeys().a1.PublicKey}
	for name, configs := range map[string][]jwk.IssuerConfig{
		"nil pointer": {{Issuer: "urn:a", Keys: (*countingKeySet)(nil)}},
		"shared":      {{Issuer: "urn:a", Keys: own}, {Issuer: "urn:b", Keys: own}},
	} {
		if _, err := jwk.NewIssuers(configs); !errors.Is(err, jwk.ErrInvalidOption) {
			t.Errorf("%s: %v, want ErrInvalidOption", name, err)
		}
	}
}
