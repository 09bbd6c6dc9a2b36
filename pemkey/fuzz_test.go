package pemkey_test

import (
	"crypto"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/pemkey"
)

// The fuzz targets' seed corpora are in testdata/fuzz: every form the
// package reads and every refusal of TestParseRefusesWithAReason and
// testdata/openssl, as files, so that a plain go test runs them.
//
//	go test -run '^$' -fuzz FuzzParsePrivateKey -fuzztime 1m ./pemkey
//	go test -run '^$' -fuzz FuzzParsePublicKey -fuzztime 1m ./pemkey

// FuzzParsePrivateKey: any input is a private key or an error, never a
// panic; the error matches one sentinel and jwt.ErrInvalidKey; a key read
// agrees with ParseKey, is encoded by EncodePrivateKey and reads back
// equal.
func FuzzParsePrivateKey(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte("-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		priv, err := pemkey.ParsePrivateKey(data)
		key, keyErr := pemkey.ParseKey(data)
		if err != nil {
			checkFuzzError(t, err)
			if priv != nil {
				t.Fatalf("a key %T with the error %v", priv, err)
			}
			if keyErr == nil && isPrivate(key) {
				t.Fatalf("ParseKey read the private key %T: %v", key, err)
			}
			return
		}
		if keyErr != nil || !sameKey(key, priv) {
			t.Fatalf("ParseKey: %T, %v", key, keyErr)
		}
		out, err := pemkey.EncodePrivateKey(priv)
		if err != nil {
			t.Fatalf("EncodePrivateKey(%T): %v", priv, err)
		}
		back, err := pemkey.ParsePrivateKey(out)
		if err != nil || !sameKey(back, priv) {
			t.Fatalf("the encoded key reads back as %T, %v", back, err)
		}
	})
}

// FuzzParsePublicKey: any input is a public key or an error, never a
// panic; the error matches one sentinel and jwt.ErrInvalidKey; a key read
// agrees with ParseKey, is encoded by EncodePublicKey and reads back
// equal.
func FuzzParsePublicKey(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte("-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		pub, err := pemkey.ParsePublicKey(data)
		key, keyErr := pemkey.ParseKey(data)
		if err != nil {
			checkFuzzError(t, err)
			if pub != nil {
				t.Fatalf("a key %T with the error %v", pub, err)
			}
			if keyErr == nil && !isPrivate(key) {
				t.Fatalf("ParseKey read the public key %T: %v", key, err)
			}
			return
		}
		if keyErr != nil || !sameKey(key, pub) {
			t.Fatalf("ParseKey: %T, %v", key, keyErr)
		}
		if _, private := pub.(crypto.Signer); private {
			t.Fatalf("ParsePublicKey returned the private key %T", pub)
		}
		out, err := pemkey.EncodePublicKey(pub)
		if err != nil {
			t.Fatalf("EncodePublicKey(%T): %v", pub, err)
		}
		back, err := pemkey.ParsePublicKey(out)
		if err != nil || !sameKey(back, pub) {
			t.Fatalf("the encoded key reads back as %T, %v", back, err)
		}
	})
}

// checkFuzzError checks that err matches exactly one of the package's
// sentinels, and jwt.ErrInvalidKey.
func checkFuzzError(t *testing.T, err error) {
	t.Helper()
	n := 0
	for _, s := range []error{pemkey.ErrInvalidPEM, pemkey.ErrUnsupportedKey, pemkey.ErrWrongKeyType} {
		if errors.Is(err, s) {
			n++
		}
	}
	if n != 1 || !errors.Is(err, jwt.ErrInvalidKey) {
		t.Fatalf("%v matches %d sentinels (want 1) or not jwt.ErrInvalidKey", err, n)
	}
}
