package dpop_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"math/big"
	"net/http"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// Red-team findings (failing until fixed): see the report.

// TestRedTeam_RFC9449_4_3_Check6_FoldedPrivateMemberName: "D", "P", "Q",
// "K", "PRIV" are not private members by RFC 7517 (names are
// case-sensitive), but jotlib's own Signer refuses their look-alikes
// (header_keyheader.go): a verifier taking them accepts a header a
// case-insensitive peer reads as holding a private key.
func TestRedTeam_RFC9449_4_3_Check6_FoldedPrivateMemberName(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	priv := k.priv.(*ecdsa.PrivateKey)
	for _, m := range []string{"D", "Priv", "K"} {
		pub := rtPub(t, k)
		d, err := priv.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		pub[m] = base64.RawURLEncoding.EncodeToString(d)
		p, err := v.Verify(context.Background(), vfProof(t, k, map[string]any{"jwk": pub}, nil), vfReq)
		vfRefused(t, "jwk with "+m, p, err, dpop.ErrInvalidProof, jwt.ErrInvalidKey)
	}
}

// TestRedTeam_RFC9449_11_ProofKeyCostBounded: the proof's key is the
// client's choice (RFC 9449 section 4.3 check 7), so its verification
// cost is too: an RSA modulus of 16384 bits costs some 100 times an ES256
// proof (7.5 ms against 80 us here), before any nonce, replay or
// binding check, and at a token endpoint before any client
// authentication. A proof key past 4096 bits (RFC 7518 section 3.3's
// 2048 doubled; what jwk.ParseKey takes of a server's own keys is another
// matter) is refused before the signature, as ErrInvalidKey.
func TestRedTeam_RFC9449_11_ProofKeyCostBounded(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	for _, bits := range []int{8192, 16384} {
		n, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
		n.SetBit(n, bits-1, 1)
		n.SetBit(n, 0, 1)
		jwkRaw := fmt.Sprintf(`{"kty":"RSA","n":%q,"e":"AQAB"}`, base64.RawURLEncoding.EncodeToString(n.Bytes()))
		h := rtHeaderJSON(vfKey{jwt.RS256, k.priv}, `"jwk":`+jwkRaw)
		sig := make([]byte, bits/8)
		rand.Read(sig)
		sig[0] = 0
		proof := vfSegment(t, h) + "." + vfSegment(t, rtClaims(nil)) + "." + base64.RawURLEncoding.EncodeToString(sig)
		start := time.Now()
		p, err := v.Verify(context.Background(), proof, vfReq)
		took := time.Since(start)
		vfRefused(t, fmt.Sprintf("RSA-%d proof key (%v)", bits, took), p, err, dpop.ErrInvalidProof, jwt.ErrInvalidKey)
	}
}

// TestRedTeam_RFC9449_4_3_Check9_VerifyRequestReadsTheRequestTarget: a
// server request's target is its RequestURI (RFC 9110 section 7.1); a
// handler behind http.StripPrefix sees r.URL.Path rewritten. The htu
// compared must be the URI the client sent ("/api/items"), never the
// rewritten path ("/items", another resource of the origin).
func TestRedTeam_RFC9449_4_3_Check9_VerifyRequestReadsTheRequestTarget(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	mk := func(htu string) *http.Request {
		r, _ := http.NewRequest("GET", vfOrigin+"/items", nil)
		r.RequestURI = "/api/items" // as the server read it; StripPrefix left it
		r.Header.Set("DPoP", vfProof(t, k, nil, map[string]any{"htu": htu}))
		return r
	}
	p, err := v.VerifyRequest(context.Background(), mk(vfOrigin+"/api/items"), "")
	vfAccepted(t, "proof for the RequestURI", p, err)
	p, err = v.VerifyRequest(context.Background(), mk(vfOrigin+"/items"), "")
	vfRefused(t, "proof for the rewritten path", p, err, dpop.ErrInvalidProof)
}
