package accesstoken_test

import (
	"context"
	"crypto/ed25519"
	"errors"
	"reflect"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/internal/profiletest"
)

// Issue 20 items 1 and 9 through the profile (the jwt package's rules,
// tested here by the core's owner): VerifyInto runs the caller's Validate
// and fills dst only when the token is accepted, with every key source.

var errVIWrongTenant = errors.New("wrong tenant")

// viValidated embeds Claims and has a rule of its own (jwt.ClaimsValidator).
type viValidated struct {
	accesstoken.Claims
	Tenant string `json:"tid"`
	Count  int    `json:"count"`
}

func (c *viValidated) Validate() error {
	if c.Tenant != "acme" {
		return errVIWrongTenant
	}
	return nil
}

// viIssuers is a jwt.IssuerKeySet giving key for atIssuer only.
type viIssuers struct{ key any }

func (viIssuers) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	return nil, errors.New("an IssuerKeySet is asked by issuer")
}

func (s viIssuers) IssuerVerificationKeys(_ context.Context, iss string, _ *jwt.Header) ([]any, error) {
	if iss != atIssuer {
		return nil, jwt.ErrInvalidIssuer
	}
	return []any{s.key}, nil
}

// TestVerifyIntoRunsValidateAndFillsOnlyAnAcceptedToken_RFC7519_7_2: the
// caller's Validate runs, a refused token or claims the Encoder cannot decode
// (a private claim of the wrong type) leave dst as it was, and an accepted
// token fills it; with the key itself, a KeyFunc, a jwk.Set and an
// IssuerKeySet.
func TestVerifyIntoRunsValidateAndFillsOnlyAnAcceptedToken_RFC7519_7_2(t *testing.T) {
	pub := atKey.Public().(ed25519.PublicKey)
	keys := append(profiletest.Keys(t, pub), profiletest.Key{Name: "IssuerKeySet", Key: viIssuers{pub}})
	claimsWith := func(extra map[string]any) string {
		m := atClaimsMap()
		for k, v := range extra {
			m[k] = v
		}
		return atRaw(t, "at+jwt", m)
	}
	good := claimsWith(map[string]any{"tid": "acme", "count": 3})
	wrongTenant := claimsWith(map[string]any{"tid": "other"})
	undecodable := claimsWith(map[string]any{"tid": "acme", "count": "not a number"})
	for _, k := range keys {
		v, err := accesstoken.NewVerifier(k.Key, atConfig, atClock)
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		name := k.Name
		dst := &viValidated{Tenant: "mine", Count: 7}
		before := *dst
		err = v.VerifyInto(atCtx, wrongTenant, dst)
		if !errors.Is(err, jwt.ErrTokenInvalidClaims) || !errors.Is(err, errVIWrongTenant) {
			t.Errorf("%s: a wrong tenant: %v, want Validate's error", name, err)
		}
		err = v.VerifyInto(atCtx, undecodable, dst)
		if !errors.Is(err, jwt.ErrEncoding) {
			t.Errorf("%s: undecodable claims: %v, want ErrEncoding", name, err)
		}
		if !reflect.DeepEqual(*dst, before) {
			t.Errorf("%s: a refused token changed dst: %+v", name, *dst)
		}
		var zero viValidated
		if err := v.VerifyInto(atCtx, undecodable, &zero); err == nil || !reflect.DeepEqual(zero, viValidated{}) {
			t.Errorf("%s: undecodable claims into a zero value: %v, %+v", name, err, zero)
		}
		if err := v.VerifyInto(atCtx, good, dst); err != nil || dst.Tenant != "acme" || dst.Count != 3 || dst.ClientID != "s6BhdRkqt3" {
			t.Errorf("%s: a good token: %v, %+v", name, err, *dst)
		}
	}
}
