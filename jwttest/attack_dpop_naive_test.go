package jwttest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwttest"
)

// naiveDPoP is a resource server written by hand that makes the checks of
// RFC 9449 sections 4.3, 7.1 and 11.1 but for the one named by skip ("":
// every check): each DPoP attack is accepted by the one that skips the
// check it breaks, and refused by the others' full version.
func naiveDPoP(t *testing.T, p *jwttest.Provider, skip, nonce string) http.Handler {
	v := accessVerifier(t, p, p.Set())
	var mu sync.Mutex
	seen := map[string]bool{}
	skips := func(c string) bool { return skip == c }
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ok := func() bool {
			scheme, tok, _ := strings.Cut(r.Header.Get("Authorization"), " ")
			c, err := v.Verify(r.Context(), tok)
			if err != nil {
				return false
			}
			if scheme != "DPoP" {
				return skips("scheme") // a bearer token taken without a look at its binding
			}
			proofs := r.Header.Values("DPoP")
			if len(proofs) != 1 && !skips("headers") {
				return false
			}
			if len(proofs) == 0 {
				return true
			}
			parts := strings.Split(proofs[0], ".")
			var h struct {
				Typ, Alg string
				JWK      json.RawMessage
			}
			var pc struct {
				JTI, HTM, HTU, ATH, Nonce string
				IAT                       *int64
			}
			if len(parts) != 3 || decodeJSON(parts[0], &h) != nil || decodeJSON(parts[1], &pc) != nil {
				return skips("jwt")
			}
			if (pc.JTI == "" || pc.HTM == "" || pc.HTU == "" || pc.IAT == nil) && !skips("claims") {
				return false
			}
			if h.Typ != "dpop+jwt" && !skips("typ") {
				return false
			}
			key, err := jwk.ParseKey(h.JWK)
			if err != nil {
				return false
			}
			if key.IsPrivate() && !skips("private") {
				return false
			}
			if !skips("alg") {
				if h.Alg == "none" || strings.HasPrefix(h.Alg, "HS") {
					return false
				}
				sig, err := lenient(parts[2])
				if !skips("sig") && (err != nil || !verifySig(jwt.Algorithm(h.Alg), key.PublicKey(), []byte(parts[0]+"."+parts[1]), sig)) {
					return false
				}
			}
			if pc.HTM != "" && pc.HTM != r.Method && !skips("htm") {
				return false
			}
			if pc.HTU != "" && pc.HTU != dpopOrigin+r.URL.Path && !skips("htu") {
				return false
			}
			if nonce != "" && pc.Nonce != nonce && !skips("nonce") {
				return false
			}
			if pc.IAT != nil && !skips("iat") {
				if d := time.Since(time.Unix(*pc.IAT, 0)); d > time.Minute || d < -5*time.Second {
					return false
				}
			}
			if !skips("replay") {
				mu.Lock()
				replayed := seen[pc.JTI]
				seen[pc.JTI] = true
				mu.Unlock()
				if replayed {
					return false
				}
			}
			if pc.ATH != dpop.AccessTokenHash(tok) && !skips("ath") {
				return false
			}
			if !skips("binding") {
				jkt, err := dpop.Thumbprint(key)
				if err != nil || c.Confirmation == nil || c.Confirmation.JKT != jkt {
					return false
				}
			}
			return true
		}()
		if !ok {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
}

func decodeJSON(seg string, v any) error {
	b, err := lenient(seg)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// dpopDefeats is the check each DPoP attack breaks, by name prefix.
var dpopDefeats = []struct{ prefix, skip string }{
	{"two DPoP headers", "headers"},
	{"no DPoP header", "headers"},
	{"DPoP header not a JWT", "jwt"},
	{"proof without jti", "claims"}, {"proof without htm", "claims"}, {"proof without htu", "claims"}, {"proof without iat", "claims"},
	{"proof without typ", "typ"}, {"proof typ ", "typ"},
	{"proof alg none", "alg"}, {"proof HS256", "alg"},
	{"proof jwk with the private key", "private"},
	{"proof signed by a key other", "sig"},
	{"proof for another method", "htm"}, {"proof htm in lower case", "htm"},
	{"proof for another path", "htu"}, {"proof for another host", "htu"}, {"proof for another scheme", "htu"},
	{"proof without the server's nonce", "nonce"}, {"proof with another nonce", "nonce"},
	{"proof issued", "iat"},
	{"replayed proof", "replay"},
	{"proof without ath", "ath"}, {"proof with the ath", "ath"},
	{"token bound to another key", "binding"}, {"unbound token", "binding"},
	{"bound token sent as Bearer", "scheme"},
}

// Each DPoP attack breaks exactly the check it is named for: a hand-written
// resource server making every check refuses it, the same server skipping
// that one check accepts it, and both accept the genuine request.
func TestRFC9449_4_3_EachDPoPAttackAcceptedWithoutTheCheckItBreaks(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	const nonce = "jwttest-nonce"
	url := dpopOrigin + "/orders"
	genuine := []jwttest.DPoPAttack{p.GenuineDPoP(http.MethodGet, url, nonce)}
	if fs, err := jwttest.AcceptedByDPoPHandler(genuine, naiveDPoP(t, p, "", nonce)); err != nil || len(fs) != 1 {
		t.Fatalf("the careful hand-written server refuses the genuine request: %v %v", fs, err)
	}
	for _, a := range p.DPoPAttacks(http.MethodGet, url, nonce) {
		skip := ""
		for _, d := range dpopDefeats {
			if strings.HasPrefix(a.Name, d.prefix) {
				skip = d.skip
				break
			}
		}
		if skip == "" {
			t.Errorf("attack %q: no check named", a.Name)
			continue
		}
		one := []jwttest.DPoPAttack{a}
		if fs, _ := jwttest.AcceptedByDPoPHandler(one, naiveDPoP(t, p, "", nonce)); len(fs) != 0 {
			t.Errorf("attack %s (%s) accepted by the server making every check", a.Name, a.Rule)
		}
		if fs, _ := jwttest.AcceptedByDPoPHandler(one, naiveDPoP(t, p, skip, nonce)); len(fs) != 1 {
			t.Errorf("attack %s (%s) refused by the server skipping %q", a.Name, a.Rule, skip)
		}
	}
}
