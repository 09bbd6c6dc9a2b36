package interop

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwttest"
)

// goOIDC is go-oidc v3 discovering the provider (oidc.ClientContext with
// the client trusting its TLS certificate) and its ID-token verifier for
// the provider's client.
func goOIDC(t *testing.T, p *jwttest.Provider) (*oidc.Provider, *oidc.IDTokenVerifier) {
	t.Helper()
	ctx := oidc.ClientContext(t.Context(), p.Client())
	op, err := oidc.NewProvider(ctx, p.Issuer())
	if err != nil {
		t.Fatalf("oidc.NewProvider: %v", err)
	}
	return op, op.Verifier(&oidc.Config{ClientID: p.ClientID()})
}

// TestOIDCDiscovery_4_3_GoOIDCDiscoversTheProvider: go-oidc refuses a
// discovery document whose "issuer" is not the URL it was fetched for
// (OpenID Connect Discovery 1.0 section 4.3); the kit's passes, and its
// endpoints are the metadata's.
func TestOIDCDiscovery_4_3_GoOIDCDiscoversTheProvider(t *testing.T) {
	p := jwttest.NewProvider(t)
	op, _ := goOIDC(t, p)
	ep := op.Endpoint()
	if ep.AuthURL != p.Issuer()+"/authorize" || ep.TokenURL != p.Issuer()+"/token" {
		t.Errorf("endpoints %+v", ep)
	}
	var meta struct {
		JWKSURI string   `json:"jwks_uri"`
		Algs    []string `json:"id_token_signing_alg_values_supported"`
	}
	if err := op.Claims(&meta); err != nil {
		t.Fatal(err)
	}
	if meta.JWKSURI != p.JWKSURI() || !slices.Equal(meta.Algs, []string{string(p.Algorithm())}) {
		t.Errorf("metadata %+v", meta)
	}
	if n := p.Requests(jwttest.PathOpenIDConfiguration); n != 1 {
		t.Errorf("discovery fetched %d times", n)
	}
}

// TestOIDCCore_3_1_3_7_GoOIDCVerifiesMintedIDToken: go-oidc's verifier
// accepts the kit's ID token and reads its nonce (step 11), azp,
// auth_time and at_hash (section 3.1.3.8, IDToken.VerifyAccessToken).
func TestOIDCCore_3_1_3_7_GoOIDCVerifiesMintedIDToken(t *testing.T) {
	p := jwttest.NewProvider(t)
	_, v := goOIDC(t, p)
	at := p.AccessToken(accesstoken.Claims{Scope: "openid"})
	authTime := p.Now().Add(-time.Minute).Truncate(time.Second)
	raw := p.IDToken(idtoken.Claims{}, jwttest.WithNonce("n-0S6_WzA2Mj"), jwttest.WithAZP(p.ClientID()),
		jwttest.WithAuthTime(authTime), jwttest.WithAccessTokenHash(at))
	tok, err := v.Verify(t.Context(), raw)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if tok.Nonce != "n-0S6_WzA2Mj" || tok.Issuer != p.Issuer() || tok.Subject != jwttest.DefaultSubject ||
		!slices.Equal(tok.Audience, []string{p.ClientID()}) {
		t.Errorf("token %+v", tok)
	}
	var c struct {
		AZP      string `json:"azp"`
		AuthTime int64  `json:"auth_time"`
	}
	if err := tok.Claims(&c); err != nil {
		t.Fatal(err)
	}
	if c.AZP != p.ClientID() || c.AuthTime != authTime.Unix() {
		t.Errorf("azp %q auth_time %d, want %q %d", c.AZP, c.AuthTime, p.ClientID(), authTime.Unix())
	}
	if err := tok.VerifyAccessToken(at); err != nil {
		t.Errorf("VerifyAccessToken: %v", err)
	}
	if err := tok.VerifyAccessToken(p.AccessToken(accesstoken.Claims{})); err == nil {
		t.Error("VerifyAccessToken accepted another access token")
	}
}

// TestOIDCCore_3_1_3_7_GoOIDCRefusesExpiredAndForeignIDTokens: the kit's
// clock (SetNow) and client (WithClientID) reach go-oidc's checks: an ID
// token minted two hours ago is expired (step 9), one for another client
// is not for us (step 3).
func TestOIDCCore_3_1_3_7_GoOIDCRefusesExpiredAndForeignIDTokens(t *testing.T) {
	p := jwttest.NewProvider(t)
	_, v := goOIDC(t, p)
	p.SetNow(time.Now().Add(-2 * time.Hour))
	var expired *oidc.TokenExpiredError
	if _, err := v.Verify(t.Context(), p.IDToken(idtoken.Claims{})); !errors.As(err, &expired) {
		t.Errorf("expired ID token: %v", err)
	}
	p.SetNow(time.Time{})
	other := p.IDToken(idtoken.Claims{Registered: claims.Registered{Audience: claims.Audience{"another-client"}}})
	if _, err := v.Verify(t.Context(), other); err == nil || !strings.Contains(err.Error(), "audience") {
		t.Errorf("ID token for another client: %v", err)
	}
}

// TestOIDCCore_10_1_1_GoOIDCRemoteKeySetFollowsRotation: go-oidc's remote
// key set refetches the JWK Set for a "kid" it does not hold (section
// 10.1.1: a new "kid" signals the new key); a dropped key verifies until
// that refetch, and is refused after it (refetching again first: go-oidc
// has no rate limit of its own).
func TestOIDCCore_10_1_1_GoOIDCRemoteKeySetFollowsRotation(t *testing.T) {
	p := jwttest.NewProvider(t)
	_, v := goOIDC(t, p)
	verify := func(what, raw string, ok bool) {
		t.Helper()
		if _, err := v.Verify(t.Context(), raw); (err == nil) != ok {
			t.Errorf("%s: err %v, want accepted %v", what, err, ok)
		}
		// go-oidc signals a refetch's waiters before it clears its
		// in-flight marker: a refetch started in that window gets the
		// previous result without fetching. Let it settle.
		time.Sleep(50 * time.Millisecond)
	}
	first := p.IDToken(idtoken.Claims{})
	verify("first key", first, true)
	p.Rotate(true)
	second := p.IDToken(idtoken.Claims{})
	verify("new key", second, true)
	verify("old key, kept", first, true)
	if n := p.Requests(jwttest.PathJWKS); n != 2 {
		t.Errorf("after Rotate(true): JWK Set fetched %d times, want 2", n)
	}
	p.Rotate(false)
	verify("dropped key, before any refetch (cached)", second, true)
	verify("newest key", p.IDToken(idtoken.Claims{}), true)
	verify("dropped key, after the refetch", second, false)
	if n := p.Requests(jwttest.PathJWKS); n != 4 {
		t.Errorf("after Rotate(false): JWK Set fetched %d times, want 4", n)
	}
}

// TestRFC7518_3_GoOIDCVerifiesEveryAlgorithmItSupports: RS256..512,
// PS256..512, ES256..512 and EdDSA (go-oidc's list) from the kit's
// discovery ("id_token_signing_alg_values_supported") and JWK Set. The
// fully specified "Ed25519" (RFC 9864) is not in go-oidc's list: it drops
// it from the metadata, falls back to RS256 and refuses the token.
func TestRFC7518_3_GoOIDCVerifiesEveryAlgorithmItSupports(t *testing.T) {
	for _, alg := range []jwt.Algorithm{jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512,
		jwt.ES256, jwt.ES384, jwt.ES512, jwt.EdDSA, jwt.Ed25519} {
		t.Run(string(alg), func(t *testing.T) {
			p := jwttest.NewProvider(t, jwttest.WithAlgorithm(alg))
			_, v := goOIDC(t, p)
			_, err := v.Verify(t.Context(), p.IDToken(idtoken.Claims{}, jwttest.WithNonce("n")))
			if alg == jwt.Ed25519 {
				if err == nil || !strings.Contains(err.Error(), "unexpected signature algorithm") {
					t.Errorf("Ed25519: %v, want go-oidc's algorithm refusal", err)
				}
				return
			}
			if err != nil {
				t.Errorf("Verify: %v", err)
			}
		})
	}
}

// goOIDCAccepts is what carefulGoOIDC lets through of the catalogue
// rpTarget makes (ES256), in catalogue order, and why; asserted exactly by
// TestOIDCCore_3_1_3_7_GoOIDCVerifier_AcceptsExactlyTheRecordedIDTokenAttacks.
var goOIDCAccepts = []peerVerdict{
	{"issued an hour in the future (iat)", "go-oidc does not read `iat`"},
	{"access token sent as an ID token (typ at+jwt, scope, client_id, jti)", "go-oidc reads no `typ`: an RFC 9068 access token of the issuer for the client passes (RFC 8725 §3.12)"},
	{"access token with ID-token claims only (typ at+jwt)", "no `typ` check"},
	{"access token typed application/at+jwt", "no `typ` check"},
	{"access token typed AT+JWT (media types are case-insensitive)", "no `typ` check"},
	{"access token typed JWT, with scope", "`scope`, `client_id` and `jti` are not read"},
	{"access token untyped, with scope", "`typ` absent and `scope` not read"},
	{"no iat", "`iat` (REQUIRED, OpenID Connect Core 1.0 §2) is not required"},
	{"no sub", "`sub` (REQUIRED) is not required"},
	{"azp of another client, several audiences", "go-oidc never reads `azp` (its `Config.ClientID` doc: the check \"DOES NOT ensure that the ClientID is the party to which the ID Token was issued\"); §3.1.3.7 step 5"},
	{"several audiences, no azp", "no `azp` rule (errata set 1 step 4; errata set 2 dropped it)"},
	{"look-alike claim ISS for iss", "claims decoded by encoding/json into a struct: `ISS` fills `iss` (case-insensitive field matching)"},
	{"look-alike claim i\u017fs (long s) for iss", "encoding/json's case folding maps U+017F to `s`"},
	{"look-alike claim Aud for aud", "case-insensitive field matching: `Aud` fills `aud`"},
	{"look-alike claim EXP, exp expired", "case-insensitive matching, last member wins: `EXP` (future) overwrites `exp` (expired)"},
	{"oversized: a 1 MiB claim", "no bound on the token's size"},
}

// rpTarget is the provider's Target as a relying party sees it after a
// code flow: the nonce it sent, the access token it received, and the
// strictest "azp" rule (so every ID-token attack of the kit is built).
func rpTarget(p *jwttest.Provider) jwttest.Target {
	tg := p.Target()
	tg.Nonce = "n-0S6_WzA2Mj"
	tg.AccessToken = p.AccessToken(accesstoken.Claims{Scope: "openid"})
	tg.AZP = jwttest.AZPErrata1
	return tg
}

// checkIDTokenAttacks checks verify accepts the genuine ID token of tg and
// lets through exactly want of its catalogue.
func checkIDTokenAttacks(t *testing.T, tg jwttest.Target, verify func(string) error, want []peerVerdict) {
	t.Helper()
	genuine, err := jwttest.GenuineIDToken(tg)
	if err != nil {
		t.Fatal(err)
	}
	if err := verify(genuine); err != nil {
		t.Fatalf("genuine ID token refused: %v", err)
	}
	attacks, err := jwttest.IDTokenAttacks(tg)
	if err != nil {
		t.Fatal(err)
	}
	checkFindings(t, attacks, verify, want)
}

// TestOIDCCore_3_1_3_7_GoOIDCVerifier_AcceptsExactlyTheRecordedIDTokenAttacks:
// go-oidc's verifier, with the nonce and at_hash checks its documentation
// asks of the caller, against the kit's whole ID-token catalogue (nonce,
// at_hash and azp attacks included): the genuine ID token passes, and
// exactly goOIDCAccepts gets through.
func TestOIDCCore_3_1_3_7_GoOIDCVerifier_AcceptsExactlyTheRecordedIDTokenAttacks(t *testing.T) {
	p := jwttest.NewProvider(t)
	_, v := goOIDC(t, p)
	tg := rpTarget(p)
	checkIDTokenAttacks(t, tg, carefulGoOIDC(t, v, tg.Nonce, tg.AccessToken), goOIDCAccepts)
}

// checkFindings is checkAccepted for a verify function.
func checkFindings(t *testing.T, attacks []jwttest.Attack, verify func(string) error, want []peerVerdict) {
	t.Helper()
	fs, err := jwttest.Accepted(attacks, verify)
	if err != nil {
		t.Fatal(err)
	}
	compareFindings(t, fs, want)
}

// TestOIDCCore_3_1_3_7_JotlibIDTokenVerifier_RefusesEveryIDTokenAttack:
// the relying party written with idtoken over the kit's discovery
// (Checks.Nonce, Checks.AccessToken, AZPErrata1) accepts the genuine ID
// token and none of the catalogue go-oidc was run with.
func TestOIDCCore_3_1_3_7_JotlibIDTokenVerifier_RefusesEveryIDTokenAttack(t *testing.T) {
	p := jwttest.NewProvider(t)
	v, err := idtoken.NewVerifier(p.Discovery(), idtoken.Config{Issuer: p.Issuer(), ClientID: p.ClientID(), AZP: idtoken.AZPErrata1})
	if err != nil {
		t.Fatal(err)
	}
	tg := rpTarget(p)
	checks := idtoken.Checks{Nonce: tg.Nonce, AccessToken: tg.AccessToken}
	checkIDTokenAttacks(t, tg, func(raw string) error { _, err := v.Verify(t.Context(), raw, checks); return err }, nil)
}

// carefulGoOIDC is a relying party using go-oidc as its documentation
// prescribes: Verify, then the nonce compared (OpenID Connect Core 1.0
// section 3.1.3.7 step 11) and the access token checked against "at_hash"
// (IDToken.VerifyAccessToken, section 3.1.3.8).
func carefulGoOIDC(t *testing.T, v *oidc.IDTokenVerifier, nonce, accessToken string) func(string) error {
	return func(raw string) error {
		tok, err := v.Verify(context.WithoutCancel(t.Context()), raw)
		if err != nil {
			return err
		}
		if tok.Nonce != nonce {
			return errors.New("nonce mismatch")
		}
		return tok.VerifyAccessToken(accessToken)
	}
}
