package dpop_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/replay"
)

// RFC 9449 section 4.3, the checks of a DPoP proof, one test each: the
// proof is refused with ErrInvalidProof and the jwt sentinel that says why.

// TestRFC9449_4_3_ValidProofOfEachAlgorithmAccepted: a proof of every
// asymmetric algorithm, with the fields it carries handed back.
func TestRFC9449_4_3_ValidProofOfEachAlgorithmAccepted(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	for _, k := range vfKeys(t) {
		proof := vfProof(t, k, nil, map[string]any{"jti": "id-" + string(k.alg), "nonce": "n-1"})
		p, err := v.Verify(context.Background(), proof, vfReq)
		if err != nil {
			t.Errorf("%s: %v", k.alg, err)
			continue
		}
		if p.Algorithm != k.alg || p.ID != "id-"+string(k.alg) || p.Method != "GET" || p.URL != vfURL ||
			!p.IssuedAt.Equal(vfNow) || p.Nonce != "n-1" || p.AccessTokenHash != "" || p.JKT != vfJKT(t, k.priv) || p.Key == nil || p.Key.IsPrivate() {
			t.Errorf("%s: %+v", k.alg, p)
		}
	}
}

// TestRFC9449_4_3_Check2_NotAJWTRefused: "the value of the header is a
// single well-formed JWT".
func TestRFC9449_4_3_Check2_NotAJWTRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	good := vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil)
	parts := strings.Split(good, ".")
	for name, proof := range map[string]string{
		"empty":             "",
		"one segment":       "abc",
		"two segments":      parts[0] + "." + parts[1],
		"four segments":     good + ".x",
		"JWE":               parts[0] + ".a.b.c." + parts[2],
		"padding":           parts[0] + "=." + parts[1] + "." + parts[2],
		"header not base64": "!!." + parts[1] + "." + parts[2],
		"header not JSON":   base64.RawURLEncoding.EncodeToString([]byte("{nope")) + "." + parts[1] + "." + parts[2],
		"claims not JSON":   vfSigned(t, vfKeyOf(t, jwt.ES256), map[string]any{"typ": "dpop+jwt", "alg": "ES256", "jwk": vfJWK(t, vfKeyOf(t, jwt.ES256).priv.Public())}, []byte(`{"jti":"a",`)),
		"claims an array":   vfSigned(t, vfKeyOf(t, jwt.ES256), map[string]any{"typ": "dpop+jwt", "alg": "ES256", "jwk": vfJWK(t, vfKeyOf(t, jwt.ES256).priv.Public())}, []byte(`[1]`)),
		"duplicate claim":   vfSigned(t, vfKeyOf(t, jwt.ES256), map[string]any{"typ": "dpop+jwt", "alg": "ES256", "jwk": vfJWK(t, vfKeyOf(t, jwt.ES256).priv.Public())}, []byte(`{"jti":"a","htm":"GET","htm":"POST","htu":"`+vfURL+`","iat":`+jsonInt(vfNow.Unix())+`}`)),
		"bearer scheme":     "Bearer " + good,
	} {
		p, err := v.Verify(context.Background(), proof, vfReq)
		vfRefused(t, name, p, err, dpop.ErrInvalidProof, jwt.ErrTokenMalformed)
	}
}

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }

// TestRFC9449_4_3_Check2_ProofLargerThanMaxProofSizeRefused: a proof over
// Config.MaxProofSize is refused before anything is decoded.
func TestRFC9449_4_3_Check2_ProofLargerThanMaxProofSizeRefused(t *testing.T) {
	cfg := vfConfig()
	cfg.MaxProofSize = 1024
	v := vfVerifier(t, cfg)
	proof := vfProof(t, vfKeyOf(t, jwt.ES256), nil, map[string]any{"pad": strings.Repeat("x", 1024)})
	p, err := v.Verify(context.Background(), proof, vfReq)
	vfRefused(t, "large", p, err, dpop.ErrInvalidProof, jwt.ErrTokenMalformed, jwt.ErrTokenTooLarge)
	// The default (16 KiB) takes a proof of some kilobytes.
	proof = vfProof(t, vfKeyOf(t, jwt.ES256), nil, map[string]any{"pad": strings.Repeat("x", 8000)})
	p, err = vfVerifier(t, vfConfig()).Verify(context.Background(), proof, vfReq)
	vfAccepted(t, "8 KB", p, err)
}

// TestRFC9449_4_3_Check4_TypMustBeDPoPJWT: "the typ JOSE Header Parameter
// has the value dpop+jwt", exactly: no other type, none, no case variant
// and no "application/" form (RFC 7515 section 4.1.9's media-type reading
// would take the last two; a proof is never written so).
func TestRFC9449_4_3_Check4_TypMustBeDPoPJWT(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	for _, typ := range []any{vfDel, "JWT", "at+jwt", "jwt", "dpop", "DPoP+JWT", "dpop+JWT", "application/dpop+jwt", "dpop+jwt ", "", 1, nil} {
		p, err := v.Verify(context.Background(), vfProof(t, k, map[string]any{"typ": typ}, nil), vfReq)
		if typ == nil || typ == 1 {
			vfRefused(t, "typ "+jsonString(typ), p, err, dpop.ErrInvalidProof, jwt.ErrTokenMalformed)
			continue
		}
		vfRefused(t, "typ "+jsonString(typ), p, err, dpop.ErrInvalidProof, jwt.ErrInvalidType)
	}
}

func jsonString(v any) string { b, _ := json.Marshal(v); return string(b) }

// TestRFC9449_4_3_Check5_AlgNoneRefused: "alg" "none" (any case) is never
// a proof's algorithm.
func TestRFC9449_4_3_Check5_AlgNoneRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	for _, alg := range []string{"none", "None", "NONE"} {
		proof := vfProof(t, k, map[string]any{"alg": alg}, nil)
		proof = proof[:strings.LastIndexByte(proof, '.')+1]
		p, err := v.Verify(context.Background(), proof, vfReq)
		vfRefused(t, alg, p, err, dpop.ErrInvalidProof, jwt.ErrAlgorithmNotAllowed)
	}
}

// TestRFC9449_4_3_Check5_HS256Refused: "not a symmetric algorithm (MAC)":
// an HMAC proof is refused, whatever key its header carries.
func TestRFC9449_4_3_Check5_HS256Refused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	secret := make([]byte, 32)
	rand.Read(secret)
	for _, alg := range []string{"HS256", "HS384", "HS512"} {
		h := map[string]any{"typ": "dpop+jwt", "alg": alg, "jwk": map[string]any{"kty": "oct", "k": base64.RawURLEncoding.EncodeToString(secret)}}
		c := map[string]any{"jti": "j", "htm": "GET", "htu": vfURL, "iat": vfNow.Unix()}
		input := vfSegment(t, h) + "." + vfSegment(t, c)
		m := hmac.New(sha256.New, secret)
		m.Write([]byte(input))
		p, err := v.Verify(context.Background(), input+"."+base64.RawURLEncoding.EncodeToString(m.Sum(nil)), vfReq)
		vfRefused(t, alg, p, err, dpop.ErrInvalidProof, jwt.ErrAlgorithmNotAllowed)
	}
}

// TestRFC9449_4_3_Check5_AlgNotAllowedRefused: "alg" must be one of
// Config.Algorithms; an unregistered one is refused too.
func TestRFC9449_4_3_Check5_AlgNotAllowedRefused(t *testing.T) {
	cfg := vfConfig()
	cfg.Algorithms = []jwt.Algorithm{jwt.ES256}
	v := vfVerifier(t, cfg)
	p, err := v.Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.EdDSA), nil, nil), vfReq)
	vfRefused(t, "EdDSA beside ES256 only", p, err, dpop.ErrInvalidProof, jwt.ErrAlgorithmNotAllowed)
	p, err = v.Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil), vfReq)
	vfAccepted(t, "ES256", p, err)
	for _, alg := range []string{"ES256K", "es256", "RS1", "ES256 "} {
		p, err = v.Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.ES256), map[string]any{"alg": alg}, nil), vfReq)
		vfRefused(t, alg, p, err, dpop.ErrInvalidProof, jwt.ErrAlgorithmNotAllowed)
	}
}

// TestRFC9449_4_3_Check7_JWKWithPrivateKeyRefused: "the jwk JOSE Header
// Parameter does not contain a private key": a "d" (EC, RSA, OKP), the
// RSA primes and CRT values, an "oct" key's "k", an "AKP" key's "priv",
// whatever the key type, even one not supported.
func TestRFC9449_4_3_Check7_JWKWithPrivateKeyRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	for _, alg := range []jwt.Algorithm{jwt.ES256, jwt.RS256, jwt.EdDSA} {
		k := vfKeyOf(t, alg)
		p, err := v.Verify(context.Background(), vfProof(t, k, map[string]any{"jwk": vfJWK(t, k.priv)}, nil), vfReq)
		vfRefused(t, string(alg)+" private JWK", p, err, dpop.ErrInvalidProof, jwt.ErrInvalidKey)
	}
	k := vfKeyOf(t, jwt.ES256)
	var pub map[string]any
	json.Unmarshal(vfJWK(t, k.priv.Public()), &pub)
	for _, member := range []string{"d", "p", "q", "dp", "dq", "qi", "oth", "k", "priv"} {
		jwkWith := map[string]any{"z": "AQAB"}
		for n, x := range pub {
			jwkWith[n] = x
		}
		jwkWith[member] = "AQAB"
		p, err := v.Verify(context.Background(), vfProof(t, k, map[string]any{"jwk": jwkWith}, nil), vfReq)
		vfRefused(t, "EC public key with "+member, p, err, dpop.ErrInvalidProof, jwt.ErrInvalidKey)
	}
	for name, key := range map[string]any{
		"oct":             map[string]any{"kty": "oct", "k": "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA"},
		"AKP with priv":   map[string]any{"kty": "AKP", "alg": "ML-DSA-44", "pub": "AQAB", "priv": "AQAB"},
		"unknown kty + d": map[string]any{"kty": "XYZ", "d": "AQAB"},
		"RSA d only":      map[string]any{"kty": "RSA", "n": "AQAB", "e": "AQAB", "d": "AQAB"},
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, map[string]any{"jwk": key}, nil), vfReq)
		vfRefused(t, name, p, err, dpop.ErrInvalidProof, jwt.ErrInvalidKey)
	}
}

// TestRFC9449_4_3_Check6_JWKMissingOrUnfitRefused: "jwk" is required, a
// JSON object of a supported asymmetric key ("oct" never: RFC 9449
// section 4.2), fit for "alg" (curve, family, its own "alg", "use" and
// "key_ops").
func TestRFC9449_4_3_Check6_JWKMissingOrUnfitRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	var pub map[string]any
	json.Unmarshal(vfJWK(t, k.priv.Public()), &pub)
	with := func(name string, value any) map[string]any {
		m := map[string]any{}
		for n, x := range pub {
			m[n] = x
		}
		m[name] = value
		return m
	}
	p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	edPub, _, _ := ed25519.GenerateKey(rand.Reader)
	for name, key := range map[string]any{
		"absent":          vfDel,
		"null":            nil,
		"a string":        "eyJrdHkiOiJFQyJ9",
		"an array":        []any{pub},
		"empty object":    map[string]any{},
		"oct without k":   map[string]any{"kty": "oct"},
		"P-384 for ES256": vfJWK(t, p384.Public()),
		"OKP for ES256":   vfJWK(t, edPub),
		"own alg ES384":   with("alg", "ES384"),
		"use enc":         with("use", "enc"),
		"key_ops sign":    with("key_ops", []string{"sign"}),
		"off the curve":   with("y", pub["x"]),
		"duplicate x":     json.RawMessage(`{"kty":"EC","crv":"P-256","x":"` + pub["x"].(string) + `","x":"` + pub["x"].(string) + `","y":"` + pub["y"].(string) + `"}`),
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, map[string]any{"jwk": key}, nil), vfReq)
		if name == "null" || name == "a string" || name == "an array" || name == "duplicate x" {
			// Not an object, or refused by the header's strict pass
			// (jwt.ErrTokenMalformed) before any key is read.
			vfRefused(t, name, p, err, dpop.ErrInvalidProof)
			continue
		}
		vfRefused(t, name, p, err, dpop.ErrInvalidProof, jwt.ErrInvalidKey)
	}
	p, err := v.Verify(context.Background(), vfProof(t, k, map[string]any{"jwk": with("alg", "ES256")}, nil), vfReq)
	vfAccepted(t, "own alg ES256", p, err)
	p, err = v.Verify(context.Background(), vfProof(t, k, map[string]any{"jwk": with("kid", "k1")}, nil), vfReq)
	vfAccepted(t, "kid", p, err)
}

// TestRFC9449_4_3_Check6_SignatureByAnotherKeyRefused: "the JWT signature
// verifies with the public key contained in the jwk JOSE Header
// Parameter": signed by another key, or changed after signing.
func TestRFC9449_4_3_Check6_SignatureByAnotherKeyRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	for _, alg := range []jwt.Algorithm{jwt.ES256, jwt.EdDSA, jwt.PS256} {
		k := vfKeyOf(t, alg)
		other := vfES256(t)
		otherKey := other.priv
		switch alg {
		case jwt.EdDSA:
			_, ed, _ := ed25519.GenerateKey(rand.Reader)
			otherKey = ed
		case jwt.PS256:
			otherKey = vfKeyOf(t, jwt.ES256).priv // no second RSA key: an EC one's JWK
		}
		proof := vfProof(t, k, map[string]any{"jwk": vfJWK(t, otherKey.Public())}, nil)
		p, err := v.Verify(context.Background(), proof, vfReq)
		if alg == jwt.PS256 {
			vfRefused(t, "PS256 with an EC JWK", p, err, dpop.ErrInvalidProof, jwt.ErrInvalidKey)
			continue
		}
		vfRefused(t, string(alg)+" by another key", p, err, dpop.ErrInvalidProof, jwt.ErrSignatureInvalid)
	}
	k := vfKeyOf(t, jwt.ES256)
	good := vfProof(t, k, nil, nil)
	parts := strings.Split(good, ".")
	changed := vfSegment(t, map[string]any{"jti": "j", "htm": "GET", "htu": vfURL, "iat": vfNow.Unix()})
	p, err := v.Verify(context.Background(), parts[0]+"."+changed+"."+parts[2], vfReq)
	vfRefused(t, "claims changed", p, err, dpop.ErrInvalidProof, jwt.ErrSignatureInvalid)
	sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
	sig[3] ^= 1
	p, err = v.Verify(context.Background(), parts[0]+"."+parts[1]+"."+base64.RawURLEncoding.EncodeToString(sig), vfReq)
	vfRefused(t, "signature changed", p, err, dpop.ErrInvalidProof, jwt.ErrSignatureInvalid)
}

// TestRFC9449_4_3_Check3_MissingJTI, ...HTM, ...HTU, ...IAT: each required
// claim (RFC 9449 section 4.2), absent or null, is ErrMissingClaim.
func TestRFC9449_4_3_Check3_MissingJTI(t *testing.T) { vfMissing(t, "jti") }
func TestRFC9449_4_3_Check3_MissingHTM(t *testing.T) { vfMissing(t, "htm") }
func TestRFC9449_4_3_Check3_MissingHTU(t *testing.T) { vfMissing(t, "htu") }
func TestRFC9449_4_3_Check3_MissingIAT(t *testing.T) { vfMissing(t, "iat") }

func vfMissing(t *testing.T, claim string) {
	t.Helper()
	v := vfVerifier(t, vfConfig())
	p, err := v.Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.ES256), nil, map[string]any{claim: vfDel}), vfReq)
	vfRefused(t, claim+" absent", p, err, dpop.ErrInvalidProof, jwt.ErrMissingClaim)
	// null stands for an absent claim; the core refuses a null registered
	// claim ("jti", "iat") as malformed.
	p, err = v.Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.ES256), nil, map[string]any{claim: nil}), vfReq)
	want := jwt.ErrMissingClaim
	if claim == "jti" || claim == "iat" {
		want = jwt.ErrTokenMalformed
	}
	vfRefused(t, claim+" null", p, err, dpop.ErrInvalidProof, want)
}

// TestRFC9449_4_3_Check3_ClaimsOfTheWrongTypeRefused: jti, htm, htu, ath
// and nonce are strings (RFC 9449 section 4.2), jti a non-empty one, iat a
// NumericDate; a look-alike of one of them ("HTU") is refused, as the core
// refuses look-alikes of the registered claims.
func TestRFC9449_4_3_Check3_ClaimsOfTheWrongTypeRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	for name, claims := range map[string]map[string]any{
		"jti number":  {"jti": 7},
		"jti empty":   {"jti": ""},
		"htm number":  {"htm": 1},
		"htm array":   {"htm": []string{"GET"}},
		"htu object":  {"htu": map[string]any{"u": vfURL}},
		"ath number":  {"ath": 1},
		"nonce bool":  {"nonce": true},
		"iat string":  {"iat": "1562262616"},
		"HTU":         {"HTU": "https://evil.example/"},
		"Htm":         {"Htm": "POST"},
		"nonce twice": {"NONCE": "x"},
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, claims), vfReq)
		vfRefused(t, name, p, err, dpop.ErrInvalidProof)
		if err != nil && !errors.Is(err, jwt.ErrTokenMalformed) && !errors.Is(err, jwt.ErrTokenInvalidClaims) {
			t.Errorf("%s: %v, want ErrTokenMalformed or ErrTokenInvalidClaims", name, err)
		}
	}
}

// TestRFC9449_4_3_Check8_HTMMismatch: "the htm claim matches the HTTP
// method of the current request", exactly (methods are case-sensitive,
// RFC 9110 section 9.1).
func TestRFC9449_4_3_Check8_HTMMismatch(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	for _, htm := range []string{"POST", "get", "GET ", "", "HEAD"} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"htm": htm}), vfReq)
		vfRefused(t, "htm "+htm, p, err, dpop.ErrInvalidProof, jwt.ErrTokenInvalidClaims)
	}
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"htm": "POST"}), dpop.Request{Method: "POST", URL: vfURL})
	vfAccepted(t, "POST", p, err)
}

// TestRFC9449_4_3_Check9_HTUMismatch: "the htu claim matches the HTTP URI
// value for the HTTP request in which the JWT was received": another
// scheme, host, port or path is refused, and so is an htu that is not an
// absolute http(s) URI.
func TestRFC9449_4_3_Check9_HTUMismatch(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	for _, htu := range []string{
		"http://api.example/resource", "https://evil.example/resource", "https://api.example:8443/resource",
		"https://api.example/Resource", "https://api.example/resource/", "https://api.example/resource2",
		"https://api.example/other/../resource2", "https://api.example/resource%2F", "https://api.example.evil.example/resource",
		"https://user@api.example/resource", "/resource", "api.example/resource", "", "https://api.example/re source",
		"wss://api.example/resource", "https://api.example:0/resource",
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"htu": htu}), vfReq)
		vfRefused(t, "htu "+htu, p, err, dpop.ErrInvalidProof, jwt.ErrTokenInvalidClaims)
	}
}

// TestRFC9449_4_3_Check9_HTUNormalisedMatch: the comparison is after RFC
// 3986 section 6.2.2 (case of scheme and host, percent-encoding, dot
// segments) and 6.2.3 (default port, empty path), on both sides.
func TestRFC9449_4_3_Check9_HTUNormalisedMatch(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	for _, htu := range []string{
		"HTTPS://API.EXAMPLE/resource", "https://Api.Example/resource",
		"https://api.example:443/resource", "https://api.example:/resource",
		"https://api.example/%72esource", "https://api.example/res%6Furce",
		"https://api.example/a/../resource", "https://api.example/./resource", "https://api.example/x/%2E%2E/resource",
		"https://api.example./resource",
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"htu": htu}), vfReq)
		vfAccepted(t, "htu "+htu, p, err)
		if p != nil && p.URL != htu {
			t.Errorf("Proof.URL %q, want the htu as sent %q", p.URL, htu)
		}
	}
	// The request's side is normalised too, and an empty path is "/".
	for _, pair := range [][2]string{
		{"https://api.example/", "https://API.example:443"},
		{"https://api.example/a%2fb", "https://api.example/a%2Fb"},
		{"http://[::1]:8080/x", "http://[0:0::1]:8080/x"},
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"htu": pair[0]}), dpop.Request{Method: "GET", URL: pair[1]})
		vfAccepted(t, pair[0]+" at "+pair[1], p, err)
	}
}

// TestRFC9449_4_3_Check9_HTUQueryFragmentIgnored: htu is the URI "without
// query and fragment parts" (section 4.2): both sides' are dropped.
func TestRFC9449_4_3_Check9_HTUQueryFragmentIgnored(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	for _, htu := range []string{vfURL + "?a=1", vfURL + "#f", vfURL + "?a=1#f", vfURL + "?"} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"htu": htu}), dpop.Request{Method: "GET", URL: vfURL + "?b=2#g"})
		vfAccepted(t, "htu "+htu, p, err)
	}
}

// TestRFC9449_4_3_Check11_IATTooOld: "the creation time of the JWT ... is
// within an acceptable window": older than MaxAge plus Leeway is refused
// (ErrTokenExpired), the edge accepted.
func TestRFC9449_4_3_Check11_IATTooOld(t *testing.T) {
	cfg := vfConfig()
	cfg.MaxAge, cfg.Leeway = 30*time.Second, 2*time.Second
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"iat": vfNow.Add(-33 * time.Second).Unix()}), vfReq)
	vfRefused(t, "33 s old", p, err, dpop.ErrInvalidProof, jwt.ErrTokenExpired)
	p, err = v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"iat": vfNow.Add(-32 * time.Second).Unix()}), vfReq)
	vfAccepted(t, "32 s old", p, err)
	// The defaults: 60 s and 5 s.
	v = vfVerifier(t, vfConfig())
	p, err = v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"iat": vfNow.Add(-66 * time.Second).Unix()}), vfReq)
	vfRefused(t, "66 s old, defaults", p, err, dpop.ErrInvalidProof, jwt.ErrTokenExpired)
	p, err = v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"iat": vfNow.Add(-65 * time.Second).Unix()}), vfReq)
	vfAccepted(t, "65 s old, defaults", p, err)
}

// TestRFC9449_4_3_Check11_IATInFuture: an iat further ahead than Leeway is
// refused (ErrTokenUsedBeforeIssued), the edge accepted.
func TestRFC9449_4_3_Check11_IATInFuture(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"iat": vfNow.Add(6 * time.Second).Unix()}), vfReq)
	vfRefused(t, "6 s ahead", p, err, dpop.ErrInvalidProof, jwt.ErrTokenUsedBeforeIssued)
	p, err = v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"iat": vfNow.Add(5 * time.Second).Unix()}), vfReq)
	vfAccepted(t, "5 s ahead", p, err)
	p, err = v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"iat": vfNow.Add(24 * time.Hour).Unix()}), vfReq)
	vfRefused(t, "a day ahead", p, err, dpop.ErrInvalidProof, jwt.ErrTokenUsedBeforeIssued)
}

// TestRFC9449_4_3_ExpAndNbfStillChecked: a proof that carries "exp" or
// "nbf" is held to them (RFC 7519 sections 4.1.4 and 4.1.5).
func TestRFC9449_4_3_ExpAndNbfStillChecked(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"exp": vfNow.Add(-time.Minute).Unix()}), vfReq)
	vfRefused(t, "expired", p, err, dpop.ErrInvalidProof, jwt.ErrTokenExpired)
	p, err = v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"nbf": vfNow.Add(time.Minute).Unix()}), vfReq)
	vfRefused(t, "not yet valid", p, err, dpop.ErrInvalidProof, jwt.ErrTokenNotValidYet)
}

// vfNonces is a NonceSource accepting the nonce "current" alone.
type vfNonces struct{}

func (vfNonces) NewNonce(time.Time) (string, error) { return "current", nil }
func (vfNonces) CheckNonce(n string, _ time.Time) error {
	if n != "current" {
		return dpop.ErrUseNonce
	}
	return nil
}

// vfNoncesPlainError is a NonceSource whose refusal does not wrap
// ErrUseNonce.
type vfNoncesPlainError struct{ vfNonces }

func (vfNoncesPlainError) CheckNonce(n string, _ time.Time) error {
	if n != "current" {
		return errors.New("stale")
	}
	return nil
}

// TestRFC9449_4_3_Check10_NonceRequired: "if the server provided a nonce
// value to the client, the nonce claim matches the server-provided nonce
// value": with Config.Nonces set, a proof without one is ErrUseNonce
// (section 8), never ErrInvalidProof, and its jti is not spent.
func TestRFC9449_4_3_Check10_NonceRequired(t *testing.T) {
	cfg := vfConfig()
	cfg.Nonces = vfNonces{}
	store := cfg.Replay.(*vfStore)
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	for _, nonce := range []any{vfDel, nil, ""} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"nonce": nonce}), vfReq)
		vfRefused(t, "nonce "+jsonString(nonce), p, err, dpop.ErrUseNonce)
		if errors.Is(err, dpop.ErrInvalidProof) {
			t.Errorf("nonce %s: %v matches ErrInvalidProof", jsonString(nonce), err)
		}
	}
	if len(store.claims) != 0 {
		t.Errorf("refused proofs spent jtis: %v", store.claims)
	}
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"nonce": "current"}), vfReq)
	vfAccepted(t, "current nonce", p, err)
	if n, err := v.NewNonce(); n != "current" || err != nil {
		t.Errorf("NewNonce: %q, %v", n, err)
	}
}

// TestRFC9449_4_3_Check10_NonceStale: a nonce the NonceSource refuses is
// ErrUseNonce (section 9: the client retries with a fresh one), even when
// the source's error does not say so.
func TestRFC9449_4_3_Check10_NonceStale(t *testing.T) {
	k := vfKeyOf(t, jwt.ES256)
	for _, src := range []dpop.NonceSource{vfNonces{}, vfNoncesPlainError{}} {
		cfg := vfConfig()
		cfg.Nonces = src
		v := vfVerifier(t, cfg)
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"nonce": "stale"}), vfReq)
		vfRefused(t, "stale nonce", p, err, dpop.ErrUseNonce)
		if errors.Is(err, dpop.ErrInvalidProof) {
			t.Errorf("stale nonce: %v matches ErrInvalidProof", err)
		}
	}
	// An HMACNonces source: another instance's nonce passes.
	keyA := []byte("0123456789abcdef0123456789abcdef")
	a, err := dpop.NewHMACNonces(time.Minute, keyA)
	if err != nil {
		t.Fatal(err)
	}
	nonce, _ := a.NewNonce(vfNow)
	cfg := vfConfig()
	cfg.Nonces, _ = dpop.NewHMACNonces(time.Minute, keyA)
	v := vfVerifier(t, cfg)
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"nonce": nonce}), vfReq)
	vfAccepted(t, "HMAC nonce", p, err)
	p, err = v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"nonce": nonce + "x"}), vfReq)
	vfRefused(t, "forged HMAC nonce", p, err, dpop.ErrUseNonce)
}

// TestRFC9449_4_3_Check10_NoNonceSourceIgnoresNonce: without
// Config.Nonces, a proof's nonce is handed back, not checked.
func TestRFC9449_4_3_Check10_NoNonceSourceIgnoresNonce(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	p, err := v.Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.ES256), nil, map[string]any{"nonce": "anything"}), vfReq)
	vfAccepted(t, "nonce", p, err)
	if n, err := v.NewNonce(); n != "" || err != nil {
		t.Errorf("NewNonce without Nonces: %q, %v", n, err)
	}
}

// TestRFC9449_4_3_Check12_ATHRequiredWithAccessToken: "if presented to a
// protected resource in conjunction with an access token, ... the value of
// the ath claim equals the hash of that access token".
func TestRFC9449_4_3_Check12_ATHRequiredWithAccessToken(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	req := dpop.Request{Method: "GET", URL: vfURL, AccessToken: "at-1"}
	for _, ath := range []any{vfDel, nil} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"ath": ath}), req)
		vfRefused(t, "ath "+jsonString(ath), p, err, dpop.ErrInvalidProof, jwt.ErrTokenInvalidClaims)
	}
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"ath": dpop.AccessTokenHash("at-1")}), req)
	vfAccepted(t, "ath", p, err)
	if p != nil && p.AccessTokenHash != dpop.AccessTokenHash("at-1") {
		t.Errorf("Proof.AccessTokenHash %q", p.AccessTokenHash)
	}
	// At the token endpoint (no access token) ath is not checked.
	p, err = v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"ath": "whatever"}), vfReq)
	vfAccepted(t, "ath without an access token", p, err)
}

// TestRFC9449_4_3_Check12_ATHMismatch: an ath of another token, or of this
// one spelled otherwise (padded, standard base64, hex), is refused.
func TestRFC9449_4_3_Check12_ATHMismatch(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	req := dpop.Request{Method: "GET", URL: vfURL, AccessToken: "at-1"}
	sum := sha256.Sum256([]byte("at-1"))
	for _, ath := range []string{
		dpop.AccessTokenHash("at-2"), base64.URLEncoding.EncodeToString(sum[:]), base64.StdEncoding.EncodeToString(sum[:]),
		"", strings.ToUpper(dpop.AccessTokenHash("at-1")),
	} {
		p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"ath": ath}), req)
		vfRefused(t, "ath "+ath, p, err, dpop.ErrInvalidProof, jwt.ErrTokenInvalidClaims)
	}
}

// TestRFC9449_4_3_RequestOfTheCallerChecked: a Request no proof could
// match (no method, a URL that is not an absolute http(s) URI) is the
// caller's error, ErrInvalidConfig, not the client's.
func TestRFC9449_4_3_RequestOfTheCallerChecked(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	proof := vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil)
	for name, req := range map[string]dpop.Request{
		"no method":    {URL: vfURL},
		"bad method":   {Method: "GE T", URL: vfURL},
		"no URL":       {Method: "GET"},
		"relative URL": {Method: "GET", URL: "/resource"},
		"ftp URL":      {Method: "GET", URL: "ftp://api.example/resource"},
	} {
		p, err := v.Verify(context.Background(), proof, req)
		vfRefused(t, name, p, err, dpop.ErrInvalidConfig, jwt.ErrInvalidOption)
		if errors.Is(err, dpop.ErrInvalidProof) {
			t.Errorf("%s: %v matches ErrInvalidProof", name, err)
		}
	}
}

// TestRFC9449_4_3_ErrorsBoundUnverifiedValues: what a forged proof sends
// reaches an error message cut (internal/bounded).
func TestRFC9449_4_3_ErrorsBoundUnverifiedValues(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	long := strings.Repeat("A", 4000)
	for name, proof := range map[string]string{
		"typ": vfProof(t, k, map[string]any{"typ": long}, nil),
		"htu": vfProof(t, k, nil, map[string]any{"htu": "https://api.example/" + long}),
		"htm": vfProof(t, k, nil, map[string]any{"htm": long}),
		"alg": vfProof(t, k, map[string]any{"alg": long}, nil),
	} {
		_, err := v.Verify(context.Background(), proof, vfReq)
		if err == nil || len(err.Error()) > 1500 {
			t.Errorf("%s: error of %d bytes: %.200v", name, len(fmtLen(err)), err)
		}
	}
}

func fmtLen(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestRFC9449_4_3_ZeroAndNilVerifierRefuseWithoutPanicking: a zero or nil
// Verifier, a nil context and a nil Proof refuse with typed errors.
func TestRFC9449_4_3_ZeroAndNilVerifierRefuseWithoutPanicking(t *testing.T) {
	proof := vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil)
	for name, v := range map[string]*dpop.Verifier{"nil": nil, "zero": {}} {
		p, err := v.Verify(context.Background(), proof, vfReq)
		vfRefused(t, name+" Verify", p, err, dpop.ErrInvalidConfig)
		p, err = v.VerifyRequest(context.Background(), nil, "")
		vfRefused(t, name+" VerifyRequest", p, err, dpop.ErrInvalidConfig)
		if a := v.Algorithms(); a != nil {
			t.Errorf("%s Algorithms: %v", name, a)
		}
		if n, err := v.NewNonce(); n != "" || !errors.Is(err, dpop.ErrInvalidConfig) {
			t.Errorf("%s NewNonce: %q, %v", name, n, err)
		}
	}
	v := vfVerifier(t, vfConfig())
	//lint:ignore SA1012 a nil context is what is tested
	p, err := v.Verify(nil, proof, vfReq) //nolint:staticcheck
	vfAccepted(t, "nil context", p, err)
	var nilProof *dpop.Proof
	if err := nilProof.CheckBinding("x"); !errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("nil Proof CheckBinding: %v", err)
	}
	if err := new(dpop.Proof).CheckBinding("x"); !errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("zero Proof CheckBinding: %v", err)
	}
	if _, err := dpop.Thumbprint(nil); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("Thumbprint(nil): %v", err)
	}
	if _, err := dpop.Thumbprint(new(jwk.Key)); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("Thumbprint(zero): %v", err)
	}
}

// TestRFC9449_11_1_CancelledContextFailsClosed: the replay store's context
// is the caller's; a cancelled one refuses (replay.ErrUnavailable).
func TestRFC9449_11_1_CancelledContextFailsClosed(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, err := v.Verify(ctx, vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil), vfReq)
	vfRefused(t, "cancelled", p, err, replay.ErrUnavailable)
}
