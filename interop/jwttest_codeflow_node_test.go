package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwttest"
)

// nodeOIDCClient returns the command running interop/dpopnode/oidc-client.mjs
// trusting p's TLS certificate (NODE_EXTRA_CA_CERTS), or skips, saying
// why, where Node.js or oauth4webapi is missing.
func nodeOIDCClient(t *testing.T, p *jwttest.Provider, args ...string) *exec.Cmd {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: the OIDC client interop test needs Node.js (Debian package nodejs) and `bash scripts/install-node-deps.sh`")
	}
	dir, _ := filepath.Abs("dpopnode")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "oauth4webapi", "package.json")); err != nil {
		t.Skip("interop/dpopnode/node_modules/oauth4webapi missing: run `bash scripts/install-node-deps.sh` (npm ci from the npm registry)")
	}
	ca := filepath.Join(t.TempDir(), "provider.pem")
	if err := os.WriteFile(ca, p.CertificatePEM(), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, append([]string{filepath.Join(dir, "oidc-client.mjs")}, args...)...)
	cmd.Env = append(os.Environ(), "NODE_EXTRA_CA_CERTS="+ca)
	return cmd
}

// TestJWTTestCodeFlow_OIDCCore_3_1_Oauth4webapiRunsTheCodeFlow: panva's
// oauth4webapi, an OpenID Connect relying party in another language,
// discovers the kit, runs the authorization code flow with PKCE S256,
// state and nonce (validateAuthResponse checks RFC 9207 "iss"),
// processAuthorizationCodeResponse validates the ID token, a second
// redemption of the code is invalid_grant (RFC 6749 section 4.1.2), and a
// client_credentials grant with its DPoP proof gets a DPoP-bound token
// (RFC 9449 section 5). Our verifiers accept what it received.
func TestJWTTestCodeFlow_OIDCCore_3_1_Oauth4webapiRunsTheCodeFlow(t *testing.T) {
	p := jwttest.NewProvider(t)
	p.SetSubject("bob")
	cmd := nodeOIDCClient(t, p, p.Issuer(), p.ClientID(), codeFlowRedirect)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node oidc-client.mjs: %v\n%s", err, stderr.String())
	}
	var got struct {
		Sub             string `json:"sub"`
		Nonce           bool   `json:"nonce"`
		AccessToken     string `json:"access_token"`
		IDToken         string `json:"id_token"`
		ReuseError      string `json:"reuse_error"`
		DPoPTokenType   string `json:"dpop_token_type"`
		DPoPAccessToken string `json:"dpop_access_token"`
		JKT             string `json:"jkt"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Sub != "bob" || !got.Nonce || got.ReuseError != "invalid_grant" {
		t.Fatalf("code flow: %+v", got)
	}
	ctx := context.Background()
	at, err := accesstoken.NewVerifier(p.RemoteSet(), accesstoken.Config{Issuer: p.Issuer(), Audience: p.Audience()})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := at.Verify(ctx, got.AccessToken); err != nil || c.Subject != "bob" {
		t.Fatalf("access token: %+v %v", c, err)
	}
	id, err := idtoken.NewVerifier(p.RemoteSet(), idtoken.Config{Issuer: p.Issuer(), ClientID: p.ClientID()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := id.Verify(ctx, got.IDToken, idtoken.Checks{AccessToken: got.AccessToken}); err != nil {
		t.Fatalf("ID token: %v", err)
	}
	if got.DPoPTokenType != "dpop" && got.DPoPTokenType != dpop.TokenType { // oauth4webapi lower-cases token_type
		t.Fatalf("DPoP grant token_type %q", got.DPoPTokenType)
	}
	if jkt, err := dpop.BoundKey(got.DPoPAccessToken); err != nil || jkt != got.JKT {
		t.Fatalf("cnf.jkt %q (%v), the client's key %q", jkt, err, got.JKT)
	}
	if n := p.Requests(jwttest.PathToken); n != 3 {
		t.Fatalf("token endpoint requests %d, want 3", n)
	}
}
