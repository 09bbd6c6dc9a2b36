package interop

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/logout"
)

// go-oidc v3.21.0's logout-token cases (oidc/logout_test.go: TestLogoutToken
// and TestAuth0Logout), rewritten here: each input goes through go-oidc's
// IDTokenVerifier.VerifyLogout and through logout.Verifier, and the test
// asserts both verdicts. Where they differ, the case says why (and
// gooidcLogoutSection writes it into DIFFERENCES.md).

const (
	loIssuer   = "https://login.example.com"
	loClientID = "test-client-id"
	loIAT      = 1781724897 // "iat" of the payloads, and both verifiers' now
	loEvent    = `"events":{"http://schemas.openid.net/event/backchannel-logout":{}}`
)

// loPayload is a logout token's claims with the default "iss", "aud", "iat",
// "exp" and "jti" of go-oidc's cases, then extra members.
func loPayload(extra string) string {
	return `{"iss":"https://login.example.com","aud":"test-client-id","iat":1781724897,"exp":1781725017,"jti":"jti-1",` + extra + `}`
}

// loSigner says which key signs a case: go-oidc's newRSAKey, newEdDSAKey,
// or an RSA key the verifiers do not hold.
type loSigner int

const (
	loRSA loSigner = iota
	loEd25519
	loUntrusted
)

type logoutCase struct {
	name    string
	payload string
	signer  loSigner
	// header is the JOSE header; empty: {"alg":...,"kid":"k1"} as go-oidc's
	// signingKey writes it (no "typ").
	header string
	// goCfg adjusts go-oidc's Config (ClientID loClientID by default).
	goCfg func(*oidc.Config)
	// ourCfg adjusts ours (Issuer loIssuer, ClientID loClientID); nil when
	// there is nothing to adjust.
	ourCfg func(*logout.Config)
	goOK   bool
	// ourErr is the sentinel our verdict matches; nil: accepted.
	ourErr error
	// differs says why our verdict is not go-oidc's (empty when equal).
	differs string
}

var logoutCases = []logoutCase{
	{name: "valid", payload: loPayload(`"sub":"user-1","sid":"sid-1",` + loEvent), goOK: true},
	{name: "no session id", payload: loPayload(`"sub":"user-1",` + loEvent), goOK: true},
	{name: "multiple audiences", payload: `{"iss":"https://login.example.com","aud":["test-client-id","test-client-id-2"],"iat":1781724897,"exp":1781725017,"jti":"jti-1","sub":"user-1","sid":"sid-1",` + loEvent + `}`, goOK: true},
	{name: "signed with EdDSA key", payload: loPayload(`"sub":"user-1","sid":"sid-1",` + loEvent), signer: loEd25519,
		goCfg: func(c *oidc.Config) { c.SupportedSigningAlgs = []string{oidc.EdDSA} }, goOK: true},
	{name: "missing backchannel-logout event", payload: loPayload(`"sub":"user-1","sid":"sid-1","events":{}`), ourErr: logout.ErrNotLogoutToken},
	{name: "missing jti", payload: `{"iss":"https://login.example.com","aud":"test-client-id","iat":1781724897,"exp":1781725017,"sub":"user-1","sid":"sid-1",` + loEvent + `}`, ourErr: jwt.ErrMissingClaim},
	{name: "issuer mismatch", payload: `{"iss":"https://evil.example.com","aud":"test-client-id","iat":1781724897,"exp":1781725017,"jti":"jti-1","sub":"user-1","sid":"sid-1",` + loEvent + `}`, ourErr: jwt.ErrInvalidIssuer},
	// go-oidc's SkipIssuerCheck has no counterpart: section 2.6 step 4
	// requires "iss" to be the OP's issuer identifier, so we always check it.
	{name: "skip issuer check", payload: `{"iss":"https://other.example.com","aud":"test-client-id","iat":1781724897,"exp":1781725017,"jti":"jti-1","sub":"user-1","sid":"sid-1",` + loEvent + `}`,
		goCfg: func(c *oidc.Config) { c.SkipIssuerCheck = true }, goOK: true, ourErr: jwt.ErrInvalidIssuer,
		differs: `go-oidc's SkipIssuerCheck accepts another "iss"; logout.Config has no such switch: section 2.6 step 4 requires the OP's issuer`},
	{name: "audience mismatch", payload: `{"iss":"https://login.example.com","aud":"some-other-client","iat":1781724897,"exp":1781725017,"jti":"jti-1","sub":"user-1","sid":"sid-1",` + loEvent + `}`, ourErr: jwt.ErrInvalidAudience},
	// Both refuse; go-oidc at VerifyLogout, we at NewVerifier (an empty
	// ClientID could never pass section 2.6 step 4).
	{name: "missing client id config", payload: loPayload(`"sub":"user-1","sid":"sid-1",` + loEvent),
		goCfg: func(c *oidc.Config) { c.ClientID = "" }, ourCfg: func(c *logout.Config) { c.ClientID = "" }, ourErr: jwt.ErrInvalidOption},
	// go-oidc's SkipClientIDCheck has no counterpart: section 2.6 step 4
	// requires "aud" to contain the RP's client_id.
	{name: "skip client id check", payload: `{"iss":"https://login.example.com","aud":"some-other-client","iat":1781724897,"exp":1781725017,"jti":"jti-1","sub":"user-1","sid":"sid-1",` + loEvent + `}`,
		goCfg: func(c *oidc.Config) { c.ClientID = ""; c.SkipClientIDCheck = true }, goOK: true, ourErr: jwt.ErrInvalidAudience,
		differs: `go-oidc's SkipClientIDCheck accepts a token for another client; logout.Config has no such switch: section 2.6 step 4 requires "aud" to contain the client_id`},
	{name: "expired token", payload: `{"iss":"https://login.example.com","aud":"test-client-id","iat":1781724657,"exp":1781724777,"jti":"jti-1","sub":"user-1","sid":"sid-1",` + loEvent + `}`, ourErr: jwt.ErrTokenExpired},
	// go-oidc's SkipExpiryCheck has no counterpart: a logout token past
	// "exp" (and here also past iat + MaxAge) is refused.
	{name: "skip expiry check", payload: `{"iss":"https://login.example.com","aud":"test-client-id","iat":1781724657,"exp":1781724777,"jti":"jti-1","sub":"user-1","sid":"sid-1",` + loEvent + `}`,
		goCfg: func(c *oidc.Config) { c.SkipExpiryCheck = true }, goOK: true, ourErr: jwt.ErrTokenExpired,
		differs: `go-oidc's SkipExpiryCheck accepts an expired token; logout.Config has no such switch: "exp" is checked (section 2.6 step 4) and "iat" must be within MaxAge (section 4) so that the replay store's window is bounded`},
	{name: "missing exp", payload: `{"iss":"https://login.example.com","aud":"test-client-id","iat":1781724897,"jti":"jti-1","sub":"user-1","sid":"sid-1",` + loEvent + `}`, ourErr: jwt.ErrMissingClaim},
	{name: "signed by untrusted key", payload: loPayload(`"sub":"user-1","sid":"sid-1",` + loEvent), signer: loUntrusted, ourErr: jwt.ErrSignatureInvalid},
	{name: "no subject", payload: loPayload(`"sid":"sid-1",` + loEvent), goOK: true},
	{name: "missing subject and session id", payload: loPayload(loEvent), ourErr: logout.ErrNoSubjectOrSession},
	{name: "contains nonce", payload: loPayload(`"sub":"user-1","sid":"sid-1","nonce":"n-0S6_WzA2Mj",` + loEvent), ourErr: logout.ErrNoncePresent},
	{name: "malformed payload", payload: `{"iss": "https://login.example.com", not valid json`, ourErr: jwt.ErrTokenMalformed},

	// Not go-oidc's cases: inputs its checks leave open, where we refuse.
	{name: "(ours) event member not an object", payload: loPayload(`"sub":"user-1","events":{"http://schemas.openid.net/event/backchannel-logout":"yes"}`),
		goOK: true, ourErr: logout.ErrNotLogoutToken,
		differs: `go-oidc takes any value of the back-channel logout member; section 2.4 makes it a JSON object (logout.ErrNotLogoutToken)`},
	{name: "(ours) typ at+jwt", header: `{"alg":"RS256","typ":"at+jwt","kid":"k1"}`, payload: loPayload(`"sub":"user-1",` + loEvent),
		goOK: true, ourErr: jwt.ErrInvalidType,
		differs: `go-oidc does not look at "typ"; an access token's type is refused (RFC 8725 section 3.11)`},
	{name: "(ours) iat older than MaxAge, exp later", payload: `{"iss":"https://login.example.com","aud":"test-client-id","iat":1781720000,"exp":1781730000,"jti":"jti-1","sub":"user-1",` + loEvent + `}`,
		goOK: true, ourErr: jwt.ErrTokenExpired,
		differs: `go-oidc checks "exp" only; we also refuse an "iat" older than Config.MaxAge (two minutes by default, section 4), which bounds how long the replay store must hold a "jti"`},
}

// TestOIDCBackChannelLogout_2_6_GoOIDCCases: go-oidc's TestLogoutToken
// cases through both verifiers.
func TestOIDCBackChannelLogout_2_6_GoOIDCCases(t *testing.T) {
	rsaPair, edPair := pairFor(t, jwt.RS256), pairFor(t, jwt.EdDSA)
	untrusted, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	now := func() time.Time { return time.Unix(loIAT, 0) }
	for _, tc := range logoutCases {
		t.Run(tc.name, func(t *testing.T) {
			alg, priv, pub := jwt.RS256, rsaPair.private, rsaPair.public
			switch tc.signer {
			case loEd25519:
				alg, priv, pub = jwt.EdDSA, edPair.private, edPair.public
			case loUntrusted:
				priv = untrusted
			}
			header := tc.header
			if header == "" {
				header = `{"alg":"` + string(alg) + `","kid":"k1"}`
			}
			tok := forgeJSON(header, tc.payload, alg, priv)

			goCfg := oidc.Config{ClientID: loClientID, Now: now}
			if tc.goCfg != nil {
				tc.goCfg(&goCfg)
			}
			gv := oidc.NewVerifier(loIssuer, &oidc.StaticKeySet{PublicKeys: []crypto.PublicKey{pub}}, &goCfg)
			goTok, goErr := gv.VerifyLogout(t.Context(), tok)
			if (goErr == nil) != tc.goOK {
				t.Errorf("go-oidc: accepted=%v (%v), the record says %v", goErr == nil, goErr, tc.goOK)
			}

			cfg := logout.Config{Issuer: loIssuer, ClientID: loClientID, Now: now}
			if tc.ourCfg != nil {
				tc.ourCfg(&cfg)
			}
			var got *logout.Claims
			v, err := logout.NewVerifier(pub, cfg, jwt.WithAlgorithms(alg))
			if err == nil {
				got, err = v.Verify(t.Context(), tok)
			}
			switch {
			case tc.ourErr == nil && err != nil:
				t.Fatalf("ours refused: %v", err)
			case tc.ourErr != nil && !errors.Is(err, tc.ourErr):
				t.Fatalf("ours: %v, want %v", err, tc.ourErr)
			}
			if ((err == nil) != (goErr == nil)) != (tc.differs != "") {
				t.Errorf("verdicts ours=%v go-oidc=%v; recorded difference %q", err, goErr, tc.differs)
			}
			if got != nil && goTok != nil {
				// The same claims read by both.
				if got.Issuer != goTok.Issuer || got.Subject != goTok.Subject || got.SessionID != goTok.SessionID ||
					got.ID != goTok.TokenID || !slices.Equal([]string(got.Audience), goTok.Audience) ||
					!got.IssuedAt.Time.Equal(goTok.IssuedAt) || !got.ExpiresAt.Time.Equal(goTok.Expiry) {
					t.Errorf("claims differ:\n ours    %+v\n go-oidc %+v", got, goTok)
				}
			}
			if err == nil {
				// Section 2.6 step 8, which go-oidc leaves to its caller:
				// a second delivery is refused.
				if _, err := v.Verify(t.Context(), tok); !errors.Is(err, logout.ErrReplayed) {
					t.Errorf("second delivery: %v, want ErrReplayed", err)
				}
			}
		})
	}
}

// auth0LogoutJWKS is the JWK Set of go-oidc's TestAuth0Logout (public keys
// of an Auth0 tenant), and auth0LogoutToken the logout token that tenant
// POSTed (a real provider's output: test data, not code).
const auth0LogoutJWKS = `{"keys":[
{"kty":"RSA","use":"sig","alg":"RS256","kid":"MJEenCzYAP_m5TgvpAPya","e":"AQAB","n":"uv7NSwCelgZ7nAOxKM27fUHKJrIIL-UreZ0wz5MRvfoQQXcaOnjpcSoBX1FwTXH01MPKhPJMJkMFpDfdT7IxMgdq_SLBGz73FRabahOXbItyEvOPf6oXmJJB3vh3at-G7dWRGOa3YC8gXw_2V7OgAh2X4UyqB40hjlvM8bjtbK8QBZGGbw2h-7Hp8GTa5iZXjqd_o6e9zhqzVCOSj-DOQYp8EqlW0gBQu-4-WDgnK0VwBCuaFGqznKg0HjM4FS4qCVYmLIFX3k2ibpwHncEvTPTJ3LMN7WBElM5jIpW5mVKFrgiM2dgfGbfE1uTSwep8507SBj3d0PAmHomFoCzGDQ"},
{"kty":"RSA","use":"sig","alg":"RS256","kid":"at8QtR6iDf7Cct4M75uyQ","e":"AQAB","n":"1MPL8fuaTURFBZSwPGDVs8sxOkHs0rUX0s82GttwXNtC0WpU4HeNqha5LCW5Rot0rx2JOPGzgzLbiw7z1TfqNuG3w9nV16U7-CQM65d78vgw6qZ2-MEzc_6eOundchXlHu67DWEkaf61NPJ-zfE2I2wb_VWhhoxuJSxX6b2X9arMzNfc9-0vcwgVQsNTVU6G-OrHVoZu2O-d95nf_3XDlHxH_GOA2Wplf9LmiFwyQBKAHgAs7GWZ1Jmp4Br8dp8ZiRb_FMAYZLN0jRxEPjITsopEuStq819qg7Mf0QF4Ba6cIaleQ6CO54CHcNKXtw9j3Vc1mkUJ3ERInT-705g_fw"}]}`

const auth0LogoutToken = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6Ik1KRWVuQ3pZQVBfbTVUZ3ZwQVB5YSJ9.eyJpc3MiOiJodHRwczovL2Rldi0xenp2ZTQxcDFjZWM3eDFqLnVzLmF1dGgwLmNvbS8iLCJzdWIiOiJnb29nbGUtb2F1dGgyfDExMjkxODk2MDE1NTk4NzMyMzM2MSIsImF1ZCI6IlpIVFpyZm50ZlBqWVpESmlJTUIxa2ViMEhIQTlBS0V2IiwiaWF0IjoxNzgxNzI0ODk3LCJleHAiOjE3ODE3MjUwMTcsImp0aSI6ImMzMWIzYTE0LTkzOTctNDRjNC04NTZhLTllYTE4ODAwOTM0NSIsImV2ZW50cyI6eyJodHRwOi8vc2NoZW1hcy5vcGVuaWQubmV0L2V2ZW50L2JhY2tjaGFubmVsLWxvZ291dCI6e319LCJ0cmFjZV9pZCI6ImEwZDQ3ZTlhYzg1YTE1YTQiLCJzaWQiOiJIRENlMENILXI2RGoyaXloVG5qc0ZwczlhX0lOckVfYyJ9.GWzDL6fKUIx_41MIkX-lRLiU9KJy7JHgV7i96PqRT5RK_8PkDMJzeKqpzbwgQat_jNbd3b3PiT-lhPDumPxurQJSKaBv09Rpuui96wp95y1S1heUDTR5YVc5HFnaVlQTOQExJMsi-yfsQiIYqgwavhOerps5Rfl37GakxzN7nYGc7-lznjdJCkaTV-goh81xIdYskKcnfxBJcPOXQmmqelQDUKusjQk_deaUQHyUGU8LONpbgxP4DGBIS6EZp5WbPKRSeimGJpd1Phycf6n4eojojnJihBBfxPaCZRTHTwrfh1-WuROVXhoRtE51FYcycWMLxM4E9JX85I9k2C0AAg"

// auth0LogoutDiffers: Auth0 writes "typ" "JWT" on its logout tokens.
const auth0LogoutDiffers = `Auth0 writes "typ":"JWT" on logout tokens; logout.Verifier refuses it (jwt.ErrInvalidType) unless Config.AllowJWTType, since "JWT" is the ID tokens' type (RFC 8725 section 3.11); go-oidc does not look at "typ"`

// TestOIDCBackChannelLogout_2_6_Auth0TokenTypedJWTNeedsAllowJWTType is
// go-oidc's TestAuth0Logout: an Auth0 logout token, verified with the
// tenant's JWK Set at its "iat". go-oidc accepts it; we refuse its "typ"
// "JWT" by default (recorded difference) and accept it, with the claims
// go-oidc reads, under Config.AllowJWTType.
func TestOIDCBackChannelLogout_2_6_Auth0TokenTypedJWTNeedsAllowJWTType(t *testing.T) {
	const (
		issuer   = "https://dev-1zzve41p1cec7x1j.us.auth0.com/"
		clientID = "ZHTZrfntfPjYZDJiIMB1keb0HHA9AKEv"
		iat      = 1781724897
	)
	now := func() time.Time { return time.Unix(iat, 0) }
	set, err := jwk.ParseSet([]byte(auth0LogoutJWKS))
	if err != nil {
		t.Fatal(err)
	}
	var pubs []crypto.PublicKey
	for _, k := range []string{"MJEenCzYAP_m5TgvpAPya", "at8QtR6iDf7Cct4M75uyQ"} {
		keys := set.LookupKeyID(k)
		if len(keys) != 1 {
			t.Fatalf("key %s: %d found", k, len(keys))
		}
		pubs = append(pubs, keys[0].PublicKey())
	}
	gv := oidc.NewVerifier(issuer, &oidc.StaticKeySet{PublicKeys: pubs}, &oidc.Config{ClientID: clientID, Now: now})
	goTok, err := gv.VerifyLogout(t.Context(), auth0LogoutToken)
	if err != nil {
		t.Fatalf("go-oidc refused: %v", err)
	}

	strict, err := logout.NewVerifier(set, logout.Config{Issuer: issuer, ClientID: clientID, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := strict.Verify(t.Context(), auth0LogoutToken); !errors.Is(err, jwt.ErrInvalidType) {
		t.Fatalf("default Config: %v, want jwt.ErrInvalidType (%s)", err, auth0LogoutDiffers)
	}

	v, err := logout.NewVerifier(set, logout.Config{Issuer: issuer, ClientID: clientID, Now: now, AllowJWTType: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := v.Verify(t.Context(), auth0LogoutToken)
	if err != nil {
		t.Fatalf("AllowJWTType: %v", err)
	}
	if got.Issuer != goTok.Issuer || got.Subject != "google-oauth2|112918960155987323361" || got.Subject != goTok.Subject ||
		got.SessionID != "HDCe0CH-r6Dj2iyhTnjsFps9a_INrE_c" || got.SessionID != goTok.SessionID ||
		got.ID != "c31b3a14-9397-44c4-856a-9ea188009345" || got.ID != goTok.TokenID ||
		!slices.Equal([]string(got.Audience), []string{clientID}) ||
		!got.IssuedAt.Time.Equal(goTok.IssuedAt) || !got.ExpiresAt.Time.Equal(goTok.Expiry) {
		t.Errorf("claims differ:\n ours    %+v\n go-oidc %+v", got, goTok)
	}
}
