package dpop

import (
	"crypto"
	"crypto/rand"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/keyheader"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/urlnorm"
	"github.com/jotlib/jwt/jwk"
)

// ProofType is the "typ" of a DPoP proof (RFC 9449 section 4.2:
// "dpop+jwt", explicit typing per RFC 8725 section 3.11).
const ProofType = "dpop+jwt"

// ErrInvalidRequest reports a request a proof cannot be made for (RFC 9449
// section 4.2): a method that is not an HTTP token (RFC 9110 section 9.1),
// a URL that is not an absolute http or https URL with a valid host and
// port (RFC 9110 section 4.2; a host in Unicode, a zone identifier, port 0
// or one past 65535 included) or that carries userinfo (RFC 9110 section
// 4.2.4), an
// access token that is not a token68 (RFC 9449 section 7.1), or a nonce
// that is not 1*NQCHAR (RFC 9449 section 8.1).
var ErrInvalidRequest error = sentinel.New("dpop: no proof can be made for this request")

// Signer makes DPoP proofs (RFC 9449 section 4.2) with one private key: a
// JWT whose header has "typ" "dpop+jwt", "alg" and "jwk", the public key
// only, and whose claims are "jti", "htm", "htu", "iat" and, when asked,
// "ath" and "nonce". It is safe for concurrent use. A zero or nil Signer
// refuses every call with ErrInvalidConfig.
type Signer struct {
	core *jwt.Signer
	key  *jwk.Key // the public key, as the header carries it
	jkt  string
}

// NewSigner returns a Signer for alg with key, the client's private key
// (RFC 9449 section 4.2: "an asymmetric digital signature algorithm"):
// ECDSA P-256, P-384 or P-521 (ES256, ES384, ES512), RSA of 2048 bits or
// more (RS*, PS*), Ed25519 (EdDSA, Ed25519) or, built with Go 1.27 or
// later, ML-DSA (ML-DSA-44, -65, -87; RFC 9964), as an *ecdsa.PrivateKey,
// *rsa.PrivateKey, ed25519.PrivateKey, *mldsa.PrivateKey or any
// crypto.Signer (a KMS, an HSM) whose public key fits alg. A nil or
// typed-nil key, an HMAC or unknown alg, and a key that does not fit alg
// are ErrInvalidConfig (also matching jwt.ErrInvalidKey or
// jwt.ErrAlgorithmNotAllowed, saying why); an ML-DSA alg built with a Go
// older than 1.27 is ErrInvalidConfig and jwt.ErrAlgorithmNotAllowed,
// saying Go 1.27 is needed. NewSigner signs one test message with key
// (one call of its Sign method, a KMS or HSM's included) and verifies it
// with key.Public(): a key that cannot sign, or whose Public is another
// key than the one it signs with, is ErrInvalidConfig and
// jwt.ErrInvalidKey, since every proof it made would fail RFC 9449
// section 4.3 check 7.
func NewSigner(alg jwt.Algorithm, key crypto.Signer) (*Signer, error) {
	if !alg.Known() {
		return nil, fmt.Errorf("%w: %w: unknown algorithm %q", ErrInvalidConfig, jwt.ErrAlgorithmNotAllowed, string(alg))
	}
	if strings.HasPrefix(string(alg), "HS") {
		return nil, fmt.Errorf("%w: %w: %s is symmetric; a DPoP proof needs an asymmetric algorithm (RFC 9449 section 4.2)",
			ErrInvalidConfig, jwt.ErrAlgorithmNotAllowed, alg)
	}
	// The core checks the key first (nil, typed nil, public, weak, of
	// another family or curve), so that Public is called on a key it took.
	if _, err := jwt.NewSigner(alg, key); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidConfig, err)
	}
	pub, err := publicOf(key)
	if err != nil {
		return nil, err
	}
	k, err := jwk.NewKey(pub, jwk.Params{})
	if err != nil {
		return nil, fmt.Errorf("%w: the public key as a JWK: %w", ErrInvalidConfig, err)
	}
	if k, err = k.Public(); err != nil { // a crypto.Signer whose Public is a private key
		return nil, fmt.Errorf("%w: the public key as a JWK: %w", ErrInvalidConfig, err)
	}
	if !k.CanVerify(alg) {
		return nil, fmt.Errorf("%w: %w: the %s public key cannot verify %s", ErrInvalidConfig, jwt.ErrInvalidKey, k.KeyType(), alg)
	}
	jwkJSON, err := k.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("%w: the public key as a JWK: %w", ErrInvalidConfig, err)
	}
	jkt, err := Thumbprint(k)
	if err != nil {
		return nil, fmt.Errorf("%w: the key's thumbprint: %w", ErrInvalidConfig, err)
	}
	header, ok := keyheader.WithKeyHeader(jwkJSON).(jwt.Option)
	if !ok {
		return nil, fmt.Errorf("%w: internal/keyheader is not set", ErrInvalidConfig)
	}
	core, err := jwt.NewSigner(alg, key, jwt.WithType(ProofType), header)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidConfig, err)
	}
	if err := probe(core, alg, pub); err != nil {
		return nil, err
	}
	return &Signer{core: core, key: k, jkt: jkt}, nil
}

// probe signs one test message with core and verifies it with pub, the
// key the proofs' "jwk" carries (RFC 9449 section 4.3 check 7: a proof
// must verify with it), so that a crypto.Signer whose Public is not the
// key it signs with is refused here rather than by every server.
func probe(core *jwt.Signer, alg jwt.Algorithm, pub crypto.PublicKey) error {
	tok, err := core.Sign(map[string]string{"jti": "dpop-signer-probe"})
	if err != nil {
		return fmt.Errorf("%w: %w: the key did not sign a test message: %w", ErrInvalidConfig, jwt.ErrInvalidKey, err)
	}
	if _, err := jwt.Parse(tok, pub, jwt.WithType(ProofType), jwt.WithAlgorithms(alg)); err != nil {
		return fmt.Errorf("%w: %w: a test message the key signed does not verify with its Public key: %w",
			ErrInvalidConfig, jwt.ErrInvalidKey, err)
	}
	return nil
}

// publicOf is key.Public(), a panic of a KMS or HSM signer's refused.
func publicOf(key crypto.Signer) (pub crypto.PublicKey, err error) {
	defer func() {
		if recover() != nil {
			pub, err = nil, fmt.Errorf("%w: %w: the crypto.Signer's Public method panicked", ErrInvalidConfig, jwt.ErrInvalidKey)
		}
	}()
	return key.Public(), nil
}

// Algorithm returns the proofs' "alg" (RFC 9449 section 4.2), "" for a
// zero Signer.
func (s *Signer) Algorithm() jwt.Algorithm {
	if !s.usable() {
		return ""
	}
	return s.core.Algorithm()
}

// JKT returns the JWK SHA-256 Thumbprint (RFC 7638) of the Signer's public
// key, base64url: the "jkt" an access token bound to it carries in "cnf"
// (RFC 9449 section 6.1) and the "dpop_jkt" of an authorization request
// (section 10). "" for a zero Signer.
func (s *Signer) JKT() string {
	if !s.usable() {
		return ""
	}
	return s.jkt
}

// PublicKey returns the public JWK the proofs carry in their "jwk" header
// (RFC 9449 section 4.2), with no private member; nil for a zero Signer.
func (s *Signer) PublicKey() *jwk.Key {
	if !s.usable() {
		return nil
	}
	return s.key
}

func (s *Signer) usable() bool { return s != nil && s.core != nil && s.key != nil }

// ProofOptions are the per-request parts of a proof (RFC 9449 section 4.2).
type ProofOptions struct {
	// AccessToken, when not empty, is the access token the request
	// presents: the proof's "ath" is AccessTokenHash(AccessToken). It must
	// be a token68 (RFC 9449 section 7.1).
	AccessToken string
	// Nonce, when not empty, is the server's last DPoP-Nonce (sections 8
	// and 9), written as "nonce". It must be 1*NQCHAR (section 8.1).
	Nonce string
	// Now is the proof's "iat", in seconds; zero is time.Now.
	Now time.Time
}

// proofClaims are a proof's claims (RFC 9449 section 4.2), in the order
// written.
type proofClaims struct {
	ID     string `json:"jti"`
	Method string `json:"htm"`
	URL    string `json:"htu"`
	Issued int64  `json:"iat"`
	ATH    string `json:"ath,omitempty"`
	Nonce  string `json:"nonce,omitempty"`
}

// Proof returns a proof for a request with method and url (RFC 9449
// section 4.2): "htm" is method, exactly (RFC 9110 section 9.1: a token;
// methods are case-sensitive), and "htu" is url without its query and
// fragment in the comparison form the Verifier checks it in (section 4.3
// check 9; RFC 3986 sections 6.2.2 and 6.2.3): scheme and host
// lower-cased, percent-encodings upper-cased and those of unreserved
// characters decoded, dot segments removed, the default port dropped, an
// IP literal in its one form and an empty path written as "/". url must
// be an absolute http or https URL with a host of ASCII characters (an
// internationalised name as its A-label, "xn--...", as net/http sends it),
// no zone identifier, a port of 1 to 65535 if any, and no userinfo; else
// the error is ErrInvalidRequest. "jti" is 128 bits from
// crypto/rand, base64url. A request it cannot describe is
// ErrInvalidRequest; a zero Signer ErrInvalidConfig.
func (s *Signer) Proof(method, url string, o ProofOptions) (string, error) {
	if !s.usable() {
		return "", fmt.Errorf("%w: nil or zero Signer; use NewSigner", ErrInvalidConfig)
	}
	htu, err := htuOf(url)
	if err != nil {
		return "", err
	}
	return s.sign(method, htu, o)
}

// sign makes the proof for an htu already built.
func (s *Signer) sign(method, htu string, o ProofOptions) (string, error) {
	if !s.usable() {
		return "", fmt.Errorf("%w: nil or zero Signer; use NewSigner", ErrInvalidConfig)
	}
	if !isToken(method) {
		return "", fmt.Errorf("%w: the method %q is not an HTTP token (RFC 9110 section 9.1)", ErrInvalidRequest, method)
	}
	c := proofClaims{Method: method, URL: htu, Nonce: o.Nonce}
	if o.Nonce != "" && !isNonce(o.Nonce) {
		return "", fmt.Errorf("%w: the nonce is not 1*NQCHAR (RFC 9449 section 8.1)", ErrInvalidRequest)
	}
	if o.AccessToken != "" {
		if !isToken68(o.AccessToken) {
			return "", fmt.Errorf("%w: the access token is not a token68 (RFC 9449 section 7.1)", ErrInvalidRequest)
		}
		c.ATH = AccessTokenHash(o.AccessToken)
	}
	var id [16]byte
	if _, err := rand.Read(id[:]); err != nil {
		return "", fmt.Errorf("%w: jti: %w", jwt.ErrSigningFailed, err)
	}
	c.ID = b64url.EncodeToString(id[:])
	now := o.Now
	if now.IsZero() {
		now = time.Now()
	}
	c.Issued = now.Unix()
	return s.core.Sign(c)
}

// htuOf is raw's "htu" (RFC 9449 section 4.2): the URL without query and
// fragment (RFC 3986 section 3: the fragment starts at the first "#", the
// query at the first "?" before it).
func htuOf(raw string) (string, error) {
	base, _, _ := strings.Cut(raw, "#")
	base, _, _ = strings.Cut(base, "?")
	u, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("%w: the URL: %v", ErrInvalidRequest, err)
	}
	if u.User != nil {
		return "", fmt.Errorf("%w: the URL carries userinfo, which a target URI never does (RFC 9110 section 4.2.4)", ErrInvalidRequest)
	}
	if u.Opaque != "" {
		return "", fmt.Errorf("%w: the URL %q is not hierarchical", ErrInvalidRequest, base)
	}
	return targetURI(u.Scheme, u.Host, u.EscapedPath())
}

// targetURI writes an "htu" from a request's scheme, authority and escaped
// path in the one comparison form a Verifier checks it in (RFC 9449
// section 4.3 check 9): urlnorm.Target's, so that no proof is made that
// this package's own Verifier would refuse for its URL.
func targetURI(scheme, host, path string) (string, error) {
	lower := strings.ToLower(scheme)
	if lower != "https" && lower != "http" {
		return "", fmt.Errorf("%w: the URL's scheme is %s; a DPoP proof is for an absolute http or https URL (RFC 9449 section 4.2)",
			ErrInvalidRequest, bounded.Quote(scheme))
	}
	if host == "" {
		return "", fmt.Errorf("%w: the URL has no host (RFC 9110 section 4.2.1)", ErrInvalidRequest)
	}
	if path != "" && path[0] != '/' {
		return "", fmt.Errorf("%w: the URL's path %s does not start with \"/\"", ErrInvalidRequest, bounded.Quote(path))
	}
	htu, err := urlnorm.Target(lower + "://" + host + path)
	if err != nil {
		return "", fmt.Errorf("%w: the URL's host %s and path make no target URI (RFC 9110 sections 4.2 and 7.1; "+
			"a host in Unicode must be given as its A-label, RFC 5890): %w", ErrInvalidRequest, bounded.Quote(host), err)
	}
	return htu, nil
}
