package accesstoken_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
)

// RFC 7519 section 4.1.6 and RFC 9068 section 2.2 ("iat", REQUIRED): a
// resource server 100 ms behind its authorization server sees a fresh
// token's whole-second "iat" (and an "nbf" equal to it) up to a second
// ahead; the rules that refuse a time in the future allow
// DefaultFutureLeeway (5 s) by default, "exp" none. jwt.WithFutureLeeway
// in opts replaces it.
func TestRFC9068_2_2_DefaultFutureLeeway_ClockBehindServer(t *testing.T) {
	if accesstoken.DefaultFutureLeeway != 5*time.Second {
		t.Errorf("DefaultFutureLeeway %v", accesstoken.DefaultFutureLeeway)
	}
	issued := atNow.Add(time.Second)
	behind := func() time.Time { return issued.Add(-100 * time.Millisecond) }
	m := atClaimsMap()
	m["iat"], m["nbf"] = issued.Unix(), issued.Unix()
	tok := atRaw(t, "at+jwt", m)
	v, err := accesstoken.NewVerifier(atKey.Public(), accesstoken.Config{Issuer: atIssuer, Audience: atAudience, Now: behind})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(atCtx, tok); err != nil {
		t.Errorf("100 ms behind the server: %v", err)
	}
	strict, err := accesstoken.NewVerifier(atKey.Public(), accesstoken.Config{Issuer: atIssuer, Audience: atAudience, Now: behind}, jwt.WithFutureLeeway(0))
	if err != nil {
		t.Fatal(err)
	}
	_, err = strict.Verify(atCtx, tok)
	atRefused(t, err, jwt.ErrTokenUsedBeforeIssued, jwt.ErrTokenNotValidYet)
	m["iat"] = atNow.Add(6 * time.Second).Unix()
	delete(m, "nbf")
	_, err = atVerifier(t, nil).Verify(atCtx, atRaw(t, "at+jwt", m))
	atRefused(t, err, jwt.ErrTokenUsedBeforeIssued)
	m = atClaimsMap()
	m["exp"] = atNow.Add(-time.Second).Unix()
	_, err = atVerifier(t, nil).Verify(atCtx, atRaw(t, "at+jwt", m))
	atRefused(t, err, jwt.ErrTokenExpired)
}

// Issue 21 item 9: accesstoken has idtoken's clock settings. Config.Leeway
// and Config.Now reach every time rule, as jwt.WithLeeway and
// jwt.WithTimeFunc in opts do; a negative Config.Leeway, or a Config field
// and its jwt option both (with another value), is jwt.ErrInvalidOption.
func TestProfileClock_ConfigLeewayAndNow(t *testing.T) {
	m := atClaimsMap()
	m["exp"] = atNow.Add(-30 * time.Second).Unix()
	tok := atRaw(t, "at+jwt", m)
	v, err := accesstoken.NewVerifier(atKey.Public(), accesstoken.Config{Issuer: atIssuer, Audience: atAudience, Leeway: time.Minute, Now: func() time.Time { return atNow }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(atCtx, tok); err != nil {
		t.Errorf("within Config.Leeway: %v", err)
	}
	for name, c := range map[string]struct {
		cfg  accesstoken.Config
		opts []jwt.Option
	}{
		"negative Leeway": {accesstoken.Config{Leeway: -time.Second}, nil},
		"Leeway twice":    {accesstoken.Config{Leeway: time.Minute}, []jwt.Option{jwt.WithLeeway(time.Second)}},
		"Now twice":       {accesstoken.Config{Now: time.Now}, []jwt.Option{atClock}},
	} {
		c.cfg.Issuer, c.cfg.Audience = atIssuer, atAudience
		_, err := accesstoken.NewVerifier(atKey.Public(), c.cfg, c.opts...)
		if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), "Config.") {
			t.Errorf("%s: %v, want ErrInvalidOption naming the Config field", name, err)
		}
	}
}
