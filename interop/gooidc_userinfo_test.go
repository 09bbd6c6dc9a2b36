package interop

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/userinfo"
)

// go-oidc v3.21.0's UserInfo cases (oidc/oidc_test.go: TestUserInfoEndpoint),
// rewritten here: one httptest TLS provider (discovery, JWK Set, UserInfo
// Endpoint) read by go-oidc's Provider.UserInfo and by userinfo.Client.

// uiGoOIDCJWK is the public key of go-oidc's test provider (mkjwk.org), which
// verifies uiSigned and uiSignedCognito (signed on jwt.io with "typ" "JWT",
// no "kid", no "iss" nor "aud"): test data of go-oidc's, not code.
const uiGoOIDCJWK = `{"kty":"RSA","e":"AQAB","use":"sig","kid":"test","alg":"RS256","n":"ilhCmTGFjjIPVN7Lfdn_fvpXOlzxa3eWnQGZ_eRa2ibFB1mnqoWxZJ8fkWIVFOQpsn66bIfWjBo_OI3sE6LhhRF8xhsMxlSeRKhpsWg0klYnMBeTWYET69YEAX_rGxy0MCZlFZ5tpr56EVZ-3QLfNiR4hcviqj9F2qE6jopfywsnlulJgyMi3N3kugit_JCNBJ0yz4ndZrMozVOtGqt35HhggUgYROzX6SWHUJdPXSmbAZU-SVLlesQhPfHS8LLq0sACb9OmdcwrpEFdbGCSTUPlHGkN5h6Zy8CS4s_bCdXKkjD20jv37M3GjRQkjE8vyMxFlo_qT8F8VZlSgXYTFw"}`

const (
	uiJSON          = `{"sub":"1234567890","profile":"Joe Doe","email":"joe@doe.com","email_verified":true,"is_admin":true}`
	uiJSONCognito   = `{"sub":"1234567890","profile":"Joe Doe","email":"joe@doe.com","email_verified":"true","is_admin":true}`
	uiSigned        = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwicHJvZmlsZSI6IkpvZSBEb2UiLCJlbWFpbCI6ImpvZUBkb2UuY29tIiwiZW1haWxfdmVyaWZpZWQiOnRydWUsImlzX2FkbWluIjp0cnVlfQ.ejzc2IOLtvYp-2n5w3w4SW3rHNG9pOahnwpQCwuIaj7DvO4SxDIzeJmFPMKTJUc-1zi5T42mS4Gs2r18KWhSkk8kqYermRX0VcGEEsH0r2BG5boeza_EjCoJ5-jBPX5ODWGhu2sZIkZl29IbaVSC8jk8qKnqacchiHNmuv_xXjRsAgUsqYftrEQOxqhpfL5KN2qtgeVTczg3ABqs2-SFeEzcgA1TnA9H3AynCPCVUMFgh7xyS8jxx7DN-1vRHBySz5gNbf8z8MNx_XBLfRxxxMF24rDIE8Z2gf1DEAPr4tT38hD8ugKSE84gC3xHJWFWsRLg-Ll6OQqshs82axS00Q"
	uiSignedCognito = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwicHJvZmlsZSI6IkpvZSBEb2UiLCJlbWFpbCI6ImpvZUBkb2UuY29tIiwiZW1haWxfdmVyaWZpZWQiOiJ0cnVlIiwiaXNfYWRtaW4iOnRydWV9.V9j6Q208fnj7E5dhCHnAktqndvelyz6PYxmd2fLzA4ze8N770Tq9KFEE3QSM400GTxiP7tMyvBqnTj2q5Hr6DeRoy0WtLmYlnDfOJCr2qKbrPN0k94Ts9_sXAKEiJSKsTFUBHkrH4NhyWsaBaPamI8ghuqPKJ1LniNuskHUlzBmDDW4mTy15ArsaIno8S4XVn19OoqODIO30axJJxKfxEbsDR3-YW4OD9qn80Wzw0zOsGJ04NJRfO56VSprX0PhqvduOSUuHvm4cxtJIHHvj3AitrQriKZebZpXSs9PXPSPCysiQHyDz0A8y7R-sDgEhJlxe93nVbTU0itBehrbugQ"
	uiClientID      = "client1"
	uiSubject       = "1234567890"
)

// uiNoIssAud is why we refuse go-oidc's signed responses.
const uiNoIssAud = `the jwt.io-signed response has no "iss" nor "aud": OpenID Connect Core 1.0 section 5.3.2 (errata set 1) says a signed response MUST contain them (the provider's issuer, the client's id), so that a JWT signed by the provider for another purpose or client is not taken as UserInfo; go-oidc checks the signature only`

type userInfoCase struct {
	name        string
	contentType string
	// body is the UserInfo response; "" means the provider has no
	// UserInfo Endpoint. A body containing %s gets the issuer (rows of
	// ours, signed by ourKey at run time when signed is set).
	body    string
	signed  bool // body is a JSON payload our RS256 key signs (with the issuer filled in)
	goOK    bool
	ourErr  error // nil: accepted with the claims go-oidc reads
	differs string
}

var userInfoCases = []userInfoCase{
	{name: "basic json userinfo", contentType: "application/json", body: uiJSON, goOK: true},
	{name: "signed jwt userinfo", contentType: "application/jwt", body: uiSigned, goOK: true,
		ourErr: jwt.ErrMissingClaim, differs: uiNoIssAud},
	{name: "signed jwt userinfo, content-type with charset", contentType: "application/jwt; charset=ISO-8859-1", body: uiSigned, goOK: true,
		ourErr: jwt.ErrMissingClaim, differs: uiNoIssAud},
	{name: "basic json userinfo - cognito variant", contentType: "application/json", body: uiJSONCognito, goOK: true},
	{name: "signed jwt userinfo - cognito variant", contentType: "application/jwt", body: uiSignedCognito, goOK: true,
		ourErr: jwt.ErrMissingClaim, differs: uiNoIssAud},
	{name: "no userinfo endpoint", contentType: "application/json", ourErr: userinfo.ErrNoEndpoint},
	// Not go-oidc's: the signed response section 5.3.2 describes, which
	// both accept.
	{name: "signed jwt userinfo with iss and aud (ours)", contentType: "application/jwt", signed: true, goOK: true,
		body: `{"iss":"%s","aud":"client1","sub":"1234567890","profile":"Joe Doe","email":"joe@doe.com","email_verified":true,"is_admin":true}`},
}

// uiInfo is a relying party's UserInfo type: the standard claims and one
// of its own (section 5.1.2).
type uiInfo struct {
	userinfo.Claims
	IsAdmin bool `json:"is_admin"`
}

// TestOIDCCore_5_3_GoOIDCUserInfoCases: go-oidc's TestUserInfoEndpoint
// cases through go-oidc's Provider.UserInfo and userinfo.Client.Fetch.
func TestOIDCCore_5_3_GoOIDCUserInfoCases(t *testing.T) {
	goKey, err := jwk.ParseKey([]byte(uiGoOIDCJWK))
	if err != nil {
		t.Fatal(err)
	}
	pair := pairFor(t, jwt.RS256)
	ourKey, err := jwk.NewKey(pair.public, jwk.Params{KeyID: "ours", Algorithm: "RS256", Use: "sig"})
	if err != nil {
		t.Fatal(err)
	}
	set, err := jwk.NewSet(goKey, ourKey).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range userInfoCases {
		t.Run(tc.name, func(t *testing.T) {
			var srv *httptest.Server
			srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch r.URL.Path {
				case "/.well-known/openid-configuration":
					w.Header().Set("Content-Type", "application/json")
					ui := ""
					if tc.body != "" {
						ui = fmt.Sprintf(`"userinfo_endpoint":"%s/userinfo",`, srv.URL)
					}
					fmt.Fprintf(w, `{"issuer":"%[1]s","authorization_endpoint":"%[1]s/auth","token_endpoint":"%[1]s/token",
						"jwks_uri":"%[1]s/keys",%[2]s"id_token_signing_alg_values_supported":["RS256"]}`, srv.URL, ui)
				case "/keys":
					w.Header().Set("Content-Type", "application/json")
					w.Write(set)
				case "/userinfo":
					if tc.body == "" {
						http.NotFound(w, r)
						return
					}
					body := tc.body
					if tc.signed {
						body = forgeJSON(`{"alg":"RS256","typ":"JWT","kid":"ours"}`, fmt.Sprintf(tc.body, srv.URL), jwt.RS256, pair.private)
					}
					w.Header().Set("Content-Type", tc.contentType)
					io.WriteString(w, body)
				default:
					http.NotFound(w, r)
				}
			}))
			defer srv.Close()

			ctx := oidc.ClientContext(t.Context(), srv.Client())
			op, err := oidc.NewProvider(ctx, srv.URL)
			if err != nil {
				t.Fatalf("oidc.NewProvider: %v", err)
			}
			goInfo, goErr := op.UserInfo(ctx, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "at-1"}))
			if (goErr == nil) != tc.goOK {
				t.Errorf("go-oidc: accepted=%v (%v), the record says %v", goErr == nil, goErr, tc.goOK)
			}
			if tc.body == "" && op.UserInfoEndpoint() != "" {
				t.Errorf("go-oidc: UserInfoEndpoint %q", op.UserInfoEndpoint())
			}

			p, err := jwk.Discover(t.Context(), srv.URL, jwk.WithHTTPClient(srv.Client()))
			if err != nil {
				t.Fatalf("jwk.Discover: %v", err)
			}
			defer p.Close()
			c, err := userinfo.NewClient(userinfo.Config{Provider: p, ClientID: uiClientID, HTTPClient: srv.Client()},
				jwt.WithAlgorithms(jwt.RS256))
			if err != nil {
				t.Fatal(err)
			}
			var got uiInfo
			err = c.Fetch(t.Context(), "at-1", uiSubject, &got)
			switch {
			case tc.ourErr == nil && err != nil:
				t.Fatalf("ours refused: %v", err)
			case tc.ourErr != nil && !errors.Is(err, tc.ourErr):
				t.Fatalf("ours: %v, want %v", err, tc.ourErr)
			case tc.ourErr != nil && tc.body != "" && !errors.Is(err, userinfo.ErrResponse):
				t.Errorf("ours: %v, want userinfo.ErrResponse too", err)
			}
			if ((err == nil) != (goErr == nil)) != (tc.differs != "") {
				t.Errorf("verdicts ours=%v go-oidc=%v; recorded difference %q", err, goErr, tc.differs)
			}
			if err == nil && goErr == nil {
				if got.Subject != goInfo.Subject || got.Profile != goInfo.Profile || got.Email != goInfo.Email ||
					bool(got.EmailVerified) != goInfo.EmailVerified || !got.IsAdmin || !goInfo.EmailVerified {
					t.Errorf("claims differ:\n ours    %+v\n go-oidc %+v", got, goInfo)
				}
			}
		})
	}
}

// gooidcSection is the DIFFERENCES.md section of go-oidc's logout-token,
// distributed-claims and UserInfo cases (renderDifferences appends it):
// every case where our verdict is not go-oidc's, from the tables the
// tests assert.
func gooidcSection() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n## go-oidc's logout-token, distributed-claims and UserInfo cases\n\n")
	fmt.Fprintf(&b, "go-oidc's own test cases (%s: `TestLogoutToken`, `TestAuth0Logout`, `TestDistributedClaims`,\n",
		modVersion("github.com/coreos/go-oidc/v3"))
	b.WriteString("`TestDistClaimResolver`, `TestUserInfoEndpoint`), each input run through go-oidc's public API and through\n")
	b.WriteString("`logout`, `claimsources` and `userinfo` (`gooidc_logout_test.go`, `gooidc_claimsources_test.go`,\n")
	b.WriteString("`gooidc_userinfo_test.go`). Every other case gets the same verdict from both.\n\n")
	b.WriteString("| area | case | go-oidc | ours | why |\n|---|---|---|---|---|\n")
	oursOnly := 0
	row := func(area, name string, goOK bool, ourErr error, why string) {
		verdict := func(ok bool) string {
			if ok {
				return "accepted"
			}
			return "refused"
		}
		ours := "accepted"
		if ourErr != nil {
			ours = "refused"
		} else {
			oursOnly++
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", area, mdEscape(name), verdict(goOK), ours, mdEscape(why))
	}
	for _, c := range logoutCases {
		if c.differs != "" {
			row("logout", c.name, c.goOK, c.ourErr, c.differs)
		}
	}
	row("logout", "TestAuth0Logout (an Auth0 logout token)", true, jwt.ErrInvalidType, auth0LogoutDiffers)
	for _, c := range claimRefsCases {
		if c.differs != "" {
			row("claimsources", c.name, c.goOK, c.ourErr, c.differs)
		}
	}
	for _, c := range distCases {
		if c.differs != "" {
			row("claimsources", c.name, c.goOK, c.ourErr, c.differs)
		}
	}
	for _, c := range userInfoCases {
		if c.differs != "" {
			row("userinfo", c.name, c.goOK, c.ourErr, c.differs)
		}
	}
	fmt.Fprintf(&b, "\nTokens or responses we accept that go-oidc refuses: %d.\n", oursOnly)
	b.WriteString("\ngo-oidc has no replay check on a logout token's \"jti\" (section 2.6 step 8, left to its caller): every\n")
	b.WriteString("logout token both accept is refused by ours on its second delivery (`logout.ErrReplayed`). go-oidc does not\n")
	b.WriteString("resolve distributed claims through its public API (its resolver is unexported) nor aggregated ones at all;\n")
	b.WriteString("nor does it compare the UserInfo \"sub\" with the ID token's (section 5.3.4), which `userinfo.Client.Fetch` does.\n")
	return b.String()
}
