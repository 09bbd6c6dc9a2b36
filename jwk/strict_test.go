package jwk_test

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

const (
	p256X = "MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4"
	p256Y = "4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM"
	p256D = "870MB6gfuTJ4HtUnUvYMyJpr5eUZNP4Bk43bVdj3eAE"
	edX   = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"
	edD   = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"
	rsaN  = "n4EPtAOCc9AlkeQHPzHStgAbgs7bTZLwUBZdR8_KuKPEHLd4rHVTeT-O-XV2jRojdNhxJWTDvNd7nqQ0VEiZQHz_AJmSCpMaJMRBSFKrKb2wqVwGU_NsYOYL-QtiWN2lbzcEe6XC0dApr5ydQLrHqkHHig3RBordaZ6Aj-oBHqFEHYpPe7Tpe-OfVfHd1E6cS6M1FZcD1NNLYD5lFHpPI9bTwJlsde3uhGqC0ZCuEHg8lhzwOHrtIQbS0FVbb9k3-tVTU4fg_3L_vniUFAKwuCLqKnS2BYwdq_mzSnbLY7h_qixoR7jig3__kRhuaxwUkRz5iaiQkqgc5gHdrNP5zw"
	hmac  = "hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg"
)

func ec(members string) string { return `{"kty":"EC","crv":"P-256",` + members + `}` }

// withLeadingZero re-encodes a base64url integer with a zero octet in front.
func withLeadingZero(s string) string {
	b, _ := base64.RawURLEncoding.DecodeString(s)
	return base64.RawURLEncoding.EncodeToString(append([]byte{0}, b...))
}

// rsaPrivateWith returns RFC 7520's RSA private key with one member replaced.
func rsaPrivateWith(name, value string) string {
	k, err := jwk.ParseKey([]byte(rfc7520RSAPrivate))
	if err != nil {
		panic(err)
	}
	b, _ := k.MarshalJSON()
	s := string(b)
	i := strings.Index(s, `"`+name+`":"`)
	j := strings.Index(s[i+len(name)+4:], `"`)
	return s[:i+len(name)+4] + value + s[i+len(name)+4+j:]
}

func TestParseKeyRefusesMalformedKeys(t *testing.T) {
	weakRSA, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	weakN := base64.RawURLEncoding.EncodeToString(weakRSA.N.Bytes())
	offCurveY := base64.RawURLEncoding.EncodeToString(new(big.Int).Add(new(big.Int).SetBytes(mustB64(p256Y)), big.NewInt(1)).FillBytes(make([]byte, 32)))
	tests := []struct {
		name string
		src  string
		want error
	}{
		// RFC 7517 section 4 / RFC 8259: the JSON itself.
		{"not JSON", `{"kty":`, jwk.ErrInvalidKey},
		{"not an object", `["kty"]`, jwk.ErrInvalidKey},
		{"trailing data", ec(`"x":"` + p256X + `","y":"` + p256Y + `"} {}`), jwk.ErrInvalidKey},
		{"RFC 7517 section 4: duplicate member names", ec(`"x":"` + p256X + `","x":"` + p256X + `","y":"` + p256Y + `"`), jwk.ErrInvalidKey},
		{"duplicate kty", `{"kty":"oct","kty":"oct","k":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"duplicate names in a nested member", ec(`"x":"` + p256X + `","y":"` + p256Y + `","ext":{"a":1,"a":2}`), jwk.ErrInvalidKey},
		{"invalid UTF-8", "{\"kty\":\"oct\",\"kid\":\"\xff\",\"k\":\"" + hmac + "\"}", jwk.ErrInvalidKey},
		{"missing kty", `{"k":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"kty not a string", `{"kty":1,"k":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"kid not a string", `{"kty":"oct","kid":1,"k":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"alg not a string", `{"kty":"oct","alg":["HS256"],"k":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"use not a string", `{"kty":"oct","use":true,"k":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"key_ops not an array", `{"kty":"oct","key_ops":"verify","k":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"key_ops of non-strings", `{"kty":"oct","key_ops":[1],"k":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"RFC 7517 section 4.3: duplicate key_ops", `{"kty":"oct","key_ops":["verify","verify"],"k":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"RFC 7517 section 4.3: use contradicts key_ops", `{"kty":"oct","use":"sig","key_ops":["encrypt"],"k":"` + hmac + `"}`, jwk.ErrInvalidKey},
		// RFC 7515 section 2: canonical base64url.
		{"padded base64url", `{"kty":"oct","k":"` + hmac + `="}`, jwk.ErrInvalidKey},
		{"standard base64 alphabet", `{"kty":"oct","k":"` + strings.ReplaceAll(strings.ReplaceAll(hmac, "-", "+"), "_", "/") + `"}`, jwk.ErrInvalidKey},
		{"escaped line break inside base64url", `{"kty":"oct","k":"` + hmac[:20] + `\n` + hmac[20:] + `"}`, jwk.ErrInvalidKey},
		{"JSON escape of a base64url character", `{"kty":"oct","k":"\u0068` + hmac[1:] + `"}`, jwk.ErrInvalidKey},
		{"non-zero unused bits", ec(`"x":"` + p256X[:42] + `5","y":"` + p256Y + `"`), jwk.ErrInvalidKey},
		{"impossible length", `{"kty":"oct","k":"` + hmac + `AA"}`, jwk.ErrInvalidKey},
		{"base64url member not a string", `{"kty":"oct","k":123}`, jwk.ErrInvalidKey},
		{"empty k", `{"kty":"oct","k":""}`, jwk.ErrInvalidKey},
		// RFC 7518 section 6.2: EC keys.
		{"EC without crv", `{"kty":"EC","x":"` + p256X + `","y":"` + p256Y + `"}`, jwk.ErrInvalidKey},
		{"EC without y", ec(`"x":"` + p256X + `"`), jwk.ErrInvalidKey},
		{"RFC 7518 section 6.2.1.2: x shorter than the coordinate", ec(`"x":"` + base64.RawURLEncoding.EncodeToString(mustB64(p256X)[1:]) + `","y":"` + p256Y + `"`), jwk.ErrInvalidKey},
		{"x longer than the coordinate", ec(`"x":"` + withLeadingZero(p256X) + `","y":"` + p256Y + `"`), jwk.ErrInvalidKey},
		{"point not on the curve", ec(`"x":"` + p256X + `","y":"` + offCurveY + `"`), jwk.ErrInvalidKey},
		{"point at infinity (0,0)", ec(`"x":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","y":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"`), jwk.ErrInvalidKey},
		{"coordinate not reduced modulo p", ec(`"x":"_____________________________________________w","y":"` + p256Y + `"`), jwk.ErrInvalidKey},
		{"d does not match the point", ec(`"x":"` + p256X + `","y":"` + p256Y + `","d":"` + hmac + `"`), jwk.ErrInvalidKey},
		{"d of zero", ec(`"x":"` + p256X + `","y":"` + p256Y + `","d":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"`), jwk.ErrInvalidKey},
		{"alg of another curve", ec(`"x":"` + p256X + `","y":"` + p256Y + `","alg":"ES384"`), jwk.ErrInvalidKey},
		{"alg of another family", ec(`"x":"` + p256X + `","y":"` + p256Y + `","alg":"RS256"`), jwk.ErrInvalidKey},
		// RFC 7518 section 6.3: RSA keys.
		{"RSA without e", `{"kty":"RSA","n":"` + rsaN + `"}`, jwk.ErrInvalidKey},
		{"RFC 7518 section 2: n with a leading zero octet", `{"kty":"RSA","n":"` + withLeadingZero(rsaN) + `","e":"AQAB"}`, jwk.ErrInvalidKey},
		{"e with a leading zero octet", `{"kty":"RSA","n":"` + rsaN + `","e":"AAEAAQ"}`, jwk.ErrInvalidKey},
		{"even e", `{"kty":"RSA","n":"` + rsaN + `","e":"AQAA"}`, jwk.ErrInvalidKey},
		{"e of 1", `{"kty":"RSA","n":"` + rsaN + `","e":"AQ"}`, jwk.ErrInvalidKey},
		{"e of zero", `{"kty":"RSA","n":"` + rsaN + `","e":"AA"}`, jwk.ErrInvalidKey},
		{"huge e", `{"kty":"RSA","n":"` + rsaN + `","e":"AQAAAAAB"}`, jwk.ErrInvalidKey},
		{"RFC 7518 section 3.3: 1024-bit modulus", `{"kty":"RSA","n":"` + weakN + `","e":"AQAB"}`, jwk.ErrWeakKey},
		{"private without primes", `{"kty":"RSA","n":"` + rsaN + `","e":"AQAB","d":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"primes without d", `{"kty":"RSA","n":"` + rsaN + `","e":"AQAB","p":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"dp does not match", rsaPrivateWith("dp", hmac), jwk.ErrInvalidKey},
		{"q does not match n", rsaPrivateWith("q", hmac), jwk.ErrInvalidKey},
		{"d does not match", rsaPrivateWith("d", hmac), jwk.ErrInvalidKey},
		{"alg of another family", `{"kty":"RSA","n":"` + rsaN + `","e":"AQAB","alg":"ES256"}`, jwk.ErrInvalidKey},
		// RFC 8037: OKP keys.
		{"Ed25519 x of 31 octets", `{"kty":"OKP","crv":"Ed25519","x":"` + base64.RawURLEncoding.EncodeToString(mustB64(edX)[1:]) + `"}`, jwk.ErrInvalidKey},
		{"Ed25519 d does not match x", `{"kty":"OKP","crv":"Ed25519","x":"` + edX + `","d":"` + hmac + `"}`, jwk.ErrInvalidKey},
		{"OKP without crv", `{"kty":"OKP","x":"` + edX + `"}`, jwk.ErrInvalidKey},
		// RFC 7518 section 3.2: HMAC key sizes.
		{"oct of 31 octets", `{"kty":"oct","k":"` + base64.RawURLEncoding.EncodeToString(make([]byte, 31)) + `"}`, jwk.ErrWeakKey},
		{"HS512 key of 32 octets", `{"kty":"oct","alg":"HS512","k":"` + hmac + `"}`, jwk.ErrWeakKey},
		// Unsupported types: refused as a single key.
		{"unknown kty", `{"kty":"XYZ","k":"` + hmac + `"}`, jwk.ErrUnsupportedKeyType},
		{"kty is case-sensitive", `{"kty":"rsa","n":"` + rsaN + `","e":"AQAB"}`, jwk.ErrUnsupportedKeyType},
		{"EC secp256k1", `{"kty":"EC","crv":"secp256k1","x":"` + p256X + `","y":"` + p256Y + `"}`, jwk.ErrUnsupportedKeyType},
		{"OKP X25519", `{"kty":"OKP","crv":"X25519","x":"` + edX + `"}`, jwk.ErrUnsupportedKeyType},
		{"OKP Ed448", `{"kty":"OKP","crv":"Ed448","x":"` + edX + `"}`, jwk.ErrUnsupportedKeyType},
		{"multi-prime RSA", `{"kty":"RSA","n":"` + rsaN + `","e":"AQAB","oth":[]}`, jwk.ErrUnsupportedKeyType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := jwk.ParseKey([]byte(tt.src))
			if !errors.Is(err, tt.want) || !errors.Is(err, jwt.ErrInvalidKey) {
				t.Fatalf("ParseKey = %v, %v; want %v (and jwt.ErrInvalidKey)", k, err, tt.want)
			}
			if errors.Is(tt.want, jwk.ErrUnsupportedKeyType) == errors.Is(err, jwk.ErrInvalidKey) {
				t.Fatalf("unsupported and invalid must stay distinguishable: %v", err)
			}
		})
	}
}

func mustB64(s string) []byte {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func TestParseKeyAcceptsValidVariants(t *testing.T) {
	for _, src := range []string{
		ec(`"x":"` + p256X + `","y":"` + p256Y + `","d":"` + p256D + `"`),
		ec(`"x":"` + p256X + `","y":"` + p256Y + `","x5c":["not checked"],"ext":true,"unknown":{"a":[1]}`),
		`{"kty":"OKP","crv":"Ed25519","x":"` + edX + `","alg":"Ed25519"}`,
		`{"kty":"oct","alg":"HS256","use":"sig","key_ops":["sign","verify"],"k":"` + hmac + `"}`,
		`{"kty":"oct","key_ops":[],"k":"` + hmac + `"}`,
		"\n {\"kty\" : \"oct\" , \"k\" : \"" + hmac + "\" } \n",
		`{"kty":"RSA","n":"` + rsaN + `","e":"AQAB","alg":"RSA-OAEP","use":"enc"}`,
	} {
		if _, err := jwk.ParseKey([]byte(src)); err != nil {
			t.Errorf("ParseKey(%s): %v", src, err)
		}
	}
}

func TestParseSetSkipsUnsupportedAndInvalidKeys_RFC7517_5(t *testing.T) {
	good := `{"kty":"oct","kid":"h","k":"` + hmac + `"}`
	tests := []struct {
		name    string
		src     string
		keys    int
		skipped int
		want    error
	}{
		{"RFC 7517 section 5: unknown kty skipped", `{"keys":[{"kty":"XYZ"},` + good + `]}`, 1, 1, nil},
		{"unknown crv skipped", `{"keys":[{"kty":"OKP","crv":"X25519","x":"` + edX + `"},{"kty":"EC","crv":"P-192","x":"AA","y":"AA"},` + good + `]}`, 1, 2, nil},
		{"multi-prime RSA skipped", `{"keys":[{"kty":"RSA","n":"` + rsaN + `","e":"AQAB","oth":[]},` + good + `]}`, 1, 1, nil},
		{"empty set", `{"keys":[]}`, 0, 0, nil},
		{"other members ignored", `{"keys":[` + good + `],"issuer":"x"}`, 1, 0, nil},
		{"invalid key skipped beside a good one", `{"keys":[` + good + `,{"kty":"oct","k":"` + hmac + `="}]}`, 1, 1, nil},
		{"weak key skipped beside a good one", `{"keys":[{"kty":"oct","k":"AAAA"},` + good + `]}`, 1, 1, nil},
		{"a set of only invalid keys fails", `{"keys":[{"kty":"oct","k":"` + hmac + `="}]}`, 0, 0, jwk.ErrInvalidKey},
		{"a set of only weak keys fails", `{"keys":[{"kty":"oct","k":"AAAA"}]}`, 0, 0, jwk.ErrWeakKey},
		{"a set of only a key without kty fails", `{"keys":[{}]}`, 0, 0, jwk.ErrInvalidKey},
		{"key without kty skipped beside a good one", `{"keys":[{},` + good + `]}`, 1, 1, nil},
		{"key that is not an object", `{"keys":["x"]}`, 0, 0, jwk.ErrInvalidKey},
		{"no keys member", `{"key":[]}`, 0, 0, jwk.ErrInvalidSet},
		{"keys not an array", `{"keys":{}}`, 0, 0, jwk.ErrInvalidSet},
		{"duplicate keys member", `{"keys":[],"keys":[` + good + `]}`, 0, 0, jwk.ErrInvalidSet},
		{"top-level array", `[` + good + `]`, 0, 0, jwk.ErrInvalidSet},
		{"garbage", `<html>oops</html>`, 0, 0, jwk.ErrInvalidSet},
		{"empty", ``, 0, 0, jwk.ErrInvalidSet},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := jwk.ParseSet([]byte(tt.src))
			if tt.want != nil {
				if !errors.Is(err, tt.want) || !errors.Is(err, jwt.ErrInvalidKey) {
					t.Fatalf("ParseSet error %v, want %v", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Len() != tt.keys || len(s.Skipped()) != tt.skipped {
				t.Fatalf("%d keys, skipped %v; want %d and %d", s.Len(), s.Skipped(), tt.keys, tt.skipped)
			}
			for _, e := range s.Skipped() {
				if !errors.Is(e, jwk.ErrUnsupportedKeyType) && !errors.Is(e, jwk.ErrInvalidKey) {
					t.Fatalf("skipped for %v", e)
				}
			}
		})
	}
}

func TestNewKeyAppliesParseKeyRules(t *testing.T) {
	k := testKeys()
	tests := []struct {
		name string
		key  any
		p    jwk.Params
		want error
	}{
		{"nil", nil, jwk.Params{}, jwk.ErrInvalidKey},
		{"short HMAC secret", make([]byte, 16), jwk.Params{}, jwk.ErrWeakKey},
		{"unsupported Go type", "secret", jwk.Params{}, jwk.ErrUnsupportedKeyType},
		{"alg of another curve", &k.ec256.PublicKey, jwk.Params{Algorithm: "ES512"}, jwk.ErrInvalidKey},
		{"duplicate key_ops", k.hmac, jwk.Params{KeyOps: []string{"sign", "sign"}}, jwk.ErrInvalidKey},
		{"use enc with key_ops verify", k.hmac, jwk.Params{Use: "enc", KeyOps: []string{"verify"}}, jwk.ErrInvalidKey},
		{"good", k.ec521, jwk.Params{KeyID: "x", Algorithm: "ES512"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := jwk.NewKey(tt.key, tt.p)
			if (tt.want == nil) != (err == nil) || tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("NewKey error %v, want %v", err, tt.want)
			}
		})
	}
}

// FuzzParseSet: ParseSet and ParseKey never panic, and whatever they accept
// marshals to JSON they accept again.
func FuzzParseSet(f *testing.F) {
	for _, s := range []string{rfc7517A1, rfc7517A2, rfc7517A3, rfc7517B, rfc7520ECPrivate, rfc7520RSAPrivate, rfc8037Private, `{"keys":[{"kty":"XYZ"}]}`,
		`{"keys":[{"kty":"oct","k":"` + hmac + `","k":"` + hmac + `"},{"kty":"oct","kid":7,"k":"` + hmac + `"},` + goodOct + `],"x":{"a":1}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if s, err := jwk.ParseSet(data); err == nil {
			if _, err := jwk.ParseSet(mustJSON(t, s)); err != nil {
				t.Fatalf("re-parse: %v", err)
			}
		}
		if k, err := jwk.ParseKey(data); err == nil {
			b, err := k.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := jwk.ParseKey(b); err != nil {
				t.Fatalf("re-parse %s: %v", b, err)
			}
		}
	})
}
