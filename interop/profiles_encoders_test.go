package interop

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jsoniterext"
)

// The token profiles (issue 15) with both Encoders: RFC 9068 access tokens
// (package accesstoken) and OpenID Connect ID tokens (package idtoken),
// signed with one Encoder and verified with the other, reach the same
// verdicts and read the same claims. The profiles read their rules' claims
// from the token's bytes, so no codec can change a verdict.

var (
	profileKey = ed25519.NewKeyFromSeed([]byte("profiles-interop-ed25519-seed-32"))
	profileNow = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	// profileEncoders is the Encoder dimension of these tests.
	profileEncoders = []namedEncoder{
		{"default", jwt.StdEncoder{}},
		{"jsoniterext", jsoniterext.New()},
	}
)

const (
	profileIssuer   = "https://as.example.com"
	profileAudience = "https://api.example.com"
	profileClient   = "s6BhdRkqt3"
)

func profileClock() time.Time { return profileNow }

// profileTenantClaims is a caller's access-token type with a claim of its own.
type profileTenantClaims struct {
	accesstoken.Claims
	Tenant string `json:"tid"`
}

// profileEmailClaims is a relying party's ID-token type with standard claims.
type profileEmailClaims struct {
	idtoken.Claims
	Email string `json:"email"`
}

// profileRaw signs claims under "typ" typ with encoding/json, by hand.
func profileRaw(t *testing.T, typ string, c any) string {
	t.Helper()
	h := map[string]any{"alg": "EdDSA"}
	if typ != "" {
		h["typ"] = typ
	}
	hb, _ := json.Marshal(h)
	pb, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	enc := base64.RawURLEncoding
	input := enc.EncodeToString(hb) + "." + enc.EncodeToString(pb)
	return input + "." + enc.EncodeToString(ed25519.Sign(profileKey, []byte(input)))
}

// profileAccessClaims are full RFC 9068 claims (sections 2.2, 2.2.1, 2.2.3).
func profileAccessClaims() accesstoken.Claims {
	return accesstoken.Claims{
		Registered: claims.Registered{
			Issuer: profileIssuer, Subject: "5ba552d67", Audience: claims.Audience{profileAudience, "https://other.example.com"},
			ExpiresAt: claims.NewNumericDate(profileNow.Add(time.Hour)), IssuedAt: claims.NewNumericDate(profileNow.Add(-time.Minute)),
			NotBefore: claims.NewNumericDate(profileNow.Add(-time.Minute)), ID: "dbe39bf3a3ba4238a513f51d6e1691c4",
		},
		ClientID: profileClient, Scope: "openid profile reademail",
		AuthTime: claims.NewNumericDate(profileNow.Add(-time.Hour)), ACR: "urn:mace:incommon:iap:silver", AMR: []string{"pwd", "mfa"},
		Groups: []string{"admins"}, Roles: []string{"editor"}, Entitlements: []string{"premium"},
	}
}

// profileAccessMap is a minimal valid access token's claims as a map.
func profileAccessMap() map[string]any {
	return map[string]any{
		"iss": profileIssuer, "sub": "5ba552d67", "aud": profileAudience, "client_id": profileClient, "jti": "j1",
		"exp": profileNow.Add(time.Hour).Unix(), "iat": profileNow.Add(-time.Minute).Unix(),
	}
}

// profileIDMap is a valid ID token's claims as a map.
func profileIDMap() map[string]any {
	return map[string]any{
		"iss": profileIssuer, "sub": "5ba552d67", "aud": profileClient, "nonce": "n-0S6_WzA2Mj",
		"exp": profileNow.Add(time.Hour).Unix(), "iat": profileNow.Add(-time.Minute).Unix(),
	}
}

// profileSameJSON compares two claims values by their JSON (time.Time's
// location is not a claim).
func profileSameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(ja) == string(jb)
}

// profileVerdict names the sentinels an error matches, for comparing the
// verdicts of two Encoders.
func profileVerdict(err error) []string {
	if err == nil {
		return nil
	}
	var out []string
	for _, s := range []struct {
		name string
		err  error
	}{
		{"Malformed", jwt.ErrTokenMalformed}, {"Signature", jwt.ErrSignatureInvalid}, {"Type", jwt.ErrInvalidType},
		{"Claims", jwt.ErrTokenInvalidClaims}, {"Missing", jwt.ErrMissingClaim}, {"Audience", jwt.ErrInvalidAudience},
		{"Issuer", jwt.ErrInvalidIssuer}, {"Expired", jwt.ErrTokenExpired}, {"IDToken", accesstoken.ErrIDToken},
		{"Nonce", idtoken.ErrInvalidNonce}, {"AtHash", idtoken.ErrInvalidAccessTokenHash}, {"CHash", idtoken.ErrInvalidCodeHash},
		{"AZP", idtoken.ErrInvalidAuthorizedParty}, {"AccessToken", idtoken.ErrAccessToken},
	} {
		if errors.Is(err, s.err) {
			out = append(out, s.name)
		}
	}
	var ve *jwt.ValidationError
	if errors.As(err, &ve) {
		out = append(out, "ValidationError")
	}
	return out
}

// RFC 9068 sections 2 and 4 with both Encoders: tokens signed with either
// verify with either, to the same claims, through Verify and VerifyInto.
func TestProfileAccessTokenEncoders_RFC9068_2_And_4(t *testing.T) {
	ctx := context.Background()
	want := profileAccessClaims()
	for _, se := range profileEncoders {
		s, err := accesstoken.NewSigner(jwt.EdDSA, profileKey, jwt.WithEncoder(se.enc))
		if err != nil {
			t.Fatal(err)
		}
		tok, err := s.Sign(want)
		if err != nil {
			t.Fatalf("%s: %v", se.name, err)
		}
		m := profileAccessMap()
		m["tid"] = "tenant-7"
		custom := profileRaw(t, "at+jwt", m)
		for _, ve := range profileEncoders {
			v, err := accesstoken.NewVerifier(profileKey.Public(), accesstoken.Config{Issuer: profileIssuer, Audience: profileAudience},
				jwt.WithEncoder(ve.enc), jwt.WithTimeFunc(profileClock))
			if err != nil {
				t.Fatal(err)
			}
			got, err := v.Verify(ctx, tok)
			if err != nil {
				t.Fatalf("%s -> %s: %v", se.name, ve.name, err)
			}
			if !profileSameJSON(t, *got, want) {
				t.Errorf("%s -> %s:\ngot  %+v\nwant %+v", se.name, ve.name, *got, want)
			}
			var dst profileTenantClaims
			if err := v.VerifyInto(ctx, custom, &dst); err != nil || dst.Tenant != "tenant-7" || dst.ClientID != profileClient {
				t.Errorf("%s: VerifyInto: %v %+v", ve.name, err, dst)
			}
		}
	}
}

// OpenID Connect Core 1.0 sections 2 and 3.1.3.7 with both Encoders: ID
// tokens signed with either verify with either, to the same claims, with
// the nonce and at_hash checks.
func TestProfileIDTokenEncoders_OIDCCore_2_And_3_1_3_7(t *testing.T) {
	ctx := context.Background()
	atHash, err := idtoken.LeftHalfHash(jwt.EdDSA, "SlAV32hkKG")
	if err != nil {
		t.Fatal(err)
	}
	want := idtoken.Claims{
		Registered: claims.Registered{
			Issuer: profileIssuer, Subject: "5ba552d67", Audience: claims.Audience{profileClient, "other"},
			ExpiresAt: claims.NewNumericDate(profileNow.Add(time.Hour)), IssuedAt: claims.NewNumericDate(profileNow.Add(-time.Minute)),
		},
		AuthorizedParty: profileClient, Nonce: "n-0S6_WzA2Mj", AuthTime: claims.NewNumericDate(profileNow.Add(-time.Minute)),
		ACR: "1", AMR: []string{"pwd"}, AccessTokenHash: atHash, CodeHash: "x",
	}
	checks := idtoken.Checks{Nonce: "n-0S6_WzA2Mj", MaxAge: time.Hour, AccessToken: "SlAV32hkKG"}
	for _, se := range profileEncoders {
		s, err := idtoken.NewSigner(jwt.EdDSA, profileKey, jwt.WithEncoder(se.enc))
		if err != nil {
			t.Fatal(err)
		}
		tok, err := s.Sign(want)
		if err != nil {
			t.Fatalf("%s: %v", se.name, err)
		}
		m := profileIDMap()
		m["email"] = "janedoe@example.com"
		custom := profileRaw(t, "", m)
		for _, ve := range profileEncoders {
			v, err := idtoken.NewVerifier(profileKey.Public(), idtoken.Config{Issuer: profileIssuer, ClientID: profileClient, Now: profileClock},
				jwt.WithEncoder(ve.enc))
			if err != nil {
				t.Fatal(err)
			}
			got, err := v.Verify(ctx, tok, checks)
			if err != nil {
				t.Fatalf("%s -> %s: %v", se.name, ve.name, err)
			}
			if !profileSameJSON(t, *got, want) {
				t.Errorf("%s -> %s:\ngot  %+v\nwant %+v", se.name, ve.name, *got, want)
			}
			var dst profileEmailClaims
			if err := v.VerifyInto(ctx, custom, idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}, &dst); err != nil || dst.Email != "janedoe@example.com" {
				t.Errorf("%s: VerifyInto: %v %+v", ve.name, err, dst)
			}
		}
	}
}

// RFC 9068 sections 4 and 5 and OpenID Connect Core 1.0 section 3.1.3.7
// with both Encoders: every refusal is the same refusal, with the same
// sentinels, whichever Encoder decodes: an ID token as an access token and
// the reverse, look-alike claim names (which codecs match differently),
// mistyped profile claims, nonce, max_age, at_hash and azp failures.
func TestProfileRefusalsSameWithEveryEncoder_RFC9068_5_OIDCCore_3_1_3_7(t *testing.T) {
	ctx := context.Background()
	with := func(base func() map[string]any, k string, v any) map[string]any {
		m := base()
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	idAsAccess := with(profileAccessMap, "nonce", "n-0S6_WzA2Mj")
	accessCases := map[string]string{
		"ID token, typ JWT":          profileRaw(t, "JWT", profileIDMap()),
		"ID token, no typ":           profileRaw(t, "", profileIDMap()),
		"typ JWT with a nonce":       profileRaw(t, "JWT", idAsAccess),
		"no typ with c_hash":         profileRaw(t, "", with(profileAccessMap, "c_hash", "x")),
		"look-alike SCOPE":           profileRaw(t, "at+jwt", with(profileAccessMap, "SCOPE", "admin")),
		"look-alike ſcope":           profileRaw(t, "at+jwt", with(profileAccessMap, "ſcope", "admin")),
		"look-alike entitlementſ":    profileRaw(t, "at+jwt", with(profileAccessMap, "entitlementſ", []string{"x"})),
		"groups a string":            profileRaw(t, "at+jwt", with(profileAccessMap, "groups", "admins")),
		"client_id a number":         profileRaw(t, "at+jwt", with(profileAccessMap, "client_id", 7)),
		"client_id missing":          profileRaw(t, "at+jwt", with(profileAccessMap, "client_id", nil)),
		"audience of another server": profileRaw(t, "at+jwt", with(profileAccessMap, "aud", "https://other.example.com")),
	}
	idCases := map[string]struct {
		tok    string
		checks idtoken.Checks
	}{
		"access token as ID token": {profileRaw(t, "at+jwt", with(profileIDMap, "client_id", profileClient)), idtoken.Checks{}},
		"access token typed JWT":   {profileRaw(t, "JWT", with(profileIDMap, "scope", "openid")), idtoken.Checks{}},
		"logout token":             {profileRaw(t, "logout+jwt", profileIDMap()), idtoken.Checks{}},
		"nonce mismatch":           {profileRaw(t, "JWT", profileIDMap()), idtoken.Checks{Nonce: "other"}},
		"nonce missing":            {profileRaw(t, "JWT", with(profileIDMap, "nonce", nil)), idtoken.Checks{Nonce: "n"}},
		"look-alike Nonce":         {profileRaw(t, "JWT", with(func() map[string]any { return with(profileIDMap, "nonce", nil) }, "Nonce", "n")), idtoken.Checks{Nonce: "n"}},
		"look-alike AZP":           {profileRaw(t, "JWT", with(profileIDMap, "AZP", "other")), idtoken.Checks{}},
		"auth_time too old":        {profileRaw(t, "JWT", with(profileIDMap, "auth_time", profileNow.Add(-2*time.Hour).Unix())), idtoken.Checks{MaxAge: time.Hour}},
		"auth_time missing":        {profileRaw(t, "JWT", profileIDMap()), idtoken.Checks{MaxAge: time.Hour}},
		"at_hash mismatch":         {profileRaw(t, "JWT", with(profileIDMap, "at_hash", "x")), idtoken.Checks{AccessToken: "t"}},
		"several aud, no azp":      {profileRaw(t, "JWT", with(profileIDMap, "aud", []string{profileClient, "b"})), idtoken.Checks{}},
		"azp of another client":    {profileRaw(t, "JWT", with(profileIDMap, "azp", "b")), idtoken.Checks{}},
		"amr a string":             {profileRaw(t, "JWT", with(profileIDMap, "amr", "pwd")), idtoken.Checks{}},
	}
	for name, tok := range accessCases {
		var verdicts [][]string
		for _, e := range profileEncoders {
			for _, allow := range []bool{false, true} {
				v, err := accesstoken.NewVerifier(profileKey.Public(),
					accesstoken.Config{Issuer: profileIssuer, Audience: profileAudience, AllowJWTType: allow},
					jwt.WithEncoder(e.enc), jwt.WithTimeFunc(profileClock))
				if err != nil {
					t.Fatal(err)
				}
				_, err = v.Verify(ctx, tok)
				if err == nil {
					t.Errorf("%s: accepted by %s (AllowJWTType %v)", name, e.name, allow)
				}
				if !allow {
					verdicts = append(verdicts, profileVerdict(err))
				}
			}
		}
		if !reflect.DeepEqual(verdicts[0], verdicts[1]) {
			t.Errorf("%s: default %v, jsoniterext %v", name, verdicts[0], verdicts[1])
		}
	}
	for name, c := range idCases {
		var verdicts [][]string
		for _, e := range profileEncoders {
			v, err := idtoken.NewVerifier(profileKey.Public(), idtoken.Config{Issuer: profileIssuer, ClientID: profileClient, Now: profileClock, AZP: idtoken.AZPErrata1},
				jwt.WithEncoder(e.enc))
			if err != nil {
				t.Fatal(err)
			}
			_, err = v.Verify(ctx, c.tok, c.checks)
			if err == nil {
				t.Errorf("%s: accepted by %s", name, e.name)
			}
			verdicts = append(verdicts, profileVerdict(err))
		}
		if !reflect.DeepEqual(verdicts[0], verdicts[1]) {
			t.Errorf("%s: default %v, jsoniterext %v", name, verdicts[0], verdicts[1])
		}
	}
}
