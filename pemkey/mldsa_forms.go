package pemkey

import (
	"encoding/asn1"
	"runtime"
)

// Object identifiers of the ML-DSA parameter sets (RFC 9881 section 2):
// id-ml-dsa-44, id-ml-dsa-65 and id-ml-dsa-87, in PKCS#8 and SPKI alike,
// with absent parameters.
var (
	oidMLDSA44 = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, 17}
	oidMLDSA65 = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, 18}
	oidMLDSA87 = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, 19}
)

// mldsaName returns the ML-DSA parameter set oid names, or "".
func mldsaName(oid asn1.ObjectIdentifier) string {
	switch {
	case oid.Equal(oidMLDSA44):
		return "ML-DSA-44"
	case oid.Equal(oidMLDSA65):
		return "ML-DSA-65"
	case oid.Equal(oidMLDSA87):
		return "ML-DSA-87"
	}
	return ""
}

// Advice for the ML-DSA private key forms crypto/x509 does not read (RFC
// 9881 section 6: the ML-DSA-PrivateKey CHOICE of seed [0], expandedKey
// OCTET STRING, or both as a SEQUENCE); Go 1.27 reads the seed only, which
// is also what a JOSE ML-DSA key holds (RFC 9964 section 3).
const (
	adviceMLDSABoth = "holds both its seed and its expanded key (RFC 9881 section 6; the form OpenSSL 3.5 writes by default), " +
		"which crypto/x509 does not read; convert it to the seed-only form with: " +
		"openssl pkey -in key.pem -provparam ml-dsa.output_formats=seed-only -out seed.pem"
	adviceMLDSAExpanded = "holds only its expanded key, without the seed (RFC 9881 section 6), which crypto/x509 does not read " +
		"and from which the seed cannot be recomputed; export the key with its seed where it was made " +
		"(an ML-DSA key for JWS is its 32-byte seed, RFC 9964 section 3)"
)

// mldsaError explains an ML-DSA key crypto/x509 did not read: in a build
// without ML-DSA (Go older than 1.27), any; with it, a private key in a
// form other than seed-only. privateKey is the content of a PKCS#8
// privateKey OCTET STRING, nil for an SPKI. It returns nil for a key in a
// form crypto/x509 reads, which is then malformed.
func mldsaError(name string, privateKey []byte) error {
	var form string
	if len(privateKey) > 0 {
		switch privateKey[0] {
		case 0x30: // SEQUENCE: both
			form = adviceMLDSABoth
		case 0x04: // OCTET STRING: expandedKey
			form = adviceMLDSAExpanded
		}
	}
	if !mldsaAvailable {
		msg := "an " + name + " key: ML-DSA needs Go 1.27 or later (crypto/mldsa); this program was built with " + runtime.Version()
		if form != "" {
			msg += "; this private key also " + form
		}
		return unsupportedf("%s", msg)
	}
	if form != "" {
		return unsupportedf("the %s private key %s", name, form)
	}
	return nil
}
