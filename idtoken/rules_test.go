package idtoken_test

import (
	"crypto/ed25519"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
)

// OpenID Connect Core 1.0 section 2: "iss", "sub", "aud", "exp" and "iat"
// are REQUIRED; each one absent is jwt.ErrMissingClaim.
func TestOIDCCore_2_RequiredClaims(t *testing.T) {
	v := idVerifier(t, nil)
	for _, name := range []string{"iss", "sub", "aud", "exp", "iat"} {
		m := idClaimsMap()
		delete(m, name)
		_, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{})
		idRefused(t, err, jwt.ErrMissingClaim, jwt.ErrTokenInvalidClaims)
		if err != nil && !strings.Contains(err.Error(), name) {
			t.Errorf("%s: the error does not name it: %v", name, err)
		}
	}
	// "nonce", "auth_time", "azp", "at_hash", "c_hash" are not required
	// unless Checks asks (sections 2, 3.1.3.7).
	m := idClaimsMap()
	delete(m, "nonce")
	if _, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{}); err != nil {
		t.Error(err)
	}
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 2: "The Issuer Identifier
// for the OpenID Provider ... MUST exactly match the value of the iss
// (issuer) Claim."
func TestOIDCCore_3_1_3_7_Step2_IssuerExact(t *testing.T) {
	v := idVerifier(t, nil)
	for _, iss := range []string{idIssuer + "/", "https://Accounts.example.com", "http://accounts.example.com", "accounts.example.com", ""} {
		m := idClaimsMap()
		m["iss"] = iss
		_, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{})
		idRefused(t, err, jwt.ErrInvalidIssuer)
	}
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 3: "The Client MUST
// validate that the aud (audience) Claim contains its client_id value ...
// The ID Token MUST be rejected if the ID Token does not list the Client as
// a valid audience". A jwt.WithAudience in opts naming another audience is
// refused at construction (it would add none).
func TestOIDCCore_3_1_3_7_Step3_AudienceContainsClientID(t *testing.T) {
	if _, err := idtoken.NewVerifier(idKey.Public(), idtoken.Config{Issuer: idIssuer, ClientID: idClient}, jwt.WithAudience("other-client")); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("jwt.WithAudience of another client: %v, want ErrInvalidOption", err)
	}
	v := idVerifier(t, nil)
	for _, aud := range []any{"other-client", []string{"other-client"}, []string{}, "S6BhdRkqt3", "https://api.example.com"} {
		m := idClaimsMap()
		m["aud"] = aud
		_, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{})
		idRefused(t, err, jwt.ErrInvalidAudience)
	}
	m := idClaimsMap()
	m["aud"] = []string{idClient}
	if _, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{}); err != nil {
		t.Error(err)
	}
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 9: "The current time MUST
// be before the time represented by the exp Claim", with Config.Leeway;
// section 2 "iat": a token issued in the future is refused.
func TestOIDCCore_3_1_3_7_Step9_ExpiredAndFutureIat(t *testing.T) {
	m := idClaimsMap()
	m["exp"] = idNow.Add(-10 * time.Second).Unix()
	tok := idRaw(t, "JWT", m)
	_, err := idVerifier(t, nil).Verify(idCtx, tok, idtoken.Checks{})
	idRefused(t, err, jwt.ErrTokenExpired)
	if _, err := idVerifier(t, func(c *idtoken.Config) { c.Leeway = time.Minute }).Verify(idCtx, tok, idtoken.Checks{}); err != nil {
		t.Errorf("within Config.Leeway: %v", err)
	}
	m = idClaimsMap()
	m["iat"] = idNow.Add(time.Hour).Unix()
	_, err = idVerifier(t, nil).Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{})
	idRefused(t, err, jwt.ErrTokenUsedBeforeIssued)
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 11: "If a nonce value was
// sent in the Authentication Request, a nonce Claim MUST be present and its
// value checked to verify that it is the same value as the one that was
// sent". Compared exactly; when none was sent, the token's is not checked.
func TestOIDCCore_3_1_3_7_Step11_Nonce(t *testing.T) {
	v := idVerifier(t, nil)
	tok := idSign(t, idClaims())
	if _, err := v.Verify(idCtx, tok, idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}); err != nil {
		t.Errorf("the nonce sent: %v", err)
	}
	if _, err := v.Verify(idCtx, tok, idtoken.Checks{}); err != nil {
		t.Errorf("no nonce sent: %v", err)
	}
	for _, sent := range []string{"n-0S6_WzA2MJ", "n-0S6_WzA2Mj ", "n-0S6_WzA2M", "x"} {
		_, err := v.Verify(idCtx, tok, idtoken.Checks{Nonce: sent})
		idRefused(t, err, idtoken.ErrInvalidNonce, jwt.ErrTokenInvalidClaims)
		if errors.Is(err, jwt.ErrMissingClaim) {
			t.Errorf("a present nonce reported missing: %v", err)
		}
	}
	for name, value := range map[string]any{"absent": nil, "empty": ""} {
		m := idClaimsMap()
		if value == nil {
			delete(m, "nonce")
		} else {
			m["nonce"] = value
		}
		_, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{Nonce: "n-0S6_WzA2Mj"})
		idRefused(t, err, idtoken.ErrInvalidNonce)
		if name == "absent" && !errors.Is(err, jwt.ErrMissingClaim) {
			t.Errorf("absent nonce: %v, want ErrMissingClaim too", err)
		}
	}
	// null is absent.
	m := idClaimsMap()
	m["nonce"] = nil
	_, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{Nonce: "n-0S6_WzA2Mj"})
	idRefused(t, err, idtoken.ErrInvalidNonce, jwt.ErrMissingClaim)
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 13 and section 2
// ("auth_time": "When a max_age request is made ... this Claim is
// REQUIRED"): with Checks.MaxAge, "auth_time" must be present and the
// end-user authenticated no longer ago than max_age, plus Config.Leeway
// (jwt.ErrTokenExpired otherwise), and not in the future.
func TestOIDCCore_3_1_3_7_Step13_MaxAge(t *testing.T) {
	withAuthTime := func(d time.Duration) string {
		c := idClaims()
		c.AuthTime = claims.NewNumericDate(idNow.Add(-d))
		return idSign(t, c)
	}
	v := idVerifier(t, nil)
	hour := idtoken.Checks{MaxAge: time.Hour}
	for _, age := range []time.Duration{0, time.Minute, time.Hour} {
		if _, err := v.Verify(idCtx, withAuthTime(age), hour); err != nil {
			t.Errorf("authenticated %v ago, max_age 1h: %v", age, err)
		}
	}
	_, err := v.Verify(idCtx, withAuthTime(time.Hour+time.Second), hour)
	idRefused(t, err, jwt.ErrTokenExpired, jwt.ErrTokenInvalidClaims)
	lenient := idVerifier(t, func(c *idtoken.Config) { c.Leeway = 5 * time.Second })
	if _, err := lenient.Verify(idCtx, withAuthTime(time.Hour+time.Second), hour); err != nil {
		t.Errorf("within the leeway: %v", err)
	}
	_, err = v.Verify(idCtx, idSign(t, idClaims()), hour)
	idRefused(t, err, jwt.ErrMissingClaim)
	_, err = v.Verify(idCtx, withAuthTime(-time.Hour), hour)
	idRefused(t, err, jwt.ErrTokenInvalidClaims)
	if _, err := lenient.Verify(idCtx, withAuthTime(-5*time.Second), hour); err != nil {
		t.Errorf("auth_time 5s ahead within the leeway: %v", err)
	}
	// Without MaxAge, "auth_time" is not looked at.
	if _, err := v.Verify(idCtx, withAuthTime(48*time.Hour), idtoken.Checks{}); err != nil {
		t.Error(err)
	}
	// max_age=0 (prompt=login): a tiny MaxAge and a leeway.
	zero := idtoken.Checks{MaxAge: time.Nanosecond}
	if _, err := lenient.Verify(idCtx, withAuthTime(2*time.Second), zero); err != nil {
		t.Errorf("max_age=0, just authenticated: %v", err)
	}
	_, err = lenient.Verify(idCtx, withAuthTime(time.Minute), zero)
	idRefused(t, err, jwt.ErrTokenExpired)
	if _, err := v.Verify(idCtx, withAuthTime(0), idtoken.Checks{MaxAge: -time.Second}); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("negative MaxAge: %v, want ErrInvalidOption", err)
	}
	// "auth_time" of another type is malformed.
	m := idClaimsMap()
	m["auth_time"] = "2030-01-01T12:00:00Z"
	if _, err := v.Verify(idCtx, idRaw(t, "JWT", m), hour); !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Errorf("auth_time a string: %v, want ErrTokenMalformed", err)
	}
}

// OpenID Connect Core 1.0 sections 3.2.2.9 and 3.3.2.10 with every
// algorithm: an ID token signed with alg carries the LeftHalfHash (for
// alg) of its access token and code, and verifies with them; the hash for
// another algorithm's hash function, or of another value, is refused.
func TestOIDCCore_3_2_2_9_And_3_3_2_10_HashesEveryAlgorithm(t *testing.T) {
	const accessToken, code = "SlAV32hkKG", "Qcb0Orv1zh30vL1MPRsbm-diHiMwcLyZvn1arpZv-Jxf_11jnpEX3Tgfvk"
	for _, k := range algKeys(t) {
		s, err := idtoken.NewSigner(k.alg, k.sign)
		if err != nil {
			t.Fatalf("%s: %v", k.alg, err)
		}
		v, err := idtoken.NewVerifier(k.verify, idtoken.Config{Issuer: idIssuer, ClientID: idClient, Now: idClock})
		if err != nil {
			t.Fatalf("%s: %v", k.alg, err)
		}
		c := idClaims()
		c.AccessTokenHash, _ = idtoken.LeftHalfHash(s.Algorithm(), accessToken)
		c.CodeHash, _ = idtoken.LeftHalfHash(s.Algorithm(), code)
		tok, err := s.Sign(c)
		if err != nil {
			t.Fatal(err)
		}
		both := idtoken.Checks{Nonce: c.Nonce, AccessToken: accessToken, Code: code}
		if _, err := v.Verify(idCtx, tok, both); err != nil {
			t.Errorf("%s: %v", k.alg, err)
		}
		_, err = v.Verify(idCtx, tok, idtoken.Checks{AccessToken: accessToken + "."})
		idRefused(t, err, idtoken.ErrInvalidAccessTokenHash)
		_, err = v.Verify(idCtx, tok, idtoken.Checks{Code: code[1:]})
		idRefused(t, err, idtoken.ErrInvalidCodeHash)
		// A hash made with another algorithm's hash function.
		other := jwt.RS256
		if k.alg == jwt.RS256 || k.alg == jwt.HS256 || k.alg == jwt.PS256 || k.alg == jwt.ES256 {
			other = jwt.RS512
		}
		c.AccessTokenHash, _ = idtoken.LeftHalfHash(other, accessToken)
		tok, err = s.Sign(c)
		if err != nil {
			t.Fatal(err)
		}
		_, err = v.Verify(idCtx, tok, idtoken.Checks{AccessToken: accessToken})
		idRefused(t, err, idtoken.ErrInvalidAccessTokenHash)
	}
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 11 and sections 3.2.2.9
// and 3.3.2.10 together: every failed check is reported, in one error.
func TestOIDCCore_3_1_3_7_EveryFailureReported(t *testing.T) {
	c := idClaims()
	c.AccessTokenHash, c.CodeHash = "a", "b"
	_, err := idVerifier(t, nil).Verify(idCtx, idSign(t, c), idtoken.Checks{Nonce: "other", MaxAge: time.Hour, AccessToken: "t", Code: "c"})
	idRefused(t, err, idtoken.ErrInvalidNonce, idtoken.ErrInvalidAccessTokenHash, idtoken.ErrInvalidCodeHash, jwt.ErrMissingClaim)
}

// RFC 7519 section 4: claim names are case-sensitive; a member whose name
// folds to one of the profile's ("Nonce", "AZP", "At_Hash") would fill Claims' field through a codec's case-insensitive
// match while the rules read the exact name: it is refused.
func TestRFC7519_4_LookAlikeProfileClaimNamesRefused(t *testing.T) {
	v := idVerifier(t, nil)
	for _, name := range []string{"Nonce", "NONCE", "AZP", "Azp", "At_Hash", "C_HASH", "Auth_Time", "ACR", "aMr"} {
		m := idClaimsMap()
		delete(m, "nonce")
		m[name] = map[bool]any{true: []string{"x"}, false: "x"}[strings.EqualFold(name, "amr")]
		if strings.EqualFold(name, "auth_time") {
			m[name] = 1
		}
		_, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{})
		if !errors.Is(err, jwt.ErrTokenMalformed) || !strings.Contains(err.Error(), "folds to") {
			t.Errorf("%q: %v, want ErrTokenMalformed for a look-alike", name, err)
		}
	}
	// With the look-alike refused, "NONCE" cannot stand in for a nonce.
	m := idClaimsMap()
	delete(m, "nonce")
	m["NONCE"] = "n-0S6_WzA2Mj"
	if _, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}); err == nil {
		t.Error(`"NONCE" accepted as the nonce`)
	}
}

// OpenID Connect Core 1.0 section 2: the profile's claims have their JSON
// types ("azp", "nonce", "acr", "at_hash", "c_hash" strings, "auth_time" a
// NumericDate, "amr" an array of strings).
func TestOIDCCore_2_ProfileClaimTypes(t *testing.T) {
	v := idVerifier(t, nil)
	for name, value := range map[string]any{
		"azp": 1, "nonce": []string{"n"}, "acr": true, "at_hash": 7, "c_hash": map[string]any{}, "auth_time": "now", "amr": "pwd",
	} {
		m := idClaimsMap()
		m[name] = value
		if _, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{}); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s = %v: %v, want ErrTokenMalformed", name, value, err)
		}
	}
}

// OpenID Connect Core 1.0 section 3.1.3.7: the relying party knows its
// issuer and client id; NewVerifier refuses a Config without them.
func TestOIDCCore_3_1_3_7_NewVerifierNeedsIssuerAndClientID(t *testing.T) {
	for name, cfg := range map[string]idtoken.Config{
		"no issuer":      {ClientID: idClient},
		"no client id":   {Issuer: idIssuer},
		"zero":           {},
		"negative skew ": {Issuer: idIssuer, ClientID: idClient, Leeway: -time.Second},
	} {
		if _, err := idtoken.NewVerifier(idKey.Public(), cfg); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v, want ErrInvalidOption", name, err)
		}
	}
	var zero idtoken.Verifier
	if _, err := zero.Verify(idCtx, idSign(t, idClaims()), idtoken.Checks{}); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("zero Verifier: %v, want ErrInvalidKey", err)
	}
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 6: "the Client MUST
// validate the signature": a token signed by another key is
// jwt.ErrSignatureInvalid only, never with a rule's verdict.
func TestOIDCCore_3_1_3_7_Step6_SignatureBeforeEveryRule(t *testing.T) {
	other := ed25519.NewKeyFromSeed([]byte("another-ed25519-seed-of-32-bytes"))
	s, err := idtoken.NewSigner(jwt.EdDSA, other)
	if err != nil {
		t.Fatal(err)
	}
	c := idClaims()
	c.Issuer = "https://evil.example.com"
	tok, err := s.Sign(c)
	if err != nil {
		t.Fatal(err)
	}
	_, err = idVerifier(t, nil).Verify(idCtx, tok, idtoken.Checks{Nonce: "x", AccessToken: "y"})
	var ve *jwt.ValidationError
	if !errors.Is(err, jwt.ErrSignatureInvalid) || errors.As(err, &ve) || errors.Is(err, jwt.ErrTokenInvalidClaims) {
		t.Errorf("%v: want ErrSignatureInvalid only", err)
	}
}
