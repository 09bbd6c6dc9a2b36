package pemkey

import (
	"fmt"

	"github.com/jotlib/jwt/internal/sentinel"
)

// The package's sentinels. Each is a child of jwt.ErrInvalidKey (made
// in internal/sentinel), so errors.Is(err, jwt.ErrInvalidKey) holds for
// every error this package returns. The errors returned carry their own
// message ("pemkey: the private key is encrypted; ...") and match one of
// these with errors.Is.
var (
	// ErrInvalidPEM reports input that holds no key this package can read
	// (RFC 7468 section 2): it is empty or has no PEM block; the block's
	// label is not a key's; its DER is not the structure the label names
	// (RFC 8017 appendix A.1, RFC 5208 section 5, RFC 5915 section 3,
	// RFC 5280 section 4.1); or the key is encrypted (RFC 7468 section 11,
	// or an RFC 1421 DEK-Info header) or in OpenSSH's own format. The
	// message says how to convert an encrypted, OpenSSH or DER key.
	ErrInvalidPEM error = sentinel.New("pemkey: invalid PEM key", sentinel.InvalidKey)

	// ErrUnsupportedKey reports a well-formed key that no JWS algorithm
	// this library implements uses (RFC 7518 section 3.1; RFC 8037
	// section 3.1): an X25519 or X448 key-agreement key (RFC 8410), an
	// ECDSA key on a curve other than P-256, P-384 and P-521 (P-224,
	// secp256k1; RFC 7518 section 3.4), Ed448, DSA, or an RSASSA-PSS-only
	// key (RFC 4055 section 1.2); an ML-DSA key (RFC 9881) in a program
	// built with a Go older than 1.27, or an ML-DSA private key that holds
	// its expanded key rather than the seed alone (RFC 9881 section 6).
	// EncodePublicKey and EncodePrivateKey also report an incomplete key
	// value (a nil pointer, a missing field) with it.
	ErrUnsupportedKey error = sentinel.New("pemkey: unsupported key", sentinel.InvalidKey)

	// ErrWrongKeyType reports a usable key of another type than the one
	// asked for: a private key where a public one is expected (a verifier
	// needs only the public key, RFC 7515 section 5.2), a public key where
	// a private one is, or another key type than a typed function's (an
	// ECDSA key to ParseRSAPublicKey).
	ErrWrongKeyType error = sentinel.New("pemkey: wrong key type", sentinel.InvalidKey)
)

// The advice for keys this package cannot read as they are. The file
// names are examples: the messages are the same from the library and from
// the jwt command.
const (
	// adviceEncryptedLegacy: RFC 1421 Proc-Type/DEK-Info encryption, whose
	// ciphers RFC 1423 defines.
	adviceEncryptedLegacy = "the private key is encrypted; decrypt it first (openssl pkey -in key.pem -out plain.pem): " +
		"it uses legacy PEM encryption (RFC 1423, a DEK-Info header), which Go deprecated as insecure " +
		"(x509.DecryptPEMBlock: it cannot detect a wrong password and is open to padding-oracle attacks); " +
		"this package takes no password"
	// adviceEncryptedPKCS8: an RFC 5958 section 3 EncryptedPrivateKeyInfo.
	adviceEncryptedPKCS8 = "the private key is encrypted; decrypt it first (openssl pkey -in key.pem -out plain.pem, " +
		"or openssl pkcs8 -topk8 -nocrypt -in key.pem -out plain.pem): it is an encrypted PKCS#8 key " +
		"(RFC 5958 section 3), which Go's standard library does not decrypt, and Go deprecated legacy PEM " +
		"encryption (RFC 1423, x509.DecryptPEMBlock) as insecure; this package takes no password"
	adviceOpenSSH = "OpenSSH key format; convert it to PKCS#8 with: ssh-keygen -p -m PKCS8 -f key " +
		"(this rewrites the file; ssh-keygen may keep an Ed25519 key in OpenSSH format: " +
		"make a new one with openssl genpkey -algorithm ed25519)"
	adviceOpenSSHPublic = "an OpenSSH public key, not PEM; convert an RSA or ECDSA one with: ssh-keygen -e -m PKCS8 -f key.pub"
	adviceDER           = "the input looks like DER (binary), not PEM; convert it with: " +
		"openssl pkey -inform DER -in key.der -out key.pem (add -pubin for a public key)"
	advicePublicOnly = "give the public key instead (openssl pkey -in key.pem -pubout -out public.pem)"
)

// invalidf, unsupportedf and wrongTypef make an error with its own message
// that matches the sentinel with errors.Is.
func invalidf(format string, args ...any) error {
	return childf(ErrInvalidPEM, format, args...)
}

func unsupportedf(format string, args ...any) error {
	return childf(ErrUnsupportedKey, format, args...)
}

func wrongTypef(format string, args ...any) error {
	return childf(ErrWrongKeyType, format, args...)
}

func childf(parent error, format string, args ...any) error {
	return sentinel.New("pemkey: "+fmt.Sprintf(format, args...), parent)
}
