package pemkey_test

import (
	"crypto/rand"
	"crypto/rsa"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/pemkey"
)

// exampleKeyFiles stands in for reading key.pem and public.pem: it makes
// an RSA key and returns it as openssl genpkey and openssl pkey -pubout
// write it (PKCS#8 and SPKI PEM).
func exampleKeyFiles() (privatePEM, publicPEM []byte) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		log.Fatal(err)
	}
	if privatePEM, err = pemkey.EncodePrivateKey(key); err != nil {
		log.Fatal(err)
	}
	if publicPEM, err = pemkey.EncodePublicKey(key.Public()); err != nil {
		log.Fatal(err)
	}
	return privatePEM, publicPEM
}

func ExampleParsePublicKey() {
	privatePEM, publicPEM := exampleKeyFiles()

	// The issuer signs with the private key...
	priv, err := pemkey.ParsePrivateKey(privatePEM)
	if err != nil {
		log.Fatal(err)
	}
	token, err := jwt.Sign(jwt.RS256, claims.Registered{
		Subject:   "user-42",
		ExpiresAt: claims.NewNumericDate(time.Now().Add(time.Hour)),
	}, priv)
	if err != nil {
		log.Fatal(err)
	}

	// ...and a service verifies with the public key.
	pub, err := pemkey.ParsePublicKey(publicPEM)
	if err != nil {
		log.Fatal(err)
	}
	tok, err := jwt.Parse(token, pub, jwt.WithAlgorithms(jwt.RS256))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(tok.Header.Algorithm, tok.Claims.(map[string]any)["sub"])

	// A private key where a public one is expected is refused.
	_, err = pemkey.ParsePublicKey(privatePEM)
	fmt.Println(errors.Is(err, pemkey.ErrWrongKeyType), errors.Is(err, jwt.ErrInvalidKey))
	// Output:
	// RS256 user-42
	// true true
}

func ExampleParsePrivateKey_encrypted() {
	encrypted := []byte(`-----BEGIN ENCRYPTED PRIVATE KEY-----
MBQGCCqGSIb3DQMHBAgAAAAAAAAAAA==
-----END ENCRYPTED PRIVATE KEY-----
`)
	_, err := pemkey.ParsePrivateKey(encrypted)
	fmt.Println(errors.Is(err, pemkey.ErrInvalidPEM))
	fmt.Println(err)
	// Output:
	// true
	// pemkey: the private key is encrypted; decrypt it first (openssl pkey -in key.pem -out plain.pem, or openssl pkcs8 -topk8 -nocrypt -in key.pem -out plain.pem): it is an encrypted PKCS#8 key (RFC 5958 section 3), which Go's standard library does not decrypt, and Go deprecated legacy PEM encryption (RFC 1423, x509.DecryptPEMBlock) as insecure; this package takes no password
}
