package dpop_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// A client makes a proof for a token request (RFC 9449 section 4.2); the
// query is not part of "htu". JKT is the thumbprint an authorization
// request's dpop_jkt names (section 10) and the token's "cnf" "jkt" holds.
func ExampleSigner_Proof() {
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer, err := dpop.NewSigner(jwt.EdDSA, key)
	if err != nil {
		panic(err)
	}
	proof, err := signer.Proof("POST", "https://server.example.com/token?ignored=1", dpop.ProofOptions{})
	if err != nil {
		panic(err)
	}
	parts := strings.Split(proof, ".")
	var header struct {
		Typ string         `json:"typ"`
		Alg string         `json:"alg"`
		JWK map[string]any `json:"jwk"`
	}
	var claims struct {
		HTM string `json:"htm"`
		HTU string `json:"htu"`
	}
	h, _ := base64.RawURLEncoding.DecodeString(parts[0])
	c, _ := base64.RawURLEncoding.DecodeString(parts[1])
	_ = json.Unmarshal(h, &header)
	_ = json.Unmarshal(c, &claims)
	fmt.Println(header.Typ, header.Alg, header.JWK["kty"], header.JWK["d"] == nil)
	fmt.Println(claims.HTM, claims.HTU)
	fmt.Println(len(signer.JKT()))
	// Output:
	// dpop+jwt EdDSA OKP true
	// POST https://server.example.com/token
	// 43
}
