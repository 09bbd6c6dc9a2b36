package jwttest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// Secrets the "kid" injection attacks sign with (HS256): the contents of
// /dev/null, and what their SQL injection makes a key lookup return.
const (
	AttackKIDPathTraversal = "../../../../../../../../../../dev/null"
	AttackKIDSQLInjection  = "x' UNION SELECT 'jwttest-attacker-secret' -- "
	AttackSQLSecret        = "jwttest-attacker-secret"
)

// builder makes the catalogue's tokens for one Target.
type builder struct {
	t   Target
	now time.Time
	out []Attack
	err error
	// id builds ID tokens (OpenID Connect Core 1.0 section 2): "typ" "JWT",
	// the ID token's claims (idClaims); otherwise RFC 9068 access tokens.
	id bool
}

// typ is the genuine "typ": "at+jwt" (RFC 9068 section 2.1) or, for an ID
// token, "JWT".
func (b *builder) typ() string {
	if b.id {
		return "JWT"
	}
	return "at+jwt"
}

// typed is the start of a header of alg: "alg" then the genuine "typ".
func (b *builder) typed(alg string) []member {
	return []member{{"alg", alg}, {"typ", b.typ()}}
}

// headerOf is typed(alg) with the genuine "kid" if any, then extra.
func (b *builder) headerOf(alg string, extra ...member) []member {
	h := b.typed(alg)
	if b.t.KeyID != "" {
		h = append(h, member{"kid", b.t.KeyID})
	}
	return append(h, extra...)
}

func (b *builder) header(extra ...member) []member {
	return b.headerOf(string(b.t.Algorithm), extra...)
}

// base is the genuine claims: an access token's (RFC 9068 section 2.2,
// with Target.Scope and Target.Claims) or an ID token's (idClaims). Each
// call has a fresh "jti" (RFC 7519 section 4.1.7), so that a service with
// replay memory judges every token on its own.
func (b *builder) base() []member {
	if b.id {
		return b.idClaims()
	}
	ms := []member{
		{"iss", b.t.Issuer}, {"sub", b.t.Subject}, {"aud", b.t.Audience},
		{"client_id", b.t.ClientID}, {"iat", b.now.Unix()},
		{"exp", b.now.Add(DefaultLifetime).Unix()}, {"jti", rand.Text()},
	}
	if b.t.Scope != "" {
		ms = append(ms, member{"scope", b.t.Scope})
	}
	return append(ms, userClaims(b.t.Claims)...)
}

// claims are the genuine claims (base); set replaces a member by name (nil
// value: removed), extra appends.
func (b *builder) claims(set map[string]any, extra ...member) []member {
	return append(replaced(b.base(), set), extra...)
}

// replaced is ms with each member named in set given its value there (nil:
// removed), in order.
func replaced(ms []member, set map[string]any) []member {
	var out []member
	for _, m := range ms {
		if v, ok := set[m.name]; ok {
			if v == nil {
				continue
			}
			m.value = v
		}
		out = append(out, m)
	}
	return out
}

func (b *builder) json(ms []member) []byte {
	j, err := object(ms...)
	if err != nil && b.err == nil {
		b.err = err
	}
	return j
}

// payload is the genuine claims (a fresh "jti") as base64url.
func (b *builder) payload() string { return b64.EncodeToString(b.json(b.claims(nil))) }

// signed is header.payload signed with the genuine key.
func (b *builder) signed(h, c []member) string {
	return b.signedWith(b.t.Algorithm, b.t.Key, b64.EncodeToString(b.json(h))+"."+b64.EncodeToString(b.json(c)))
}

func (b *builder) signedWith(alg jwt.Algorithm, key crypto.Signer, input string) string {
	sig, err := sign(alg, key, []byte(input))
	if err != nil {
		b.fail(err)
	}
	return input + "." + b64.EncodeToString(sig)
}

func (b *builder) hmac(h, c []member, secret []byte) string {
	input := b64.EncodeToString(b.json(h)) + "." + b64.EncodeToString(b.json(c))
	m := hmac.New(crypto.SHA256.New, secret)
	m.Write([]byte(input))
	return input + "." + b64.EncodeToString(m.Sum(nil))
}

func (b *builder) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

func (b *builder) add(name, rule, token string) {
	b.out = append(b.out, Attack{Name: name, Rule: rule, Token: token})
}

// GenuineToken is the token every attack is a variation of: an RFC 9068
// access token signed with the Target's key. Check that the verifier under
// test accepts it, or refusing every attack proves nothing.
func GenuineToken(target Target) (string, error) {
	b, err := newBuilder(target)
	if err != nil {
		return "", err
	}
	tok := b.signed(b.header(), b.claims(nil))
	return tok, b.err
}

func newBuilder(target Target) (*builder, error) {
	if err := target.check(); err != nil {
		return nil, err
	}
	if target.Subject == "" {
		target.Subject = DefaultSubject
	}
	if target.ClientID == "" {
		target.ClientID = DefaultClientID
	}
	if target.AttackerURL == "" {
		target.AttackerURL = DefaultAttackerURL
	}
	now := time.Now()
	if target.Now != nil {
		now = target.Now()
	}
	return &builder{t: target, now: now}, nil
}

// Attacks builds the catalogue of hostile tokens for target (RFC 8725's
// threats, and the CVEs named in each Rule). Each is a genuine access token
// (GenuineToken) but for one thing; a verifier of target must refuse every
// one. The keys Target leaves nil are made fresh. A Target it cannot build
// for is ErrInvalidTarget.
func Attacks(target Target) ([]Attack, error) {
	b, err := newBuilder(target)
	if err != nil {
		return nil, err
	}
	return b.catalogue("Attacks")
}

// catalogue builds every attack of the builder's kind, making the keys
// the Target left nil.
func (b *builder) catalogue(name string) ([]Attack, error) {
	var err error
	if b.t.AttackerKey == nil {
		if b.t.AttackerKey, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader); err != nil {
			return nil, err
		}
	}
	if b.t.OtherTenantKey == nil {
		if b.t.OtherTenantKey, err = generateKey(b.t.Algorithm); err != nil {
			return nil, err
		}
	}
	b.algNone()
	b.keyConfusion()
	b.ecdsa()
	b.kid()
	b.headerKeys()
	b.critical()
	b.times()
	if b.id {
		b.idIdentity()
	} else {
		b.identity()
	}
	b.duplicates()
	b.encoding()
	b.shape()
	b.tenant()
	if b.err != nil {
		return nil, fmt.Errorf("jwttest: %s: %w", name, b.err)
	}
	return b.out, nil
}

// algNone: RFC 8725 section 3.1, RFC 7518 section 3.6; CVE-2015-9235.
func (b *builder) algNone() {
	for _, alg := range []string{"none", "None", "NONE", "nOnE"} {
		input := func() string { return b64.EncodeToString(b.json(b.headerOf(alg))) + "." + b.payload() }
		rule := "RFC 8725 section 3.1; CVE-2015-9235"
		b.add("alg "+alg+", empty signature", rule, input()+".")
		// A signature by the genuine key over the "none" input: defeats a
		// verifier that checks a signature present but not the "alg".
		b.add("alg "+alg+", signed by the genuine key", rule, b.signedWith(b.t.Algorithm, b.t.Key, input()))
	}
	h := b.typed("none")
	b.add("alg none, no signature part", "RFC 7515 section 7.1; RFC 8725 section 3.1",
		b64.EncodeToString(b.json(h))+"."+b.payload())
}

// publicForms are the byte strings a verifier may hold the public key as.
func publicForms(key crypto.Signer, kid string, alg jwt.Algorithm) (map[string][]byte, error) {
	der, err := x509.MarshalPKIXPublicKey(key.Public())
	if err != nil {
		return nil, err
	}
	k, err := jwk.NewKey(key.Public(), jwk.Params{KeyID: kid, Algorithm: string(alg), Use: "sig"})
	if err != nil {
		return nil, err
	}
	j, err := json.Marshal(k)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{
		"PEM":      pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}),
		"DER":      der,
		"JWK JSON": j,
	}, nil
}

// PublicKeyForms are the byte strings the key-confusion attacks use as
// HMAC secrets: the genuine public key as PEM ("PUBLIC KEY", RFC 7468
// section 13), as DER (SubjectPublicKeyInfo), and as its JWK JSON (RFC
// 7517 section 4, with "kid", "alg", "use").
func PublicKeyForms(target Target) (map[string][]byte, error) {
	if err := target.check(); err != nil {
		return nil, err
	}
	return publicForms(target.Key, target.KeyID, target.Algorithm)
}

// keyConfusion: the public key as the HMAC secret, RFC 8725 section 3.1
// (CVE-2016-10555, CVE-2016-5431).
func (b *builder) keyConfusion() {
	forms, err := publicForms(b.t.Key, b.t.KeyID, b.t.Algorithm)
	if err != nil {
		b.fail(err)
		return
	}
	for _, name := range []string{"PEM", "DER", "JWK JSON"} {
		h := b.headerOf("HS256")
		b.add("HS256 with the public key ("+name+") as secret", "RFC 8725 section 3.1; CVE-2016-10555",
			b.hmac(h, b.claims(nil), forms[name]))
	}
}

// ecdsa: CVE-2022-21449 (r = s = 0) for each curve; a DER signature (RFC
// 7518 section 3.4 requires R || S).
func (b *builder) ecdsa() {
	for _, alg := range []jwt.Algorithm{jwt.ES256, jwt.ES384, jwt.ES512} {
		h := b.headerOf(string(alg))
		sig := make([]byte, 2*ecSize(alg))
		b.add(string(alg)+" signature r = s = 0", "CVE-2022-21449; FIPS 186-5 6.4.2 (0 < r, s < n)",
			b64.EncodeToString(b.json(h))+"."+b.payload()+"."+b64.EncodeToString(sig))
	}
	if isEC(b.t.Algorithm) {
		input := b64.EncodeToString(b.json(b.header())) + "." + b.payload()
		der, err := signDER(b.t.Algorithm, b.t.Key, []byte(input))
		if err != nil {
			b.fail(err)
		}
		b.add("ECDSA signature DER-encoded", "RFC 7518 section 3.4 (R || S)", input+"."+b64.EncodeToString(der))
	}
}

// kid: RFC 8725 section 3.10 (the "kid" is attacker-controlled input).
func (b *builder) kid() {
	hs := func(kid string) []member { return append(b.typed("HS256"), member{"kid", kid}) }
	rule := "RFC 8725 section 3.10; RFC 7515 section 4.1.4"
	b.add("kid path traversal to /dev/null, HS256 with an empty secret", rule,
		b.hmac(hs(AttackKIDPathTraversal), b.claims(nil), nil))
	b.add("kid SQL injection, HS256 with the injected secret", rule,
		b.hmac(hs(AttackKIDSQLInjection), b.claims(nil), []byte(AttackSQLSecret)))
}

// headerKeys: keys named by the token itself, signed by the attacker (RFC
// 8725 section 3.10 / RFC 7515 sections 4.1.2-4.1.6; CVE-2018-0114).
func (b *builder) headerKeys() {
	ak := b.t.AttackerKey
	k, err := jwk.NewKey(ak.Public(), jwk.Params{KeyID: b.t.KeyID, Algorithm: "ES256", Use: "sig"})
	if err != nil {
		b.fail(err)
		return
	}
	cert, err := attackerCertificate(ak)
	if err != nil {
		b.fail(err)
		return
	}
	for _, x := range []struct {
		name, rule string
		m          member
	}{
		{"jwk header with the attacker's key", "RFC 7515 section 4.1.3; CVE-2018-0114", member{"jwk", k}},
		{"jku header pointing at the attacker's JWK Set", "RFC 7515 section 4.1.2; RFC 8725 section 3.10", member{"jku", b.t.AttackerURL + "/jwks.json"}},
		{"x5u header pointing at the attacker's certificate", "RFC 7515 section 4.1.5; RFC 8725 section 3.10", member{"x5u", b.t.AttackerURL + "/cert.pem"}},
		{"x5c header with the attacker's self-signed certificate", "RFC 7515 section 4.1.6", member{"x5c", []string{base64.StdEncoding.EncodeToString(cert)}}},
	} {
		h := b.headerOf("ES256", x.m)
		b.add(x.name, x.rule, b.signedWith(jwt.ES256, ak, b64.EncodeToString(b.json(h))+"."+b.payload()))
	}
}

// AttackerCertificate is the self-signed X.509 certificate (DER) of key
// that the "x5c" attack embeds and the "x5u" attack's URL should serve.
// A nil key, or one that is not a whole P-256 key (the attacks sign
// ES256), is ErrInvalidTarget.
func AttackerCertificate(key *ecdsa.PrivateKey) ([]byte, error) {
	if key == nil || !keyFits(jwt.ES256, key) {
		return nil, fmt.Errorf("%w: the attacker key is not a P-256 key", ErrInvalidTarget)
	}
	return attackerCertificate(key)
}

func attackerCertificate(key *ecdsa.PrivateKey) ([]byte, error) {
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "jwttest attacker"},
		NotBefore:    time.Unix(0, 0),
		NotAfter:     time.Unix(1<<33, 0),
		KeyUsage:     x509.KeyUsageDigitalSignature,
	}
	return x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
}

// critical: RFC 7515 section 4.1.11, RFC 7797 section 6.
func (b *builder) critical() {
	b.add(`crit naming an unknown extension`, "RFC 7515 section 4.1.11",
		b.signed(b.header(member{"crit", []string{"jwttest-ext"}}, member{"jwttest-ext", true}), b.claims(nil)))
	b.add(`b64 false (unencoded payload)`, "RFC 7797 sections 3, 6",
		b.signed(b.header(member{"b64", false}, member{"crit", []string{"b64"}}), b.claims(nil)))
}

// times: RFC 7519 sections 4.1.4-4.1.6.
func (b *builder) times() {
	n := b.now
	b.add("expired an hour ago", "RFC 7519 section 4.1.4",
		b.signed(b.header(), b.claims(map[string]any{"iat": n.Add(-2 * time.Hour).Unix(), "exp": n.Add(-time.Hour).Unix()})))
	b.add("not valid for another hour (nbf)", "RFC 7519 section 4.1.5",
		b.signed(b.header(), b.claims(nil, member{"nbf", n.Add(time.Hour).Unix()})))
	b.add("issued an hour in the future (iat)", "RFC 7519 section 4.1.6 (defines iat only; no RFC requires refusing a future one: hardening against a forged or skewed issuer clock)",
		b.signed(b.header(), b.claims(map[string]any{"iat": n.Add(time.Hour).Unix(), "exp": n.Add(2 * time.Hour).Unix()})))
}

// identity: the wrong issuer, audience or type (RFC 9068 section 4, RFC
// 8725 sections 3.8, 3.9, 3.11).
func (b *builder) identity() {
	b.add("another issuer", "RFC 9068 section 4; RFC 8725 section 3.8",
		b.signed(b.header(), b.claims(map[string]any{"iss": "https://evil.jwttest.example"})))
	b.add("issuer with a trailing slash", "RFC 9068 section 4 (exact match); RFC 8414 section 3.3",
		b.signed(b.header(), b.claims(map[string]any{"iss": b.t.Issuer + "/"})))
	b.add("another audience", "RFC 9068 section 4; RFC 8725 section 3.9",
		b.signed(b.header(), b.claims(map[string]any{"aud": "https://other-api.jwttest.example"})))
	b.add("no audience", "RFC 9068 section 2.2; RFC 8725 section 3.9",
		b.signed(b.header(), b.claims(map[string]any{"aud": nil})))
	h := b.header()
	h[1] = member{"typ", "JWT"}
	b.add(`ID token sent to the API (typ JWT, nonce, aud the API)`, "RFC 9068 section 4; RFC 8725 section 3.11; OpenID Connect Core 1.0 section 2",
		b.signed(h, b.claims(map[string]any{"client_id": nil, "jti": nil}, member{"nonce", "n-0S6_WzA2Mj"}, member{"azp", b.t.ClientID})))
	b.add(`typ JWT`, "RFC 9068 section 4 (typ at+jwt); RFC 8725 section 3.11", b.signed(h, b.claims(nil)))
}

// duplicates: duplicate and look-alike member names (RFC 7515 section 4,
// RFC 7519 section 4: duplicates rejected or the last one used; names are
// case-sensitive, RFC 7519 section 10.1).
func (b *builder) duplicates() {
	b.add(`duplicate iss: genuine then evil`, "RFC 7519 section 4 (reject, or the last member); RFC 8725 section 2.6",
		b.signed(b.header(), b.claims(nil, member{"iss", "https://evil.jwttest.example"})))
	b.add(`duplicate aud: genuine then evil`, "RFC 7519 section 4 (reject, or the last member); RFC 8725 section 2.6",
		b.signed(b.header(), b.claims(nil, member{"aud", "https://other-api.jwttest.example"})))
	b.add(`duplicate alg header: genuine then none`, "RFC 7515 section 4 (reject, or the last member)",
		b.signed(b.header(member{"alg", "none"}), b.claims(nil)))
	b.add(`look-alike claim ISS for iss`, "RFC 7519 sections 4, 10.1 (names are case-sensitive)",
		b.signed(b.header(), b.claims(map[string]any{"iss": nil}, member{"ISS", b.t.Issuer})))
	b.add("look-alike claim i\u017fs (long s) for iss", "RFC 7519 sections 4, 10.1 (exact names)",
		b.signed(b.header(), b.claims(map[string]any{"iss": nil}, member{"i\u017fs", b.t.Issuer})))
	b.add(`look-alike claim Aud for aud`, "RFC 7519 sections 4, 10.1 (names are case-sensitive)",
		b.signed(b.header(), b.claims(map[string]any{"aud": nil}, member{"Aud", b.t.Audience})))
	b.add(`look-alike claim EXP, exp expired`, "RFC 7519 sections 4.1.4, 10.1",
		b.signed(b.header(), b.claims(map[string]any{"exp": b.now.Add(-time.Hour).Unix(), "iat": b.now.Add(-2 * time.Hour).Unix()},
			member{"EXP", b.now.Add(time.Hour).Unix()})))
}

// encoding: non-canonical base64url (RFC 7515 section 2 and appendix C:
// no padding, URL alphabet; RFC 4648 section 3.5: pad bits zero). Each is
// signed by the genuine key over its own, non-canonical, signing input.
func (b *builder) encoding() {
	h := b64.EncodeToString(b.json(b.header()))
	c := b.json(b.claims(nil))
	padded := base64.URLEncoding.EncodeToString(c)
	if !strings.HasSuffix(padded, "=") {
		padded = base64.URLEncoding.EncodeToString(append(c, ' '))
	}
	b.add("payload with base64 padding", "RFC 7515 section 2 (base64url without padding)", b.signedWith(b.t.Algorithm, b.t.Key, h+"."+padded))
	// The standard alphabet: a payload whose encoding has '+' or '/'.
	c = b.json(b.claims(nil))
	for i := 0; i < 64; i++ {
		std := base64.RawStdEncoding.EncodeToString(c)
		if strings.ContainsAny(std, "+/") {
			b.add("payload in the standard base64 alphabet", "RFC 7515 section 2 (URL-safe alphabet)", b.signedWith(b.t.Algorithm, b.t.Key, h+"."+std))
			break
		}
		c = append(c, ' ') // whitespace after the object: still the same JSON
	}
	c = b.json(b.claims(nil))
	if len(c)%3 == 0 {
		c = append(c, ' ')
	}
	enc := []byte(b64.EncodeToString(c))
	last := strings.IndexByte(b64alphabet, enc[len(enc)-1])
	enc[len(enc)-1] = b64alphabet[last|1] // a pad bit set
	b.add("payload with non-zero trailing bits", "RFC 4648 section 3.5 (decoders MAY refuse: hardening, one payload one token string); RFC 7515 section 2", b.signedWith(b.t.Algorithm, b.t.Key, h+"."+string(enc)))
}

const b64alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// shape: sizes and segment counts (RFC 7515 section 7.1: three parts; a
// verifier bounds its input: CVE-2025-27144, CVE-2025-30204).
func (b *builder) shape() {
	b.add("oversized: a 1 MiB claim", "RFC 7515 section 7.1; bounded input (CWE-400)",
		b.signedWith(b.t.Algorithm, b.t.Key, b64.EncodeToString(b.json(b.header()))+"."+b.padded(b.claims(nil), 1<<20)))
	b.add("four parts (one more dot)", "RFC 7515 section 7.1 (three parts)", b.signed(b.header(), b.claims(nil))+".")
	b.add("ten thousand more dots", "RFC 7515 section 7.1; CVE-2025-27144, CVE-2025-30204", b.signed(b.header(), b.claims(nil))+strings.Repeat(".", 10000))
}

// padded is the base64url of the claims ms with a last member "pad" of n
// "x": the bytes b64.EncodeToString(object(ms..., {"pad", n "x"})) would
// give, without JSON-encoding and base64-encoding the n bytes one by one
// (a 1 MiB claim in every catalogue is most of its cost under -race): the
// JSON of an all-"x" string is itself in quotes, and once the head is a
// multiple of 3 bytes long, every 3 "x" encode as the 4 characters of
// b64("xxx").
func (b *builder) padded(ms []member, n int) string {
	obj := b.json(ms)
	if len(obj) < 2 || n < 0 {
		b.fail(fmt.Errorf("jwttest: padded: claims %q, pad %d", obj, n))
		return ""
	}
	head := string(obj[:len(obj)-1]) // without "}"
	if len(ms) > 0 {
		head += ","
	}
	head += `"pad":"`
	align := min((3-len(head)%3)%3, n)
	head += strings.Repeat("x", align)
	n -= align
	if len(head)%3 != 0 { // n was too short to align: encode it all
		return b64.EncodeToString([]byte(head + strings.Repeat("x", n) + `"}`))
	}
	return b64.EncodeToString([]byte(head)) + strings.Repeat(b64.EncodeToString([]byte("xxx")), n/3) +
		b64.EncodeToString([]byte(strings.Repeat("x", n%3)+`"}`))
}

// tenant: another tenant's key with the genuine "kid" (RFC 8725 section
// 3.8: keys are bound to their issuer).
func (b *builder) tenant() {
	b.add("signed by another tenant's key with the genuine kid", "RFC 8725 section 3.8; RFC 7515 section 4.1.4",
		b.signedWith(b.t.Algorithm, b.t.OtherTenantKey, b64.EncodeToString(b.json(b.header()))+"."+b64.EncodeToString(b.json(b.claims(nil)))))
}
