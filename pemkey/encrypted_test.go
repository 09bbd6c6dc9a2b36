package pemkey_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/pemkey"
)

// TestEncryptedPEMRefusedSayingWhyAndHowToDecrypt_RFC1423: an encrypted key
// is refused (ErrInvalidPEM, so jwt.ErrInvalidKey) with the reason (Go
// deprecated legacy PEM encryption, RFC 1423, x509.DecryptPEMBlock, as
// insecure; the standard library does not decrypt PKCS#8 either) and the
// openssl command that decrypts it, for both forms openssl writes.
func TestEncryptedPEMRefusedSayingWhyAndHowToDecrypt_RFC1423(t *testing.T) {
	for file, how := range map[string]string{
		"rsa-encrypted-legacy.pem": "openssl pkey -in key.pem -out plain.pem",
		"rsa-encrypted-pkcs8.pem":  "openssl pkcs8 -topk8 -nocrypt -in key.pem -out plain.pem",
	} {
		data, err := os.ReadFile(filepath.Join("testdata", "openssl", file))
		if err != nil {
			t.Fatal(err)
		}
		for name, parse := range map[string]func([]byte) (any, error){
			"ParsePrivateKey": func(b []byte) (any, error) { return pemkey.ParsePrivateKey(b) },
			"ParseKey":        pemkey.ParseKey,
		} {
			_, err := parse(data)
			if !errors.Is(err, pemkey.ErrInvalidPEM) || !errors.Is(err, jwt.ErrInvalidKey) {
				t.Fatalf("%s %s: got %v, want ErrInvalidPEM", name, file, err)
			}
			for _, want := range []string{"encrypted", "deprecated", "insecure", "x509.DecryptPEMBlock", "RFC 1423", how} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("%s %s: the error does not say %q: %v", name, file, want, err)
				}
			}
		}
	}
}
