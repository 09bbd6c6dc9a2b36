package accesstoken_test

import (
	"crypto/ed25519"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
)

// RFC 9068 section 2.2: "iss", "exp", "aud", "sub", "client_id", "iat" and
// "jti" are REQUIRED. Each one absent is jwt.ErrMissingClaim (an absent
// "iss" or "aud" also the issuer or audience error); a null "client_id"
// counts as absent (a null registered claim is jwt.ErrTokenMalformed, the
// jwt package's type rule).
func TestRFC9068_2_2_RequiredClaims(t *testing.T) {
	v := atVerifier(t, nil)
	for _, name := range []string{"iss", "exp", "aud", "sub", "client_id", "iat", "jti"} {
		for _, how := range []string{"absent", "null"} {
			m := atClaimsMap()
			if how == "absent" {
				delete(m, name)
			} else {
				m[name] = nil
			}
			_, err := v.Verify(atCtx, atRaw(t, "at+jwt", m))
			if how == "null" && claims.IsRegistered(name) {
				if !errors.Is(err, jwt.ErrTokenMalformed) {
					t.Errorf("%s null: %v, want ErrTokenMalformed", name, err)
				}
				continue
			}
			atRefused(t, err, jwt.ErrMissingClaim, jwt.ErrTokenInvalidClaims)
			if err != nil && !strings.Contains(err.Error(), name) {
				t.Errorf("%s %s: the error does not name it: %v", name, how, err)
			}
		}
	}
}

// RFC 9068 section 4: "The issuer identifier for the authorization server
// ... MUST exactly match the value of the "iss" claim."
func TestRFC9068_4_IssuerMustMatchExactly(t *testing.T) {
	v := atVerifier(t, nil)
	for _, iss := range []string{"https://as.example.com/", "HTTPS://AS.EXAMPLE.COM", "https://as.example.co", "https://evil.example.com", ""} {
		m := atClaimsMap()
		m["iss"] = iss
		_, err := v.Verify(atCtx, atRaw(t, "at+jwt", m))
		atRefused(t, err, jwt.ErrInvalidIssuer, jwt.ErrTokenInvalidClaims)
	}
}

// RFC 9068 section 4: "The resource server MUST validate that the "aud"
// claim contains a resource indicator value corresponding to an identifier
// the resource server expects for itself."
func TestRFC9068_4_AudienceMustContainResourceServer(t *testing.T) {
	v := atVerifier(t, nil)
	for _, aud := range []any{atAudience, []string{atAudience}, []string{"https://other.example.com", atAudience}} {
		m := atClaimsMap()
		m["aud"] = aud
		if _, err := v.Verify(atCtx, atRaw(t, "at+jwt", m)); err != nil {
			t.Errorf("aud %v: %v", aud, err)
		}
	}
	for _, aud := range []any{"https://other.example.com", []string{}, []string{"https://API.example.com"}, "https://api.example.com/", []string{"s6BhdRkqt3"}} {
		m := atClaimsMap()
		m["aud"] = aud
		_, err := v.Verify(atCtx, atRaw(t, "at+jwt", m))
		atRefused(t, err, jwt.ErrInvalidAudience, jwt.ErrTokenInvalidClaims)
	}
}

// RFC 9068 section 4: the profile's rules hold whatever options are added:
// a jwt.WithAudience, jwt.WithIssuer or jwt.WithType in opts naming
// another audience, issuer or "typ" is refused at construction
// (TestRFC9068_4_ProfileRulesInOptsNeverSilentlyReplaced), and a further
// audience (jwt.WithAllAudiences) only adds to the "aud" rule.
func TestRFC9068_4_OptionsCannotLoosenTheProfile(t *testing.T) {
	for _, opt := range []jwt.Option{jwt.WithAudience("https://other.example.com"), jwt.WithIssuer("https://evil.example.com"), jwt.WithType("JWT")} {
		if _, err := accesstoken.NewVerifier(atKey.Public(), atConfig, opt); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("an option loosening the profile: %v, want ErrInvalidOption", err)
		}
	}
	v := atVerifier(t, nil, jwt.WithAllAudiences("https://other.example.com"))
	m := atClaimsMap()
	m["aud"] = "https://other.example.com"
	_, err := v.Verify(atCtx, atRaw(t, "JWT", m))
	atRefused(t, err, jwt.ErrInvalidAudience, jwt.ErrInvalidType)
}

// RFC 9068 section 4: "The current time MUST be before the time represented
// by the "exp" claim", with the leeway jwt.WithLeeway gives.
func TestRFC9068_4_ExpiredRefused(t *testing.T) {
	m := atClaimsMap()
	m["exp"] = atNow.Add(-30 * time.Second).Unix()
	tok := atRaw(t, "at+jwt", m)
	_, err := atVerifier(t, nil).Verify(atCtx, tok)
	atRefused(t, err, jwt.ErrTokenExpired, jwt.ErrTokenInvalidClaims)
	if _, err := atVerifier(t, nil, jwt.WithLeeway(time.Minute)).Verify(atCtx, tok); err != nil {
		t.Errorf("within the leeway: %v", err)
	}
}

// RFC 7519 section 4.1.6 ("iat" is when the JWT was issued), REQUIRED by
// RFC 9068 section 2.2: a token issued in the future is refused.
func TestRFC9068_2_2_IssuedInTheFutureRefused(t *testing.T) {
	m := atClaimsMap()
	m["iat"] = atNow.Add(time.Hour).Unix()
	_, err := atVerifier(t, nil).Verify(atCtx, atRaw(t, "at+jwt", m))
	atRefused(t, err, jwt.ErrTokenUsedBeforeIssued, jwt.ErrTokenInvalidClaims)
}

// RFC 9068 section 4: "The resource server MUST validate the signature of
// all incoming JWT access tokens": a token signed by another key, or
// altered, is jwt.ErrSignatureInvalid only, never with a rule's verdict
// and never a *jwt.ValidationError, even when its claims are also wrong.
func TestRFC9068_4_SignatureBeforeEveryRule(t *testing.T) {
	other := ed25519.NewKeyFromSeed([]byte("another-ed25519-seed-of-32-bytes"))
	m := atClaimsMap()
	m["nonce"] = "n-0S6_WzA2Mj"
	delete(m, "client_id")
	tok, err := jwt.Sign(jwt.EdDSA, m, other, jwt.WithType("JWT"))
	if err != nil {
		t.Fatal(err)
	}
	good := atSign(t, atClaims())
	parts := strings.Split(good, ".")
	altered := parts[0] + "." + strings.Split(tok, ".")[1] + "." + parts[2]
	for name, tok := range map[string]string{"other key": tok, "altered claims": altered} {
		_, err := atVerifier(t, nil).Verify(atCtx, tok)
		if !errors.Is(err, jwt.ErrSignatureInvalid) {
			t.Errorf("%s: %v, want ErrSignatureInvalid", name, err)
		}
		var ve *jwt.ValidationError
		if errors.As(err, &ve) || errors.Is(err, jwt.ErrTokenInvalidClaims) || errors.Is(err, jwt.ErrInvalidType) {
			t.Errorf("%s: a bad signature came with a rule's verdict: %v", name, err)
		}
	}
}

// RFC 9068 section 2.2 (and 2.2.1, 2.2.3): the profile's claims have their
// JSON types ("client_id", "scope", "acr" strings, "auth_time" a
// NumericDate, "amr", "groups", "roles", "entitlements" arrays of strings);
// another type is jwt.ErrTokenMalformed, whatever the Encoder.
func TestRFC9068_2_2_ProfileClaimTypes(t *testing.T) {
	v := atVerifier(t, nil)
	for name, value := range map[string]any{
		"client_id": 42, "scope": []string{"a", "b"}, "acr": 1, "auth_time": "yesterday",
		"amr": "pwd", "groups": []any{"g", 1}, "roles": map[string]any{}, "entitlements": true,
	} {
		m := atClaimsMap()
		m[name] = value
		_, err := v.Verify(atCtx, atRaw(t, "at+jwt", m))
		if !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s = %v: %v, want ErrTokenMalformed", name, value, err)
		}
	}
}

// RFC 7519 section 4: claim names are case-sensitive. A member whose name
// folds to one of the profile's ("SCOPE", "ſcope" with U+017F, "Auth_Time")
// could fill Claims' field through a codec's case-insensitive match while
// the rules saw another name: it is refused, as jwt refuses look-alikes of
// the registered names. (Beside the real name, the jwt package's strict
// pass refuses the pair already; alone, "Client_ID" leaves "client_id"
// missing.)
func TestRFC7519_4_LookAlikeProfileClaimNamesRefused(t *testing.T) {
	v := atVerifier(t, nil)
	for name, value := range map[string]any{
		"SCOPE": "x", "Scope": "x", "ſcope": "x", "Auth_Time": 1, "ACR": "x",
		"Amr": []string{"pwd"}, "GROUPS": []string{"g"}, "rOles": []string{"r"}, "entitlementſ": []string{"e"}, "Entitlements": []string{"e"},
	} {
		m := atClaimsMap()
		delete(m, "scope")
		m[name] = value
		_, err := v.Verify(atCtx, atRaw(t, "at+jwt", m))
		if !errors.Is(err, jwt.ErrTokenMalformed) || !strings.Contains(err.Error(), "folds to") {
			t.Errorf("%q: %v, want ErrTokenMalformed for a look-alike", name, err)
		}
	}
	for _, name := range []string{"Client_ID", "CLIENT_ID"} {
		m := atClaimsMap()
		delete(m, "client_id")
		m[name] = "s6BhdRkqt3"
		_, err := v.Verify(atCtx, atRaw(t, "at+jwt", m))
		atRefused(t, err, jwt.ErrMissingClaim)
		m["client_id"] = "s6BhdRkqt3"
		if _, err := v.Verify(atCtx, atRaw(t, "at+jwt", m)); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%q beside client_id: %v, want ErrTokenMalformed", name, err)
		}
	}
	// Names that only resemble one are other claims.
	for _, name := range []string{"client_id_x", "scopes", "Nonce", "role"} {
		m := atClaimsMap()
		m[name] = "x"
		if _, err := v.Verify(atCtx, atRaw(t, "at+jwt", m)); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
}

// RFC 9068 section 4: the resource server knows its issuer and its own
// identifier; NewVerifier refuses a Config without them.
func TestRFC9068_4_NewVerifierNeedsIssuerAndAudience(t *testing.T) {
	for name, cfg := range map[string]accesstoken.Config{
		"no issuer":   {Audience: atAudience},
		"no audience": {Issuer: atIssuer},
		"zero":        {},
	} {
		if _, err := accesstoken.NewVerifier(atKey.Public(), cfg); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v, want ErrInvalidOption", name, err)
		}
	}
	if _, err := accesstoken.NewVerifier(nil, atConfig); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("nil key: %v, want ErrInvalidKey", err)
	}
	var zero accesstoken.Verifier
	if _, err := zero.Verify(atCtx, atSign(t, atClaims())); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("zero Verifier: %v, want ErrInvalidKey", err)
	}
}

// RFC 9068 section 4 with a key chosen by "kid" (jwt.KeyFunc): the rules
// are the same whatever the key source.
func TestRFC9068_4_KeyFuncPath(t *testing.T) {
	keyFunc := jwt.KeyFunc(func(h *jwt.Header) (any, error) { return atKey.Public(), nil })
	v, err := accesstoken.NewVerifier(keyFunc, atConfig, atClock)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(atCtx, atSign(t, atClaims(), jwt.WithKeyID("k1"))); err != nil {
		t.Error(err)
	}
	_, err = v.Verify(atCtx, atRaw(t, "JWT", atClaimsMap()))
	atRefused(t, err, jwt.ErrInvalidType)
}
