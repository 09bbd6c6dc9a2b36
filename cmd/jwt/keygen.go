package main

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/keygen"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/pemkey"
)

const keygenHelp = `Usage: jwt keygen -alg ALG [-out PREFIX] [-kid ID] [-bits N] [-force]

Makes a new key for ALG and writes it as files named PREFIX (default: the
algorithm in lower case) and prints their names:

  RS*, PS*, ES*, EdDSA,  PREFIX.pem      private key, PKCS#8 PEM  (mode 0600)
  ML-DSA-44/65/87:       PREFIX.pub.pem  public key, SPKI PEM
                         PREFIX.jwk      private JWK              (mode 0600)
                         PREFIX.pub.jwk  public JWK
  HS256, HS384, HS512:   PREFIX.key      random secret of the hash size
                                         (32/48/64 bytes), base64url text (0600)
                         PREFIX.jwk      the secret as an "oct" JWK (0600)

The JWKs carry "alg", "use": "sig" and "kid" (default: the key's RFC 7638
thumbprint; a random ID for a secret, whose thumbprint would be its hash).
An ML-DSA key (RFC 9964) is made from a random 32-byte seed, which is what
its PKCS#8 PEM (RFC 9881, seed only) and its "AKP" JWK ("priv") hold; the
ML-DSA algorithms need a jwt built with Go 1.27 or later.

Each file is written in full to a new temporary file in its directory and
then renamed into place. Existing files are never overwritten without
-force. Even with -force, keygen refuses a symbolic link (dangling or not),
a directory or any other non-regular file at an output path: it never writes
through a link, nor replaces one.

Flags:
  -alg ALG      the algorithm the key is for
  -out PREFIX   file name prefix, may include a directory
  -kid ID       the JWK "kid" (default: RFC 7638 thumbprint)
  -bits N       RSA modulus size (default 2048, the least RFC 7518 allows)
  -force        replace existing regular files (never a symbolic link)

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
	fset.BoolVar(&force, "force", false, "replace existing regular files")
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
	for _, f := range files {
		if err := checkDestination(f.name, force); err != nil {
			return err
		}
	}
	if err := writeFiles(files); err != nil {
		return err
	}
	for _, f := range files {
		fmt.Fprintf(c.stdout, "wrote %-*s %s\n", width(files), f.name, f.what)
	}
	return nil
}

// algChoices lists the algorithms keygen makes keys for in this build
// (ML-DSA with Go 1.27 or later).
func algChoices() []jwt.Algorithm {
	var out []jwt.Algorithm
	for _, a := range []jwt.Algorithm{jwt.HS256, jwt.HS384, jwt.HS512, jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512,
		jwt.ES256, jwt.ES384, jwt.ES512, jwt.EdDSA, jwt.Ed25519, jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87} {
		if a.Available() {
			out = append(out, a)
		}
	}
	return out
}

// generateKey makes a new key for alg: a random secret of the hash size for
// HS*, an RSA key of bits for RS*/PS*, the curve's key for ES*, Ed25519,
// and for ML-DSA-* the key of a random 32-byte seed (FIPS 204 Algorithm 1;
// an error saying Go 1.27 is needed in an older build).
func generateKey(alg jwt.Algorithm, bits int) (any, error) {
	switch alg {
	case jwt.HS256, jwt.HS384, jwt.HS512:
		secret := make([]byte, hmacMinSize(alg))
		if _, err := rand.Read(secret); err != nil {
			return nil, err
		}
		return secret, nil
	case jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512:
		if bits < keygen.MinRSABits || bits > keygen.MaxRSABits {
			return nil, usageError("-bits %d: RSA keys for JWS must have 2048 to 16384 bits (RFC 7518 section 3.3)", bits)
		}
	}
	priv, err := keygen.Private(alg, bits)
	switch {
	case err == nil:
		return priv, nil
	case errors.Is(err, keygen.ErrUnsupported):
		return nil, usageError("cannot make a key for %s", alg)
	case alg == jwt.MLDSA44 || alg == jwt.MLDSA65 || alg == jwt.MLDSA87:
		return nil, withCode(exitAlgorithm, fromLibrary(err))
	}
	return nil, err
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
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("keygen made a %T, not a private key", key)
	}
	privPEM, err := pemkey.EncodePrivateKey(signer)
	if err != nil {
		return nil, err
	}
	pubPEM, err := pemkey.EncodePublicKey(signer.Public())
	if err != nil {
		return nil, err
	}
	return []outFile{
		{prefix + ".pem", "private key, PKCS#8 PEM (keep secret)", privPEM, 0o600},
		{prefix + ".pub.pem", "public key, SPKI PEM", pubPEM, 0o644},
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

// checkDestination refuses an output path that holds anything but a
// regular file, and a regular file too unless force. It looks at the path
// itself (os.Lstat), so a symbolic link is refused, dangling or not.
func checkDestination(name string, force bool) error {
	st, err := os.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case st.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s is a symbolic link; keygen never writes through or replaces one, even with -force (remove it or use -out for another prefix)", name)
	case st.IsDir():
		return fmt.Errorf("%s is a directory; use -out for another prefix", name)
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file; use -out for another prefix", name)
	case !force:
		return fmt.Errorf("%s already exists; use -force to overwrite or -out for another prefix", name)
	}
	return nil
}

// writeFiles puts each file in place whole: all are first written to
// temporary files beside their destinations, then each temporary file is
// renamed over its destination. A rename replaces the directory entry, so
// it never writes through a symbolic link put there meanwhile. No temporary
// file is left behind, on success or on error.
func writeFiles(files []outFile) error {
	var temps []string
	defer func() {
		for _, tmp := range temps {
			os.Remove(tmp)
		}
	}()
	for _, f := range files {
		tmp, err := stageFile(f)
		if err != nil {
			return fmt.Errorf("writing %s: %w", f.name, err)
		}
		temps = append(temps, tmp)
	}
	for _, f := range files {
		if err := os.Rename(temps[0], f.name); err != nil {
			return fmt.Errorf("writing %s: %w", f.name, err)
		}
		temps = temps[1:]
	}
	return nil
}

// stageFile writes f's data to a new temporary file in f's directory, with
// f's mode, synced to disk, and returns its name.
func stageFile(f outFile) (string, error) {
	tmp, err := os.CreateTemp(filepath.Dir(f.name), ".jwt-keygen-*.tmp")
	if err != nil {
		return "", err
	}
	err = fillFile(tmp, f.data, f.perm)
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// fillFile sets a new file's mode (os.CreateTemp makes it 0600), writes
// data and syncs it.
func fillFile(f *os.File, data []byte, perm fs.FileMode) error {
	if err := f.Chmod(perm); err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	return f.Sync()
}

func width(files []outFile) int {
	w := 0
	for _, f := range files {
		w = max(w, len(f.name))
	}
	return w
}
