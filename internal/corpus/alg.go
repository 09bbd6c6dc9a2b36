package corpus

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"math/big"

	"github.com/jotlib/jwt"
)

// Rule 3: the key's type fixes the algorithm family (RFC 8725 3.1); a
// token of another family, curve, or outside WithAlgorithms is refused
// before any cryptography.
func algCases(b *builder) {
	k := b.k
	na := jwt.ErrAlgorithmNotAllowed

	// The classic confusion: an HMAC "secret" that is the public key's PEM.
	rsaPKIX := pemOf("PUBLIC KEY", must(x509.MarshalPKIXPublicKey(&k.RSA.PublicKey)))
	rsaPKCS1 := pemOf("RSA PUBLIC KEY", x509.MarshalPKCS1PublicKey(&k.RSA.PublicKey))
	ecPKIX := pemOf("PUBLIC KEY", must(x509.MarshalPKIXPublicKey(&k.P256.PublicKey)))
	edPub := []byte(k.Ed25519.Public().(ed25519.PublicKey))
	hsWith := func(secret []byte) string {
		return assemble(hdr("HS256"), stdPayload, hmacSigner(hashOf("HS256"), secret))
	}
	b.bad("alg/HS256-signed-with-rsa-public-pem-vs-rsa-key", hsWith(rsaPKIX), &k.RSA.PublicKey, na, fixed())
	b.bad("alg/HS256-signed-with-rsa-pkcs1-pem-vs-rsa-key", hsWith(rsaPKCS1), &k.RSA.PublicKey, na, fixed())
	b.bad("alg/HS256-signed-with-rsa-public-pem-vs-rsa-private-key", hsWith(rsaPKIX), k.RSA, na, fixed())
	b.bad("alg/HS256-signed-with-ec-public-pem-vs-ec-key", hsWith(ecPKIX), &k.P256.PublicKey, na, fixed())
	b.bad("alg/HS256-signed-with-ed25519-public-bytes-vs-ed25519-key", hsWith(edPub), k.Ed25519.Public(), na, fixed())
	b.bad("alg/HS512-signed-with-rsa-public-pem-vs-rsa-key", assemble(hdr("HS512"), stdPayload, hmacSigner(hashOf("HS512"), rsaPKIX)), &k.RSA.PublicKey, na, fixed())

	// Another curve: an ECDSA key binds to the ES* of its curve only.
	b.bad("alg/ES384-token-for-P256-key", k.token("ES384", hdr("ES384"), stdPayload), &k.P256.PublicKey, na, fixed())
	b.bad("alg/ES256-token-for-P384-key", k.token("ES256", hdr("ES256"), stdPayload), &k.P384.PublicKey, na, fixed())
	b.bad("alg/ES512-token-for-P256-key", k.token("ES512", hdr("ES512"), stdPayload), &k.P256.PublicKey, na, fixed())
	b.bad("alg/ES256-header-P384-signature-P384-key", assemble(hdr("ES256"), stdPayload, ecSigner(k.P384, hashOf("ES384"))), &k.P384.PublicKey, na, fixed())

	// Another family.
	for _, c := range []struct {
		name, alg string
		key       any
	}{
		{"RS256-token-for-ec-key", "RS256", &k.P256.PublicKey},
		{"PS256-token-for-hmac-key", "PS256", k.HS256},
		{"ES256-token-for-rsa-key", "ES256", &k.RSA.PublicKey},
		{"EdDSA-token-for-rsa-key", "EdDSA", &k.RSA.PublicKey},
		{"Ed25519-token-for-ec-key", "Ed25519", &k.P256.PublicKey},
		{"HS256-token-for-ed25519-key", "HS256", k.Ed25519.Public()},
		{"EdDSA-token-for-hmac-key", "EdDSA", k.HS256},
		{"RS256-token-for-hmac-key", "RS256", k.HS256},
		{"HS384-token-for-rsa-key", "HS384", &k.RSA.PublicKey},
	} {
		b.bad("alg/"+c.name, k.token(c.alg, hdr(c.alg), stdPayload), c.key, na, fixed())
	}

	// WithAlgorithms narrows what the key's family allows.
	b.bad("alg/PS256-outside-WithAlgorithms-RS256", k.token("PS256", hdr("PS256"), stdPayload), &k.RSA.PublicKey, na, fixed(), jwt.WithAlgorithms(jwt.RS256))
	b.bad("alg/HS256-outside-WithAlgorithms-HS512", assemble(hdr("HS256"), stdPayload, hmacSigner(hashOf("HS256"), k.HS512)), k.HS512, na, fixed(), jwt.WithAlgorithms(jwt.HS512))
	b.bad("alg/EdDSA-outside-WithAlgorithms-Ed25519", k.token("EdDSA", hdr("EdDSA"), stdPayload), k.Ed25519.Public(), na, fixed(), jwt.WithAlgorithms(jwt.Ed25519))
	b.bad("alg/Ed25519-outside-WithAlgorithms-EdDSA", k.token("Ed25519", hdr("Ed25519"), stdPayload), k.Ed25519.Public(), na, fixed(), jwt.WithAlgorithms(jwt.EdDSA))
	b.good("alg/RS256-inside-WithAlgorithms", k.token("RS256", hdr("RS256"), stdPayload), &k.RSA.PublicKey, stdClaims(), fixed(), jwt.WithAlgorithms(jwt.PS256, jwt.RS256))
	b.good("alg/HS512-inside-WithAlgorithms", k.token("HS512", hdr("HS512"), stdPayload), k.HS512, stdClaims(), fixed(), jwt.WithAlgorithms(jwt.HS512))
}

// Rule 4: key strength, and keys of no supported type.
func keyCases(b *builder) {
	k := b.k
	ik := jwt.ErrInvalidKey
	hsWith := func(alg string, secret []byte) string {
		return assemble(hdr(alg), stdPayload, hmacSigner(hashOf(alg), secret))
	}
	short16 := []byte("sixteen-byte-key")
	short31 := k.HS256[:31]
	b.bad("keys/hmac-secret-16-bytes", hsWith("HS256", short16), short16, ik, fixed())
	b.bad("keys/hmac-secret-31-bytes", hsWith("HS256", short31), short31, ik, fixed())
	b.bad("keys/HS384-with-32-byte-secret", hsWith("HS384", k.HS256), k.HS256, ik, fixed())
	b.bad("keys/HS512-with-48-byte-secret", hsWith("HS512", k.HS384), k.HS384, ik, fixed())
	b.bad("keys/hmac-secret-empty", hsWith("HS256", nil), []byte{}, ik, fixed())
	b.bad("keys/hmac-secret-nil-slice", hsWith("HS256", nil), []byte(nil), ik, fixed())
	b.bad("keys/hmac-secret-as-string", b.hs(hdr("HS256"), stdPayload), string(k.HS256), ik, fixed())
	b.bad("keys/nil-key", b.hs(hdr("HS256"), stdPayload), nil, ik, fixed())
	b.bad("keys/unsupported-type-int", b.hs(hdr("HS256"), stdPayload), 42, ik, fixed())
	b.bad("keys/unsupported-type-struct", b.hs(hdr("HS256"), stdPayload), struct{}{}, ik, fixed())

	weak := rsaSigner(k.RSAWeak, hashOf("RS256"))
	b.bad("keys/rsa-1024-RS256", assemble(hdr("RS256"), stdPayload, weak), &k.RSAWeak.PublicKey, ik, fixed())
	b.bad("keys/rsa-1024-private-key", assemble(hdr("RS256"), stdPayload, weak), k.RSAWeak, ik, fixed())
	b.bad("keys/rsa-1024-PS256", assemble(hdr("PS256"), stdPayload, pssSigner(k.RSAWeak, hashOf("PS256"), rsa.PSSSaltLengthEqualsHash)), &k.RSAWeak.PublicKey, ik, fixed())
	b.bad("keys/rsa-nil-public-key", k.token("RS256", hdr("RS256"), stdPayload), (*rsa.PublicKey)(nil), ik, fixed())
	b.bad("keys/rsa-exponent-1", k.token("RS256", hdr("RS256"), stdPayload), &rsa.PublicKey{N: k.RSA.N, E: 1}, ik, fixed())
	b.bad("keys/rsa-without-modulus", k.token("RS256", hdr("RS256"), stdPayload), &rsa.PublicKey{E: 65537}, ik, fixed())

	edPub := k.Ed25519.Public().(ed25519.PublicKey)
	b.bad("keys/ed25519-public-31-bytes", k.token("EdDSA", hdr("EdDSA"), stdPayload), edPub[:31], ik, fixed())
	b.bad("keys/ed25519-public-33-bytes", k.token("EdDSA", hdr("EdDSA"), stdPayload), append(append(ed25519.PublicKey{}, edPub...), 0), ik, fixed())
	b.bad("keys/ed25519-public-empty", k.token("EdDSA", hdr("EdDSA"), stdPayload), ed25519.PublicKey{}, ik, fixed())
	b.bad("keys/ed25519-private-63-bytes", k.token("EdDSA", hdr("EdDSA"), stdPayload), k.Ed25519[:63], ik, fixed())

	b.bad("keys/ecdsa-P224-curve", assemble(hdr("ES256"), stdPayload, func(in string) []byte {
		r, s := ecSignRS(k.P224, hashOf("ES256"), in)
		return rawRS(r, s, 32)
	}), &k.P224.PublicKey, ik, fixed())
	//lint:ignore SA1019 building a deliberately invalid key: (1, 1) is off P-256, which ParseUncompressedPublicKey refuses
	b.bad("keys/ecdsa-point-not-on-curve", k.token("ES256", hdr("ES256"), stdPayload), &ecdsa.PublicKey{Curve: elliptic.P256(), X: big.NewInt(1), Y: big.NewInt(1)}, ik, fixed())
	b.bad("keys/ecdsa-nil-public-key", k.token("ES256", hdr("ES256"), stdPayload), (*ecdsa.PublicKey)(nil), ik, fixed())

	// A KeyFunc chooses by "kid"; its failures are key failures.
	byKid := jwt.KeyFunc(func(h *jwt.Header) (any, error) {
		switch h.KeyID {
		case "hmac":
			return k.HS256, nil
		case "ec":
			return &k.P256.PublicKey, nil
		}
		return nil, errors.New("unknown kid")
	})
	b.good("keys/keyfunc-kid-hmac", b.hs(`{"alg":"HS256","kid":"hmac"}`, stdPayload), byKid, stdClaims(), fixed())
	b.good("keys/keyfunc-kid-ec", k.token("ES256", `{"alg":"ES256","kid":"ec"}`, stdPayload), byKid, stdClaims(), fixed())
	b.bad("keys/keyfunc-unknown-kid", b.hs(`{"alg":"HS256","kid":"other"}`, stdPayload), byKid, ik, fixed())
	b.bad("keys/keyfunc-no-kid", b.hs(`{"alg":"HS256"}`, stdPayload), byKid, ik, fixed())
	b.bad("keys/keyfunc-kid-of-another-family", b.hs(`{"alg":"HS256","kid":"ec"}`, stdPayload), byKid, jwt.ErrAlgorithmNotAllowed, fixed())
	b.bad("keys/keyfunc-returns-nil", b.hs(`{"alg":"HS256","kid":"x"}`, stdPayload), jwt.KeyFunc(func(*jwt.Header) (any, error) { return nil, nil }), ik, fixed())
	b.bad("keys/keyfunc-returns-weak-secret", b.hs(`{"alg":"HS256"}`, stdPayload), jwt.KeyFunc(func(*jwt.Header) (any, error) { return short16, nil }), ik, fixed())
}

func pemOf(typ string, der []byte) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic("corpus: " + err.Error())
	}
	return b
}
