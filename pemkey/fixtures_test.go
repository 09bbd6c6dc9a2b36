package pemkey_test

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/pemkey"
)

// fixtureOutcome is what ParseKey makes of a file of testdata/openssl:
// a key of the type named (as fmt's %T writes it) or an error matching err
// whose message holds msg.
type fixtureOutcome struct {
	key string
	err error
	msg string
}

// openSSLFixtures lists every file make.sh writes, by name.
var openSSLFixtures = map[string]fixtureOutcome{
	"rsa-pkcs1.pem":              {key: "*rsa.PrivateKey"},
	"rsa-pkcs8.pem":              {key: "*rsa.PrivateKey"},
	"rsa-spki.pem":               {key: "*rsa.PublicKey"},
	"rsa-pkcs1pub.pem":           {key: "*rsa.PublicKey"},
	"rsa-cert.pem":               {key: "*rsa.PublicKey"},
	"rsa-cert-chain.pem":         {key: "*rsa.PublicKey"},
	"rsa-encrypted-legacy.pem":   {err: pemkey.ErrInvalidPEM, msg: "encrypted; decrypt it first"},
	"rsa-encrypted-pkcs8.pem":    {err: pemkey.ErrInvalidPEM, msg: "encrypted; decrypt it first"},
	"ec-p256-ecparam.pem":        {key: "*ecdsa.PrivateKey"},
	"ec-p256-pkcs8.pem":          {key: "*ecdsa.PrivateKey"},
	"ec-p256-spki.pem":           {key: "*ecdsa.PublicKey"},
	"ec-p256-cert.pem":           {key: "*ecdsa.PublicKey"},
	"ec-p256-bag-attributes.pem": {key: "*ecdsa.PrivateKey"},
	"ec-p256-explicit.pem":       {err: pemkey.ErrUnsupportedKey, msg: "explicit curve parameters"},
	"ec-p384-sec1.pem":           {key: "*ecdsa.PrivateKey"},
	"ec-p521-sec1.pem":           {key: "*ecdsa.PrivateKey"},
	"ec-p521-spki.pem":           {key: "*ecdsa.PublicKey"},
	"ec-p224-sec1.pem":           {err: pemkey.ErrUnsupportedKey, msg: "P-224"},
	"ec-p224-spki.pem":           {err: pemkey.ErrUnsupportedKey, msg: "P-224"},
	"ec-secp256k1-sec1.pem":      {err: pemkey.ErrUnsupportedKey, msg: "secp256k1"},
	"ec-secp256k1-pkcs8.pem":     {err: pemkey.ErrUnsupportedKey, msg: "secp256k1"},
	"ec-secp256k1-spki.pem":      {err: pemkey.ErrUnsupportedKey, msg: "secp256k1"},
	"ed25519-pkcs8.pem":          {key: "ed25519.PrivateKey"},
	"ed25519-spki.pem":           {key: "ed25519.PublicKey"},
	"ed25519-cert.pem":           {key: "ed25519.PublicKey"},
	"ed448-pkcs8.pem":            {err: pemkey.ErrUnsupportedKey, msg: "Ed448"},
	"ed448-spki.pem":             {err: pemkey.ErrUnsupportedKey, msg: "Ed448"},
	"x25519-pkcs8.pem":           {err: pemkey.ErrUnsupportedKey, msg: "key agreement"},
	"x25519-spki.pem":            {err: pemkey.ErrUnsupportedKey, msg: "key agreement"},
	"rsa-pss-pkcs8.pem":          {err: pemkey.ErrUnsupportedKey, msg: "RSASSA-PSS"},
	"rsa-pss-spki.pem":           {err: pemkey.ErrUnsupportedKey, msg: "RSASSA-PSS"},
	"dsa-pkcs8.pem":              {err: pemkey.ErrUnsupportedKey, msg: "DSA"},
	"dsa-spki.pem":               {err: pemkey.ErrUnsupportedKey, msg: "dsa"},
	"openssh-ed25519.key":        {err: pemkey.ErrInvalidPEM, msg: "ssh-keygen -p -m PKCS8"},
	"openssh-ed25519.pub":        {err: pemkey.ErrInvalidPEM, msg: "ssh-keygen -e -m PKCS8"},
}

// TestOpenSSLFixtures: keys as openssl and ssh-keygen write them
// (testdata/openssl/make.sh) are read, or refused with the reason.
func TestOpenSSLFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "openssl", "*"))
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, path := range files {
		name := filepath.Base(path)
		if name == "make.sh" {
			continue
		}
		seen++
		want, ok := openSSLFixtures[name]
		if !ok {
			t.Errorf("%s: not in openSSLFixtures", name)
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		key, err := pemkey.ParseKey(data)
		switch {
		case want.key != "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case want.key != "" && fmt.Sprintf("%T", key) != want.key:
			t.Errorf("%s: %T, want %s", name, key, want.key)
		case want.key == "" && (!errors.Is(err, want.err) || !errors.Is(err, jwt.ErrInvalidKey) || !strings.Contains(err.Error(), want.msg)):
			t.Errorf("%s: %v; want %v saying %q", name, err, want.err, want.msg)
		}
	}
	if seen != len(openSSLFixtures) {
		t.Errorf("%d files, %d in openSSLFixtures: run make.sh", seen, len(openSSLFixtures))
	}
}

// TestOpenSSLFixturesMatch: the files of one key hold the same key: the
// private key's forms, its public forms and its certificate's.
func TestOpenSSLFixturesMatch(t *testing.T) {
	groups := map[string][]string{
		"rsa":     {"rsa-pkcs1.pem", "rsa-pkcs8.pem", "rsa-spki.pem", "rsa-pkcs1pub.pem", "rsa-cert.pem", "rsa-cert-chain.pem"},
		"P-256":   {"ec-p256-ecparam.pem", "ec-p256-pkcs8.pem", "ec-p256-spki.pem", "ec-p256-cert.pem", "ec-p256-bag-attributes.pem"},
		"P-521":   {"ec-p521-sec1.pem", "ec-p521-spki.pem"},
		"Ed25519": {"ed25519-pkcs8.pem", "ed25519-spki.pem", "ed25519-cert.pem"},
	}
	for name, files := range groups {
		var first any
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join("testdata", "openssl", f))
			if err != nil {
				t.Fatal(err)
			}
			key, err := pemkey.ParseKey(data)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			pub := publicOf(key)
			if first == nil {
				first = pub
			} else if !sameKey(pub, first) {
				t.Errorf("%s: %s does not hold the group's key", name, f)
			}
		}
	}
}

func publicOf(key any) any {
	switch k := key.(type) {
	case *rsa.PrivateKey:
		return &k.PublicKey
	case *ecdsa.PrivateKey:
		return &k.PublicKey
	case ed25519.PrivateKey:
		return k.Public()
	}
	return key
}

// TestInteropFixtures: the interop module's test keys (other libraries'
// PEM output) read as their names say. The test only reads them; it skips
// when they are not there.
func TestInteropFixtures(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "interop", "testdata", "keys", "*.pem"))
	if len(files) == 0 {
		t.Skip("no interop key fixtures")
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		key, err := pemkey.ParseKey(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		public := strings.Contains(name, ".spki.") || strings.Contains(name, "pub.")
		if isPrivate(key) == public {
			t.Errorf("%s: read %T", name, key)
		}
	}
}
