package main

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"fmt"
	"runtime"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/signing"
)

// Kinds of loaded key.
const (
	kindPrivate = "private"
	kindPublic  = "public"
	kindSecret  = "secret"
	kindSet     = "set"
)

// loadedKey is a key read from a file, an environment variable or a URL.
type loadedKey struct {
	name string // where it came from, for messages
	kind string // kindPrivate, kindPublic, kindSecret or kindSet
	// key is *rsa.PrivateKey, *ecdsa.PrivateKey, ed25519.PrivateKey,
	// *mldsa.PrivateKey (Go 1.27), their public keys, a []byte secret, or a
	// jwt.KeySet (kindSet).
	key any
	alg jwt.Algorithm // a JWK's "alg", if any
	kid string        // a JWK's "kid", if any
	ops []string      // a JWK's "key_ops", if any
	// hint is shown when a signature fails with this key.
	hint string
}

// loadKey reads key material by its content: PEM (see the pemkey package
// for the forms), a JWK or JWK Set (JSON), or else a raw secret. A
// non-empty encoding forces a secret.
func loadKey(data []byte, name, encoding string) (*loadedKey, error) {
	if encoding != "" {
		return secretKey(data, name, encoding)
	}
	if isPEM(data) {
		return parsePEMKey(data, name)
	}
	if trimmed := strings.TrimSpace(string(data)); strings.HasPrefix(trimmed, "{") {
		return parseJWKKey([]byte(trimmed), name)
	}
	return secretKey(data, name, "raw")
}

// describeKey names a key for messages: "an ECDSA P-256 private key".
func describeKey(k any) string {
	switch key := k.(type) {
	case *rsa.PrivateKey:
		return fmt.Sprintf("an RSA %d-bit private key", key.N.BitLen())
	case *rsa.PublicKey:
		return fmt.Sprintf("an RSA %d-bit public key", key.N.BitLen())
	case *ecdsa.PrivateKey:
		return fmt.Sprintf("an ECDSA %s private key", key.Curve.Params().Name)
	case *ecdsa.PublicKey:
		return fmt.Sprintf("an ECDSA %s public key", key.Curve.Params().Name)
	case ed25519.PrivateKey:
		return "an Ed25519 private key"
	case ed25519.PublicKey:
		return "an Ed25519 public key"
	case []byte:
		return fmt.Sprintf("an HMAC secret of %d bytes", len(key))
	case jwt.KeySet:
		return "a JWK Set"
	}
	if alg, _, _, err := signing.MLDSAKeyBytes(k); err == nil {
		if _, private := k.(crypto.Signer); private {
			return "an " + string(alg) + " private key"
		}
		return "an " + string(alg) + " public key"
	}
	return fmt.Sprintf("a %T", k)
}

// fittingAlgs lists the algorithms a key can sign or verify, by the core's
// rules: the key's type fixes the family, ECDSA its curve's algorithm,
// ML-DSA its parameter set's (RFC 9964), and an HMAC secret must be at
// least the hash size (RFC 7518 section 3.2).
func fittingAlgs(k any) []jwt.Algorithm {
	switch key := publicOf(k).(type) {
	case *rsa.PublicKey:
		return []jwt.Algorithm{jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512}
	case *ecdsa.PublicKey:
		switch key.Curve.Params().Name {
		case "P-256":
			return []jwt.Algorithm{jwt.ES256}
		case "P-384":
			return []jwt.Algorithm{jwt.ES384}
		case "P-521":
			return []jwt.Algorithm{jwt.ES512}
		}
	case ed25519.PublicKey:
		return []jwt.Algorithm{jwt.EdDSA, jwt.Ed25519}
	case []byte:
		var algs []jwt.Algorithm
		for _, a := range []jwt.Algorithm{jwt.HS256, jwt.HS384, jwt.HS512} {
			if len(key) >= hmacMinSize(a) {
				algs = append(algs, a)
			}
		}
		return algs
	}
	if alg, _, _, err := signing.MLDSAKeyBytes(k); err == nil {
		return []jwt.Algorithm{jwt.Algorithm(alg)}
	}
	return nil
}

// publicOf returns the public half of a private key, or the key itself.
func publicOf(k any) any {
	switch key := k.(type) {
	case *rsa.PrivateKey:
		return &key.PublicKey
	case *ecdsa.PrivateKey:
		return &key.PublicKey
	case ed25519.PrivateKey:
		return key.Public()
	case crypto.Signer: // *mldsa.PrivateKey
		return key.Public()
	}
	return k
}

// hmacMinSize is the least secret size for an HS algorithm, in bytes.
func hmacMinSize(a jwt.Algorithm) int { return a.Hash().Size() }

// parseAlg reads an algorithm name, exactly as RFC 7515 spells it, and
// refuses one this build cannot use: ML-DSA needs Go 1.27 (crypto/mldsa).
func parseAlg(name string) (jwt.Algorithm, error) {
	if a := jwt.Algorithm(name); a.Known() {
		if !a.Available() {
			return "", withCode(exitAlgorithm, fmt.Errorf("%s needs Go 1.27 or later (crypto/mldsa); this jwt was built with %s", a, runtime.Version()))
		}
		return a, nil
	}
	for _, a := range allAlgs() {
		if strings.EqualFold(name, string(a)) {
			return "", usageError("unknown algorithm %q (algorithm names are case-sensitive: did you mean %s?)", name, a)
		}
	}
	return "", usageError("unknown algorithm %q (want one of %s)", name, algList(allAlgs()))
}

// allAlgs lists every algorithm the core knows, in its fixed order,
// whether or not this build can use it (RFC 9964 needs Go 1.27).
func allAlgs() []jwt.Algorithm {
	all := signing.All()
	out := make([]jwt.Algorithm, len(all))
	for i, a := range all {
		out[i] = jwt.Algorithm(a)
	}
	return out
}

func algList(algs []jwt.Algorithm) string {
	s := make([]string, len(algs))
	for i, a := range algs {
		s[i] = string(a)
	}
	return strings.Join(s, ", ")
}
