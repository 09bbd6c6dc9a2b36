package jwttest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/jotlib/jwt/jwttest"
)

const testSecret = "s3cret:with&odd=chars"

func TestRFC6749_4_4_2_ConfidentialClientMustAuthenticate(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t, jwttest.WithClientSecret(testSecret))
	if p.ClientSecret() != testSecret {
		t.Fatalf("ClientSecret() = %q", p.ClientSecret())
	}
	cc := func(extra ...string) url.Values {
		v := url.Values{"grant_type": {"client_credentials"}, "client_id": {p.ClientID()}}
		for i := 0; i+1 < len(extra); i += 2 {
			v.Set(extra[i], extra[i+1])
		}
		return v
	}
	noID := url.Values{"grant_type": {"client_credentials"}}
	for name, c := range map[string]struct {
		form   url.Values
		header http.Header
		status int
	}{
		"RFC6749_2_3_1 client_secret_basic":       {noID, http.Header{"Authorization": {"Basic " + basic(p.ClientID(), testSecret)}}, 200},
		"RFC6749_2_3_1 basic with form client_id": {cc(), http.Header{"Authorization": {"Basic " + basic(p.ClientID(), testSecret)}}, 200},
		"RFC6749_2_3_1 client_secret_post":        {cc("client_secret", testSecret), nil, 200},
		"RFC6749_4_4_2 no authentication":         {cc(), nil, 401},
		"wrong secret (post)":                     {cc("client_secret", "nope"), nil, 401},
		"wrong secret (basic)":                    {noID, http.Header{"Authorization": {"Basic " + basic(p.ClientID(), "nope")}}, 401},
		"empty Basic password":                    {noID, http.Header{"Authorization": {"Basic " + basic(p.ClientID(), "")}}, 401},
		"secret of another client":                {url.Values{"grant_type": {"client_credentials"}, "client_id": {"x"}, "client_secret": {testSecret}}, nil, 401},
		"RFC6749_2_3 two methods at once": {cc("client_secret", testSecret),
			http.Header{"Authorization": {"Basic " + basic(p.ClientID(), testSecret)}}, 401},
		"client assertion": {cc("client_assertion", "x", "client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"), nil, 401},
	} {
		t.Run(name, func(t *testing.T) {
			r := postToken(t, p, c.form, c.header)
			if r.Status != c.status || (c.status == 200) != (r.AccessToken != "") {
				t.Fatalf("%+v, want %d", r, c.status)
			}
			if c.status == 401 && r.Error != "invalid_client" {
				t.Fatalf("%+v, want invalid_client", r)
			}
		})
	}
}

func TestRFC6749_2_3_1_SecretRequiredForTheCodeGrantToo(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t, jwttest.WithClientSecret(testSecret))
	verifier, challenge := pkcePair()
	form := codeForm(p, codeFor(t, p, authParams(p, challenge)), verifier)
	if r := postToken(t, p, form, nil); r.Status != 401 || r.Error != "invalid_client" {
		t.Fatalf("unauthenticated code redemption: %+v", r)
	}
	form = codeForm(p, codeFor(t, p, authParams(p, challenge)), verifier)
	if r := postToken(t, p, form, http.Header{"Authorization": {"Basic " + basic(p.ClientID(), testSecret)}}); r.Status != 200 || r.IDToken == "" {
		t.Fatalf("authenticated code redemption: %+v", r)
	}
}

func TestRFC6749_5_2_BasicAttemptRefusedCarriesWWWAuthenticate(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t, jwttest.WithClientSecret(testSecret))
	req, _ := http.NewRequest(http.MethodPost, p.Issuer()+jwttest.PathToken, strings.NewReader("grant_type=client_credentials"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(p.ClientID(), "nope")
	resp, err := p.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 || !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Basic") {
		t.Fatalf("%d %q", resp.StatusCode, resp.Header.Get("WWW-Authenticate"))
	}
}

func TestRFC8414_2_MetadataListsSecretMethodsWithClientSecret(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		opts []jwttest.Option
		want string
	}{
		{nil, `["none"]`},
		{[]jwttest.Option{jwttest.WithClientSecret(testSecret)}, `["client_secret_basic","client_secret_post"]`},
	} {
		p := jwttest.NewProvider(t, c.opts...)
		resp, err := p.Client().Get(p.Issuer() + jwttest.PathOAuthAuthorizationServer)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if got := string(m["token_endpoint_auth_methods_supported"]); got != c.want {
			t.Fatalf("token_endpoint_auth_methods_supported = %s, want %s", got, c.want)
		}
	}
}

func TestWithClientSecretEmptyFailsTheTest(t *testing.T) {
	t.Parallel()
	r := &recorder{TB: t}
	if p := jwttest.NewProvider(r, jwttest.WithClientSecret("")); p != nil {
		t.Fatal("a provider was made with an empty client secret")
	}
	if len(r.fatal) != 1 || !strings.Contains(r.fatal[0], "WithClientSecret") {
		t.Fatalf("Fatalf calls: %q", r.fatal)
	}
}
