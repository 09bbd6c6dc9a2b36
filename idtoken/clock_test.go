package idtoken_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
)

// RFC 7519 section 4.1.6 ("iat") and OpenID Connect Core 1.0 section 2
// ("auth_time"): a relying party 100 ms behind its provider sees a fresh
// token's whole-second "iat" (and an "nbf" or "auth_time" equal to it) up
// to a second ahead; the rules that refuse a time in the future allow
// DefaultFutureLeeway (5 s) by default, "exp" none. A jwt.WithFutureLeeway
// in opts replaces the default (0: none).
func TestRFC7519_4_1_6_DefaultFutureLeeway_ClockBehindProvider(t *testing.T) {
	if idtoken.DefaultFutureLeeway != 5*time.Second {
		t.Errorf("DefaultFutureLeeway %v", idtoken.DefaultFutureLeeway)
	}
	issued := idNow.Add(time.Second)
	behind := func() time.Time { return issued.Add(-100 * time.Millisecond) }
	m := idClaimsMap()
	m["iat"], m["nbf"], m["auth_time"] = issued.Unix(), issued.Unix(), issued.Unix()
	tok := idRaw(t, "JWT", m)
	v := idVerifier(t, func(c *idtoken.Config) { c.Now = behind })
	if _, err := v.Verify(idCtx, tok, idtoken.Checks{MaxAge: time.Hour}); err != nil {
		t.Errorf("100 ms behind the provider: %v", err)
	}
	strict := idVerifier(t, func(c *idtoken.Config) { c.Now = behind }, jwt.WithFutureLeeway(0))
	_, err := strict.Verify(idCtx, tok, idtoken.Checks{MaxAge: time.Hour})
	idRefused(t, err, jwt.ErrTokenUsedBeforeIssued, jwt.ErrTokenNotValidYet)
	delete(m, "nbf")
	m["iat"] = idNow.Add(6 * time.Second).Unix()
	_, err = idVerifier(t, nil).Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{})
	idRefused(t, err, jwt.ErrTokenUsedBeforeIssued)
	if !strings.Contains(err.Error(), "(leeway 5s)") {
		t.Errorf("the error does not state the leeway: %v", err)
	}
	m["iat"], m["auth_time"] = idNow.Unix(), idNow.Add(6*time.Second).Unix()
	_, err = idVerifier(t, nil).Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{MaxAge: time.Hour})
	idRefused(t, err, jwt.ErrTokenInvalidClaims)
	if !strings.Contains(err.Error(), `"auth_time" is 6s in the future (leeway 5s)`) {
		t.Errorf("the error does not state the auth_time rule and its leeway: %v", err)
	}
	m = idClaimsMap()
	m["exp"] = idNow.Add(-time.Second).Unix()
	_, err = idVerifier(t, nil).Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{})
	idRefused(t, err, jwt.ErrTokenExpired)
}

// Issue 21 item 9: one clock for every time rule. jwt.WithLeeway and
// jwt.WithTimeFunc in opts reach the profile's own rules ("auth_time" with
// Checks.MaxAge) as they reach "exp" and "iat"; Config.Leeway and
// Config.Now are the same settings, and giving both a Config field and its
// jwt option (with another value) is jwt.ErrInvalidOption, never one of
// them silently ignored.
func TestProfileClock_OneClockForEveryRule(t *testing.T) {
	m := idClaimsMap()
	m["auth_time"] = idNow.Add(-time.Hour - 30*time.Second).Unix()
	old := idRaw(t, "JWT", m)
	hour := idtoken.Checks{MaxAge: time.Hour}
	viaJWT, err := idtoken.NewVerifier(idKey.Public(), idtoken.Config{Issuer: idIssuer, ClientID: idClient},
		jwt.WithTimeFunc(idClock), jwt.WithLeeway(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := viaJWT.Verify(idCtx, old, hour); err != nil {
		t.Errorf("jwt.WithLeeway and jwt.WithTimeFunc in opts: %v", err)
	}
	viaConfig := idVerifier(t, func(c *idtoken.Config) { c.Leeway = time.Minute })
	if _, err := viaConfig.Verify(idCtx, old, hour); err != nil {
		t.Errorf("Config.Leeway and Config.Now: %v", err)
	}
	_, err = idVerifier(t, nil).Verify(idCtx, old, hour)
	idRefused(t, err, jwt.ErrTokenExpired)
	for name, c := range map[string]struct {
		cfg  idtoken.Config
		opts []jwt.Option
	}{
		"Leeway twice":    {idtoken.Config{Leeway: time.Minute}, []jwt.Option{jwt.WithLeeway(time.Second)}},
		"Leeway then 0":   {idtoken.Config{Leeway: time.Minute}, []jwt.Option{jwt.WithLeeway(0)}},
		"Now twice":       {idtoken.Config{Now: idClock}, []jwt.Option{jwt.WithTimeFunc(time.Now)}},
		"Now, same value": {idtoken.Config{Now: idClock}, []jwt.Option{jwt.WithTimeFunc(idClock)}},
	} {
		c.cfg.Issuer, c.cfg.ClientID = idIssuer, idClient
		_, err := idtoken.NewVerifier(idKey.Public(), c.cfg, c.opts...)
		if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), "Config.") {
			t.Errorf("%s: %v, want ErrInvalidOption naming the Config field", name, err)
		}
	}
	if _, err := idtoken.NewVerifier(idKey.Public(), idtoken.Config{Issuer: idIssuer, ClientID: idClient, Leeway: time.Minute}, jwt.WithLeeway(time.Minute)); err != nil {
		t.Errorf("the same leeway twice: %v", err)
	}
}
