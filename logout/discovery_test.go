package logout_test

import (
	"crypto/ed25519"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwttest"
	"github.com/jotlib/jwt/logout"
	"github.com/jotlib/jwt/replay"
)

// OpenID Connect Back-Channel Logout 1.0 section 2.6 step 3 ("Validate the
// alg (algorithm) Header Parameter in the same way it is validated for ID
// Tokens") with OpenID Connect Discovery 1.0 section 3: given the
// provider's *jwk.Provider, or a *jwk.Issuers discovering it, the
// Verifier applies its id_token_signing_alg_values_supported (jwttest's
// lists ES256, its keys' alg). Once discovered (by the provider's own
// logout token, accepted), a logout token signed with EdDSA under the
// provider's "kid" is refused by its "alg" before any key is looked up or
// signature checked (jwt.ErrAlgorithmNotAllowed naming the member).
func TestOIDCBCL_2_6_Step3_DiscoveredIDTokenAlgorithmsApply(t *testing.T) {
	p := jwttest.NewProvider(t)
	edKey := ed25519.NewKeyFromSeed([]byte("logout-test-ed25519-wrong-alg-32"))
	s, err := logout.NewSigner(jwt.EdDSA, edKey, jwt.WithKeyID(p.KeyID()))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	c := logout.Claims{Registered: claims.Registered{
		Issuer: p.Issuer(), Subject: jwttest.DefaultSubject, Audience: claims.Audience{p.ClientID()},
		IssuedAt: claims.NewNumericDate(now),
	}}
	wrongAlg, err := s.Sign(c)
	if err != nil {
		t.Fatal(err)
	}
	issuers, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: p.Issuer()}}, jwk.WithHTTPClient(p.Client()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { issuers.Close() })
	for name, key := range map[string]any{"*jwk.Provider": p.Discovery(), "*jwk.Issuers": issuers} {
		v, err := logout.NewVerifier(key, logout.Config{Issuer: p.Issuer(), ClientID: p.ClientID(), Replay: replay.NewMemory(0)})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// The first verification discovers the provider.
		if _, err := v.Verify(loCtx, p.LogoutToken(logout.Claims{})); err != nil {
			t.Errorf("%s: the provider's own logout token: %v", name, err)
		}
		_, err = v.Verify(loCtx, wrongAlg)
		if !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || errors.Is(err, jwt.ErrSignatureInvalid) ||
			!strings.Contains(err.Error(), "id_token_signing_alg_values_supported") {
			t.Errorf("%s: EdDSA logout token, ES256 discovered: %v", name, err)
		}
	}
}
