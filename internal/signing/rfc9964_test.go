//go:build go1.27

package signing_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// rfc9964Example is one of RFC 9964's JOSE examples (Appendix "Examples",
// "JOSE"; testdata/rfc9964/SOURCE.md).
type rfc9964Example struct {
	Priv string `json:"priv"` // the seed, hex
	JWK  struct {
		Kid  string `json:"kid"`
		Kty  string `json:"kty"`
		Alg  string `json:"alg"`
		Pub  string `json:"pub"`
		Priv string `json:"priv"`
	} `json:"jwk"`
	JWS           string `json:"jws"`
	RawToBeSigned string `json:"raw_to_be_signed"`
	RawSignature  string `json:"raw_signature"`
	RawPublicKey  string `json:"raw_public_key"`
}

func loadRFC9964Example(t *testing.T, alg signing.Algorithm) *rfc9964Example {
	t.Helper()
	name := "ML_DSA_" + strings.TrimPrefix(string(alg), "ML-DSA-") + ".jose.json"
	data, err := os.ReadFile(filepath.Join("testdata", "rfc9964", name))
	if err != nil {
		t.Fatal(err)
	}
	var ex rfc9964Example
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ex); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &ex
}

// TestRFC9964_JOSEExamples checks the three JOSE examples of RFC 9964: the
// AKP key's "priv" is the 32-byte seed (all zeros) and expands, through
// NewMLDSAPrivateKey, to the example's "pub"; the kid is the RFC 7638
// thumbprint over "alg", "kty", "pub" (RFC 9964 section 5); the compact
// JWS's signing input and signature are the example's raw values; the
// signature verifies with the public key, the private key and a signer,
// and not with another ML-DSA algorithm, a changed input or a changed
// signature; our own signature with the example key verifies with the
// example's public key.
func TestRFC9964_JOSEExamples(t *testing.T) {
	b64 := base64.RawURLEncoding.Strict()
	for _, m := range mlAlgs {
		t.Run(string(m.alg), func(t *testing.T) {
			ex := loadRFC9964Example(t, m.alg)
			if ex.JWK.Kty != "AKP" || ex.JWK.Alg != string(m.alg) {
				t.Fatalf("kty %q alg %q", ex.JWK.Kty, ex.JWK.Alg)
			}
			seed := mustHex(t, ex.Priv)
			jwkSeed, err := b64.DecodeString(ex.JWK.Priv)
			if err != nil || !bytes.Equal(jwkSeed, seed) || len(seed) != 32 || !bytes.Equal(seed, make([]byte, 32)) {
				t.Fatalf("priv: JWK %x, hex %x (%v)", jwkSeed, seed, err)
			}
			rawPub := mustHex(t, ex.RawPublicKey)
			jwkPub, err := b64.DecodeString(ex.JWK.Pub)
			if err != nil || !bytes.Equal(jwkPub, rawPub) || len(rawPub) != m.params.PublicKeySize() {
				t.Fatalf("pub: JWK and raw differ or wrong size (%d bytes, %v)", len(rawPub), err)
			}
			priv, err := signing.NewMLDSAPrivateKey(m.alg, seed)
			if err != nil {
				t.Fatal(err)
			}
			alg, pub, _, err := signing.MLDSAKeyBytes(priv)
			if err != nil || alg != m.alg || !bytes.Equal(pub, rawPub) {
				t.Fatalf("the key from the seed has another public key (%s, %v)", alg, err)
			}
			// RFC 7638 with RFC 9964's members in lexicographic order.
			sum := sha256.Sum256([]byte(`{"alg":"` + ex.JWK.Alg + `","kty":"AKP","pub":"` + ex.JWK.Pub + `"}`))
			if kid := base64.RawURLEncoding.EncodeToString(sum[:]); kid != ex.JWK.Kid {
				t.Errorf("thumbprint %s, example kid %s", kid, ex.JWK.Kid)
			}

			parts := strings.Split(ex.JWS, ".")
			if len(parts) != 3 {
				t.Fatal("jws is not compact")
			}
			input := []byte(parts[0] + "." + parts[1])
			if !bytes.Equal(input, mustHex(t, ex.RawToBeSigned)) {
				t.Fatal("the JWS Signing Input is not raw_to_be_signed")
			}
			header, _ := b64.DecodeString(parts[0])
			if want := `{"alg":"` + string(m.alg) + `","kid":"` + ex.JWK.Kid + `"}`; string(header) != want {
				t.Errorf("header %s, want %s", header, want)
			}
			sig, err := b64.DecodeString(parts[2])
			if err != nil || !bytes.Equal(sig, mustHex(t, ex.RawSignature)) || len(sig) != m.params.SignatureSize() {
				t.Fatalf("signature: %d bytes, %v, or not raw_signature", len(sig), err)
			}
			pk, err := signing.NewMLDSAPublicKey(m.alg, jwkPub)
			if err != nil {
				t.Fatal(err)
			}
			for name, key := range map[string]any{"public key": pk, "private key": priv, "crypto.Signer": &kmsSigner{inner: priv}} {
				vk := mustVerifier(t, key)
				wantErr(t, name, vk.Verify(m.alg, input, sig), nil)
				wantErr(t, name+", changed input", vk.Verify(m.alg, append(bytes.Clone(input), 'x'), sig), signing.ErrSignatureInvalid)
				flipped := bytes.Clone(sig)
				flipped[len(flipped)/3] ^= 0x10
				wantErr(t, name+", flipped bit", vk.Verify(m.alg, input, flipped), signing.ErrSignatureInvalid)
				for _, o := range mlAlgs {
					if o.alg != m.alg {
						wantErr(t, name+" as "+string(o.alg), vk.Verify(o.alg, input, sig), signing.ErrAlgorithmNotAllowed)
					}
				}
			}
			ours := mustSign(t, m.alg, priv, input)
			wantErr(t, "our signature with the example key", mustVerifier(t, pk).Verify(m.alg, input, ours), nil)
			t.Logf("RFC 9964 %s example: a %d-byte compact JWS verifies (%s...)", m.alg, len(ex.JWS), hex.EncodeToString(sig[:8]))
		})
	}
}
