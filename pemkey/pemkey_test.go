package pemkey_test

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/pem"
	"errors"
	"math/big"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/pemkey"
)

var (
	rsaOnce sync.Once
	rsaKey  *rsa.PrivateKey
)

// testRSAKey is one 2048-bit key shared by the tests (RSA keygen is slow).
func testRSAKey(t testing.TB) *rsa.PrivateKey {
	t.Helper()
	rsaOnce.Do(func() {
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			panic(err)
		}
		rsaKey = k
	})
	return rsaKey
}

func testECKey(t testing.TB, c elliptic.Curve) *ecdsa.PrivateKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(c, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func testEdKey(t testing.TB) ed25519.PrivateKey {
	t.Helper()
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func pemBytes(typ string, der []byte) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
}

func pkcs8(t testing.TB, key any) []byte {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pemBytes("PRIVATE KEY", der)
}

func sec1(t testing.TB, key *ecdsa.PrivateKey) []byte {
	t.Helper()
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pemBytes("EC PRIVATE KEY", der)
}

func spki(t testing.TB, key any) []byte {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pemBytes("PUBLIC KEY", der)
}

// certificate is a self-signed certificate for pub, signed by an Ed25519
// key: only its public key matters here.
func certificate(t testing.TB, pub any) []byte {
	t.Helper()
	signer := testEdKey(t)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "test"},
		NotBefore:    time.Unix(0, 0),
		NotAfter:     time.Unix(1<<33, 0),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, pub, signer)
	if err != nil {
		t.Fatal(err)
	}
	return pemBytes("CERTIFICATE", der)
}

// ecParameters is the "EC PARAMETERS" block openssl ecparam -genkey writes
// before the key: the named curve's OID (RFC 5480 section 2.1.1).
func ecParameters(t testing.TB, oid asn1.ObjectIdentifier) []byte {
	t.Helper()
	der, err := asn1.Marshal(oid)
	if err != nil {
		t.Fatal(err)
	}
	return pemBytes("EC PARAMETERS", der)
}

// x25519SPKI is an X25519 public key's SPKI (RFC 8410 section 4), which
// crypto/x509 reads but does not write.
func x25519SPKI(t testing.TB, pub *ecdh.PublicKey) []byte {
	t.Helper()
	der, err := asn1.Marshal(struct {
		Algorithm pkix.AlgorithmIdentifier
		PublicKey asn1.BitString
	}{pkix.AlgorithmIdentifier{Algorithm: asn1.ObjectIdentifier{1, 3, 101, 110}}, asn1.BitString{Bytes: pub.Bytes(), BitLength: 8 * len(pub.Bytes())}})
	if err != nil {
		t.Fatal(err)
	}
	return pemBytes("PUBLIC KEY", der)
}

var oidP256 = asn1.ObjectIdentifier{1, 2, 840, 10045, 3, 1, 7}

func concat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// sameKey reports whether got is want, by the Equal method every key type
// of crypto/* has.
func sameKey(got, want any) bool {
	if reflect.TypeOf(got) != reflect.TypeOf(want) {
		return false
	}
	switch k := got.(type) {
	case interface{ Equal(crypto.PrivateKey) bool }:
		return k.Equal(want)
	case interface{ Equal(crypto.PublicKey) bool }:
		return k.Equal(want)
	}
	return false
}

// keyForm is one PEM form of a key.
type keyForm struct {
	name string
	pem  []byte
	key  any // the key the form holds
}

// everyForm holds each key type in each form the package reads.
func everyForm(t testing.TB) []keyForm {
	rk := testRSAKey(t)
	p256 := testECKey(t, elliptic.P256())
	p384 := testECKey(t, elliptic.P384())
	p521 := testECKey(t, elliptic.P521())
	edk := testEdKey(t)
	edPub := edk.Public().(ed25519.PublicKey)
	return []keyForm{
		{"PKCS#8 RSA", pkcs8(t, rk), rk},
		{"PKCS#1 RSA", pemBytes("RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rk)), rk},
		{"PKCS#8 P-256", pkcs8(t, p256), p256},
		{"PKCS#8 P-384", pkcs8(t, p384), p384},
		{"PKCS#8 P-521", pkcs8(t, p521), p521},
		{"SEC 1 P-256", sec1(t, p256), p256},
		{"SEC 1 P-384", sec1(t, p384), p384},
		{"SEC 1 P-521", sec1(t, p521), p521},
		{"SEC 1 P-256 after EC PARAMETERS", concat(ecParameters(t, oidP256), sec1(t, p256)), p256},
		{"PKCS#8 Ed25519", pkcs8(t, edk), edk},
		{"SPKI RSA", spki(t, &rk.PublicKey), &rk.PublicKey},
		{"PKCS#1 RSA public", pemBytes("RSA PUBLIC KEY", x509.MarshalPKCS1PublicKey(&rk.PublicKey)), &rk.PublicKey},
		{"SPKI P-256", spki(t, &p256.PublicKey), &p256.PublicKey},
		{"SPKI P-384", spki(t, &p384.PublicKey), &p384.PublicKey},
		{"SPKI P-521", spki(t, &p521.PublicKey), &p521.PublicKey},
		{"SPKI Ed25519", spki(t, edPub), edPub},
		{"RSA certificate", certificate(t, &rk.PublicKey), &rk.PublicKey},
		{"P-384 certificate", certificate(t, &p384.PublicKey), &p384.PublicKey},
		{"Ed25519 certificate", certificate(t, edPub), edPub},
		{"certificate chain: the leaf's key", concat(certificate(t, edPub), certificate(t, &rk.PublicKey)), edPub},
		// Mislabeled blocks, as some tools write them.
		{"PKCS#1 labeled PRIVATE KEY", pemBytes("PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rk)), rk},
		{"PKCS#8 labeled RSA PRIVATE KEY", pemBytes("RSA PRIVATE KEY", pkcs8Der(t, rk)), rk},
		{"PKCS#8 labeled EC PRIVATE KEY", pemBytes("EC PRIVATE KEY", pkcs8Der(t, p256)), p256},
		{"SPKI labeled RSA PUBLIC KEY", pemBytes("RSA PUBLIC KEY", spkiDer(t, &rk.PublicKey)), &rk.PublicKey},
		{"PKCS#1 public labeled PUBLIC KEY", pemBytes("PUBLIC KEY", x509.MarshalPKCS1PublicKey(&rk.PublicKey)), &rk.PublicKey},
		// Text around the block.
		{"text before the block", concat([]byte("Bag Attributes\n    friendlyName: k\n"), pkcs8(t, p256)), p256},
		{"a second key after the block is ignored", concat(pkcs8(t, edk), pkcs8(t, rk)), edk},
		{"CRLF line breaks", []byte(strings.ReplaceAll(string(pkcs8(t, p256)), "\n", "\r\n")), p256},
		{"a PEM header", pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Headers: map[string]string{"Comment": "test"}, Bytes: spkiDer(t, edPub)}), edPub},
	}
}

func pkcs8Der(t testing.TB, key any) []byte {
	b, _ := pem.Decode(pkcs8(t, key))
	return b.Bytes
}

func spkiDer(t testing.TB, key any) []byte {
	b, _ := pem.Decode(spki(t, key))
	return b.Bytes
}

func isPrivate(key any) bool {
	_, ok := key.(crypto.Signer)
	return ok
}

// TestParseKeyReadsEveryForm: PKCS#8, PKCS#1 and SEC 1 private keys,
// SPKI and PKCS#1 public keys and certificates, of every key type JWS
// uses; ParsePublicKey and ParsePrivateKey take their kind and refuse the
// other.
func TestParseKeyReadsEveryForm(t *testing.T) {
	for _, f := range everyForm(t) {
		t.Run(f.name, func(t *testing.T) {
			got, err := pemkey.ParseKey(f.pem)
			if err != nil {
				t.Fatal(err)
			}
			if !sameKey(got, f.key) {
				t.Fatalf("got %T, want %T %v", got, f.key, f.key)
			}
			pub, pubErr := pemkey.ParsePublicKey(f.pem)
			priv, privErr := pemkey.ParsePrivateKey(f.pem)
			if isPrivate(f.key) {
				if !sameKey(priv, f.key) || privErr != nil {
					t.Errorf("ParsePrivateKey: %T, %v", priv, privErr)
				}
				if pub != nil || !errors.Is(pubErr, pemkey.ErrWrongKeyType) || !strings.Contains(pubErr.Error(), "-pubout") {
					t.Errorf("ParsePublicKey of a private key: %T, %v", pub, pubErr)
				}
			} else {
				if !sameKey(pub, f.key) || pubErr != nil {
					t.Errorf("ParsePublicKey: %T, %v", pub, pubErr)
				}
				if priv != nil || !errors.Is(privErr, pemkey.ErrWrongKeyType) {
					t.Errorf("ParsePrivateKey of a public key: %T, %v", priv, privErr)
				}
			}
		})
	}
}

// typedParsers are the typed functions, by the key type each returns.
var typedParsers = []struct {
	name  string
	parse func([]byte) (any, error)
	match func(any) bool
}{
	{"ParseRSAPublicKey", adapt(pemkey.ParseRSAPublicKey), is[*rsa.PublicKey]},
	{"ParseRSAPrivateKey", adapt(pemkey.ParseRSAPrivateKey), is[*rsa.PrivateKey]},
	{"ParseECPublicKey", adapt(pemkey.ParseECPublicKey), is[*ecdsa.PublicKey]},
	{"ParseECPrivateKey", adapt(pemkey.ParseECPrivateKey), is[*ecdsa.PrivateKey]},
	{"ParseEd25519PublicKey", adapt(pemkey.ParseEd25519PublicKey), is[ed25519.PublicKey]},
	{"ParseEd25519PrivateKey", adapt(pemkey.ParseEd25519PrivateKey), is[ed25519.PrivateKey]},
}

func adapt[K any](parse func([]byte) (K, error)) func([]byte) (any, error) {
	return func(data []byte) (any, error) {
		k, err := parse(data)
		return k, err
	}
}

func is[K any](key any) bool {
	_, ok := key.(K)
	return ok
}

// TestTypedParsers: each typed function returns its key type from every
// form and refuses every other key type with ErrWrongKeyType and a nil
// key.
func TestTypedParsers(t *testing.T) {
	for _, f := range everyForm(t) {
		for _, p := range typedParsers {
			got, err := p.parse(f.pem)
			if p.match(f.key) {
				if err != nil || !sameKey(got, f.key) {
					t.Errorf("%s(%s): %T, %v", p.name, f.name, got, err)
				}
				continue
			}
			if !errors.Is(err, pemkey.ErrWrongKeyType) || !errors.Is(err, jwt.ErrInvalidKey) {
				t.Errorf("%s(%s): err %v, want ErrWrongKeyType", p.name, f.name, err)
			}
			if !reflect.ValueOf(got).IsZero() {
				t.Errorf("%s(%s): a key with the error: %v", p.name, f.name, got)
			}
		}
	}
}

// refusal is an input the package refuses, the sentinel the error matches
// and what its message says.
type refusal struct {
	name string
	data []byte
	want error
	msg  string
}

// refusals is one input per reason to refuse.
func refusals(t testing.TB) []refusal {
	rk := testRSAKey(t)
	x, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	p224 := testECKey(t, elliptic.P224())
	encrypted := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY",
		Headers: map[string]string{"Proc-Type": "4,ENCRYPTED", "DEK-Info": "AES-128-CBC,00"}, Bytes: []byte{1}})
	der := pkcs8Der(t, testEdKey(t))
	return []refusal{
		{"nil", nil, pemkey.ErrInvalidPEM, "empty input"},
		{"blank", []byte(" \n\t\r\n"), pemkey.ErrInvalidPEM, "empty input"},
		{"no PEM", []byte("hello"), pemkey.ErrInvalidPEM, "no PEM key block"},
		{"DER", der, pemkey.ErrInvalidPEM, "openssl pkey -inform DER"},
		{"unterminated block", []byte("-----BEGIN PRIVATE KEY-----\nMIIB\n"), pemkey.ErrInvalidPEM, "no matching -----END"},
		{"bad base64", []byte("-----BEGIN PRIVATE KEY-----\nnot base64!\n-----END PRIVATE KEY-----\n"), pemkey.ErrInvalidPEM, "no PEM key block"},
		{"only EC PARAMETERS", ecParameters(t, oidP256), pemkey.ErrInvalidPEM, "-genkey"},
		{"PKCS#8 encrypted", pemBytes("ENCRYPTED PRIVATE KEY", []byte{1}), pemkey.ErrInvalidPEM, "encrypted; decrypt it first (openssl pkey"},
		{"legacy encrypted PEM", encrypted, pemkey.ErrInvalidPEM, "encrypted"},
		{"OpenSSH private key", pemBytes("OPENSSH PRIVATE KEY", []byte{1}), pemkey.ErrInvalidPEM, "ssh-keygen -p -m PKCS8"},
		{"OpenSSH public key", []byte("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJSebwj4tfEjyrobzG5NBhz7OznXjK8/DBf7tGEvR4EC test\n"), pemkey.ErrInvalidPEM, "ssh-keygen -e -m PKCS8"},
		{"unknown block", pemBytes("DH PARAMETERS", []byte{1}), pemkey.ErrInvalidPEM, `unsupported PEM block "DH PARAMETERS"`},
		{"certificate request", pemBytes("CERTIFICATE REQUEST", []byte{1}), pemkey.ErrInvalidPEM, "unsupported PEM block"},
		{"garbage in PRIVATE KEY", pemBytes("PRIVATE KEY", []byte("garbage")), pemkey.ErrInvalidPEM, "not a valid PKCS#8, PKCS#1 or SEC 1 private key"},
		{"garbage in RSA PRIVATE KEY", pemBytes("RSA PRIVATE KEY", []byte("garbage")), pemkey.ErrInvalidPEM, "not a valid PKCS#1, PKCS#8 or SEC 1 private key"},
		{"garbage in PUBLIC KEY", pemBytes("PUBLIC KEY", []byte("garbage")), pemkey.ErrInvalidPEM, "not a valid SPKI or PKCS#1 public key"},
		{"garbage in CERTIFICATE", pemBytes("CERTIFICATE", []byte("garbage")), pemkey.ErrInvalidPEM, "CERTIFICATE block does not parse"},
		{"empty PRIVATE KEY", pemBytes("PRIVATE KEY", nil), pemkey.ErrInvalidPEM, "not a valid PKCS#8"},
		{"private key labeled PUBLIC KEY", pemBytes("PUBLIC KEY", x509.MarshalPKCS1PrivateKey(rk)), pemkey.ErrInvalidPEM, "PUBLIC KEY block holds a private key"},
		{"PKCS#8 labeled RSA PUBLIC KEY", pemBytes("RSA PUBLIC KEY", der), pemkey.ErrInvalidPEM, "holds a private key"},
		{"public key labeled PRIVATE KEY", pemBytes("PRIVATE KEY", spkiDer(t, &rk.PublicKey)), pemkey.ErrInvalidPEM, "PRIVATE KEY block holds a public key"},
		{"trailing bytes in the DER", pemBytes("PRIVATE KEY", append(der[:len(der):len(der)], 0)), pemkey.ErrInvalidPEM, "trailing bytes after its DER structure (1)"},
		{"trailing bytes in SPKI", pemBytes("PUBLIC KEY", append(spkiDer(t, &rk.PublicKey), 0, 0)), pemkey.ErrInvalidPEM, "DER structure (2)"},
		{"X25519 private key", pkcs8(t, x), pemkey.ErrUnsupportedKey, "key agreement"},
		{"X25519 public key", x25519SPKI(t, x.PublicKey()), pemkey.ErrUnsupportedKey, "key agreement"},
		{"P-224 SEC 1", sec1(t, p224), pemkey.ErrUnsupportedKey, "P-224"},
		{"P-224 PKCS#8", pkcs8(t, p224), pemkey.ErrUnsupportedKey, "RFC 7518 section 3.4"},
		{"P-224 SPKI", spki(t, &p224.PublicKey), pemkey.ErrUnsupportedKey, "P-224"},
		{"P-224 certificate", certificate(t, &p224.PublicKey), pemkey.ErrUnsupportedKey, "P-224"},
		{"DSA PRIVATE KEY", pemBytes("DSA PRIVATE KEY", []byte{1}), pemkey.ErrUnsupportedKey, "DSA"},
	}
}

// TestParseRefusesWithAReason: input that holds no usable key is an error
// matching one of the package's sentinels, and jwt.ErrInvalidKey, with a
// message that says why and, where it can, what to do.
func TestParseRefusesWithAReason(t *testing.T) {
	for _, tc := range refusals(t) {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range []struct {
				name  string
				parse func([]byte) (any, error)
			}{
				{"ParseKey", pemkey.ParseKey},
				{"ParsePublicKey", adapt(pemkey.ParsePublicKey)},
				{"ParsePrivateKey", adapt(pemkey.ParsePrivateKey)},
				{"ParseECPrivateKey", adapt(pemkey.ParseECPrivateKey)},
			} {
				k, err := p.parse(tc.data)
				checkRefusal(t, p.name, k, err, tc.want, tc.msg)
			}
		})
	}
}

// checkRefusal checks a refusal: no key, the sentinel, jwt.ErrInvalidKey,
// the message.
func checkRefusal(t *testing.T, name string, key any, err, want error, msg string) {
	t.Helper()
	switch {
	case err == nil:
		t.Errorf("%s: read %T", name, key)
	case key != nil && !reflect.ValueOf(key).IsZero():
		t.Errorf("%s: a key with the error: %T", name, key)
	case !errors.Is(err, want):
		t.Errorf("%s: %v does not match %v", name, err, want)
	case !errors.Is(err, jwt.ErrInvalidKey):
		t.Errorf("%s: %v does not match jwt.ErrInvalidKey", name, err)
	case !strings.HasPrefix(err.Error(), "pemkey: "):
		t.Errorf("%s: %q lacks the package's prefix", name, err)
	case !strings.Contains(err.Error(), msg):
		t.Errorf("%s: %q does not say %q", name, err, msg)
	case strings.Contains(err.Error(), "\n"):
		t.Errorf("%s: %q is not one line", name, err)
	}
}

// TestSentinelsAreDistinct: each refusal matches exactly one of the
// package's sentinels.
func TestSentinelsAreDistinct(t *testing.T) {
	sentinels := []error{pemkey.ErrInvalidPEM, pemkey.ErrUnsupportedKey, pemkey.ErrWrongKeyType}
	for i, a := range sentinels {
		if !errors.Is(a, jwt.ErrInvalidKey) {
			t.Errorf("%v does not match jwt.ErrInvalidKey", a)
		}
		for j, b := range sentinels {
			if i != j && errors.Is(a, b) {
				t.Errorf("%v matches %v", a, b)
			}
		}
	}
}
