package main

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

const keygenHelp = `Usage: jwt keygen -alg ALG [-out PREFIX] [-kid ID] [-bits N] [-force]

Makes a new key for ALG and writes it as files named PREFIX (default: the
algorithm in lower case) and prints their names:

  RS*, PS*, ES*, EdDSA:  PREFIX.pem      private key, PKCS#8 PEM  (mode 0600)
                         PREFIX.pub.pem  public key, SPKI PEM
                         PREFIX.jwk      private JWK              (mode 0600)
                         PREFIX.pub.jwk  public JWK
  HS256, HS384, HS512:   PREFIX.key      random secret of the hash size
                                         (32/48/64 bytes), base64url text (0600)
                         PREFIX.jwk      the secret as an "oct" JWK (0600)

The JWKs carry "alg", "use": "sig" and "kid" (default: the key's RFC 7638
thumbprint; a random ID for a secret, whose thumbprint would be its hash). Existing files are never overwritten without -force.

Flags:
  -alg ALG      the algorithm the key is for
  -out PREFIX   file name prefix, may include a directory
  -kid ID       the JWK "kid" (default: RFC 7638 thumbprint)
  -bits N       RSA modulus size (default 2048, the least RFC 7518 allows)
  -force        overwrite existing files

Example:
  jwt keygen -alg ES256 -out es256
  jwt sign -key es256.pem -exp 1h -claim sub=alice
  jwt sign -alg HS256 -key hs256.key -key-encoding base64url -claim sub=bob
`

// keygen implements "jwt keygen".
func (c *cli) keygen(args []string) error {
	fset := newFlagSet("keygen")
	var (
		algName, out, kid string
		bits              = 2048
		force             bool
	)
	fset.StringVar(&algName, "alg", "", "algorithm")
	fset.StringVar(&out, "out", "", "file name prefix")
	fset.StringVar(&kid, "kid", "", "key ID")
	fset.IntVar(&bits, "bits", bits, "RSA modulus size")
	fset.BoolVar(&force, "force", false, "overwrite")
	pos, err := parseArgs(fset, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("unexpected argument %q", pos[0])
	}
	if algName == "" {
		return usageError("-alg is required (one of %s)", algList(algChoices()))
	}
	alg, err := parseAlg(algName)
	if err != nil {
		return err
	}
	if out == "" {
		out = strings.ToLower(string(alg))
	}
	key, err := generateKey(alg, bits)
	if err != nil {
		return err
	}
	files, err := keyFiles(key, alg, kid, out)
	if err != nil {
		return fromLibrary(err)
	}
	if !force {
		for _, f := range files {
			if _, err := os.Lstat(f.name); err == nil {
				return fmt.Errorf("%s already exists; use -force to overwrite or -out for another prefix", f.name)
			}
		}
	}
	for _, f := range files {
		if err := writeFile(f.name, f.data, f.perm, force); err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "wrote %-*s %s\n", width(files), f.name, f.what)
	}
	return nil
}

func algChoices() []jwt.Algorithm {
	return []jwt.Algorithm{jwt.HS256, jwt.HS384, jwt.HS512, jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512, jwt.ES256, jwt.ES384, jwt.ES512, jwt.EdDSA, jwt.Ed25519}
}

// generateKey makes a new key for alg: a random secret of the hash size for
// HS*, an RSA key of bits for RS*/PS*, the curve's key for ES*, Ed25519.
func generateKey(alg jwt.Algorithm, bits int) (any, error) {
	switch alg {
	case jwt.HS256, jwt.HS384, jwt.HS512:
		secret := make([]byte, hmacMinSize(alg))
		if _, err := rand.Read(secret); err != nil {
			return nil, err
		}
		return secret, nil
	case jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512:
		if bits < 2048 || bits > 16384 {
			return nil, usageError("-bits %d: RSA keys for JWS must have 2048 to 16384 bits (RFC 7518 section 3.3)", bits)
		}
		return rsa.GenerateKey(rand.Reader, bits)
	case jwt.ES256:
		return ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case jwt.ES384:
		return ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case jwt.ES512:
		return ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	case jwt.EdDSA, jwt.Ed25519:
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		return priv, err
	}
	return nil, usageError("cannot make a key for %s", alg)
}

// outFile is one file keygen writes.
type outFile struct {
	name, what string
	data       []byte
	perm       fs.FileMode
}

// keyFiles renders key as the files keygen writes.
func keyFiles(key any, alg jwt.Algorithm, kid, prefix string) ([]outFile, error) {
	secret, isSecret := key.([]byte)
	if kid == "" {
		var err error
		if kid, err = defaultKeyID(key, isSecret); err != nil {
			return nil, err
		}
	}
	priv, err := jwk.NewKey(key, jwk.Params{KeyID: kid, Algorithm: string(alg), Use: "sig"})
	if err != nil {
		return nil, err
	}
	privJSON, err := indentJWK(priv)
	if err != nil {
		return nil, err
	}
	if isSecret {
		return []outFile{
			{prefix + ".key", fmt.Sprintf("HMAC secret, %d random bytes, base64url (keep secret)", len(secret)), []byte(base64.RawURLEncoding.EncodeToString(secret) + "\n"), 0o600},
			{prefix + ".jwk", fmt.Sprintf("HMAC secret, JWK (kid %s; keep secret)", kid), privJSON, 0o600},
		}, nil
	}
	pub, err := priv.Public()
	if err != nil {
		return nil, err
	}
	pubJSON, err := indentJWK(pub)
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	spki, err := x509.MarshalPKIXPublicKey(publicOf(key))
	if err != nil {
		return nil, err
	}
	return []outFile{
		{prefix + ".pem", "private key, PKCS#8 PEM (keep secret)", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600},
		{prefix + ".pub.pem", "public key, SPKI PEM", pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: spki}), 0o644},
		{prefix + ".jwk", "private key, JWK (keep secret)", privJSON, 0o600},
		{prefix + ".pub.jwk", fmt.Sprintf("public key, JWK (kid %s)", kid), pubJSON, 0o644},
	}, nil
}

// defaultKeyID is the RFC 7638 thumbprint of a public key, or a random ID
// for a secret, whose thumbprint would be a hash of the secret.
func defaultKeyID(key any, isSecret bool) (string, error) {
	if isSecret {
		var id [12]byte
		if _, err := rand.Read(id[:]); err != nil {
			return "", err
		}
		return base64.RawURLEncoding.EncodeToString(id[:]), nil
	}
	k, err := jwk.NewKey(key, jwk.Params{})
	if err != nil {
		return "", err
	}
	sum, err := k.Thumbprint(crypto.SHA256)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(sum), nil
}

// indentJWK marshals a JWK, indented, with a final newline.
func indentJWK(k *jwk.Key) ([]byte, error) {
	compact, err := k.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := json.Indent(&b, compact, "", "  "); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// writeFile writes data with perm, refusing to replace a file unless force.
func writeFile(name string, data []byte, perm fs.FileMode, force bool) error {
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if force {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(name, flags, perm)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s already exists; use -force to overwrite", name)
	}
	if err != nil {
		return err
	}
	if force {
		if err := f.Chmod(perm); err != nil {
			f.Close()
			return err
		}
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func width(files []outFile) int {
	w := 0
	for _, f := range files {
		w = max(w, len(f.name))
	}
	return w
}
