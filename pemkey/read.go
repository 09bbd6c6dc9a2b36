package pemkey

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/pem"
	"fmt"
	"strings"
)

// PEM labels (RFC 7468 section 4, and the labels openssl and OpenSSH
// write).
const (
	labelPKCS8        = "PRIVATE KEY"
	labelPKCS1        = "RSA PRIVATE KEY"
	labelSEC1         = "EC PRIVATE KEY"
	labelSPKI         = "PUBLIC KEY"
	labelPKCS1Public  = "RSA PUBLIC KEY"
	labelCertificate  = "CERTIFICATE"
	labelECParameters = "EC PARAMETERS"
	labelEncrypted    = "ENCRYPTED PRIVATE KEY"
	labelOpenSSH      = "OPENSSH PRIVATE KEY"
	labelDSA          = "DSA PRIVATE KEY"
)

// keyBlock returns the first PEM block of data that is not "EC
// PARAMETERS", or explains why there is none.
func keyBlock(data []byte) (*pem.Block, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, invalidf("empty input")
	}
	rest, sawParameters := data, false
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type != labelECParameters {
			return block, nil
		}
		sawParameters = true
	}
	switch {
	case sawParameters:
		return nil, invalidf("no PEM key block found after the EC PARAMETERS block (openssl ecparam makes a key only with -genkey)")
	case isOpenSSHPublicKey(trimmed):
		return nil, invalidf("%s", adviceOpenSSHPublic)
	case bytes.Contains(data, []byte("-----BEGIN ")):
		return nil, invalidf("no PEM key block found: a -----BEGIN line has no matching -----END line, or the base64 between them is invalid")
	case trimmed[0] == 0x30 && !isText(trimmed): // an ASN.1 SEQUENCE
		return nil, invalidf("no PEM key block found: %s", adviceDER)
	}
	return nil, invalidf("no PEM key block found (want text starting -----BEGIN PRIVATE KEY----- or the like)")
}

// isOpenSSHPublicKey reports whether data starts like an authorized_keys
// line or an RFC 4716 public key file.
func isOpenSSHPublicKey(data []byte) bool {
	for _, prefix := range []string{"ssh-rsa ", "ssh-ed25519 ", "ssh-dss ", "ecdsa-sha2-", "sk-ssh-ed25519@openssh.com ", "sk-ecdsa-sha2-", "---- BEGIN SSH2 PUBLIC KEY ----"} {
		if bytes.HasPrefix(data, []byte(prefix)) {
			return true
		}
	}
	return false
}

// isText reports whether data is printable ASCII and line breaks.
func isText(data []byte) bool {
	for _, b := range data {
		if (b < 0x20 || b > 0x7e) && b != '\n' && b != '\r' && b != '\t' {
			return false
		}
	}
	return true
}

// A derForm is one DER structure a key may be in.
type derForm struct {
	name  string
	parse func(der []byte) (any, error)
}

var (
	formPKCS8       = derForm{"PKCS#8", func(der []byte) (any, error) { return x509.ParsePKCS8PrivateKey(der) }}
	formPKCS1       = derForm{"PKCS#1", func(der []byte) (any, error) { return x509.ParsePKCS1PrivateKey(der) }}
	formSEC1        = derForm{"SEC 1", func(der []byte) (any, error) { return x509.ParseECPrivateKey(der) }}
	formSPKI        = derForm{"SPKI", func(der []byte) (any, error) { return x509.ParsePKIXPublicKey(der) }}
	formPKCS1Public = derForm{"PKCS#1", func(der []byte) (any, error) { return x509.ParsePKCS1PublicKey(der) }}
)

// privateForms and publicForms are the forms tried for each key label,
// the label's own first.
var (
	privateForms = map[string][]derForm{
		labelPKCS8: {formPKCS8, formPKCS1, formSEC1},
		labelPKCS1: {formPKCS1, formPKCS8, formSEC1},
		labelSEC1:  {formSEC1, formPKCS8, formPKCS1},
	}
	publicForms = map[string][]derForm{
		labelSPKI:        {formSPKI, formPKCS1Public},
		labelPKCS1Public: {formPKCS1Public, formSPKI},
	}
)

// parseDER returns the key of the first form that parses der, or the
// first form's error.
func parseDER(forms []derForm, der []byte) (any, error) {
	var first error
	for _, f := range forms {
		k, err := f.parse(der)
		if err == nil {
			return k, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}

func formNames(forms []derForm) string {
	names := make([]string, len(forms))
	for i, f := range forms {
		names[i] = f.name
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// blockKey parses a key block by its label.
func blockKey(b *pem.Block) (any, error) {
	if b.Type == labelEncrypted {
		return nil, invalidf("%s", adviceEncryptedPKCS8)
	}
	if b.Headers["DEK-Info"] != "" || strings.Contains(b.Headers["Proc-Type"], "ENCRYPTED") {
		return nil, invalidf("%s", adviceEncryptedLegacy)
	}
	if _, isKeyLabel := privateForms[b.Type]; isKeyLabel || publicForms[b.Type] != nil {
		// crypto/x509 ignores bytes after some structures (PKCS#8): DER
		// has none (X.690 section 10.1).
		var v asn1.RawValue
		if rest, err := asn1.Unmarshal(b.Bytes, &v); err == nil && len(rest) > 0 {
			return nil, invalidf("the %s block has trailing bytes after its DER structure (%d)", b.Type, len(rest))
		}
	}
	if forms, ok := privateForms[b.Type]; ok {
		k, err := parseDER(forms, b.Bytes)
		if err == nil {
			return k, nil
		}
		if _, pubErr := parseDER(publicForms[labelSPKI], b.Bytes); pubErr == nil {
			return nil, invalidf("the %s block holds a public key", b.Type)
		}
		if uerr := unsupportedAlgorithm(b.Bytes); uerr != nil {
			return nil, uerr
		}
		return nil, invalidf("the %s block is not a valid %s private key (%v)", b.Type, formNames(forms), err)
	}
	if forms, ok := publicForms[b.Type]; ok {
		k, err := parseDER(forms, b.Bytes)
		if err == nil {
			return k, nil
		}
		if _, privErr := parseDER(privateForms[labelPKCS8], b.Bytes); privErr == nil {
			return nil, invalidf("the %s block holds a private key", b.Type)
		}
		if uerr := unsupportedAlgorithm(b.Bytes); uerr != nil {
			return nil, uerr
		}
		return nil, invalidf("the %s block is not a valid %s public key (%v)", b.Type, formNames(forms), err)
	}
	switch b.Type {
	case labelCertificate:
		cert, err := x509.ParseCertificate(b.Bytes)
		if err != nil {
			return nil, invalidf("the CERTIFICATE block does not parse (%v)", err)
		}
		if cert.PublicKey == nil { // an algorithm crypto/x509 does not know
			if uerr := unsupportedAlgorithm(cert.RawSubjectPublicKeyInfo); uerr != nil {
				return nil, uerr
			}
			return nil, unsupportedf("the certificate's key algorithm is not supported")
		}
		return cert.PublicKey, nil
	case labelOpenSSH:
		return nil, invalidf("%s", adviceOpenSSH)
	case labelDSA:
		return nil, unsupportedf("a DSA key: JWS has no DSA algorithm (RFC 7518 section 3.1)")
	}
	return nil, invalidf("unsupported PEM block %q (want %s, %s, %s, %s, %s or %s)", b.Type,
		labelPKCS8, labelPKCS1, labelSEC1, labelSPKI, labelPKCS1Public, labelCertificate)
}

// Object identifiers of key algorithms (RFC 8017 appendix A.1, RFC 4055
// section 2.1, RFC 3279 section 2.3.2, RFC 5480 section 2.1.1, RFC 8410
// section 3) and named curves (RFC 5480 section 2.1.1.1, SEC 2).
var (
	oidRSA     = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 1}
	oidRSAPSS  = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 10}
	oidDSA     = asn1.ObjectIdentifier{1, 2, 840, 10040, 4, 1}
	oidEC      = asn1.ObjectIdentifier{1, 2, 840, 10045, 2, 1}
	oidX25519  = asn1.ObjectIdentifier{1, 3, 101, 110}
	oidX448    = asn1.ObjectIdentifier{1, 3, 101, 111}
	oidEd25519 = asn1.ObjectIdentifier{1, 3, 101, 112}
	oidEd448   = asn1.ObjectIdentifier{1, 3, 101, 113}

	oidP224      = asn1.ObjectIdentifier{1, 3, 132, 0, 33}
	oidP256      = asn1.ObjectIdentifier{1, 2, 840, 10045, 3, 1, 7}
	oidP384      = asn1.ObjectIdentifier{1, 3, 132, 0, 34}
	oidP521      = asn1.ObjectIdentifier{1, 3, 132, 0, 35}
	oidSecp256k1 = asn1.ObjectIdentifier{1, 3, 132, 0, 10}
)

// unsupportedAlgorithm explains a key crypto/x509 cannot parse because of
// its algorithm or curve: it reads just the algorithm identifier of a
// PKCS#8 (RFC 5208 section 5) or SPKI (RFC 5280 section 4.1.1.2)
// structure, or the curve of a SEC 1 key (RFC 5915 section 3). It returns
// nil when der names an algorithm crypto/x509 reads, or is none of these
// structures: the key is then malformed.
func unsupportedAlgorithm(der []byte) error {
	var pkcs8 struct {
		Version    int
		Algorithm  pkix.AlgorithmIdentifier
		PrivateKey []byte
	}
	if rest, err := asn1.Unmarshal(der, &pkcs8); err == nil && len(rest) == 0 {
		if name := mldsaName(pkcs8.Algorithm.Algorithm); name != "" {
			return mldsaError(name, pkcs8.PrivateKey)
		}
		return algorithmError(pkcs8.Algorithm)
	}
	var spki struct {
		Algorithm pkix.AlgorithmIdentifier
		PublicKey asn1.BitString
	}
	if rest, err := asn1.Unmarshal(der, &spki); err == nil && len(rest) == 0 {
		return algorithmError(spki.Algorithm)
	}
	var sec1 struct {
		Version    int
		PrivateKey []byte
		Parameters asn1.RawValue `asn1:"optional,explicit,tag:0"`
	}
	if rest, err := asn1.Unmarshal(der, &sec1); err == nil && len(rest) == 0 && len(sec1.Parameters.FullBytes) > 0 {
		return curveError(sec1.Parameters.Bytes) // the [0] wrapper is kept in a RawValue
	}
	return nil
}

func algorithmError(alg pkix.AlgorithmIdentifier) error {
	switch oid := alg.Algorithm; {
	case oid.Equal(oidRSA), oid.Equal(oidEd25519), oid.Equal(oidX25519):
		return nil
	case mldsaName(oid) != "":
		return mldsaError(mldsaName(oid), nil)
	case oid.Equal(oidEC):
		return curveError(alg.Parameters.FullBytes)
	case oid.Equal(oidRSAPSS):
		return unsupportedf("an RSASSA-PSS-restricted key (id-RSASSA-PSS, RFC 4055), which crypto/x509 does not read; " +
			"an ordinary RSA key (openssl genpkey -algorithm RSA) signs PS256, PS384 and PS512 as well")
	case oid.Equal(oidDSA):
		return unsupportedf("a DSA key: JWS has no DSA algorithm (RFC 7518 section 3.1)")
	case oid.Equal(oidEd448):
		return unsupportedf("an Ed448 key: only Ed25519 is supported for EdDSA")
	case oid.Equal(oidX448):
		return unsupportedf("an X448 key is for key agreement (ECDH, RFC 8410); JWS needs a signing key (Ed25519, ECDSA or RSA)")
	default:
		return unsupportedf("a key of algorithm %s, which JWS here does not use", oid)
	}
}

// curveError refuses an EC key's curve, given as its ECParameters (RFC
// 5480 section 2.1.1), unless crypto/x509 reads it.
func curveError(params []byte) error {
	var curve asn1.ObjectIdentifier
	if rest, err := asn1.Unmarshal(params, &curve); err != nil || len(rest) > 0 {
		return unsupportedf("an EC key with explicit curve parameters; write it with the curve's name (openssl pkey -in key.pem -ec_param_enc named_curve)")
	}
	switch {
	case curve.Equal(oidP224), curve.Equal(oidP256), curve.Equal(oidP384), curve.Equal(oidP521):
		return nil
	case curve.Equal(oidSecp256k1):
		return unsupportedf("an EC key on secp256k1: ES256K (RFC 8812) is not supported; ES256, ES384 and ES512 use P-256, P-384 and P-521 (RFC 7518 section 3.4)")
	}
	return unsupportedf("an EC key on curve %s: ES256, ES384 and ES512 use P-256, P-384 and P-521 only (RFC 7518 section 3.4)", curve)
}

// checkKey refuses a key that is not one of the JWS key types (the six of
// RSA, ECDSA and Ed25519, and with Go 1.27 ML-DSA's two), on an ECDSA curve
// JWS uses, with its fields present (so that crypto/x509's marshaling does
// not panic on it).
func checkKey(key any) error {
	incomplete := func() error { return unsupportedf("incomplete %s", strings.TrimPrefix(describe(key), "an ")) }
	switch k := key.(type) {
	case *rsa.PublicKey:
		if k == nil || k.N == nil {
			return incomplete()
		}
	case *rsa.PrivateKey:
		if k == nil || k.N == nil || k.D == nil || len(k.Primes) < 2 {
			return incomplete()
		}
		for _, p := range k.Primes {
			if p == nil {
				return incomplete()
			}
		}
	case *ecdsa.PublicKey:
		// Only the coordinates' presence is read; their values are
		// crypto/ecdsa's.
		//lint:ignore SA1019 nil check of the coordinates, which marshaling would dereference
		if k == nil || k.Curve == nil || k.X == nil || k.Y == nil {
			return incomplete()
		}
		return checkCurve(k.Curve)
	case *ecdsa.PrivateKey:
		//lint:ignore SA1019 nil check of the scalar and coordinates, which marshaling would dereference
		if k == nil || k.Curve == nil || k.D == nil || k.X == nil || k.Y == nil {
			return incomplete()
		}
		return checkCurve(k.Curve)
	case ed25519.PublicKey:
		if len(k) != ed25519.PublicKeySize {
			return unsupportedf("an Ed25519 public key of %d bytes, want %d", len(k), ed25519.PublicKeySize)
		}
	case ed25519.PrivateKey:
		if len(k) != ed25519.PrivateKeySize {
			return unsupportedf("an Ed25519 private key of %d bytes, want %d", len(k), ed25519.PrivateKeySize)
		}
	case *ecdh.PrivateKey, *ecdh.PublicKey:
		return unsupportedf("an X25519/ECDH key is for key agreement; JWS needs a signing key (Ed25519, ECDSA or RSA)")
	case nil:
		return unsupportedf("no key (nil)")
	default:
		if mldsaKind(key) != notMLDSA {
			return checkMLDSA(key)
		}
		return unsupportedf("unsupported key type %T (want RSA, ECDSA, Ed25519 or, with Go 1.27, ML-DSA)", key)
	}
	return nil
}

// checkCurve refuses the curves no ES* algorithm uses (RFC 7518 section
// 3.4), such as P-224, which crypto/x509 reads.
func checkCurve(c elliptic.Curve) error {
	switch c {
	case elliptic.P256(), elliptic.P384(), elliptic.P521():
		return nil
	}
	return unsupportedf("an ECDSA key on %s: ES256, ES384 and ES512 use P-256, P-384 and P-521 only (RFC 7518 section 3.4)", curveName(c))
}

// curveName is a curve's name, or "an unnamed curve".
func curveName(c elliptic.Curve) string {
	if p := c.Params(); p != nil && p.Name != "" {
		return p.Name
	}
	return "an unnamed curve"
}

// describe names a key for messages: "an ECDSA P-256 private key". It
// reads no field that may be missing.
func describe(key any) string {
	switch k := key.(type) {
	case *rsa.PrivateKey:
		if k != nil && k.N != nil {
			return fmt.Sprintf("an RSA %d-bit private key", k.N.BitLen())
		}
		return "an RSA private key"
	case *rsa.PublicKey:
		if k != nil && k.N != nil {
			return fmt.Sprintf("an RSA %d-bit public key", k.N.BitLen())
		}
		return "an RSA public key"
	case *ecdsa.PrivateKey:
		if k != nil && k.Curve != nil {
			return fmt.Sprintf("an ECDSA %s private key", curveName(k.Curve))
		}
		return "an ECDSA private key"
	case *ecdsa.PublicKey:
		if k != nil && k.Curve != nil {
			return fmt.Sprintf("an ECDSA %s public key", curveName(k.Curve))
		}
		return "an ECDSA public key"
	case ed25519.PrivateKey:
		return "an Ed25519 private key"
	case ed25519.PublicKey:
		return "an Ed25519 public key"
	}
	if mldsaKind(key) != notMLDSA {
		return describeMLDSA(key)
	}
	return fmt.Sprintf("a %T", key)
}
