package jwk_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// AKP keys (RFC 9964) under every Go version: what is refused as malformed
// is refused with ErrInvalidKey whether or not the build has crypto/mldsa
// (Go 1.27). akp_mldsa_test.go has the tests that need ML-DSA,
// akp_nomldsa_test.go the refusal of well-formed keys by older Go.

// rfc9964Example is one of RFC 9964's JOSE examples, as the signing
// package's testdata holds them (see ../internal/signing/testdata/rfc9964/SOURCE.md).
type rfc9964Example struct {
	alg jwt.Algorithm
	// jwk is the example's private JWK, as the RFC prints it (kid, kty,
	// alg, pub, priv).
	jwk                  string
	kid, pub, priv       string
	jws                  string
	rawPub               string // hex
	pubSize, tokenLength int
}

// rfc9964Examples reads the three examples.
func rfc9964Examples(t testing.TB) []rfc9964Example {
	t.Helper()
	var out []rfc9964Example
	for _, c := range []struct {
		alg  jwt.Algorithm
		file string
		size int
	}{
		{jwt.MLDSA44, "ML_DSA_44", 1312},
		{jwt.MLDSA65, "ML_DSA_65", 1952},
		{jwt.MLDSA87, "ML_DSA_87", 2592},
	} {
		data, err := os.ReadFile("../internal/signing/testdata/rfc9964/" + c.file + ".jose.json")
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			JWK    json.RawMessage `json:"jwk"`
			JWS    string          `json:"jws"`
			RawPub string          `json:"raw_public_key"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		var m struct{ Kid, Kty, Alg, Pub, Priv string }
		if err := json.Unmarshal(doc.JWK, &m); err != nil {
			t.Fatal(err)
		}
		if m.Kty != "AKP" || m.Alg != string(c.alg) {
			t.Fatalf("%s: kty %q alg %q", c.file, m.Kty, m.Alg)
		}
		out = append(out, rfc9964Example{
			alg: c.alg, jwk: string(doc.JWK), kid: m.Kid, pub: m.Pub, priv: m.Priv,
			jws: doc.JWS, rawPub: doc.RawPub, pubSize: c.size, tokenLength: len(doc.JWS),
		})
	}
	return out
}

// akpJWK writes a JWK of the names and values given, in order, each value
// a JSON string but those marked with a leading '#', written as they are
// (base64url has no '#').
func akpJWK(members ...string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+1 < len(members); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		v, raw := strings.CutPrefix(members[i+1], "#")
		if !raw {
			v = `"` + v + `"`
		}
		b.WriteString(`"` + members[i] + `":` + v)
	}
	b.WriteByte('}')
	return b.String()
}

// malformedAKP are AKP keys broken in one way each, made from the RFC
// examples: ParseKey refuses each with ErrInvalidKey with any Go.
func malformedAKP(t testing.TB) []struct{ name, key string } {
	t.Helper()
	ex := rfc9964Examples(t)
	e44, e65, e87 := ex[0], ex[1], ex[2]
	var out []struct{ name, key string }
	add := func(name string, members ...string) {
		out = append(out, struct{ name, key string }{name, akpJWK(members...)})
	}
	add("no alg", "kty", "AKP", "pub", e44.pub)
	add("empty alg", "kty", "AKP", "alg", "", "pub", e44.pub)
	add("alg not a string", "kty", "AKP", "alg", "#44", "pub", e44.pub)
	add("alg of an EC key", "kty", "AKP", "alg", "ES256", "pub", e44.pub)
	add("alg of an RSA key", "kty", "AKP", "alg", "PS256", "pub", e44.pub)
	add("alg of an HMAC key", "kty", "AKP", "alg", "HS256", "pub", e44.pub)
	add("alg of an Ed25519 key", "kty", "AKP", "alg", "EdDSA", "pub", e44.pub)
	add("no pub", "kty", "AKP", "alg", "ML-DSA-44")
	add("priv without pub (pub is REQUIRED)", "kty", "AKP", "alg", "ML-DSA-44", "priv", e44.priv)
	add("empty pub", "kty", "AKP", "alg", "ML-DSA-44", "pub", "")
	add("pub not a string", "kty", "AKP", "alg", "ML-DSA-44", "pub", "#[1,2]")
	add("pub a number", "kty", "AKP", "alg", "ML-DSA-44", "pub", "#1312")
	add("pub with a JSON escape", "kty", "AKP", "alg", "ML-DSA-44", "pub", `\u0075`+e44.pub[1:])
	add("pub one octet short", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub[:len(e44.pub)-2])
	add("pub one octet long", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub[:len(e44.pub)-2]+"AAA")
	add("ML-DSA-65 pub under ML-DSA-44", "kty", "AKP", "alg", "ML-DSA-44", "pub", e65.pub)
	add("ML-DSA-44 pub under ML-DSA-87", "kty", "AKP", "alg", "ML-DSA-87", "pub", e44.pub)
	add("ML-DSA-87 pub under ML-DSA-65", "kty", "AKP", "alg", "ML-DSA-65", "pub", e87.pub)
	add("padded pub", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub+"==")
	add("standard-alphabet pub", "kty", "AKP", "alg", "ML-DSA-44", "pub", strings.NewReplacer("-", "+", "_", "/").Replace(e44.pub))
	add("pub with a line break", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub[:64]+`\n`+e44.pub[64:])
	add("pub with a space", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub[:64]+" "+e44.pub[64:])
	add("pub with trailing bits set", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub[:len(e44.pub)-1]+trailingBitsSet(e44.pub[len(e44.pub)-1]))
	add("pub of ML-DSA-65 with trailing bits set", "kty", "AKP", "alg", "ML-DSA-65", "pub", e65.pub[:len(e65.pub)-1]+trailingBitsSet(e65.pub[len(e65.pub)-1]))
	add("empty priv", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub, "priv", "")
	add("priv not a string", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub, "priv", "#0")
	add("priv of 31 octets", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub, "priv", strings.Repeat("A", 41)+"Q")
	add("priv of 33 octets", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub, "priv", strings.Repeat("A", 44))
	add("priv of 64 octets (a seed and more)", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub, "priv", strings.Repeat("A", 86))
	add("priv as the expanded private key", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub, "priv", strings.Repeat("A", 2560*4/3+1))
	add("padded priv", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub, "priv", e44.priv+"=")
	add("priv with trailing bits set", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub, "priv", e44.priv[:len(e44.priv)-1]+"B")
	add("duplicate pub", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub, "pub", e44.pub)
	add("duplicate alg", "kty", "AKP", "alg", "ML-DSA-44", "alg", "ML-DSA-65", "pub", e44.pub)
	add("look-alike Pub", "kty", "AKP", "alg", "ML-DSA-44", "pub", e44.pub, "Pub", e44.pub)
	return out
}

// trailingBitsSet returns the base64url character after c, which has the
// same leading bits but some of the unused low bits set (c ends a
// canonical encoding, so its unused bits are zero).
func trailingBitsSet(c byte) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	return string(alphabet[strings.IndexByte(alphabet, c)+1])
}

// TestAKP_MalformedKeysAreInvalid_AnyGoVersion: RFC 9964 section 2 ("alg"
// REQUIRED, "pub" REQUIRED) and sections 3 and 4 (the sizes of "pub" and
// "priv" for the parameter set), with jwk's strict base64url: each broken
// key is ErrInvalidKey (not ErrUnsupportedKeyType) from ParseKey, skipped
// and listed by ParseSet beside a good key that still verifies, and a set
// of it alone fails, with Go 1.26 as with Go 1.27.
func TestAKP_MalformedKeysAreInvalid_AnyGoVersion(t *testing.T) {
	tok := mustSign(t, jwt.HS256, mustB64(hmac), "h")
	for _, c := range malformedAKP(t) {
		t.Run(c.name, func(t *testing.T) {
			_, keyErr := jwk.ParseKey([]byte(c.key))
			if !errors.Is(keyErr, jwk.ErrInvalidKey) || errors.Is(keyErr, jwk.ErrUnsupportedKeyType) || !errors.Is(keyErr, jwt.ErrInvalidKey) {
				t.Fatalf("ParseKey = %v, want ErrInvalidKey", keyErr)
			}
			s, err := jwk.ParseSet([]byte(`{"keys":[` + c.key + `,` + goodOct + `]}`))
			if err != nil {
				t.Fatalf("ParseSet: %v", err)
			}
			if sk := s.Skipped(); s.Len() != 1 || len(sk) != 1 || !errors.Is(sk[0], jwk.ErrInvalidKey) || !strings.HasPrefix(sk[0].Error(), "key 0") {
				t.Fatalf("%d keys, Skipped() = %v", s.Len(), sk)
			}
			if _, err := jwt.Parse(tok, s); err != nil {
				t.Fatalf("the good key beside the odd AKP key: %v", err)
			}
			if _, err := jwk.ParseSet([]byte(`{"keys":[` + c.key + `]}`)); !errors.Is(err, jwk.ErrInvalidKey) {
				t.Fatalf("a set of the odd key alone: %v", err)
			}
			t.Logf("%v", keyErr)
		})
	}
}

// TestAKP_UnknownAlgorithmIsAnUnsupportedKey: AKP is generic (RFC 9964
// section 2, "for use with algorithms not limited to those registered in
// this document"): a key for an algorithm not implemented here (SLH-DSA, a
// future one) is ErrUnsupportedKeyType, not ErrInvalidKey, and ParseSet
// skips it as it skips an unknown "kty", so a set of such keys alone is an
// empty set rather than an error.
func TestAKP_UnknownAlgorithmIsAnUnsupportedKey(t *testing.T) {
	for _, key := range []string{
		akpJWK("kty", "AKP", "alg", "SLH-DSA-SHA2-128s", "pub", "AAAA"),
		akpJWK("kty", "AKP", "alg", "ML-DSA-1024", "pub", "AAAA", "priv", "AAAA"),
		akpJWK("kid", "x", "kty", "AKP", "alg", "FN-DSA-512", "pub", "AAAA"),
		akpJWK("kty", "AKP", "alg", "ml-dsa-44", "pub", "AAAA"), // names are case-sensitive (RFC 7515 section 4.1.1)
	} {
		_, err := jwk.ParseKey([]byte(key))
		if !errors.Is(err, jwk.ErrUnsupportedKeyType) || errors.Is(err, jwk.ErrInvalidKey) || !errors.Is(err, jwt.ErrInvalidKey) {
			t.Fatalf("ParseKey(%s) = %v, want ErrUnsupportedKeyType", key, err)
		}
		s, err := jwk.ParseSet([]byte(`{"keys":[` + key + `]}`))
		if err != nil || s.Len() != 0 || len(s.Skipped()) != 1 || !errors.Is(s.Skipped()[0], jwk.ErrUnsupportedKeyType) {
			t.Fatalf("ParseSet: %v, %v", err, s)
		}
	}
}

// TestAKP_PubAndPrivOfOtherKeyTypesAreCheckedAsBase64url: "pub" and "priv"
// join the base64url members every key is read with (as "x" or "d" in an
// RSA key are): a non-string one is refused in any key, a well-formed one
// is ignored by the other key types.
func TestAKP_PubAndPrivOfOtherKeyTypesAreCheckedAsBase64url(t *testing.T) {
	if _, err := jwk.ParseKey([]byte(`{"kty":"oct","k":"` + hmac + `","pub":1}`)); !errors.Is(err, jwk.ErrInvalidKey) {
		t.Fatalf(`oct key with "pub":1: %v`, err)
	}
	k, err := jwk.ParseKey([]byte(`{"kty":"oct","k":"` + hmac + `","pub":"AAAA","priv":"AAAA"}`))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := k.MarshalJSON(); strings.Contains(string(b), "pub") {
		t.Fatalf("an oct key's ignored pub was kept: %s", b)
	}
}
