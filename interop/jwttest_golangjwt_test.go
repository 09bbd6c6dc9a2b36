package interop

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/MicahParks/keyfunc/v3"
	gjwt "github.com/golang-jwt/jwt/v5"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwthttp"
	"github.com/jotlib/jwt/jwttest"
)

// apiClaims is what a golang-jwt resource server reads from an RFC 9068
// access token (section 2.2).
type apiClaims struct {
	gjwt.RegisteredClaims
	ClientID string `json:"client_id"`
	Scope    string `json:"scope"`
}

// newKeyfunc is keyfunc v3 pointed at the provider's JWK Set, trusting its
// TLS certificate (keyfunc.Override.Client), its refresh goroutine ended
// with the test.
func newKeyfunc(t *testing.T, p *jwttest.Provider, o keyfunc.Override) keyfunc.Keyfunc {
	t.Helper()
	o.Client = p.Client()
	if o.RefreshErrorHandlerFunc == nil { // the faults are deliberate: keep the log quiet
		o.RefreshErrorHandlerFunc = func(string) func(context.Context, error) { return func(context.Context, error) {} }
	}
	kf, err := keyfunc.NewDefaultOverrideCtx(t.Context(), []string{p.JWKSURI()}, o)
	if err != nil {
		t.Fatalf("keyfunc: %v", err)
	}
	return kf
}

// bearerAPI is the handler a golang-jwt user writes: the RFC 6750 section
// 2.1 bearer token, parsed by parse; 401 when it fails, 200 otherwise.
func bearerAPI(parse func(token string) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || parse(tok) != nil {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
}

// carefulGolangJWTAPI is a golang-jwt v5 + keyfunc v3 resource server as a
// careful user writes it: issuer, audience, the one algorithm and "exp"
// required.
func carefulGolangJWTAPI(t *testing.T, p *jwttest.Provider) http.Handler {
	return bearerAPI(carefulParse(p, newKeyfunc(t, p, keyfunc.Override{})))
}

// carefulParse is the careful service's token check.
func carefulParse(p *jwttest.Provider, kf keyfunc.Keyfunc) func(token string) error {
	parser := gjwt.NewParser(
		gjwt.WithIssuer(p.Issuer()), gjwt.WithAudience(p.Audience()),
		gjwt.WithValidMethods([]string{string(p.Algorithm())}), gjwt.WithExpirationRequired())
	return func(tok string) error {
		_, err := parser.ParseWithClaims(tok, &apiClaims{}, kf.Keyfunc)
		return err
	}
}

// naiveGolangJWTAPI is the tutorial version: jwt.Parse with keyfunc and
// no option.
func naiveGolangJWTAPI(t *testing.T, p *jwttest.Provider) http.Handler {
	kf := newKeyfunc(t, p, keyfunc.Override{})
	return bearerAPI(func(tok string) error {
		_, err := gjwt.Parse(tok, kf.Keyfunc)
		return err
	})
}

// ourAPI is the same resource server written with jwthttp and an
// accesstoken verifier over the provider's discovery.
func ourAPI(t *testing.T, p *jwttest.Provider) http.Handler {
	t.Helper()
	v, err := accesstoken.NewVerifier(p.Discovery(), accesstoken.Config{Issuer: p.Issuer(), Audience: p.Audience()})
	if err != nil {
		t.Fatal(err)
	}
	m, err := jwthttp.New(jwthttp.AccessTokens(v))
	if err != nil {
		t.Fatal(err)
	}
	return m.Handler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) }))
}

// peerVerdict is one attack of jwttest's catalogue a peer service lets
// through, and why.
type peerVerdict struct{ name, reason string }

// golangJWTCarefulAccepts is, in catalogue order, what carefulGolangJWTAPI
// answers 200 to (Provider defaults: ES256, one key). Asserted exactly by
// TestJWTTestPeer_GolangJWTCareful_AcceptsExactlyTheRecordedAttacks and
// written into DIFFERENCES.md (jwttestSection).
var golangJWTCarefulAccepts = []peerVerdict{
	{"crit naming an unknown extension", "golang-jwt does not read `crit` (RFC 7515 §4.1.11: an extension not understood MUST be refused)"},
	{"b64 false (unencoded payload)", "`crit` ignored, so `b64` is too: the payload is decoded as base64url anyway (RFC 7797 §6)"},
	{"issued an hour in the future (iat)", "`iat` is checked only with `jwt.WithIssuedAt()`, which is not among the options a careful user sets"},
	{"ID token sent to the API (typ JWT, nonce, aud the API)", "no `typ` check (RFC 9068 §4, RFC 8725 §3.11); this ID token names the API in `aud`, so `WithAudience` passes, and `client_id` is not required"},
	{"typ JWT", "no `typ` check: the handler would have to read `token.Header[\"typ\"]` itself"},
	{"look-alike claim ISS for iss", "encoding/json matches struct fields case-insensitively: `ISS` fills `RegisteredClaims.Issuer`"},
	{"look-alike claim i\u017fs (long s) for iss", "encoding/json's case folding maps U+017F to `s`: `i\u017fs` fills `Issuer`"},
	{"look-alike claim Aud for aud", "case-insensitive field matching: `Aud` fills `Audience`"},
	{"look-alike claim EXP, exp expired", "case-insensitive matching, last member wins: `EXP` (future) overwrites `exp` (expired)"},
	{"payload with non-zero trailing bits", "base64 decoded without `Strict()`: set pad bits are ignored (RFC 4648 §3.5 lets a decoder accept; the signature covers the string, so it matters where the token string is an identifier, e.g. a replay cache)"},
	{"oversized: a 1 MiB claim", "no bound on the token's size; behind a real net/http server the 1 MB default header limit answers 431 first (the kit calls the handler directly)"},
}

// golangJWTNaiveAccepts is, in catalogue order, what naiveGolangJWTAPI
// (jwt.Parse, keyfunc, no option) answers 200 to.
var golangJWTNaiveAccepts = []peerVerdict{
	{"crit naming an unknown extension", "as the careful service"},
	{"b64 false (unencoded payload)", "as the careful service"},
	{"issued an hour in the future (iat)", "as the careful service"},
	{"another issuer", "no `WithIssuer`: `iss` is not compared"},
	{"issuer with a trailing slash", "no `WithIssuer`"},
	{"another audience", "no `WithAudience`: `aud` is not compared"},
	{"no audience", "no `WithAudience`"},
	{"ID token sent to the API (typ JWT, nonce, aud the API)", "no `typ`, `iss` or `aud` check"},
	{"typ JWT", "no `typ` check"},
	{"duplicate iss: genuine then evil", "the last `iss` (evil) is read and never compared"},
	{"duplicate aud: genuine then evil", "the last `aud` (another API) is read and never compared"},
	{"look-alike claim ISS for iss", "`MapClaims` keeps `ISS` as an unknown claim, and the missing `iss` is not required"},
	{"look-alike claim i\u017fs (long s) for iss", "as `ISS`"},
	{"look-alike claim Aud for aud", "`Aud` kept as an unknown claim; the missing `aud` is not required"},
	{"payload with non-zero trailing bits", "as the careful service"},
	{"oversized: a 1 MiB claim", "as the careful service"},
}

// checkAccepted runs the provider's catalogue against h and fails the test
// unless what h let through is exactly want (by name, in catalogue order),
// and unless h accepts the genuine token.
func checkAccepted(t *testing.T, p *jwttest.Provider, h http.Handler, want []peerVerdict) {
	t.Helper()
	if code := genuineStatus(t, p, h); code != http.StatusOK {
		t.Fatalf("genuine token: status %d, want 200 (refusing every attack would prove nothing)", code)
	}
	fs, err := jwttest.AcceptedByHandler(p.Attacks(), h, nil)
	if err != nil {
		t.Fatal(err)
	}
	compareFindings(t, fs, want)
}

// compareFindings fails the test unless fs (none panicked) are exactly
// want, by name and in order.
func compareFindings(t *testing.T, fs []jwttest.Finding, want []peerVerdict) {
	t.Helper()
	var got, exp []string
	for _, f := range fs {
		if f.Panic != nil {
			t.Errorf("%s", f)
		}
		got = append(got, f.Name)
	}
	for _, v := range want {
		exp = append(exp, v.name)
	}
	if !slices.Equal(got, exp) {
		t.Errorf("accepted attacks changed (update the record and DIFFERENCES.md):\n got  %q\n want %q", got, exp)
	}
}

func genuineStatus(t *testing.T, p *jwttest.Provider, h http.Handler) int {
	t.Helper()
	tok, err := jwttest.GenuineToken(p.Target())
	if err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Header.Set("Authorization", "Bearer "+tok)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Code
}

// TestJWTTestPeer_GolangJWTCareful_AcceptsExactlyTheRecordedAttacks: a
// golang-jwt v5 + keyfunc v3 resource server with WithIssuer,
// WithAudience, WithValidMethods and WithExpirationRequired lets through
// exactly golangJWTCarefulAccepts (RFC 8725's threats it does not cover).
func TestJWTTestPeer_GolangJWTCareful_AcceptsExactlyTheRecordedAttacks(t *testing.T) {
	p := jwttest.NewProvider(t)
	checkAccepted(t, p, carefulGolangJWTAPI(t, p), golangJWTCarefulAccepts)
}

// TestJWTTestPeer_GolangJWTNaive_AcceptsExactlyTheRecordedAttacks: the
// tutorial service (jwt.Parse with keyfunc, no option) adds the issuer and
// audience attacks; alg none and key confusion are still refused (keyfunc
// hands an ECDSA key, golang-jwt refuses it for HS256).
func TestJWTTestPeer_GolangJWTNaive_AcceptsExactlyTheRecordedAttacks(t *testing.T) {
	p := jwttest.NewProvider(t)
	checkAccepted(t, p, naiveGolangJWTAPI(t, p), golangJWTNaiveAccepts)
}

// TestRFC8725_JotlibAccessTokenService_RefusesEveryAttack: the same
// resource server written with jwthttp and accesstoken (RFC 9068 section
// 4) accepts the genuine token and none of the catalogue, for each
// algorithm family.
func TestRFC8725_JotlibAccessTokenService_RefusesEveryAttack(t *testing.T) {
	for _, alg := range []jwt.Algorithm{jwt.ES256, jwt.RS256, jwt.PS384, jwt.EdDSA} {
		t.Run(string(alg), func(t *testing.T) {
			p := jwttest.NewProvider(t, jwttest.WithAlgorithm(alg))
			checkAccepted(t, p, ourAPI(t, p), nil)
		})
	}
}

// jwttestSection is the DIFFERENCES.md section of jwttest's catalogue
// run against the peers (renderDifferences appends it): the recorded
// lists, which the tests assert exactly.
func jwttestSection() string {
	var b strings.Builder
	b.WriteString("\n## What a golang-jwt + keyfunc resource server accepts from jwttest's catalogue\n\n")
	b.WriteString("`jwttest.Provider.Attacks()` (ES256) sent by `jwttest.AcceptedByHandler` to a golang-jwt + keyfunc handler\n")
	fmt.Fprintf(&b, "(%s, %s; `jwttest_golangjwt_test.go`). Careful: `jwt.WithIssuer`, `jwt.WithAudience`,\n",
		modVersion("github.com/golang-jwt/jwt/v5"), modVersion("github.com/MicahParks/keyfunc/v3"))
	b.WriteString("`jwt.WithValidMethods`, `jwt.WithExpirationRequired`, claims in a struct embedding `jwt.RegisteredClaims`.\n")
	b.WriteString("Naive: `jwt.Parse` with keyfunc and no option (`MapClaims`). The same handler written with `jwthttp` +\n")
	b.WriteString("`accesstoken` accepts none (TestRFC8725_JotlibAccessTokenService_RefusesEveryAttack). Every other attack of\n")
	b.WriteString("the catalogue is refused by both.\n\n")
	verdicts(&b, "### Careful", golangJWTCarefulAccepts)
	verdicts(&b, "### Naive", golangJWTNaiveAccepts)
	b.WriteString("## What go-oidc's ID-token verifier accepts from jwttest's ID-token catalogue\n\n")
	b.WriteString("`jwttest.IDTokenAttacks` (ES256; the Target with the relying party's nonce, the access token it received and\n")
	b.WriteString("`AZPErrata1`, so every ID-token attack is built) handed to a relying party using go-oidc as its documentation\n")
	b.WriteString("prescribes: `oidc.Provider.Verifier(&oidc.Config{ClientID})`, then `IDToken.Nonce` compared and\n")
	fmt.Fprintf(&b, "`IDToken.VerifyAccessToken` (%s, discovered from the kit; `jwttest_gooidc_test.go`). The nonce and\n",
		modVersion("github.com/coreos/go-oidc/v3"))
	b.WriteString("`at_hash` attacks are refused that way; `idtoken.Verifier` with `Checks{Nonce, AccessToken}` and `AZPErrata1`\n")
	b.WriteString("accepts none (TestOIDCCore_3_1_3_7_JotlibIDTokenVerifier_RefusesEveryIDTokenAttack).\n\n")
	verdicts(&b, "### go-oidc", goOIDCAccepts)
	return b.String()
}

func verdicts(b *strings.Builder, title string, list []peerVerdict) {
	fmt.Fprintf(b, "%s (%d accepted)\n\n| attack | why it is accepted |\n|---|---|\n", title, len(list))
	for _, v := range list {
		fmt.Fprintf(b, "| %s | %s |\n", mdEscape(v.name), mdEscape(v.reason))
	}
	b.WriteString("\n")
}

// modVersion is "path version" as go.mod requires it.
func modVersion(path string) string {
	data, _ := os.ReadFile("go.mod")
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == path {
			return f[0] + " " + f[1]
		}
	}
	return path
}

// keyfuncCase is a careful golang-jwt check over keyfunc pointed at a
// fresh provider, with helpers saying whether a token passes.
type keyfuncCase struct {
	t     *testing.T
	p     *jwttest.Provider
	parse func(string) error
}

func newKeyfuncCase(t *testing.T, opts ...jwttest.Option) *keyfuncCase {
	p := jwttest.NewProvider(t, opts...)
	return &keyfuncCase{t: t, p: p, parse: carefulParse(p, newKeyfunc(t, p, keyfunc.Override{}))}
}

func (c *keyfuncCase) token() string { return c.p.AccessToken(accesstoken.Claims{}) }

func (c *keyfuncCase) accepts(what, tok string) {
	c.t.Helper()
	if err := c.parse(tok); err != nil {
		c.t.Errorf("%s: refused: %v", what, err)
	}
}

func (c *keyfuncCase) refuses(what, tok string) {
	c.t.Helper()
	if err := c.parse(tok); err == nil {
		c.t.Errorf("%s: accepted", what)
	}
}

func (c *keyfuncCase) fetches(want int) {
	c.t.Helper()
	if n := c.p.Requests(jwttest.PathJWKS); n != want {
		c.t.Errorf("JWK Set fetched %d times, want %d", n, want)
	}
}

// TestRFC7517_5_Keyfunc_RotateKeepingOld_NewKidRefetchedOldStillVerifies:
// OpenID Connect Core 1.0 section 10.1.1 (a new "kid" signals the new
// key): keyfunc refetches the set on the unknown "kid", and the old key,
// still published, still verifies.
func TestRFC7517_5_Keyfunc_RotateKeepingOld_NewKidRefetchedOldStillVerifies(t *testing.T) {
	c := newKeyfuncCase(t)
	old := c.token()
	c.accepts("token of the first key", old)
	c.p.Rotate(true)
	c.accepts("token of the new key", c.token())
	c.accepts("token of the old key, kept", old)
	c.fetches(2)
}

// TestRFC7517_5_Keyfunc_RotateDroppingOld_OldKidRefusedOnceRefreshed: a
// dropped key keeps verifying in keyfunc until its set is refreshed (here
// by the new key's unknown "kid"); then it is refused, and keyfunc's rate
// limit (one refetch per 5 minutes) spares the provider a third fetch.
func TestRFC7517_5_Keyfunc_RotateDroppingOld_OldKidRefusedOnceRefreshed(t *testing.T) {
	c := newKeyfuncCase(t)
	old := c.token()
	c.accepts("token of the first key", old)
	c.p.Rotate(false)
	c.accepts("token of the dropped key, before any refresh (keyfunc's cache)", old)
	c.accepts("token of the new key", c.token())
	c.refuses("token of the dropped key, after the refresh", old)
	c.fetches(2)
}

// TestRFC7517_5_Keyfunc_OddKeySkipped_GoodKeysUsed: RFC 7517 section 5
// ("implementations SHOULD ignore JWKs within a JWK Set that use "kty"
// values that are not understood"): keyfunc skips the odd key, before and
// after a rotation.
func TestRFC7517_5_Keyfunc_OddKeySkipped_GoodKeysUsed(t *testing.T) {
	p := jwttest.NewProvider(t)
	p.SetOddKey(true)
	c := &keyfuncCase{t: t, p: p, parse: carefulParse(p, newKeyfunc(t, p, keyfunc.Override{}))}
	c.accepts("token with the odd key in the set", c.token())
	p.Rotate(true)
	c.accepts("token of the new key with the odd key in the set", c.token())
	c.fetches(2)
}

// TestKeyfunc_Status500AfterFirstFetch_LastSetKept: a failing refetch
// (500) leaves keyfunc with the last good set: its keys verify, the new
// key does not.
func TestKeyfunc_Status500AfterFirstFetch_LastSetKept(t *testing.T) {
	c := newKeyfuncCase(t)
	old := c.token()
	c.p.SetStatus(jwttest.PathJWKS, http.StatusInternalServerError)
	c.p.Rotate(true)
	c.refuses("token of a key published while the set answers 500", c.token())
	c.accepts("token of the last good set's key", old)
	c.fetches(2)
}

// TestKeyfunc_BodyGarbageAfterFirstFetch_LastSetKept: the same with a 200
// answer that is not JSON.
func TestKeyfunc_BodyGarbageAfterFirstFetch_LastSetKept(t *testing.T) {
	c := newKeyfuncCase(t)
	old := c.token()
	c.p.SetBody(jwttest.PathJWKS, jwttest.BodyGarbage)
	c.p.Rotate(true)
	c.refuses("token of a key published while the set is garbage", c.token())
	c.accepts("token of the last good set's key", old)
	c.fetches(2)
}
