package logout_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/logout"
)

// loParts decodes a token's header and claims.
func loParts(t *testing.T, tok string) (h, c map[string]any) {
	t.Helper()
	parts := strings.Split(tok, ".")
	for i, dst := range []*map[string]any{&h, &c} {
		b, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, dst); err != nil {
			t.Fatal(err)
		}
	}
	return h, c
}

// TestOIDCBCL_2_4_SignerFillsTypEventJTIAndTimes: "typ" "logout+jwt", the
// event member {}, a random "jti", "iat" now and "exp" two minutes later
// (section 4); the caller's Events is not changed.
func TestOIDCBCL_2_4_SignerFillsTypEventJTIAndTimes(t *testing.T) {
	s, err := logout.NewSigner(jwt.EdDSA, loKey)
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]json.RawMessage{"urn:example:other": json.RawMessage(`{"a":1}`)}
	c := logout.Claims{Registered: claims.Registered{Issuer: loIssuer, Audience: claims.Audience{loClient}}, SessionID: loSID, Events: events}
	before := time.Now().Truncate(time.Second)
	a, err := s.Sign(c)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Sign(c)
	if err != nil {
		t.Fatal(err)
	}
	h, ca := loParts(t, a)
	_, cb := loParts(t, b)
	if h["typ"] != "logout+jwt" {
		t.Errorf("typ %v", h["typ"])
	}
	ev, _ := ca["events"].(map[string]any)
	if m, ok := ev[logout.EventBackChannelLogout].(map[string]any); !ok || len(m) != 0 || ev["urn:example:other"] == nil {
		t.Errorf("events %v", ca["events"])
	}
	if jti, _ := ca["jti"].(string); len(jti) != 22 || jti == cb["jti"] {
		t.Errorf("jti %v and %v", ca["jti"], cb["jti"])
	}
	iat, _ := ca["iat"].(float64)
	exp, _ := ca["exp"].(float64)
	if time.Unix(int64(iat), 0).Before(before) || exp-iat != logout.DefaultLifetime.Seconds() {
		t.Errorf("iat %v exp %v", iat, exp)
	}
	if _, ok := ca["nonce"]; ok {
		t.Error("nonce written")
	}
	if len(events) != 1 {
		t.Errorf("caller's Events changed: %v", events)
	}
	v := loVerifier(t, func(c *logout.Config) { c.Now = nil; c.Replay = nil })
	if _, err := v.Verify(loCtx, a); err != nil {
		t.Fatalf("Verify: %v", err)
	}
}

// TestOIDCBCL_2_4_SignerRefusesWhatNoVerifierAccepts: claims without
// "iss", "aud", or both "sub" and "sid", an event member that is not an
// object, and a "typ" other than "logout+jwt" are refused.
func TestOIDCBCL_2_4_SignerRefusesWhatNoVerifierAccepts(t *testing.T) {
	s, err := logout.NewSigner(jwt.EdDSA, loKey)
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		edit func(c *logout.Claims)
		want error
	}{
		"no iss":      {func(c *logout.Claims) { c.Issuer = "" }, jwt.ErrMissingClaim},
		"no aud":      {func(c *logout.Claims) { c.Audience = nil }, jwt.ErrMissingClaim},
		"empty aud":   {func(c *logout.Claims) { c.Audience = claims.Audience{""} }, jwt.ErrMissingClaim},
		"no sub, sid": {func(c *logout.Claims) { c.Subject, c.SessionID = "", "" }, logout.ErrNoSubjectOrSession},
		"event string": {func(c *logout.Claims) {
			c.Events = map[string]json.RawMessage{logout.EventBackChannelLogout: json.RawMessage(`"x"`)}
		}, jwt.ErrEncoding},
		"event null": {func(c *logout.Claims) {
			c.Events = map[string]json.RawMessage{logout.EventBackChannelLogout: json.RawMessage(`null`)}
		}, jwt.ErrEncoding},
	}
	for name, tc := range cases {
		c := loClaims()
		tc.edit(&c)
		if _, err := s.Sign(c); !errors.Is(err, tc.want) {
			t.Errorf("%s: err %v, want %v", name, err, tc.want)
		}
	}
	for _, typ := range []string{"", "JWT", "at+jwt"} {
		if _, err := logout.NewSigner(jwt.EdDSA, loKey, jwt.WithType(typ)); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("WithType(%q): err %v, want ErrInvalidOption", typ, err)
		}
	}
	if _, err := logout.NewSigner(jwt.EdDSA, loKey, jwt.WithType("application/logout+jwt")); err != nil {
		t.Errorf("WithType(application/logout+jwt): %v", err)
	}
}
