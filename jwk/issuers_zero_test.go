package jwk_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestZeroAndNilValues_ProviderAndIssuers_NeverPanic: issue 20 item 6's
// contract for Provider and Issuers: new(jwk.Provider) (its issuer "", so
// IssuerVerificationKeys with "" reaches the lookup), new(jwk.Issuers) and
// nil pointers. Every exported method returns an error wrapping
// jwt.ErrInvalidKey or an empty result, Close returns nil, no goroutine is
// started.
func TestZeroAndNilValues_ProviderAndIssuers_NeverPanic(t *testing.T) {
	before := runtime.NumGoroutine()
	callEveryMethod(t, "new(Provider)", new(jwk.Provider))
	callEveryMethod(t, "(*Provider)(nil)", (*jwk.Provider)(nil))
	callEveryMethod(t, "new(Issuers)", new(jwk.Issuers))
	callEveryMethod(t, "(*Issuers)(nil)", (*jwk.Issuers)(nil))
	h := &jwt.Header{Algorithm: "ES256", KeyID: "k"}
	for name, err := range map[string]error{
		"zero Provider, iss \"\"":   errOf(new(jwk.Provider).IssuerVerificationKeys(context.Background(), "", h)),
		"zero Provider":             errOf(new(jwk.Provider).VerificationKeys(context.Background(), h)),
		"zero Provider Ready":       new(jwk.Provider).Ready(context.Background()),
		"nil Provider":              errOf((*jwk.Provider)(nil).IssuerVerificationKeys(context.Background(), "", h)),
		"nil Provider Ready":        (*jwk.Provider)(nil).Ready(context.Background()),
		"zero Issuers, iss \"\"":    errOf(new(jwk.Issuers).IssuerVerificationKeys(context.Background(), "", h)),
		"zero Issuers Ready":        new(jwk.Issuers).Ready(context.Background()),
		"nil Issuers":               errOf((*jwk.Issuers)(nil).IssuerVerificationKeys(context.Background(), "x", h)),
		"nil Issuers Ready":         (*jwk.Issuers)(nil).Ready(context.Background()),
		"nil Issuers, no issuer":    errOf((*jwk.Issuers)(nil).VerificationKeys(context.Background(), h)),
		"zero Provider, nil header": errOf(new(jwk.Provider).VerificationKeys(context.Background(), nil)),
	} {
		want := "NewProvider"
		if strings.Contains(name, "Issuers") {
			want = "NewIssuers"
		}
		if !errors.Is(err, jwt.ErrInvalidKey) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want jwt.ErrInvalidKey naming %s", name, err, want)
		}
	}
	for _, keys := range []jwt.KeySet{new(jwk.Provider), new(jwk.Issuers)} {
		tok := signFor(t, jwt.ES256, tenantKeys().a1, "k", "")
		if v, err := jwt.NewVerifier(keys); err == nil {
			if _, err := v.Parse(tok); !errors.Is(err, jwt.ErrInvalidKey) {
				t.Errorf("%T zero value as a Verifier's keys: %v", keys, err)
			}
		}
	}
	time.Sleep(20 * time.Millisecond)
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines before, %d after: a zero value started one", before, after)
	}
}

// TestNewIssuers_ZeroValueKeysRefused: a zero Provider, RemoteSet or
// Issuers in IssuerConfig.Keys is ErrInvalidOption at construction,
// naming the constructor.
func TestNewIssuers_ZeroValueKeysRefused(t *testing.T) {
	for name, keys := range map[string]jwt.KeySet{
		"new(Provider)":  new(jwk.Provider),
		"new(RemoteSet)": new(jwk.RemoteSet),
		"new(Issuers)":   new(jwk.Issuers),
	} {
		_, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: "https://idp.example", Keys: keys}})
		if !errors.Is(err, jwk.ErrInvalidOption) || !strings.Contains(err.Error(), "not made by New") {
			t.Errorf("%s: %v, want ErrInvalidOption naming the constructor", name, err)
		}
	}
}
