package jwttest

import (
	"crypto"
	"crypto/rand"
	"fmt"
	"net/http/httptest"
	"net/url"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
)

// DPoPTarget is what DPoPAttacks builds its (access token, proof) pairs
// for: the access tokens' Target (issuer, audience, genuine key) and the
// request the resource server receives (RFC 9449 section 4.2: "htm",
// "htu"; section 8: its nonce).
type DPoPTarget struct {
	Target
	// Method and URL are the request's method and absolute http or https
	// URL (the resource's origin and path, as the server checks "htu",
	// RFC 9449 section 4.3 check 9). Both are required: Method an RFC 9110
	// section 9.1 token in upper case with a letter (else the "htm in
	// lower case" attack would be the genuine request), URL with a host
	// and no user info or fragment (RFC 9110 section 4.2.4; RFC 9449
	// section 4.2: "htu" has no fragment); anything else, or anything
	// net/http cannot make a request of, is ErrInvalidTarget.
	Method, URL string
	// Nonce is the server's DPoP-Nonce the genuine proof carries (RFC 9449
	// section 8); when set, the attacks add a missing and another nonce.
	Nonce string
	// ProofAlgorithm and ProofKey are the client's proof key ("" and nil:
	// a fresh ES256 key); OtherProofKey is another key of ProofAlgorithm
	// (nil: a fresh one), for the binding and signature attacks.
	ProofAlgorithm jwt.Algorithm
	ProofKey       crypto.Signer
	OtherProofKey  crypto.Signer
}

// DPoPAttack is one request of DPoPAttacks: the Authorization scheme
// ("DPoP" or "Bearer") and access token, and the DPoP header values sent
// with it (none, one, or several headers), for Method and URL. Replay sends
// the same request twice: the first is the genuine one, the second must be
// refused. A resource server must refuse it (the second, with Replay).
type DPoPAttack struct {
	Name, Rule  string
	Method, URL string
	Scheme      string
	AccessToken string
	Proofs      []string
	Replay      bool
}

// dpopBuilder makes the DPoP catalogue for one DPoPTarget.
type dpopBuilder struct {
	*builder
	d          DPoPTarget
	htu        string
	key, other crypto.Signer
	pub        *jwk.Key
	jkt        string
	token      string
	out        []DPoPAttack
}

// proofClaims are the genuine proof's claims (RFC 9449 section 4.2); set
// replaces a member by name (nil: removed).
func (b *dpopBuilder) proofClaims(set map[string]any) []member {
	base := []member{
		{"jti", rand.Text()}, {"htm", b.d.Method}, {"htu", b.htu},
		{"iat", b.now.Unix()}, {"ath", dpop.AccessTokenHash(b.token)},
	}
	if b.d.Nonce != "" {
		base = append(base, member{"nonce", b.d.Nonce})
	}
	return replaced(base, set)
}

// proofHeader is the genuine proof's header: "typ" "dpop+jwt", "alg",
// "jwk" the public key (RFC 9449 section 4.2).
func (b *dpopBuilder) proofHeader() []member {
	return []member{{"typ", "dpop+jwt"}, {"alg", string(b.d.ProofAlgorithm)}, {"jwk", b.pub}}
}

func (b *dpopBuilder) proof(h, c []member) string {
	return b.signedWith(b.d.ProofAlgorithm, b.key, b64.EncodeToString(b.json(h))+"."+b64.EncodeToString(b.json(c)))
}

func (b *dpopBuilder) genuineProof() string { return b.proof(b.proofHeader(), b.proofClaims(nil)) }

// bound is an access token of the Target bound to jkt ("cnf" "jkt", RFC
// 9449 section 6.1); an empty jkt is an unbound one.
func (b *dpopBuilder) bound(jkt string) string {
	var extra []member
	if jkt != "" {
		extra = append(extra, member{"cnf", map[string]string{"jkt": jkt}})
	}
	return b.signed(b.header(), b.claims(nil, extra...))
}

func (b *dpopBuilder) addDPoP(name, rule, scheme, token string, replay bool, proofs ...string) {
	b.out = append(b.out, DPoPAttack{Name: name, Rule: rule, Method: b.d.Method, URL: b.d.URL,
		Scheme: scheme, AccessToken: token, Proofs: proofs, Replay: replay})
	// The next request's bound token is a new one (a fresh "jti"), so that
	// a resource server with replay memory judges each on its own.
	b.token = b.bound(b.jkt)
}

func newDPoPBuilder(target DPoPTarget) (*dpopBuilder, error) {
	b, err := newBuilder(target.Target)
	if err != nil {
		return nil, err
	}
	u, err := target.checkRequest()
	if err != nil {
		return nil, err
	}
	if target.ProofAlgorithm == "" {
		target.ProofAlgorithm = jwt.ES256
	}
	d := &dpopBuilder{builder: b, d: target, key: target.ProofKey, other: target.OtherProofKey}
	if d.key == nil {
		if d.key, err = dpopKey(target.ProofAlgorithm); err != nil {
			return nil, err
		}
	}
	if d.other == nil {
		if d.other, err = dpopKey(target.ProofAlgorithm); err != nil {
			return nil, err
		}
	}
	for _, k := range []crypto.Signer{d.key, d.other} {
		if !keyFits(target.ProofAlgorithm, k) {
			return nil, fmt.Errorf("%w: DPoPTarget: proof key %T cannot sign %q", ErrInvalidTarget, k, string(target.ProofAlgorithm))
		}
	}
	// "htu": the URL without query and fragment (RFC 9449 section 4.2).
	u.RawQuery, u.Fragment, u.RawFragment = "", "", ""
	d.htu = u.String()
	if d.pub, err = jwk.NewKey(d.key.Public(), jwk.Params{}); err != nil {
		return nil, fmt.Errorf("%w: DPoPTarget: proof key: %v", ErrInvalidTarget, err)
	}
	if d.jkt, err = dpop.Thumbprint(d.pub); err != nil {
		return nil, fmt.Errorf("%w: DPoPTarget: proof key: %v", ErrInvalidTarget, err)
	}
	d.token = d.bound(d.jkt)
	return d, b.err
}

// checkRequest validates Method and URL and returns the parsed URL.
func (t *DPoPTarget) checkRequest() (*url.URL, error) {
	if !upperToken(t.Method) {
		return nil, fmt.Errorf("%w: DPoPTarget: Method %q is not an upper-case RFC 9110 method token", ErrInvalidTarget, t.Method)
	}
	u, err := url.Parse(t.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Opaque != "" {
		return nil, fmt.Errorf("%w: DPoPTarget: URL %q is not an absolute http or https URL", ErrInvalidTarget, t.URL)
	}
	if u.User != nil || strings.Contains(t.URL, "#") {
		return nil, fmt.Errorf("%w: DPoPTarget: URL %q has user info or a fragment (RFC 9110 section 4.2.4)", ErrInvalidTarget, t.URL)
	}
	if call(func() error { httptest.NewRequest(t.Method, t.URL, nil); return nil }) != nil {
		return nil, fmt.Errorf("%w: DPoPTarget: net/http cannot make a request of %s %q", ErrInvalidTarget, t.Method, t.URL)
	}
	return u, nil
}

// upperToken reports an RFC 9110 section 5.6.2 token with no lower-case
// letter and at least one upper-case one.
func upperToken(m string) bool {
	letter := false
	for i := 0; i < len(m); i++ {
		c := m[i]
		switch {
		case c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9', strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return letter
}

// dpopKey is a fresh proof key of alg (an HS* or unknown alg is
// ErrInvalidTarget: a proof is signed with an asymmetric key, RFC 9449
// section 4.2).
func dpopKey(alg jwt.Algorithm) (crypto.Signer, error) {
	k, err := generateKey(alg)
	if err != nil {
		return nil, fmt.Errorf("%w: DPoPTarget: ProofAlgorithm %q: %v", ErrInvalidTarget, string(alg), err)
	}
	return k, nil
}

// GenuineDPoP is the request every DPoPAttacks attack is a variation of:
// "Authorization: DPoP" with an access token of the Target bound to the
// proof key (RFC 9449 section 6.1) and one genuine proof (section 4.2:
// "typ" "dpop+jwt", the public "jwk", "jti", "htm", "htu", "iat", "ath",
// "nonce" when set). Check that the resource server accepts it.
func GenuineDPoP(target DPoPTarget) (DPoPAttack, error) {
	b, err := newDPoPBuilder(target)
	if err != nil {
		return DPoPAttack{}, err
	}
	b.addDPoP("genuine", "RFC 9449 section 7.1", "DPoP", b.token, false, b.genuineProof())
	return b.out[0], b.err
}

// DPoPAttacks builds (access token, proof) requests a resource server
// accepting DPoP-bound tokens (RFC 9449 section 7) must refuse, each the
// GenuineDPoP request but for one thing, named with the check of RFC 9449
// section 4.3 (or 7.1, 7.2, 11.1) it tests: several DPoP headers, a proof
// that is not a JWT or lacks a claim, "typ" missing or other, "alg" "none"
// or HS256, a private key in "jwk", a signature by another key than
// "jwk", another "htm", "htu" (another path, scheme or host), a missing or
// other nonce (with Nonce), a stale or future "iat", a missing or wrong
// "ath", a token bound to another key, a replayed proof (Replay), the bound
// token sent as Bearer (with and without a proof), and an unbound token
// with a proof. Run them with RunDPoPAgainstHandler. A DPoPTarget it
// cannot build for is ErrInvalidTarget.
func DPoPAttacks(target DPoPTarget) ([]DPoPAttack, error) {
	b, err := newDPoPBuilder(target)
	if err != nil {
		return nil, err
	}
	b.proofForm()
	b.proofKeys()
	b.proofRequest()
	b.proofTimes()
	b.binding()
	if b.err != nil {
		return nil, fmt.Errorf("jwttest: DPoPAttacks: %w", b.err)
	}
	return b.out, nil
}

const rfc9449 = "RFC 9449 section 4.3 check "

// proofForm: checks 1 to 4 (one header, a JWT, the claims, "typ").
func (b *dpopBuilder) proofForm() {
	g := b.genuineProof()
	b.addDPoP("two DPoP headers", rfc9449+"1", "DPoP", b.token, false, g, b.genuineProof())
	b.addDPoP("DPoP header not a JWT", rfc9449+"2", "DPoP", b.token, false, "not-a-jwt")
	b.addDPoP("no DPoP header", "RFC 9449 section 7.1; "+rfc9449+"1", "DPoP", b.token, false)
	for _, name := range []string{"jti", "htm", "htu", "iat"} {
		b.addDPoP("proof without "+name, rfc9449+"3; RFC 9449 section 4.2", "DPoP", b.token, false,
			b.proof(b.proofHeader(), b.proofClaims(map[string]any{name: nil})))
	}
	h := b.proofHeader()
	b.addDPoP("proof without typ", rfc9449+"4", "DPoP", b.token, false, b.proof(h[1:], b.proofClaims(nil)))
	for _, typ := range []string{"JWT", "at+jwt"} {
		h := b.proofHeader()
		h[0] = member{"typ", typ}
		b.addDPoP("proof typ "+typ, rfc9449+"4", "DPoP", b.token, false, b.proof(h, b.proofClaims(nil)))
	}
}

// proofKeys: checks 5 to 7 ("alg", the signature, the "jwk").
func (b *dpopBuilder) proofKeys() {
	c := func() string { return b64.EncodeToString(b.json(b.proofClaims(nil))) } // a fresh "jti" each
	h := b.proofHeader()
	h[1] = member{"alg", "none"}
	b.addDPoP("proof alg none", rfc9449+"5; RFC 8725 section 3.1", "DPoP", b.token, false,
		b64.EncodeToString(b.json(h))+"."+c()+".")
	h = b.proofHeader()
	h[1] = member{"alg", "HS256"}
	forms, err := publicForms(b.key, "", b.d.ProofAlgorithm)
	if err != nil {
		b.fail(err)
		return
	}
	b.addDPoP("proof HS256 with the jwk (JSON) as secret", rfc9449+"5 (asymmetric algorithms only)", "DPoP", b.token, false,
		b.hmac(h, b.proofClaims(nil), forms["JWK JSON"]))
	priv, err := jwk.NewKey(b.key, jwk.Params{})
	if err != nil {
		b.fail(err)
		return
	}
	h = b.proofHeader()
	h[2] = member{"jwk", priv}
	b.addDPoP("proof jwk with the private key", rfc9449+"7", "DPoP", b.token, false, b.proof(h, b.proofClaims(nil)))
	b.addDPoP("proof signed by a key other than its jwk", rfc9449+"6", "DPoP", b.token, false,
		b.signedWith(b.d.ProofAlgorithm, b.other, b64.EncodeToString(b.json(b.proofHeader()))+"."+c()))
}

// proofRequest: checks 8 to 10 ("htm", "htu", "nonce").
func (b *dpopBuilder) proofRequest() {
	other := "POST"
	if b.d.Method == other {
		other = "PUT"
	}
	b.addDPoP("proof for another method (htm "+other+")", rfc9449+"8", "DPoP", b.token, false,
		b.proof(b.proofHeader(), b.proofClaims(map[string]any{"htm": other})))
	b.addDPoP("proof htm in lower case", rfc9449+"8 (methods are case-sensitive, RFC 9110 section 9.1)", "DPoP", b.token, false,
		b.proof(b.proofHeader(), b.proofClaims(map[string]any{"htm": strings.ToLower(b.d.Method)})))
	u, _ := url.Parse(b.htu)
	path := *u
	path.Path = strings.TrimSuffix(u.Path, "/") + "/other"
	host := *u
	host.Host = "other.jwttest.example"
	scheme := *u
	scheme.Scheme = map[string]string{"https": "http", "http": "https"}[u.Scheme]
	for _, x := range []struct{ what, htu string }{
		{"another path", path.String()}, {"another host", host.String()}, {"another scheme", scheme.String()},
	} {
		b.addDPoP("proof for "+x.what+" (htu)", rfc9449+"9", "DPoP", b.token, false,
			b.proof(b.proofHeader(), b.proofClaims(map[string]any{"htu": x.htu})))
	}
	if b.d.Nonce != "" {
		b.addDPoP("proof without the server's nonce", rfc9449+"10; RFC 9449 section 9", "DPoP", b.token, false,
			b.proof(b.proofHeader(), b.proofClaims(map[string]any{"nonce": nil})))
		b.addDPoP("proof with another nonce", rfc9449+"10; RFC 9449 section 9", "DPoP", b.token, false,
			b.proof(b.proofHeader(), b.proofClaims(map[string]any{"nonce": "jwttest-other-nonce"})))
	}
}

// proofTimes: check 11 ("iat" within the window) and the replay of
// section 11.1.
func (b *dpopBuilder) proofTimes() {
	b.addDPoP("proof issued an hour ago (stale iat)", rfc9449+"11; RFC 9449 section 11.1", "DPoP", b.token, false,
		b.proof(b.proofHeader(), b.proofClaims(map[string]any{"iat": b.now.Add(-time.Hour).Unix()})))
	b.addDPoP("proof issued an hour ahead (future iat)", rfc9449+"11", "DPoP", b.token, false,
		b.proof(b.proofHeader(), b.proofClaims(map[string]any{"iat": b.now.Add(time.Hour).Unix()})))
	b.addDPoP("replayed proof (same jti twice)", "RFC 9449 section 11.1; "+rfc9449+"12 (jti)", "DPoP", b.token, true, b.genuineProof())
}

// binding: check 12 ("ath", the token's key) and sections 7.1, 7.2.
func (b *dpopBuilder) binding() {
	b.addDPoP("proof without ath", rfc9449+"12; RFC 9449 section 7.1 (ath)", "DPoP", b.token, false,
		b.proof(b.proofHeader(), b.proofClaims(map[string]any{"ath": nil})))
	b.addDPoP("proof with the ath of another token", rfc9449+"12 (ath)", "DPoP", b.token, false,
		b.proof(b.proofHeader(), b.proofClaims(map[string]any{"ath": dpop.AccessTokenHash(b.token + "x")})))
	otherPub, err := jwk.NewKey(b.other.Public(), jwk.Params{})
	if err != nil {
		b.fail(err)
		return
	}
	otherJKT, err := dpop.Thumbprint(otherPub)
	if err != nil {
		b.fail(err)
		return
	}
	tokA := b.bound(otherJKT) // bound to key A; the proof is by key B
	b.addDPoP("token bound to another key than the proof's", rfc9449+"12 (cnf jkt); RFC 9449 section 6.1", "DPoP", tokA, false,
		b.proof(b.proofHeader(), b.proofClaims(map[string]any{"ath": dpop.AccessTokenHash(tokA)})))
	b.addDPoP("bound token sent as Bearer", "RFC 9449 section 7.2", "Bearer", b.token, false)
	b.addDPoP("bound token sent as Bearer with its proof", "RFC 9449 section 7.2", "Bearer", b.token, false, b.genuineProof())
	unbound := b.bound("")
	b.addDPoP("unbound token with a proof (DPoP scheme)", "RFC 9449 section 7.1; "+rfc9449+"12", "DPoP", unbound, false,
		b.proof(b.proofHeader(), b.proofClaims(map[string]any{"ath": dpop.AccessTokenHash(unbound)})))
}

// DPoPAttacks is the package function DPoPAttacks for the provider's
// Target and a request of method to url (with the server's nonce, if
// any); an error fails the test (t.Fatal). Nil for a nil Provider.
func (p *Provider) DPoPAttacks(method, url, nonce string) []DPoPAttack {
	if !p.ok() {
		return nil
	}
	p.t.Helper()
	a, err := DPoPAttacks(DPoPTarget{Target: p.Target(), Method: method, URL: url, Nonce: nonce})
	if err != nil {
		p.t.Fatalf("jwttest: DPoPAttacks: %v", err)
	}
	return a
}

// GenuineDPoP is the package function GenuineDPoP for the provider's
// Target; an error fails the test (t.Fatal). Zero for a nil Provider.
func (p *Provider) GenuineDPoP(method, url, nonce string) DPoPAttack {
	if !p.ok() {
		return DPoPAttack{}
	}
	p.t.Helper()
	a, err := GenuineDPoP(DPoPTarget{Target: p.Target(), Method: method, URL: url, Nonce: nonce})
	if err != nil {
		p.t.Fatalf("jwttest: GenuineDPoP: %v", err)
	}
	return a
}
