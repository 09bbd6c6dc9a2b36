package dpop_test

import (
	"context"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/replay"
)

// Red-team probes of the DPoP verification path (RFC 9449 section 4.3 and
// sections 6, 8, 9, 11.1): each attacks one check and must be refused (or,
// for an equivalent spelling, accepted).

// rtPub is k's public JWK as a map, to edit.
func rtPub(t *testing.T, k vfKey) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(vfJWK(t, k.priv.Public()), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// rtHeaderJSON is a raw header with the given extra JSON after alg and typ.
func rtHeaderJSON(k vfKey, extra string) []byte {
	return []byte(`{"typ":"dpop+jwt","alg":"` + string(k.alg) + `",` + extra + `}`)
}

func rtClaims(over map[string]any) map[string]any {
	c := map[string]any{"jti": fmt.Sprintf("j%d", time.Now().UnixNano()), "htm": "GET", "htu": vfURL, "iat": vfNow.Unix()}
	return vfMerge(c, over)
}

// TestRedTeam_RFC9449_4_3_Check6_EscapedPrivateMemberRefused: a private
// member spelled with a JSON escape ("\u0064" is "d") is the member "d".
func TestRedTeam_RFC9449_4_3_Check6_EscapedPrivateMemberRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	pub := rtPub(t, k)
	jwkRaw := fmt.Sprintf(`{"kty":"EC","crv":"P-256","x":%q,"y":%q,"\u0064":"AQAB"}`, pub["x"], pub["y"])
	p, err := v.Verify(context.Background(), vfSigned(t, k, rtHeaderJSON(k, `"jwk":`+jwkRaw), rtClaims(nil)), vfReq)
	vfRefused(t, "escaped d", p, err, dpop.ErrInvalidProof)
}

// TestRedTeam_RFC9449_4_3_Check6_DuplicateOrLookAlikeJWKRefused: two
// "jwk" members (one escaped), or a look-alike "JWK"/"Jwk" beside or
// instead of it: a parser taking the other one would verify with another
// key, so the header is refused.
func TestRedTeam_RFC9449_4_3_Check6_DuplicateOrLookAlikeJWKRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	mine := string(vfJWK(t, k.priv.Public()))
	other := string(vfJWK(t, vfES256(t).priv.Public()))
	for name, extra := range map[string]string{
		"two jwk":          `"jwk":` + mine + `,"jwk":` + other,
		"jwk and escaped":  `"jwk":` + mine + `,"\u006awk":` + other,
		"escaped first":    `"\u006Awk":` + other + `,"jwk":` + mine,
		"JWK beside":       `"jwk":` + mine + `,"JWK":` + other,
		"Jwk beside":       `"Jwk":` + other + `,"jwk":` + mine,
		"JWK alone":        `"JWK":` + mine,
		"kid with K-sign":  `"jwk":` + mine + `,"kid":"a","\u212Aid":"b"`, // KELVIN SIGN folds to k
		"JWK escaped":      `"jwk":` + mine + `,"\u004AWK":` + other,
		"two typ":          `"jwk":` + mine + `,"typ":"dpop+jwt"`,
		"escaped typ twin": `"jwk":` + mine + `,"\u0074yp":"JWT"`,
	} {
		p, err := v.Verify(context.Background(), vfSigned(t, k, rtHeaderJSON(k, extra), rtClaims(nil)), vfReq)
		vfRefused(t, name, p, err, dpop.ErrInvalidProof)
	}
	// An escaped spelling of the one "jwk" is that member (RFC 8259
	// section 7): accepted, as peers read it.
	p, err := v.Verify(context.Background(), vfSigned(t, k, rtHeaderJSON(k, `"\u006awk":`+mine), rtClaims(nil)), vfReq)
	vfAccepted(t, "escaped jwk alone", p, err)
}

// TestRedTeam_RFC9449_4_3_Check5_KeyHeadersBesideJWKIgnored: "x5c",
// "jku", "kid" and "x5u" beside "jwk" never choose the key: the proof is
// verified with "jwk" (a proof signed by the x5c's or jku's key with
// another jwk fails).
func TestRedTeam_RFC9449_4_3_Check5_KeyHeadersBesideJWKIgnored(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	signer := vfKeyOf(t, jwt.ES256)
	other := vfES256(t)
	// Signed by signer, jwk of other, kid/jku/x5u pointing anywhere.
	proof := vfProof(t, signer, map[string]any{
		"jwk": vfJWK(t, other.priv.Public()), "kid": "signer", "jku": "https://evil.example/jwks",
		"x5u": "https://evil.example/cert", "x5c": []string{"MIIB"},
	}, nil)
	p, err := v.Verify(context.Background(), proof, vfReq)
	vfRefused(t, "jwk of another key", p, err, dpop.ErrInvalidProof, jwt.ErrSignatureInvalid)
	// x5c inside the JWK is not the key either.
	pub := rtPub(t, other)
	pub["x5c"] = []string{"MIIB"}
	p, err = v.Verify(context.Background(), vfProof(t, signer, map[string]any{"jwk": pub}, nil), vfReq)
	vfRefused(t, "jwk with x5c", p, err, dpop.ErrInvalidProof)
}

// TestRedTeam_RFC9449_4_3_Check5_AlgConfusionRefused: "none" in any case,
// HS256 with the JWK (or its thumbprint, its "x") as the MAC key, an alg
// the key's family does not sign, a JWK "alg" other than the header's,
// ML-DSA under a build without it, and names with white space.
func TestRedTeam_RFC9449_4_3_Check5_AlgConfusionRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	jwkJSON := vfJWK(t, k.priv.Public())
	pub := rtPub(t, k)
	claims := vfSegment(t, rtClaims(nil))
	mac := func(alg jwt.Algorithm, secret []byte) string {
		h := map[string]any{"typ": "dpop+jwt", "alg": string(alg), "jwk": jwkJSON}
		input := vfSegment(t, h) + "." + claims
		// Sign by hand: HMAC over the input with secret.
		return input + "." + base64.RawURLEncoding.EncodeToString(rtHMAC(alg, secret, []byte(input)))
	}
	xb, _ := base64.RawURLEncoding.DecodeString(pub["x"].(string))
	for name, proof := range map[string]string{
		"HS256 jwk JSON":   mac(jwt.HS256, jwkJSON),
		"HS256 x":          mac(jwt.HS256, append(xb, xb...)),
		"HS256 thumbprint": mac(jwt.HS256, []byte(vfJKT(t, k.priv)+"padpadpadpadpadpadpad")),
		"none":             vfSegment(t, map[string]any{"typ": "dpop+jwt", "alg": "none", "jwk": jwkJSON}) + "." + claims + ".",
		"None":             vfSegment(t, map[string]any{"typ": "dpop+jwt", "alg": "None", "jwk": jwkJSON}) + "." + claims + ".",
		"es256":            vfProof(t, k, map[string]any{"alg": "es256"}, nil),
		"ES256 space":      vfProof(t, k, map[string]any{"alg": "ES256 "}, nil),
		"ES384 on P-256":   vfProof(t, vfKey{jwt.ES384, k.priv}, map[string]any{"jwk": jwkJSON}, nil),
		"EdDSA with EC":    vfProof(t, k, map[string]any{"alg": "EdDSA"}, nil),
		"ML-DSA-44 alg":    vfProof(t, k, map[string]any{"alg": "ML-DSA-44"}, nil),
	} {
		p, err := v.Verify(context.Background(), proof, vfReq)
		vfRefused(t, name, p, err, dpop.ErrInvalidProof)
	}
	// An RSA key accepts RS256 and PS256 alike unless its JWK "alg" says one.
	rk := vfKeyOf(t, jwt.RS256)
	rpub := rtPub(t, rk)
	rpub["alg"] = "RS256"
	p, err := v.Verify(context.Background(), vfProof(t, vfKey{jwt.PS256, rk.priv}, map[string]any{"jwk": rpub}, nil), vfReq)
	vfRefused(t, "PS256 with a JWK alg RS256", p, err, dpop.ErrInvalidProof, jwt.ErrInvalidKey)
}

// TestRedTeam_RFC9449_4_3_Check5_WeakRSAKeyRefused: an RSA key under
// 2048 bits (RFC 7518 section 3.3) is no proof key.
func TestRedTeam_RFC9449_4_3_Check5_WeakRSAKeyRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	small, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	k := vfKey{jwt.RS256, small}
	// vfJWK goes through jwk.NewKey, which may refuse the small key: build it by hand.
	jwkRaw := fmt.Sprintf(`{"kty":"RSA","n":%q,"e":"AQAB"}`, base64.RawURLEncoding.EncodeToString(small.N.Bytes()))
	proof := vfSigned(t, k, rtHeaderJSON(k, `"jwk":`+jwkRaw), rtClaims(nil))
	p, err := v.Verify(context.Background(), proof, vfReq)
	vfRefused(t, "RSA-1024", p, err, dpop.ErrInvalidProof)
}

// TestRedTeam_RFC9449_4_3_Check2_OversizedProofRefusedBeforeDecoding: a
// proof past MaxProofSize is refused as malformed/too large, and a huge
// jwk or claim within a large MaxProofSize still passes or fails on its
// own rules without a panic.
func TestRedTeam_RFC9449_4_3_Check2_OversizedProofRefusedBeforeDecoding(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	big := strings.Repeat("A", dpop.DefaultMaxProofSize)
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"pad": big}), vfReq)
	vfRefused(t, "20 KiB proof", p, err, dpop.ErrInvalidProof)
	if !errors.Is(err, jwt.ErrTokenMalformed) && !errors.Is(err, jwt.ErrTokenTooLarge) {
		t.Errorf("20 KiB proof: %v, want ErrTokenTooLarge/Malformed", err)
	}
	p, err = v.Verify(context.Background(), strings.Repeat(".", 100), vfReq)
	vfRefused(t, "dots", p, err, dpop.ErrInvalidProof)
}

// TestRedTeam_RFC9449_4_3_Check11_IATTypeAndWindowEdges: iat as a
// fraction, an exponent, a huge or negative number, a string, true; and
// the window's edges with the defaults (MaxAge 60 s, Leeway 5 s).
func TestRedTeam_RFC9449_4_3_Check11_IATTypeAndWindowEdges(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	now := vfNow.Unix()
	for name, iat := range map[string]any{
		"string":        fmt.Sprint(now),
		"bool":          true,
		"huge":          json.RawMessage("1e300"),
		"huge int":      json.RawMessage("99999999999999999999999999"),
		"negative":      -1,
		"zero":          0,
		"array":         []int64{now},
		"object":        map[string]any{"$date": now},
		"too old by 1s": now - 66,
		"ahead by 6s":   now + 6,
		"NaN text":      json.RawMessage(`"NaN"`),
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"iat": iat}), vfReq)
		vfRefused(t, "iat "+name, p, err, dpop.ErrInvalidProof)
	}
	for name, iat := range map[string]any{
		"fraction":       json.RawMessage(fmt.Sprintf("%d.999", now)),
		"exponent":       json.RawMessage(fmt.Sprintf("%de0", now)),
		"oldest (65 s)":  now - 65,
		"ahead by 5 s":   now + 5,
		"float exponent": json.RawMessage(fmt.Sprintf("%.9e", float64(now))),
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"iat": iat}), vfReq)
		vfAccepted(t, "iat "+name, p, err)
	}
}

// TestRedTeam_RFC9449_4_3_Check11_ReplayEntryOutlivesTheWindow: for every
// iat the window accepts (up to Leeway ahead), the replay entry's until
// is after the last instant the proof is accepted, so that the same proof
// is never accepted twice, even on a Memory sweeping on the same clock.
func TestRedTeam_RFC9449_4_3_Check11_ReplayEntryOutlivesTheWindow(t *testing.T) {
	var now atomic.Int64
	now.Store(vfNow.UnixNano())
	clock := func() time.Time { return time.Unix(0, now.Load()) }
	cfg := dpop.Config{Origins: []string{vfOrigin}, Now: clock}
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	for _, off := range []int64{-65, -30, 0, 5} {
		now.Store(vfNow.UnixNano())
		proof := vfProof(t, k, nil, map[string]any{"iat": vfNow.Unix() + off})
		p, err := v.Verify(context.Background(), proof, vfReq)
		vfAccepted(t, fmt.Sprintf("iat %+d", off), p, err)
		// Walk the clock in half-second steps until the proof is too old:
		// it is a replay at every step.
		for step := 0; step < 200; step++ {
			now.Add(int64(500 * time.Millisecond))
			p, err := v.Verify(context.Background(), proof, vfReq)
			if err == nil {
				t.Fatalf("iat %+d: replay accepted at now+%v", off, time.Duration(step+1)*500*time.Millisecond)
			}
			if !errors.Is(err, dpop.ErrReplayed) {
				_ = p
				break // too old: refused by the window
			}
		}
	}
}

// TestRedTeam_RFC9449_4_3_Check8_9_ClaimsSpellings: htm in other cases,
// and htu spellings an attacker could send for another resource.
func TestRedTeam_RFC9449_4_3_Check9_HTUSpellingsRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	for _, htu := range []string{
		"https://user@api.example/resource",
		"https://user:pw@api.example/resource",
		"https://api.example@evil.example/resource",
		"https://evil.example#@api.example/resource",
		"https://evil.example\\@api.example/resource",
		"https://api.example\\resource",
		"https://api.example/resource\\",
		"https://api.example/Resource",
		"https://api.example/resource/",
		"https://api.example/resource%2F",
		"https://api.example/resourc%65%2F..",
		"https://api.example:8443/resource",
		"https://api.example:0/resource",
		"https://api.example:65979/resource", // 65979 mod 65536 = 443
		"https://api.example:+443/resource",
		"https://api.%65xample/resource",
		"https://%61pi.example/resource",
		"https://api.example../resource",
		"https://ápi.example/resource",
		"https://xn--pi-8ia.example/resource",
		"http://api.example/resource",
		"wss://api.example/resource",
		"//api.example/resource",
		"/resource",
		"https:/api.example/resource",
		"https:///api.example/resource",
		"https://api.example /resource",
		"https://api.example\t/resource",
		"https://api.example/res ource",
		"https://api.example/resource\x00",
		"https://[::ffff:1.2.3.4]/resource",
		"https://api.example/%2e%2e/resource/x",
		"https://api.example/resource/%2e%2e%2fx",
		"",
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"htu": htu}), vfReq)
		vfRefused(t, "htu "+htu, p, err, dpop.ErrInvalidProof)
	}
}

// TestRedTeam_RFC9449_4_3_Check9_HTUEquivalentSpellingsAccepted: RFC 3986
// sections 6.2.2 and 6.2.3 spellings of the request's URI.
func TestRedTeam_RFC9449_4_3_Check9_HTUEquivalentSpellingsAccepted(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	for _, htu := range []string{
		"HTTPS://API.EXAMPLE/resource",
		"https://api.example:443/resource",
		"https://api.example:0443/resource",
		"https://api.example:/resource",
		"https://api.example/%72esource",
		"https://api.example/./resource",
		"https://api.example/x/../resource",
		"https://api.example/%2E%2E/resource",
		"https://api.example./resource",
		"https://api.example/resource?a=b#c",
		"https://api.example/resource#frag",
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"htu": htu}), vfReq)
		vfAccepted(t, "htu "+htu, p, err)
	}
}

// TestRedTeam_RFC9449_4_3_Check9_IPv6AndPortOrigins: an IPv6 origin
// compared in its one form; a port other than the default kept.
func TestRedTeam_RFC9449_4_3_Check9_IPv6AndPortOrigins(t *testing.T) {
	cfg := vfConfig()
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	req := dpop.Request{Method: "GET", URL: "https://[2001:db8::1]:8443/r"}
	for htu, ok := range map[string]bool{
		"https://[2001:DB8:0:0::1]:8443/r":    true,
		"https://[2001:0db8::0001]:08443/r":   true,
		"https://[2001:db8::1]/r":             false,
		"https://[2001:db8::1%25eth0]:8443/r": false,
		"https://[2001:db8::2]:8443/r":        false,
		"https://2001:db8::1:8443/r":          false,
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"htu": htu}), req)
		if ok {
			vfAccepted(t, htu, p, err)
		} else {
			vfRefused(t, htu, p, err, dpop.ErrInvalidProof)
		}
	}
}

// TestRedTeam_RFC9449_4_3_Check9_RequestHostNeverChoosesTheTarget: with
// Origins, a Host header, an absolute-form request target or
// X-Forwarded-Host naming another origin never becomes the htu compared
// (the configured origin's is).
func TestRedTeam_RFC9449_4_3_Check9_RequestHostNeverChoosesTheTarget(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	evil := "https://evil.example/resource"
	for name, mk := range map[string]func() *http.Request{
		"Host": func() *http.Request {
			r, _ := http.NewRequest("GET", "https://api.example/resource", nil)
			r.Host = "evil.example"
			return r
		},
		"absolute-form": func() *http.Request {
			r, _ := http.NewRequest("GET", evil, nil)
			r.URL, _ = url.Parse(evil)
			r.Host = "evil.example"
			return r
		},
		"X-Forwarded": func() *http.Request {
			r, _ := http.NewRequest("GET", "https://api.example/resource", nil)
			r.Header.Set("X-Forwarded-Host", "evil.example")
			r.Header.Set("Forwarded", "host=evil.example;proto=https")
			return r
		},
	} {
		r := mk()
		r.Header.Set("DPoP", vfProof(t, k, nil, map[string]any{"htu": evil}))
		p, err := v.VerifyRequest(context.Background(), r, "")
		vfRefused(t, name+": proof for evil", p, err, dpop.ErrInvalidProof)
		r = mk()
		r.Header.Set("DPoP", vfProof(t, k, nil, nil))
		p, err = v.VerifyRequest(context.Background(), r, "")
		vfAccepted(t, name+": proof for the configured origin", p, err)
	}
}

// TestRedTeam_RFC9449_4_3_Check1_DPoPHeaderSpellings: the field in
// another case (two map keys), a value with a comma, an empty value, and
// white space around one value.
func TestRedTeam_RFC9449_4_3_Check1_DPoPHeaderSpellings(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	good := vfProof(t, k, nil, nil)
	mk := func(h http.Header) *http.Request {
		r, _ := http.NewRequest("GET", vfURL, nil)
		r.Header = h
		return r
	}
	for name, h := range map[string]http.Header{
		"two keys":    {"Dpop": {good}, "DPoP": {vfProof(t, k, nil, nil)}},
		"lower twin":  {"dpop": {good}, "Dpop": {good}},
		"comma":       {"Dpop": {good + "," + good}},
		"empty":       {"Dpop": {" "}},
		"two values":  {"Dpop": {good, good}},
		"tab in":      {"Dpop": {good[:10] + "\t" + good[10:]}},
		"proof twice": {"Dpop": {good + " " + good}},
	} {
		p, err := v.VerifyRequest(context.Background(), mk(h), "")
		vfRefused(t, name, p, err, dpop.ErrInvalidProof)
	}
}

// TestRedTeam_RFC9449_4_3_Check12_ATHVariantsRefused: "ath" must be the
// unpadded base64url of SHA-256 of the token (RFC 9449 section 4.2):
// padded, standard alphabet, upper-cased, hex, of a token with white
// space, and of another token are refused.
func TestRedTeam_RFC9449_4_3_Check12_ATHVariantsRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	// A token whose hash has '-' or '_' in its base64url form.
	token := ""
	for i := 0; ; i++ {
		token = fmt.Sprintf("access-token-%d", i)
		if h := dpop.AccessTokenHash(token); strings.ContainsAny(h, "-_") {
			break
		}
	}
	ath := dpop.AccessTokenHash(token)
	raw, _ := base64.RawURLEncoding.DecodeString(ath)
	req := dpop.Request{Method: "GET", URL: vfURL, AccessToken: token}
	for name, value := range map[string]any{
		"padded":   ath + "=",
		"std":      base64.StdEncoding.EncodeToString(raw),
		"std raw":  base64.RawStdEncoding.EncodeToString(raw),
		"upper":    strings.ToUpper(ath),
		"hex":      fmt.Sprintf("%x", raw),
		"spaced":   dpop.AccessTokenHash(" " + token),
		"bearer":   dpop.AccessTokenHash("DPoP " + token),
		"empty":    "",
		"null":     nil,
		"array":    []string{ath},
		"prefix":   ath[:42],
		"trailing": ath + "A",
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"ath": value}), req)
		vfRefused(t, "ath "+name, p, err, dpop.ErrInvalidProof)
	}
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"ath": ath}), req)
	vfAccepted(t, "ath", p, err)
}

// TestRedTeam_RFC9449_8_NonceChecks: with a nonce source, a proof
// without a nonce, with a nonce of another server (other key), an old
// window, a future window, a forged MAC, or a non-string nonce, is
// refused; a proof whose signature fails is ErrInvalidProof, not
// ErrUseNonce (the nonce is checked after the signature, so no one
// learns or spends anything unsigned); a use_dpop_nonce refusal spends
// no jti.
func TestRedTeam_RFC9449_8_NonceChecks(t *testing.T) {
	key := []byte(strings.Repeat("k", 32))
	ours, err := dpop.NewHMACNonces(time.Minute, key)
	if err != nil {
		t.Fatal(err)
	}
	theirs, _ := dpop.NewHMACNonces(time.Minute, []byte(strings.Repeat("x", 32)))
	cfg := vfConfig()
	cfg.Nonces = ours
	store := cfg.Replay.(*vfStore)
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	current, _ := ours.NewNonce(vfNow)
	prev, _ := ours.NewNonce(vfNow.Add(-time.Minute))
	old, _ := ours.NewNonce(vfNow.Add(-2 * time.Minute))
	future, _ := ours.NewNonce(vfNow.Add(time.Minute))
	other, _ := theirs.NewNonce(vfNow)
	raw, _ := base64.RawURLEncoding.DecodeString(current)
	raw[len(raw)-1] ^= 1
	forged := base64.RawURLEncoding.EncodeToString(raw)
	// A nonce whose index is the current window's, MAC all zeros.
	raw2, _ := base64.RawURLEncoding.DecodeString(current)
	for i := 8; i < len(raw2); i++ {
		raw2[i] = 0
	}
	zeroMAC := base64.RawURLEncoding.EncodeToString(raw2)
	for name, nonce := range map[string]any{
		"absent": vfDel, "null": nil, "empty": "", "old": old, "future": future, "other server": other,
		"forged": forged, "zero MAC": zeroMAC, "padded": current + "=", "std alphabet": strings.NewReplacer("-", "+", "_", "/").Replace(current) + "+",
		"spaced": " " + current, "number": 1, "upper": strings.ToUpper(current),
	} {
		if s, ok := nonce.(string); ok && s == current {
			continue
		}
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"nonce": nonce, "jti": "nonce-" + name}), vfReq)
		switch name {
		case "number":
			vfRefused(t, name, p, err, dpop.ErrInvalidProof)
		default:
			vfRefused(t, name, p, err, dpop.ErrUseNonce)
			if errors.Is(err, dpop.ErrInvalidProof) {
				t.Errorf("%s: ErrUseNonce also matches ErrInvalidProof", name)
			}
		}
	}
	if len(store.claims) != 0 {
		t.Errorf("refused nonces spent %d jti", len(store.claims))
	}
	// Unsigned: the signature's verdict, not the nonce's.
	good := vfProof(t, k, nil, nil)
	parts := strings.Split(good, ".")
	p, err := v.Verify(context.Background(), parts[0]+"."+parts[1]+"."+base64.RawURLEncoding.EncodeToString(make([]byte, 64)), vfReq)
	vfRefused(t, "bad signature without nonce", p, err, dpop.ErrInvalidProof, jwt.ErrSignatureInvalid)
	for name, nonce := range map[string]string{"current": current, "previous window": prev} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"nonce": nonce}), vfReq)
		vfAccepted(t, name, p, err)
	}
}

// TestRedTeam_RFC9449_11_1_ConcurrentReplayAcceptedOnce: the same proof
// sent 64 times at once is accepted once, with the default store.
func TestRedTeam_RFC9449_11_1_ConcurrentReplayAcceptedOnce(t *testing.T) {
	cfg := vfConfig()
	cfg.Replay = nil // the Verifier's own Memory
	v := vfVerifier(t, cfg)
	proof := vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil)
	var ok atomic.Int32
	var wg sync.WaitGroup
	for range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := v.Verify(context.Background(), proof, vfReq); err == nil {
				ok.Add(1)
			} else if !errors.Is(err, dpop.ErrReplayed) {
				t.Errorf("concurrent replay: %v", err)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 1 {
		t.Errorf("accepted %d times, want once", ok.Load())
	}
}

// TestRedTeam_RFC9449_11_1_JTIWithSeparatorsDoNotCollide: jti values that
// would collide if the replay key were a plain concatenation (a NUL, the
// jkt's own text) are distinct entries; the same jti under two keys is
// two entries, and a 10 KiB jti is stored hashed.
func TestRedTeam_RFC9449_11_1_JTIWithSeparatorsDoNotCollide(t *testing.T) {
	cfg := vfConfig()
	store := cfg.Replay.(*vfStore)
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	jkt := vfJKT(t, k.priv)
	for _, jti := range []string{"a\x00b", "a", "a\x00", jkt, "\x00" + jkt, strings.Repeat("z", 10<<10)} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"jti": jti}), vfReq)
		vfAccepted(t, fmt.Sprintf("jti %.12q", jti), p, err)
	}
	for _, c := range store.claims {
		if len(c.key) != 43 {
			t.Errorf("replay key of %d bytes, want 43 (hashed)", len(c.key))
		}
	}
}

// TestRedTeam_RFC9449_11_1_StoreFullFailsClosed: a Memory full of live
// identifiers refuses the next proof with replay.ErrUnavailable (never
// accepts it, never calls it a bad proof).
func TestRedTeam_RFC9449_11_1_StoreFullFailsClosed(t *testing.T) {
	cfg := vfConfig()
	cfg.Replay = replay.NewMemoryClock(2, cfg.Now)
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	for i := range 2 {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, nil), vfReq)
		vfAccepted(t, fmt.Sprint("proof ", i), p, err)
	}
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, nil), vfReq)
	vfRefused(t, "third", p, err, replay.ErrUnavailable)
	if errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("store full: %v matches ErrInvalidProof", err)
	}
}

// TestRedTeam_RFC9449_11_1_StoreClockBehindFailsClosed: a user's Memory
// on the machine's clock behind a Verifier whose fixed clock is in the
// past gets until values already expired: every proof is refused as an
// outage, never accepted unrecorded.
func TestRedTeam_RFC9449_11_1_StoreClockBehindFailsClosed(t *testing.T) {
	past := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	cfg := dpop.Config{Origins: []string{vfOrigin}, Now: func() time.Time { return past }, Replay: replay.NewMemory(0)}
	v := vfVerifier(t, cfg)
	p, err := v.Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.ES256), nil, map[string]any{"iat": past.Unix()}), vfReq)
	vfRefused(t, "expired until", p, err, replay.ErrUnavailable)
}

// TestRedTeam_RFC9449_11_1_StoreErrorsAllFailClosed: a Store's errors
// other than the sentinels (a wrapped ErrReplayed, a bare error, ErrExpired,
// ErrInvalidKey) refuse the proof.
func TestRedTeam_RFC9449_11_1_StoreErrorsAllFailClosed(t *testing.T) {
	for name, serr := range map[string]error{
		"bare":        errors.New("boom"),
		"wrapped":     fmt.Errorf("x: %w", replay.ErrReplayed),
		"expired":     replay.ErrExpired,
		"invalid key": replay.ErrInvalidKey,
		"ctx":         context.DeadlineExceeded,
	} {
		cfg := vfConfig()
		cfg.Replay = &vfStore{err: serr}
		v := vfVerifier(t, cfg)
		p, err := v.Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil), vfReq)
		if err == nil || p != nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestRedTeam_RFC9449_6_1_BoundKeyTricks: BoundKey reads the one
// top-level "cnf" the core reads: escaped names found, duplicates and
// look-alikes refused or ignored consistently, nested ones ignored.
func TestRedTeam_RFC9449_6_1_BoundKeyTricks(t *testing.T) {
	jkt := vfJKT(t, vfKeyOf(t, jwt.ES256).priv)
	tok := func(payload string) string {
		return base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"ES256"}`)) + "." +
			base64.RawURLEncoding.EncodeToString([]byte(payload)) + ".c2ln"
	}
	cases := []struct {
		name    string
		payload string
		want    string // jkt, "" none, "ERR" refused
	}{
		{"plain", `{"cnf":{"jkt":"` + jkt + `"}}`, jkt},
		{"escaped cnf", `{"\u0063nf":{"jkt":"` + jkt + `"}}`, jkt},
		{"escaped jkt", `{"cnf":{"\u006Akt":"` + jkt + `"}}`, jkt},
		{"two cnf", `{"cnf":{},"cnf":{"jkt":"` + jkt + `"}}`, "ERR"},
		{"cnf and escaped cnf", `{"cnf":{"jkt":"` + jkt + `"},"\u0063nf":{}}`, "ERR"},
		{"two jkt", `{"cnf":{"jkt":"` + jkt + `","jkt":"` + jkt + `"}}`, "ERR"},
		{"JKT", `{"cnf":{"JKT":"` + jkt + `"}}`, "ERR"},
		{"jkt number", `{"cnf":{"jkt":1}}`, "ERR"},
		{"jkt empty", `{"cnf":{"jkt":""}}`, "ERR"},
		{"cnf string", `{"cnf":"` + jkt + `"}`, "ERR"},
		{"cnf array", `{"cnf":[{"jkt":"` + jkt + `"}]}`, "ERR"},
		{"nested", `{"x":{"cnf":{"jkt":"` + jkt + `"}}}`, ""},
		{"jkt padded", `{"cnf":{"jkt":"` + jkt + `="}}`, "ERR"},
		{"jkt std", `{"cnf":{"jkt":"` + strings.NewReplacer("-", "+", "_", "/").Replace(jkt) + `+"}}`, "ERR"},
		{"cnf null", `{"cnf":null}`, ""},
		{"mTLS", `{"cnf":{"x5t#S256":"abc"}}`, "ERR"}, // ErrUnsupportedBinding
		{"trailing", `{"cnf":{"jkt":"` + jkt + `"}} x`, "ERR"},
		{"not object", `[1]`, "ERR"},
	}
	for _, c := range cases {
		got, err := dpop.BoundKey(tok(c.payload))
		switch {
		case c.want == "ERR" && err == nil:
			t.Errorf("%s: BoundKey = %q, want an error", c.name, got)
		case c.want != "ERR" && (err != nil || got != c.want):
			t.Errorf("%s: BoundKey = %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	for _, bad := range []string{"", ".", "a.b", "a.b.c.d.e", tok(`{}`) + ".x"} {
		if _, err := dpop.BoundKey(bad); err == nil {
			t.Errorf("BoundKey(%q): no error", bad)
		}
	}
}

// TestRedTeam_RFC9449_6_1_CheckBindingNeverAcceptsALookAlike: a jkt of
// another case, padding, or a prefix is another key.
func TestRedTeam_RFC9449_6_1_CheckBindingNeverAcceptsALookAlike(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, nil), vfReq)
	if err != nil {
		t.Fatal(err)
	}
	for _, jkt := range []string{strings.ToUpper(p.JKT), p.JKT + "=", p.JKT[:42], " " + p.JKT, p.JKT + "\x00"} {
		if err := p.CheckBinding(jkt); !errors.Is(err, dpop.ErrBindingMismatch) {
			t.Errorf("CheckBinding(%q) = %v, want ErrBindingMismatch", jkt, err)
		}
	}
	if err := p.CheckBinding(p.JKT); err != nil {
		t.Errorf("CheckBinding of its own jkt: %v", err)
	}
	var zero dpop.Proof
	zero.Key = p.Key
	if err := zero.CheckBinding(""); err == nil {
		t.Error("zero Proof, empty jkt: accepted")
	}
}

// TestRedTeam_RFC8725_3_10_NoOtherAPIUsesTheHeaderJWK: a token signed by
// an attacker's key and carrying that key in its header "jwk" is refused
// by every other verifier: a *jwt.Verifier with a static key, a KeyFunc,
// and a jwk.Set; and a typ "dpop+jwt" does not change that.
func TestRedTeam_RFC8725_3_10_NoOtherAPIUsesTheHeaderJWK(t *testing.T) {
	victim := vfES256(t)
	attacker := vfES256(t)
	set, err := jwk.ParseSet([]byte(`{"keys":[` + string(vfJWK(t, victim.priv.Public())) + `]}`))
	if err != nil {
		t.Fatalf("jwk set: %v", err)
	}
	claims := map[string]any{"iss": "i", "sub": "s", "exp": time.Now().Add(time.Hour).Unix(), "jti": "x", "htm": "GET", "htu": vfURL, "iat": time.Now().Unix()}
	for _, typ := range []string{"JWT", "dpop+jwt", "at+jwt"} {
		token := vfSigned(t, attacker, map[string]any{"alg": "ES256", "typ": typ, "jwk": vfJWK(t, attacker.priv.Public())}, claims)
		for name, key := range map[string]any{
			"static": victim.priv.Public(),
			"set":    set,
			"keyfunc": jwt.KeyFunc(func(h *jwt.Header) (any, error) {
				return victim.priv.Public(), nil
			}),
		} {
			v, err := jwt.NewVerifier(key, jwt.WithAlgorithms(jwt.ES256))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if _, err := v.Parse(token); err == nil {
				t.Errorf("typ %s, %s: a token verified by its own header jwk", typ, name)
			}
		}
	}
}

// TestRedTeam_RFC9449_4_3_SlotIsolatedAcrossNestedContexts: a Verify whose
// ctx comes from another Verify's store call (a Store that verifies a
// proof of its own while claiming) keeps its own key: the outer proof is
// accepted with its own key, the inner with its own.
func TestRedTeam_RFC9449_4_3_SlotIsolatedAcrossNestedContexts(t *testing.T) {
	inner := vfVerifier(t, vfConfig())
	innerKey := vfES256(t)
	innerProof := vfProof(t, innerKey, nil, nil)
	var innerJKT atomic.Value
	store := &nestingStore{f: func(ctx context.Context) {
		p, err := inner.Verify(ctx, innerProof, vfReq)
		if err == nil {
			innerJKT.Store(p.JKT)
		}
	}}
	cfg := vfConfig()
	cfg.Replay = store
	outer := vfVerifier(t, cfg)
	outerKey := vfES256(t)
	p, err := outer.Verify(context.Background(), vfProof(t, outerKey, nil, nil), vfReq)
	vfAccepted(t, "outer", p, err)
	if p != nil && p.JKT != vfJKT(t, outerKey.priv) {
		t.Errorf("outer proof's JKT is not its key's")
	}
	if got, _ := innerJKT.Load().(string); got != vfJKT(t, innerKey.priv) {
		t.Errorf("inner proof's JKT %q, want its key's", got)
	}
}

type nestingStore struct{ f func(context.Context) }

func (s *nestingStore) Claim(ctx context.Context, _ string, _ time.Time) error {
	s.f(ctx)
	return nil
}

// rtHMAC is HMAC over input with secret, for alg HS256/384/512.
func rtHMAC(alg jwt.Algorithm, secret, input []byte) []byte {
	m := hmac.New(alg.Hash().New, secret)
	m.Write(input)
	return m.Sum(nil)
}

var _ = elliptic.P256

// rtSweep calls every exported method of each receiver with zero
// arguments (a background or nil context, a nil or zero *http.Request),
// failing on a panic or a call that does not return within 2 s.
func rtSweep(t *testing.T, receivers ...any) {
	t.Helper()
	ctxType := reflect.TypeFor[context.Context]()
	reqType := reflect.TypeFor[*http.Request]()
	for _, recv := range receivers {
		rv := reflect.ValueOf(recv)
		for i := 0; i < rv.NumMethod(); i++ {
			m := rv.Method(i)
			name := fmt.Sprintf("%T.%s", recv, rv.Type().Method(i).Name)
			if m.Type().IsVariadic() {
				// Called with no variadic argument.
			}
			for variant := 0; variant < 2; variant++ {
				n := m.Type().NumIn()
				if m.Type().IsVariadic() {
					n--
				}
				args := make([]reflect.Value, n)
				for j := range n {
					pt := m.Type().In(j)
					switch {
					case pt == ctxType && variant == 0:
						args[j] = reflect.ValueOf(context.Background())
					case pt == reqType && variant == 1:
						args[j] = reflect.ValueOf(&http.Request{})
					default:
						args[j] = reflect.Zero(pt)
					}
				}
				done := make(chan any, 1)
				go func() {
					defer func() { done <- recover() }()
					m.Call(args)
				}()
				select {
				case r := <-done:
					if r != nil {
						t.Errorf("%s (variant %d) panicked: %v", name, variant, r)
					}
				case <-time.After(2 * time.Second):
					t.Errorf("%s (variant %d) did not return", name, variant)
				}
			}
		}
	}
}

// TestRedTeam_ZeroAndNilValuesNeverPanic: every exported method of the
// verification path's types (dpop, replay), on a nil pointer and a zero
// value, with zero arguments.
func TestRedTeam_ZeroAndNilValuesNeverPanic(t *testing.T) {
	rtSweep(t,
		(*dpop.Verifier)(nil), &dpop.Verifier{},
		(*dpop.Proof)(nil), &dpop.Proof{},
		(*dpop.HMACNonces)(nil), &dpop.HMACNonces{},
		(*dpop.Signer)(nil), &dpop.Signer{},
		(*replay.Memory)(nil), &replay.Memory{},
		dpop.Config{}, dpop.Request{},
	)
	// Package functions with zero arguments.
	for name, f := range map[string]func(){
		"BoundKey":        func() { dpop.BoundKey("") },
		"CheckDPoPJKT":    func() { dpop.CheckDPoPJKT("x", nil) },
		"Thumbprint":      func() { dpop.Thumbprint(nil) },
		"Thumbprint zero": func() { dpop.Thumbprint(&jwk.Key{}) },
		"NewVerifier":     func() { dpop.NewVerifier(dpop.Config{}) },
		"NewHMACNonces":   func() { dpop.NewHMACNonces(0) },
		"NewSigner":       func() { dpop.NewSigner("", nil) },
		"NewMemoryClock":  func() { replay.NewMemoryClock(-1, nil).Claim(context.Background(), "k", time.Now().Add(time.Hour)) },
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panicked: %v", name, r)
				}
			}()
			f()
		}()
	}
}

// TestRedTeam_RFC9449_4_3_Check9_TrustedHostGarbageIsAProofError: with
// TrustRequestHost, a Host the client sends that makes no origin is the
// client's error (ErrInvalidProof, a 401), never the server's
// (ErrInvalidConfig, a 500), and a Host with user information or a path
// never makes another origin.
func TestRedTeam_RFC9449_4_3_Check9_TrustedHostGarbageIsAProofError(t *testing.T) {
	v := vfVerifier(t, dpop.Config{TrustRequestHost: true, Now: func() time.Time { return vfNow }, Replay: &vfStore{}})
	k := vfKeyOf(t, jwt.ES256)
	for _, host := range []string{"", "evil.example@api.example", "api.example/x", "api.example\r\nX: y", "api.example:99999", "[::1", "a b", "%61pi.example"} {
		r, _ := http.NewRequest("GET", "https://api.example/resource", nil)
		r.Host = host
		r.Header.Set("DPoP", vfProof(t, k, nil, map[string]any{"htu": "http://api.example/resource"}))
		p, err := v.VerifyRequest(context.Background(), r, "")
		if err == nil {
			t.Errorf("Host %q: accepted %+v", host, p)
			continue
		}
		if errors.Is(err, dpop.ErrInvalidConfig) {
			t.Errorf("Host %q: %v is the server's error, want ErrInvalidProof", host, err)
		}
	}
}

// TestRedTeam_RFC9449_4_3_Check11_ExpNeverExtendsTheWindow: a proof whose
// "exp" is far ahead is still refused when its "iat" is out of the
// window, and header members that change what is signed ("crit",
// "b64": false) or mark a JWE ("enc", "zip") are refused.
func TestRedTeam_RFC9449_4_3_Check11_ExpNeverExtendsTheWindow(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"iat": vfNow.Add(-time.Hour).Unix(), "exp": vfNow.Add(24 * time.Hour).Unix()}), vfReq)
	vfRefused(t, "old iat, far exp", p, err, dpop.ErrInvalidProof, jwt.ErrTokenExpired)
	for name, h := range map[string]map[string]any{
		"crit": {"crit": []string{"exp"}, "exp": 1}, "b64": {"b64": false, "crit": []string{"b64"}},
		"enc": {"enc": "A128GCM"}, "zip": {"zip": "DEF"},
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, h, nil), vfReq)
		vfRefused(t, name, p, err, dpop.ErrInvalidProof)
	}
}
