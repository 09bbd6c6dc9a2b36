package jwthttp

import (
	"context"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// TestRFC9449_7_2_CoreReportsCnfToTheProbe: Core, given the Middleware's
// probe for the token it verifies, reports a complete pass and whether
// "cnf" was there; for another token, or a refused one, the probe stays
// unchecked (dpop.BoundKey then runs).
func TestRFC9449_7_2_CoreReportsCnfToTheProbe(t *testing.T) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	v, err := jwt.NewVerifier(secret, jwt.WithAlgorithms(jwt.HS256))
	if err != nil {
		t.Fatal(err)
	}
	signed := func(c map[string]any) string {
		c["exp"] = time.Now().Add(time.Hour).Unix()
		tok, err := jwt.Sign(jwt.HS256, c, secret)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	plain := signed(map[string]any{"sub": "a"})
	bound := signed(map[string]any{"sub": "a", "cnf": map[string]any{"jkt": "x"}})
	expired, _ := jwt.Sign(jwt.HS256, map[string]any{"exp": time.Now().Add(-time.Hour).Unix()}, secret)
	core := Core[claims.Registered](v)
	probe := func(probed, verified string) *bindingProbe {
		pc := &probeCtx{Context: context.Background(), p: bindingProbe{token: probed}}
		_, _ = core(pc, verified)
		return &pc.p
	}
	if p := probe(plain, plain); !p.unbound(plain) {
		t.Errorf("unbound token: probe %+v", *p)
	}
	if p := probe(bound, bound); p.unbound(bound) || !p.checked || !p.cnf {
		t.Errorf("bound token: probe %+v", *p)
	}
	if p := probe(bound, plain); p.unbound(bound) || p.checked {
		t.Errorf("another token verified: probe %+v", *p)
	}
	if p := probe(expired, expired); p.unbound(expired) || p.checked {
		t.Errorf("refused token: probe %+v", *p)
	}
}
