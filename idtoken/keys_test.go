package idtoken_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwk"
)

// algListKeys is a key source that knows its provider's
// id_token_signing_alg_values_supported, as *jwk.Provider does: it serves
// idKey and counts the key lookups.
type algListKeys struct {
	algs    []jwt.Algorithm
	lookups atomic.Int32
}

func (k *algListKeys) IDTokenAlgorithms() []jwt.Algorithm { return k.algs }

func (k *algListKeys) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	k.lookups.Add(1)
	return []any{idKey.Public()}, nil
}

// issuerAlgListKeys is the same for several issuers, as *jwk.Issuers is.
type issuerAlgListKeys struct {
	algs map[string][]jwt.Algorithm
}

func (k *issuerAlgListKeys) IDTokenAlgorithms(issuer string) []jwt.Algorithm { return k.algs[issuer] }

func (k *issuerAlgListKeys) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	return nil, errors.New("not by issuer")
}

func (k *issuerAlgListKeys) IssuerVerificationKeys(_ context.Context, issuer string, _ *jwt.Header) ([]any, error) {
	if _, ok := k.algs[issuer]; !ok {
		return nil, jwt.ErrInvalidIssuer
	}
	return []any{idKey.Public()}, nil
}

// OpenID Connect Discovery 1.0 section 3: id_token_signing_alg_values_supported
// lists the "JWS signing algorithms (alg values) supported by the OP for
// the ID Token". A key source that knows it has it enforced by idtoken: an
// "alg" outside a non-empty list is jwt.ErrAlgorithmNotAllowed, naming the
// member and the list, before the signature and without a key lookup once
// the list is known; an empty list (before discovery, or no such member)
// allows every "alg".
func TestOIDCDiscovery_3_IDTokenAlgorithmsEnforced(t *testing.T) {
	tok := idSign(t, idClaims()) // EdDSA
	refuse := &algListKeys{algs: []jwt.Algorithm{jwt.RS256, jwt.ES256}}
	v, err := idtoken.NewVerifier(refuse, idtoken.Config{Issuer: idIssuer, ClientID: idClient, Now: idClock})
	if err != nil {
		t.Fatal(err)
	}
	_, err = v.Verify(idCtx, tok, idtoken.Checks{})
	if !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
		t.Fatalf("%v, want ErrAlgorithmNotAllowed", err)
	}
	var ve *jwt.ValidationError
	if errors.As(err, &ve) {
		t.Errorf("refused after the signature: %v", err)
	}
	for _, want := range []string{"id_token_signing_alg_values_supported", "OpenID Connect Discovery 1.0 section 3", `"RS256" "ES256"`, `"EdDSA"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %s", err, want)
		}
	}
	if n := refuse.lookups.Load(); n != 0 {
		t.Errorf("%d key lookups for a refused alg", n)
	}
	// A member naming no algorithm verifiable with published keys: an
	// empty, non-nil list, and no ID token passes.
	none, err := idtoken.NewVerifier(&algListKeys{algs: []jwt.Algorithm{}}, idtoken.Config{Issuer: idIssuer, ClientID: idClient, Now: idClock})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := none.Verify(idCtx, tok, idtoken.Checks{}); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || !strings.Contains(err.Error(), "names no algorithm") {
		t.Errorf("empty non-nil list: %v, want ErrAlgorithmNotAllowed saying the list names no algorithm", err)
	}
	for name, algs := range map[string][]jwt.Algorithm{"listed": {jwt.RS256, jwt.EdDSA}, "nil (no list)": nil} {
		v, err := idtoken.NewVerifier(&algListKeys{algs: algs}, idtoken.Config{Issuer: idIssuer, ClientID: idClient, Now: idClock})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := v.Verify(idCtx, tok, idtoken.Checks{}); err != nil {
			t.Errorf("%s list: %v", name, err)
		}
	}
}

// OpenID Connect Discovery 1.0 section 3 with a key source of several
// issuers (*jwk.Issuers' IDTokenAlgorithms(issuer)): Config.Issuer's list
// is the one enforced, and the key source is still asked by issuer (RFC
// 8725 section 3.8).
func TestOIDCDiscovery_3_IDTokenAlgorithmsOfTheConfiguredIssuer(t *testing.T) {
	tok := idSign(t, idClaims())
	keys := &issuerAlgListKeys{algs: map[string][]jwt.Algorithm{
		idIssuer:                    {jwt.EdDSA},
		"https://other.example.com": {jwt.RS256},
	}}
	v, err := idtoken.NewVerifier(keys, idtoken.Config{Issuer: idIssuer, ClientID: idClient, Now: idClock})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(idCtx, tok, idtoken.Checks{}); err != nil {
		t.Errorf("EdDSA listed for the issuer: %v", err)
	}
	keys.algs[idIssuer] = []jwt.Algorithm{jwt.PS256}
	if _, err := v.Verify(idCtx, tok, idtoken.Checks{}); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || !strings.Contains(err.Error(), `"PS256"`) {
		t.Errorf("EdDSA not listed: %v, want ErrAlgorithmNotAllowed naming PS256", err)
	}
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 2 ("The Issuer Identifier
// for the OpenID Provider ... MUST exactly match the value of the iss
// (issuer) Claim"): a *jwk.Provider of another issuer, or a *jwk.Issuers
// without Config.Issuer, would refuse every ID token; NewVerifier refuses
// it with jwt.ErrInvalidOption naming both values. The same issuer passes.
func TestOIDCCore_3_1_3_7_Step2_KeySourceOfAnotherIssuerRefused(t *testing.T) {
	other, err := jwk.NewProvider("https://other.example.com")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, err = idtoken.NewVerifier(other, idtoken.Config{Issuer: idIssuer, ClientID: idClient})
	if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), idIssuer) || !strings.Contains(err.Error(), "https://other.example.com") {
		t.Errorf("Provider of another issuer: %v", err)
	}
	same, err := jwk.NewProvider(idIssuer)
	if err != nil {
		t.Fatal(err)
	}
	defer same.Close()
	if _, err := idtoken.NewVerifier(same, idtoken.Config{Issuer: idIssuer, ClientID: idClient}); err != nil {
		t.Errorf("Provider of the issuer: %v", err)
	}
	k, err := jwk.NewKey(idKey.Public(), jwk.Params{KeyID: "k1"})
	if err != nil {
		t.Fatal(err)
	}
	issuers, err := jwk.NewIssuers([]jwk.IssuerConfig{
		{Issuer: "https://a.example.com", Keys: jwk.NewSet(k)},
		{Issuer: "https://b.example.com", Keys: jwk.NewSet(k)},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer issuers.Close()
	_, err = idtoken.NewVerifier(issuers, idtoken.Config{Issuer: idIssuer, ClientID: idClient})
	if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), idIssuer) || !strings.Contains(err.Error(), "https://b.example.com") {
		t.Errorf("Issuers without the issuer: %v", err)
	}
	if _, err := idtoken.NewVerifier(issuers, idtoken.Config{Issuer: "https://a.example.com", ClientID: idClient}); err != nil {
		t.Errorf("Issuers with the issuer: %v", err)
	}
}
