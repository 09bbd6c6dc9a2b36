package logout_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/logout"
)

// TestOIDCBCL_2_4_SpecExampleAccepted: section 2.4's example claims set
// (times moved to loNow, an "exp" added as errata set 1 requires), untyped
// and typed "logout+jwt", verifies, and its claims are read back.
func TestOIDCBCL_2_4_SpecExampleAccepted(t *testing.T) {
	for _, typ := range []string{"", "logout+jwt", "application/logout+jwt"} {
		v := loVerifier(t, nil)
		c, err := v.Verify(loCtx, loRaw(t, typ, loMap()))
		if err != nil {
			t.Fatalf("typ %q: %v", typ, err)
		}
		if c.Subject != "248289761001" || c.SessionID != loSID || c.Issuer != loIssuer || c.ID != "bWJq" {
			t.Errorf("typ %q: claims %+v", typ, c)
		}
		if string(c.Events[logout.EventBackChannelLogout]) != "{}" {
			t.Errorf("typ %q: events %q", typ, c.Events)
		}
	}
}

// TestOIDCBCL_2_6_Step2_SignatureOfAnotherKeyRefused: the signature is
// validated as an ID token's.
func TestOIDCBCL_2_6_Step2_SignatureOfAnotherKeyRefused(t *testing.T) {
	other := loVerifier(t, nil)
	tok := loRaw(t, "", loMap())
	tok = tok[:len(tok)-4] + "AAAA"
	if _, err := other.Verify(loCtx, tok); !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Fatalf("err %v, want ErrSignatureInvalid", err)
	}
}

// TestOIDCBCL_2_6_Step3_AlgorithmOutsideListRefused: jwt.WithAlgorithms
// restricts "alg" as for ID tokens.
func TestOIDCBCL_2_6_Step3_AlgorithmOutsideListRefused(t *testing.T) {
	v := loVerifier(t, nil, jwt.WithAlgorithms(jwt.Ed25519))
	if _, err := v.Verify(loCtx, loRaw(t, "", loMap())); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
		t.Fatalf("err %v, want ErrAlgorithmNotAllowed", err)
	}
}

// TestOIDCBCL_2_6_Step4_IssAudIatExpValidated: "iss", "aud", "iat" and
// "exp" as in ID tokens; "exp" REQUIRED (errata set 1).
func TestOIDCBCL_2_6_Step4_IssAudIatExpValidated(t *testing.T) {
	cases := map[string]struct {
		edit func(m map[string]any)
		want error
	}{
		"other iss":       {func(m map[string]any) { m["iss"] = "https://evil.example.com" }, jwt.ErrInvalidIssuer},
		"no iss":          {func(m map[string]any) { delete(m, "iss") }, jwt.ErrMissingClaim},
		"other aud":       {func(m map[string]any) { m["aud"] = "another-client" }, jwt.ErrInvalidAudience},
		"no aud":          {func(m map[string]any) { delete(m, "aud") }, jwt.ErrMissingClaim},
		"no iat":          {func(m map[string]any) { delete(m, "iat") }, jwt.ErrMissingClaim},
		"iat in future":   {func(m map[string]any) { m["iat"] = loNow.Add(time.Minute).Unix() }, jwt.ErrTokenUsedBeforeIssued},
		"expired":         {func(m map[string]any) { m["exp"] = loNow.Add(-time.Second).Unix() }, jwt.ErrTokenExpired},
		"no exp":          {func(m map[string]any) { delete(m, "exp") }, jwt.ErrMissingClaim},
		"no jti":          {func(m map[string]any) { delete(m, "jti") }, jwt.ErrMissingClaim},
		"empty jti":       {func(m map[string]any) { m["jti"] = "" }, jwt.ErrMissingClaim},
		"iat over MaxAge": {func(m map[string]any) { m["iat"] = loNow.Add(-3 * time.Minute).Unix() }, jwt.ErrTokenExpired},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := loVerifier(t, nil).Verify(loCtx, loRaw(t, "", loEdit(tc.edit)))
			if !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
		})
	}
}

// TestOIDCBCL_2_4_MissingExpAcceptedOnlyWhenAllowed: Config.AllowMissingExp
// is the 2022 text's rule; "iat" plus MaxAge still bounds the token.
func TestOIDCBCL_2_4_MissingExpAcceptedOnlyWhenAllowed(t *testing.T) {
	allow := func(c *logout.Config) { c.AllowMissingExp = true }
	tok := loRaw(t, "", loEdit(func(m map[string]any) { delete(m, "exp") }))
	if _, err := loVerifier(t, allow).Verify(loCtx, tok); err != nil {
		t.Fatalf("AllowMissingExp: %v", err)
	}
	old := loRaw(t, "", loEdit(func(m map[string]any) { delete(m, "exp"); m["iat"] = loNow.Add(-5 * time.Minute).Unix() }))
	if _, err := loVerifier(t, allow).Verify(loCtx, old); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Fatalf("old token without exp: err %v, want ErrTokenExpired", err)
	}
	expired := loRaw(t, "", loEdit(func(m map[string]any) { m["exp"] = loNow.Add(-time.Second).Unix() }))
	if _, err := loVerifier(t, allow).Verify(loCtx, expired); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Fatalf("expired with AllowMissingExp: err %v, want ErrTokenExpired", err)
	}
}

// TestOIDCBCL_2_6_Step5_SubOrSidRequired: "sub", "sid" or both; an empty
// string is absent.
func TestOIDCBCL_2_6_Step5_SubOrSidRequired(t *testing.T) {
	ok := map[string]func(m map[string]any){
		"sub only": func(m map[string]any) { delete(m, "sid") },
		"sid only": func(m map[string]any) { delete(m, "sub") },
	}
	for name, edit := range ok {
		if _, err := loVerifier(t, nil).Verify(loCtx, loRaw(t, "", loEdit(edit))); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	bad := map[string]func(m map[string]any){
		"neither":    func(m map[string]any) { delete(m, "sid"); delete(m, "sub") },
		"both empty": func(m map[string]any) { m["sid"] = ""; m["sub"] = "" },
		"sid null":   func(m map[string]any) { m["sid"] = nil; delete(m, "sub") },
	}
	for name, edit := range bad {
		t.Run(name, func(t *testing.T) {
			_, err := loVerifier(t, nil).Verify(loCtx, loRaw(t, "", loEdit(edit)))
			loRefused(t, err, logout.ErrNoSubjectOrSession, jwt.ErrMissingClaim)
		})
	}
	_, err := loVerifier(t, nil).Verify(loCtx, loRaw(t, "", loEdit(func(m map[string]any) { m["sid"] = 7 })))
	if !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Errorf("sid a number: err %v, want ErrTokenMalformed", err)
	}
}

// TestOIDCBCL_2_6_Step6_EventsMemberRequired: "events" must be an object
// holding the back-channel logout member, whose value is an object (empty
// or not).
func TestOIDCBCL_2_6_Step6_EventsMemberRequired(t *testing.T) {
	nonEmpty := loEdit(func(m map[string]any) {
		m["events"] = map[string]any{logout.EventBackChannelLogout: map[string]any{"reason": "x"}, "urn:other": 1}
	})
	if _, err := loVerifier(t, nil).Verify(loCtx, loRaw(t, "", nonEmpty)); err != nil {
		t.Fatalf("non-empty event object: %v", err)
	}
	bad := map[string]any{
		"other event only": map[string]any{"http://schemas.openid.net/event/backchannel-logou": map[string]any{}},
		"empty events":     map[string]any{},
		"member a string":  map[string]any{logout.EventBackChannelLogout: "{}"},
		"member an array":  map[string]any{logout.EventBackChannelLogout: []any{}},
		"member null":      map[string]any{logout.EventBackChannelLogout: nil},
	}
	for name, events := range bad {
		t.Run(name, func(t *testing.T) {
			tok := loRaw(t, "", loEdit(func(m map[string]any) { m["events"] = events }))
			_, err := loVerifier(t, nil).Verify(loCtx, tok)
			loRefused(t, err, logout.ErrNotLogoutToken, jwt.ErrInvalidType)
		})
	}
	// Not an object: refused by the claims type's decoding before the rule.
	for name, events := range map[string]any{"an array": []any{logout.EventBackChannelLogout}, "a string": logout.EventBackChannelLogout} {
		tok := loRaw(t, "", loEdit(func(m map[string]any) { m["events"] = events }))
		if _, err := loVerifier(t, nil).Verify(loCtx, tok); !errors.Is(err, logout.ErrNotLogoutToken) && !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("events %s: err %v, want ErrNotLogoutToken or ErrTokenMalformed", name, err)
		}
	}
	for name, edit := range map[string]func(m map[string]any){
		"absent": func(m map[string]any) { delete(m, "events") },
		"null":   func(m map[string]any) { m["events"] = nil },
	} {
		_, err := loVerifier(t, nil).Verify(loCtx, loRaw(t, "", loEdit(edit)))
		if !errors.Is(err, jwt.ErrMissingClaim) {
			t.Errorf("events %s: err %v, want ErrMissingClaim", name, err)
		}
	}
	lookalike := loEdit(func(m map[string]any) { m["Events"] = m["events"] })
	if _, err := loVerifier(t, nil).Verify(loCtx, loRaw(t, "", lookalike)); !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Errorf("look-alike Events: err %v, want ErrTokenMalformed", err)
	}
}

// TestOIDCBCL_2_6_Step7_NonceRefused: "nonce" MUST NOT be present,
// whatever its value.
func TestOIDCBCL_2_6_Step7_NonceRefused(t *testing.T) {
	for _, nonce := range []any{"n-0S6_WzA2Mj", "", nil} {
		tok := loRaw(t, "", loEdit(func(m map[string]any) { m["nonce"] = nonce }))
		_, err := loVerifier(t, nil).Verify(loCtx, tok)
		loRefused(t, err, logout.ErrNoncePresent, jwt.ErrTokenInvalidClaims)
	}
}

// TestOIDCBCL_2_4_TypeRule: "logout+jwt" or none pass; "JWT" only with
// AllowJWTType; none refused with RequireExplicitType; another kind's
// "typ" always refused.
func TestOIDCBCL_2_4_TypeRule(t *testing.T) {
	allowJWT := func(c *logout.Config) { c.AllowJWTType = true }
	require := func(c *logout.Config) { c.RequireExplicitType = true }
	cases := []struct {
		typ  string
		edit func(*logout.Config)
		ok   bool
	}{
		{"JWT", nil, false}, {"JWT", allowJWT, true}, {"jwt", allowJWT, true},
		{"", require, false}, {"logout+jwt", require, true}, {"LOGOUT+JWT", require, true},
		{"at+jwt", nil, false}, {"at+jwt", allowJWT, false}, {"secevent+jwt", nil, false},
		{"text/logout+jwt", nil, false},
	}
	for _, tc := range cases {
		_, err := loVerifier(t, tc.edit).Verify(loCtx, loRaw(t, tc.typ, loMap()))
		if tc.ok && err != nil {
			t.Errorf("typ %q: %v", tc.typ, err)
		}
		if !tc.ok && !errors.Is(err, jwt.ErrInvalidType) {
			t.Errorf("typ %q: err %v, want ErrInvalidType", tc.typ, err)
		}
	}
}

// TestOIDCBCL_2_6_ConfigRefusedWhenUnusable: Config errors are
// jwt.ErrInvalidOption, never a Verifier that refuses every token.
func TestOIDCBCL_2_6_ConfigRefusedWhenUnusable(t *testing.T) {
	base := logout.Config{Issuer: loIssuer, ClientID: loClient}
	cases := map[string]func(c *logout.Config){
		"no issuer":        func(c *logout.Config) { c.Issuer = "" },
		"no client":        func(c *logout.Config) { c.ClientID = "" },
		"negative MaxAge":  func(c *logout.Config) { c.MaxAge = -time.Second },
		"negative Leeway":  func(c *logout.Config) { c.Leeway = -time.Second },
		"typ contradicts":  func(c *logout.Config) { c.RequireExplicitType, c.AllowJWTType = true, true },
		"typed nil Replay": func(c *logout.Config) { c.Replay = (*nilStore)(nil) },
	}
	for name, edit := range cases {
		cfg := base
		edit(&cfg)
		if _, err := logout.NewVerifier(loKey.Public(), cfg); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: err %v, want ErrInvalidOption", name, err)
		}
	}
	for name, opt := range map[string]jwt.Option{
		"WithIssuer":   jwt.WithIssuer("https://other.example.com"),
		"WithAudience": jwt.WithAudience("other"),
		"WithType":     jwt.WithType("JWT"),
	} {
		if _, err := logout.NewVerifier(loKey.Public(), base, opt); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s in opts: err %v, want ErrInvalidOption", name, err)
		}
	}
	if _, err := logout.NewVerifier(nil, base); err == nil {
		t.Error("nil key accepted")
	}
}

// TestOIDCBCL_2_6_ZeroValuesNeverPanic: a nil or zero Verifier, Signer and
// an empty token are errors.
func TestOIDCBCL_2_6_ZeroValuesNeverPanic(t *testing.T) {
	var nilV *logout.Verifier
	if _, err := nilV.Verify(loCtx, "x"); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("nil Verifier: %v", err)
	}
	if _, err := new(logout.Verifier).Verify(loCtx, "x"); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("zero Verifier: %v", err)
	}
	var nilS *logout.Signer
	if _, err := nilS.Sign(loClaims()); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("nil Signer: %v", err)
	}
	if _, err := new(logout.Signer).Sign(loClaims()); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("zero Signer: %v", err)
	}
	//lint:ignore SA1012 nil ctx on purpose
	if _, err := loVerifier(t, nil).Verify(nil, ""); !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Errorf("empty token: %v", err)
	}
	if _, err := loVerifier(t, nil).Verify(loCtx, strings.Repeat("a.", 2)); err == nil {
		t.Error("garbage accepted")
	}
}
