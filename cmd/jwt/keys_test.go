package main

import (
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// TestLoadKeyReadsEveryPEMForm: keys come as PKCS#8, PKCS#1 and SEC 1 (EC)
// private keys, SPKI and PKCS#1 public keys and certificates; mislabeled
// blocks and a leading "EC PARAMETERS" block (openssl ecparam -genkey) are
// read too.
func TestLoadKeyReadsEveryPEMForm(t *testing.T) {
	rk := testRSAKey(t)
	ek := testECKey(t, elliptic.P256())
	_, edk, _ := ed25519.GenerateKey(rand.Reader)
	sec1, err := x509.MarshalECPrivateKey(ek)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test"},
		NotBefore: time.Unix(0, 0), NotAfter: time.Unix(1<<33, 0)}
	cert, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, edk.Public(), edk)
	if err != nil {
		t.Fatal(err)
	}
	ecParams := pemBytes("EC PARAMETERS", []byte{0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07})

	tests := []struct {
		name     string
		pem      []byte
		kind     string
		wantType any
	}{
		{"PKCS#8 RSA private key", pkcs8(t, rk), kindPrivate, rk},
		{"PKCS#1 RSA private key", pemBytes("RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rk)), kindPrivate, rk},
		{"PKCS#8 EC private key", pkcs8(t, ek), kindPrivate, ek},
		{"SEC 1 EC private key", pemBytes("EC PRIVATE KEY", sec1), kindPrivate, ek},
		{"SEC 1 EC private key after EC PARAMETERS", append(ecParams, pemBytes("EC PRIVATE KEY", sec1)...), kindPrivate, ek},
		{"PKCS#8 Ed25519 private key", pkcs8(t, edk), kindPrivate, edk},
		{"SPKI RSA public key", spki(t, &rk.PublicKey), kindPublic, &rk.PublicKey},
		{"PKCS#1 RSA public key", pemBytes("RSA PUBLIC KEY", x509.MarshalPKCS1PublicKey(&rk.PublicKey)), kindPublic, &rk.PublicKey},
		{"SPKI EC public key", spki(t, &ek.PublicKey), kindPublic, &ek.PublicKey},
		{"SPKI Ed25519 public key", spki(t, edk.Public()), kindPublic, edk.Public()},
		{"certificate's public key", pemBytes("CERTIFICATE", cert), kindPublic, edk.Public()},
		{"PKCS#1 key labeled PRIVATE KEY", pemBytes("PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rk)), kindPrivate, rk},
		{"text around the PEM block", append([]byte("Bag Attributes\n  friendlyName: k\n"), pkcs8(t, ek)...), kindPrivate, ek},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lk, err := loadKey(tc.pem, "key.pem", "")
			if err != nil {
				t.Fatal(err)
			}
			if lk.kind != tc.kind {
				t.Errorf("kind %q, want %q", lk.kind, tc.kind)
			}
			if reflect.TypeOf(lk.key) != reflect.TypeOf(tc.wantType) {
				t.Errorf("key %T, want %T", lk.key, tc.wantType)
			}
		})
	}
}

// TestLoadKeyRefusesWithAReason: keys that cannot be used are refused
// with exit code 8 (key) and a message that says why and what to do.
func TestLoadKeyRefusesWithAReason(t *testing.T) {
	x, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	encrypted := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY",
		Headers: map[string]string{"Proc-Type": "4,ENCRYPTED", "DEK-Info": "AES-128-CBC,00"}, Bytes: []byte{1}})
	tests := []struct {
		name, data, want string
	}{
		{"PKCS#8 encrypted", string(pemBytes("ENCRYPTED PRIVATE KEY", []byte{1})), "encrypted"},
		{"legacy encrypted PEM", string(encrypted), "encrypted"},
		{"OpenSSH private key", string(pemBytes("OPENSSH PRIVATE KEY", []byte{1})), "ssh-keygen -p -m PKCS8"},
		{"unknown block", string(pemBytes("DH PARAMETERS", []byte{1})), "unsupported PEM block"},
		{"garbage in a key block", string(pemBytes("PRIVATE KEY", []byte("garbage"))), "not a valid PKCS#8"},
		{"private key labeled PUBLIC KEY", string(pemBytes("PUBLIC KEY", x509.MarshalPKCS1PrivateKey(testRSAKey(t)))), "holds a private key"},
		{"X25519 key", string(pkcs8(t, x)), "key agreement"},
		{"P-224 key", string(pkcs8(t, testECKey(t, elliptic.P224()))), "P-224"},
		{"only EC PARAMETERS", string(pemBytes("EC PARAMETERS", []byte{0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07})), "-genkey"},
		{"broken PEM", "-----BEGIN PRIVATE KEY-----\nnot base64!\n", "no PEM key block"},
		{"empty secret", "\n", "empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadKey([]byte(tc.data), "k.pem", "")
			if err == nil {
				t.Fatal("loaded")
			}
			if exitCode(err) != exitKey {
				t.Errorf("exit code %d, want %d", exitCode(err), exitKey)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
			// The library's message follows the file name, without the
			// package's prefix.
			if tc.name != "empty secret" && !strings.HasPrefix(err.Error(), "k.pem: ") || strings.Contains(err.Error(), "pemkey:") {
				t.Errorf("error %q does not start with the file name alone", err)
			}
		})
	}
}

// TestSecretEncodings: a secret file is raw bytes (less one trailing line
// break when it is text) unless -key-encoding says base64url, base64 or hex.
func TestSecretEncodings(t *testing.T) {
	tests := []struct {
		name, data, encoding string
		want                 []byte
		code                 int
	}{
		{"raw text loses one line break", "s3cret\n", "raw", []byte("s3cret"), 0},
		{"raw text loses one CRLF", "s3cret\r\n", "raw", []byte("s3cret"), 0},
		{"raw keeps inner spaces", "a b\n", "raw", []byte("a b"), 0},
		{"raw multi-line text kept whole", "a\nb\n", "raw", []byte("a\nb\n"), 0},
		{"raw binary kept whole", "\x00\xff\n", "raw", []byte("\x00\xff\n"), 0},
		{"base64url", "AQID_w\n", "base64url", []byte{1, 2, 3, 0xff}, 0},
		{"base64url with padding", "AQID_w==", "base64url", []byte{1, 2, 3, 0xff}, 0},
		{"base64", "AQID/w==\n", "base64", []byte{1, 2, 3, 0xff}, 0},
		{"hex", "010203ff\n", "hex", []byte{1, 2, 3, 0xff}, 0},
		{"bad base64url", "A*", "base64url", nil, exitKey},
		{"bad hex", "0g", "hex", nil, exitKey},
		{"unknown encoding", "x", "rot13", nil, exitUsage},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lk, err := loadKey([]byte(tc.data), "s", tc.encoding)
			if tc.code != 0 {
				if exitCode(err) != tc.code {
					t.Fatalf("err %v: exit %d, want %d", err, exitCode(err), tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if lk.kind != kindSecret || string(lk.key.([]byte)) != string(tc.want) {
				t.Errorf("got %s %q, want %q", lk.kind, lk.key, tc.want)
			}
		})
	}
}

// TestFittingAlgs follows the core's binding of key type to algorithm
// (RFC 8725 section 3.1) and HMAC key sizes (RFC 7518 section 3.2).
func TestFittingAlgs(t *testing.T) {
	_, edk, _ := ed25519.GenerateKey(rand.Reader)
	tests := []struct {
		name string
		key  any
		want []jwt.Algorithm
	}{
		{"RSA", &testRSAKey(t).PublicKey, []jwt.Algorithm{jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512}},
		{"P-256", testECKey(t, elliptic.P256()), []jwt.Algorithm{jwt.ES256}},
		{"P-384", testECKey(t, elliptic.P384()), []jwt.Algorithm{jwt.ES384}},
		{"P-521", testECKey(t, elliptic.P521()), []jwt.Algorithm{jwt.ES512}},
		{"Ed25519", edk, []jwt.Algorithm{jwt.EdDSA, jwt.Ed25519}},
		{"31-byte secret", make([]byte, 31), nil},
		{"32-byte secret", make([]byte, 32), []jwt.Algorithm{jwt.HS256}},
		{"48-byte secret", make([]byte, 48), []jwt.Algorithm{jwt.HS256, jwt.HS384}},
		{"64-byte secret", make([]byte, 64), []jwt.Algorithm{jwt.HS256, jwt.HS384, jwt.HS512}},
	}
	for _, tc := range tests {
		if got := fittingAlgs(tc.key); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := fittingAlgs(&ecdsa.PublicKey{Curve: elliptic.P224()}); got != nil {
		t.Errorf("P-224: %v, want none", got)
	}
}
