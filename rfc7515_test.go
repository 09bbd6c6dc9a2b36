package jwt_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"encoding/base64"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/signing"
)

// The examples of RFC 7515 appendix A, as published: the JWK members of each
// key and the compact tokens.
const (
	// A.1: HS256. The JWK "k" member (64 bytes).
	rfcA1Key   = "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"
	rfcA1Token = "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ" +
		".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"

	// A.2: RS256. The JWK members n, e, d, p, q.
	rfcA2N = "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ"
	rfcA2E = "AQAB"
	rfcA2D = "Eq5xpGnNCivDflJsRQBXHx1hdR1k6Ulwe2JZD50LpXyWPEAeP88vLNO97IjlA7_GQ5sLKMgvfTeXZx9SE-7YwVol2NXOoAJe46sui395IW_GO-pWJ1O0BkTGoVEn2bKVRUCgu-GjBVaYLU6f3l9kJfFNS3E0QbVdxzubSu3Mkqzjkn439X0M_V51gfpRLI9JYanrC4D4qAdGcopV_0ZHHzQlBjudU2QvXt4ehNYTCBr6XCLQUShb1juUO1ZdiYoFaFQT5Tw8bGUl_x_jTj3ccPDVZFD9pIuhLhBOneufuBiB4cS98l2SR_RQyGWSeWjnczT0QU91p1DhOVRuOopznQ"
	rfcA2P = "4BzEEOtIpmVdVEZNCqS7baC4crd0pqnRH_5IB3jw3bcxGn6QLvnEtfdUdiYrqBdss1l58BQ3KhooKeQTa9AB0Hw_Py5PJdTJNPY8cQn7ouZ2KKDcmnPGBY5t7yLc1QlQ5xHdwW1VhvKn-nXqhJTBgIPgtldC-KDV5z-y2XDwGUc"
	rfcA2Q = "uQPEfgmVtjL0Uyyx88GZFF1fOunH3-7cepKmtH4pxhtCoHqpWmT8YAmZxaewHgHAjLYsp1ZSe7zFYHj7C6ul7TjeLQeZD_YwD66t62wDmpe_HlB-TnBA-njbglfIsRLtXlnDzQkv5dTltRJ11BKBBypeeF6689rjcJIDEz9RWdc"

	rfcA2Token = "eyJhbGciOiJSUzI1NiJ9" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ" +
		".cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw"

	// A.3: ES256. The JWK members x, y, d (P-256).
	rfcA3X     = "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU"
	rfcA3Y     = "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"
	rfcA3D     = "jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI"
	rfcA3Token = "eyJhbGciOiJFUzI1NiJ9" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ" +
		".DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"

	// A.4: ES512. The JWK members x, y, d (P-521). The payload is the
	// ASCII string "Payload", not a JWT claims set.
	rfcA4X     = "AekpBQ8ST8a8VcfVOTNl353vSrDCLLJXmPk06wTjxrrjcBpXp5EOnYG_NjFZ6OvLFV1jSfS9tsz4qUxcWceqwQGk"
	rfcA4Y     = "ADSmRA43Z1DSNx_RvcLI87cdL07l6jQyyBXMoxVg_l2Th-x3S1WDhjDly79ajL4Kkd0AZMaZmh9ubmf63e3kyMj2"
	rfcA4D     = "AY5pb7A0UFiB3RELSD64fTLOSV_jazdF7fLYyuTw8lOfRhWg6Y6rUrPAxerEzgdRhajnu0ferB0d53vM9mE15j2C"
	rfcA4Token = "eyJhbGciOiJFUzUxMiJ9" +
		".UGF5bG9hZA" +
		".AdwMgeerwtHoh-l192l60hp9wAHZFVJbLfD_UxMi70cwnZOYaRI1bKPWROc-mZZqwqT2SI-KGDKB34XO0aw_7XdtAG8GaSwFKdCAPZgoXD2YBJZCPEX3xKpRwcdOO8KpEHwJjyqOgzDO7iKvU8vcnwNrmxYbSW9ERBXukOXolLzeO_Jn"

	// A.5: an Unsecured JWS, {"alg":"none"} with the A.1 claims and an
	// empty signature.
	rfcA5Token = "eyJhbGciOiJub25lIn0" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ" +
		"."

	// rfcExp is the "exp" of the A.1–A.3 claims: 2011-03-22T18:43:00Z.
	rfcExp = 1300819380
)

// rfcBeforeExp is a clock one hour before the examples' "exp".
func rfcBeforeExp() time.Time { return time.Unix(rfcExp-3600, 0) }

// vecB64 decodes an unpadded base64url JWK member.
func vecB64(t testing.TB, s string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		t.Fatalf("bad base64url %q: %v", s, err)
	}
	return b
}

// vecInt decodes a JWK integer member (big-endian, base64url).
func vecInt(t testing.TB, s string) *big.Int {
	t.Helper()
	return new(big.Int).SetBytes(vecB64(t, s))
}

// vecRSAPublic builds an RSA public key from the JWK members n and e.
func vecRSAPublic(t testing.TB, n, e string) *rsa.PublicKey {
	t.Helper()
	ev := vecInt(t, e)
	if !ev.IsInt64() || ev.Int64() > 1<<31-1 {
		t.Fatalf("RSA exponent %v out of range", ev)
	}
	return &rsa.PublicKey{N: vecInt(t, n), E: int(ev.Int64())}
}

// vecRSAPrivate builds an RSA private key from the JWK members n, e, d, p, q.
func vecRSAPrivate(t testing.TB, n, e, d, p, q string) *rsa.PrivateKey {
	t.Helper()
	k := &rsa.PrivateKey{
		PublicKey: *vecRSAPublic(t, n, e),
		D:         vecInt(t, d),
		Primes:    []*big.Int{vecInt(t, p), vecInt(t, q)},
	}
	if err := k.Validate(); err != nil {
		t.Fatalf("RSA JWK does not form a valid key: %v", err)
	}
	k.Precompute()
	return k
}

// vecCurve maps a JWK "crv" to its curve.
func vecCurve(t testing.TB, crv string) elliptic.Curve {
	t.Helper()
	switch crv {
	case "P-256":
		return elliptic.P256()
	case "P-384":
		return elliptic.P384()
	case "P-521":
		return elliptic.P521()
	}
	t.Fatalf("unsupported curve %q", crv)
	return nil
}

// vecECPublic builds an ECDSA public key from the JWK members crv, x, y and
// checks that the point is on the curve.
func vecECPublic(t testing.TB, crv, x, y string) *ecdsa.PublicKey {
	t.Helper()
	c := vecCurve(t, crv)
	point := append(append([]byte{4}, vecFixed(t, c, x)...), vecFixed(t, c, y)...)
	k, err := ecdsa.ParseUncompressedPublicKey(c, point)
	if err != nil {
		t.Fatalf("EC JWK point is not on %s: %v", crv, err)
	}
	return k
}

// vecECPrivate builds an ECDSA private key from the JWK members crv, x, y, d.
func vecECPrivate(t testing.TB, crv, x, y, d string) *ecdsa.PrivateKey {
	t.Helper()
	pub := vecECPublic(t, crv, x, y)
	k, err := ecdsa.ParseRawPrivateKey(pub.Curve, vecFixed(t, pub.Curve, d))
	if err != nil {
		t.Fatalf("EC JWK private key is invalid: %v", err)
	}
	if !k.PublicKey.Equal(pub) {
		t.Fatalf("EC JWK private key does not match x and y")
	}
	return k
}

// vecFixed decodes an EC JWK coordinate or scalar, left-padded to the
// curve's size.
func vecFixed(t testing.TB, c elliptic.Curve, s string) []byte {
	t.Helper()
	b := vecB64(t, s)
	size := (c.Params().BitSize + 7) / 8
	if len(b) > size {
		t.Fatalf("EC JWK member of %d octets, want at most %d", len(b), size)
	}
	return append(make([]byte, size-len(b)), b...)
}

// vecSplit returns a compact token's signing input and decoded signature.
func vecSplit(t testing.TB, tok string) (input string, sig []byte) {
	t.Helper()
	i := strings.LastIndexByte(tok, '.')
	if i < 0 {
		t.Fatalf("not a compact token: %q", tok)
	}
	return tok[:i], vecB64(t, tok[i+1:])
}

// rfcExample is one example of RFC 7515 appendix A.
type rfcExample struct {
	name   string
	token  string
	alg    jwt.Algorithm
	verify any  // the public key (or secret) to verify with
	sign   any  // the private key (or secret)
	isJWT  bool // the payload is a JWT claims set
}

func rfcExamples(t *testing.T) []rfcExample {
	a2 := vecRSAPrivate(t, rfcA2N, rfcA2E, rfcA2D, rfcA2P, rfcA2Q)
	a3 := vecECPrivate(t, "P-256", rfcA3X, rfcA3Y, rfcA3D)
	a4 := vecECPrivate(t, "P-521", rfcA4X, rfcA4Y, rfcA4D)
	return []rfcExample{
		{"A.1 HS256", rfcA1Token, jwt.HS256, vecB64(t, rfcA1Key), vecB64(t, rfcA1Key), true},
		{"A.2 RS256", rfcA2Token, jwt.RS256, vecRSAPublic(t, rfcA2N, rfcA2E), a2, true},
		{"A.3 ES256", rfcA3Token, jwt.ES256, vecECPublic(t, "P-256", rfcA3X, rfcA3Y), a3, true},
		{"A.4 ES512", rfcA4Token, jwt.ES512, vecECPublic(t, "P-521", rfcA4X, rfcA4Y), a4, false},
	}
}

// TestRFC7515AppendixA_PublishedSignaturesVerify checks each published
// signature at the signing layer, with the public key and with the private
// key (private keys are accepted for verifying).
func TestRFC7515AppendixA_PublishedSignaturesVerify(t *testing.T) {
	for _, ex := range rfcExamples(t) {
		t.Run(ex.name, func(t *testing.T) {
			input, sig := vecSplit(t, ex.token)
			for _, key := range []any{ex.verify, ex.sign} {
				vk, err := signing.NewVerifyingKey(key)
				if err != nil {
					t.Fatalf("NewVerifyingKey(%T): %v", key, err)
				}
				if err := vk.Verify(signing.Algorithm(ex.alg), []byte(input), sig); err != nil {
					t.Errorf("Verify with %T: %v", key, err)
				}
				// One flipped bit in the signed input must fail.
				bad := []byte(input)
				bad[len(bad)-1] ^= 1
				if err := vk.Verify(signing.Algorithm(ex.alg), bad, sig); !errors.Is(err, signing.ErrSignatureInvalid) {
					t.Errorf("Verify over altered input = %v, want ErrSignatureInvalid", err)
				}
			}
		})
	}
}

// TestRFC7515AppendixA_JWTExamplesParseBeforeExpiry parses the three
// examples that are JWTs (A.1–A.3) as tokens, with a clock before their
// "exp" (RFC 7519 section 4.1.4), through the map, struct and Verifier paths.
// The payload's CRLF line breaks are JSON white space.
func TestRFC7515AppendixA_JWTExamplesParseBeforeExpiry(t *testing.T) {
	for _, ex := range rfcExamples(t) {
		if !ex.isJWT {
			continue
		}
		t.Run(ex.name, func(t *testing.T) {
			clock := jwt.WithTimeFunc(rfcBeforeExp)
			tok, err := jwt.Parse(ex.token, ex.verify, clock)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if tok.Header.Algorithm != string(ex.alg) {
				t.Errorf("alg = %q, want %q", tok.Header.Algorithm, ex.alg)
			}
			if ex.alg == jwt.HS256 && tok.Header.Type != "JWT" {
				t.Errorf("typ = %q, want JWT", tok.Header.Type)
			}
			m, ok := tok.Claims.(map[string]any)
			if !ok {
				t.Fatalf("Claims is %T, want map[string]any", tok.Claims)
			}
			if m["iss"] != "joe" || m["exp"] != float64(rfcExp) || m["http://example.com/is_root"] != true || len(m) != 3 {
				t.Errorf("claims = %v", m)
			}

			var reg claims.Registered
			if _, err := jwt.ParseWithClaims(ex.token, &reg, ex.verify, clock); err != nil {
				t.Fatalf("ParseWithClaims: %v", err)
			}
			if reg.Issuer != "joe" || reg.ExpiresAt == nil || reg.ExpiresAt.Unix() != rfcExp {
				t.Errorf("registered claims = %+v", reg)
			}

			v, err := jwt.NewVerifier(ex.verify, clock, jwt.WithAlgorithms(ex.alg), jwt.WithIssuer("joe"), jwt.WithExpirationRequired())
			if err != nil {
				t.Fatalf("NewVerifier: %v", err)
			}
			if _, err := v.Parse(ex.token); err != nil {
				t.Errorf("Verifier.Parse: %v", err)
			}
		})
	}
}

// TestRFC7515AppendixA_JWTExamplesAreExpiredNow: with the real clock the
// examples' "exp" (March 2011) has passed, RFC 7519 section 4.1.4.
func TestRFC7515AppendixA_JWTExamplesAreExpiredNow(t *testing.T) {
	for _, ex := range rfcExamples(t) {
		if !ex.isJWT {
			continue
		}
		t.Run(ex.name, func(t *testing.T) {
			_, err := jwt.Parse(ex.token, ex.verify)
			if !errors.Is(err, jwt.ErrTokenExpired) {
				t.Fatalf("Parse = %v, want ErrTokenExpired", err)
			}
			at := jwt.WithTimeFunc(func() time.Time { return time.Unix(rfcExp, 0) })
			if _, err := jwt.Parse(ex.token, ex.verify, at); !errors.Is(err, jwt.ErrTokenExpired) {
				t.Errorf("Parse at exactly exp = %v, want ErrTokenExpired (now must be before exp)", err)
			}
		})
	}
}

// TestRFC7515AppendixA4_NonJSONPayloadIsNotAJWT: A.4's payload is the
// string "Payload". Its signature is valid (checked above), but a JWT's
// payload must be a JSON object (RFC 7519 section 7.2, step 10), so Parse
// refuses it as malformed, after the signature, never as a signature error.
func TestRFC7515AppendixA4_NonJSONPayloadIsNotAJWT(t *testing.T) {
	pub := vecECPublic(t, "P-521", rfcA4X, rfcA4Y)
	_, err := jwt.Parse(rfcA4Token, pub)
	if !errors.Is(err, jwt.ErrTokenMalformed) || errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Fatalf("Parse = %v, want ErrTokenMalformed only", err)
	}
	var reg claims.Registered
	if _, err := jwt.ParseWithClaims(rfcA4Token, &reg, pub); !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Errorf("ParseWithClaims = %v, want ErrTokenMalformed", err)
	}
}

// TestRFC7515AppendixA_AlteredExamplesFailSignature: one changed signature
// character makes each example fail with ErrSignatureInvalid only (the
// claims are never looked at, CVE-2024-51744).
func TestRFC7515AppendixA_AlteredExamplesFailSignature(t *testing.T) {
	for _, ex := range rfcExamples(t) {
		t.Run(ex.name, func(t *testing.T) {
			i := strings.LastIndexByte(ex.token, '.') + 1
			c := byte('A')
			if ex.token[i] == 'A' {
				c = 'B'
			}
			bad := ex.token[:i] + string(c) + ex.token[i+1:]
			_, err := jwt.Parse(bad, ex.verify, jwt.WithTimeFunc(rfcBeforeExp))
			if !errors.Is(err, jwt.ErrSignatureInvalid) || errors.Is(err, jwt.ErrTokenMalformed) {
				t.Fatalf("Parse = %v, want ErrSignatureInvalid only", err)
			}
		})
	}
}

// TestRFC7515AppendixA_DeterministicSignaturesAreReproduced signs the exact
// published signing input of A.1 (HMAC) and A.2 (RSASSA-PKCS1-v1_5, also
// deterministic) and gets the published signature. A.3 and A.4 are
// randomized (ECDSA): our signature over the same input must verify instead.
func TestRFC7515AppendixA_DeterministicSignaturesAreReproduced(t *testing.T) {
	for _, ex := range rfcExamples(t) {
		t.Run(ex.name, func(t *testing.T) {
			input, want := vecSplit(t, ex.token)
			sk, err := signing.NewSigningKey(signing.Algorithm(ex.alg), ex.sign)
			if err != nil {
				t.Fatalf("NewSigningKey: %v", err)
			}
			got, err := sk.AppendSign(nil, []byte(input))
			if err != nil {
				t.Fatalf("AppendSign: %v", err)
			}
			switch ex.alg {
			case jwt.HS256, jwt.RS256:
				if string(got) != string(want) {
					t.Fatalf("signature = %s, want the published %s",
						base64.RawURLEncoding.EncodeToString(got), base64.RawURLEncoding.EncodeToString(want))
				}
			default:
				if len(got) != len(want) {
					t.Fatalf("signature length %d, want %d", len(got), len(want))
				}
				vk, err := signing.NewVerifyingKey(ex.verify)
				if err != nil {
					t.Fatal(err)
				}
				if err := vk.Verify(signing.Algorithm(ex.alg), []byte(input), got); err != nil {
					t.Fatalf("our signature does not verify: %v", err)
				}
			}
		})
	}
}

// TestRFC7515AppendixA5_UnsecuredJWSIsRefused: the Unsecured JWS of A.5
// ("alg":"none", empty signature) is never accepted, whatever the key, the
// letter case of "none" or the options (RFC 8725 section 3.1); the refusal
// is ErrAlgorithmNotAllowed, decided before any cryptography.
func TestRFC7515AppendixA5_UnsecuredJWSIsRefused(t *testing.T) {
	keys := map[string]any{}
	for _, ex := range rfcExamples(t) {
		keys[ex.name] = ex.verify
	}
	payload := strings.Split(rfcA5Token, ".")[1]
	tokens := map[string]string{"published": rfcA5Token}
	for _, alg := range []string{"None", "NONE", "nOnE"} {
		hdr := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"` + alg + `"}`))
		tokens[alg] = hdr + "." + payload + "."
	}
	for tname, tok := range tokens {
		for kname, key := range keys {
			t.Run(tname+"/"+kname, func(t *testing.T) {
				_, err := jwt.Parse(tok, key, jwt.WithTimeFunc(rfcBeforeExp))
				if !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
					t.Fatalf("Parse = %v, want ErrAlgorithmNotAllowed", err)
				}
				kf := jwt.KeyFunc(func(*jwt.Header) (any, error) { return key, nil })
				if _, err := jwt.Parse(tok, kf, jwt.WithTimeFunc(rfcBeforeExp)); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
					t.Fatalf("Parse with KeyFunc = %v, want ErrAlgorithmNotAllowed", err)
				}
			})
		}
	}
	if _, err := signing.NewSigningKey("none", vecB64(t, rfcA1Key)); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
		t.Errorf(`NewSigningKey("none") = %v, want ErrAlgorithmNotAllowed`, err)
	}
	if _, err := jwt.Sign("none", map[string]any{"iss": "joe"}, vecB64(t, rfcA1Key)); err == nil {
		t.Errorf(`Sign("none") succeeded`)
	}
}
