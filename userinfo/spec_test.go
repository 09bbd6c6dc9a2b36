package userinfo_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/userinfo"
)

// specResponse is section 5.3.2's example response.
const specResponse = `{
   "sub": "248289761001",
   "name": "Jane Doe",
   "given_name": "Jane",
   "family_name": "Doe",
   "preferred_username": "j.doe",
   "email": "janedoe@example.com",
   "picture": "http://example.com/janedoe/me.jpg"
}`

// TestOIDCCore_5_3_1_BearerGETWithAccept_5_3_2_SpecExampleDecoded: section
// 5.3.1: the request is a GET with the access token as a Bearer token in
// the Authorization header (RFC 6750 section 2.1); section 5.3.2's example
// response is decoded into Claims.
func TestOIDCCore_5_3_1_BearerGETWithAccept_5_3_2_SpecExampleDecoded(t *testing.T) {
	o := newOP(t)
	o.answer("application/json", specResponse)
	got, err := fetch(o.client(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	if got.Subject != subject || got.Name != "Jane Doe" || got.GivenName != "Jane" || got.FamilyName != "Doe" ||
		got.PreferredUsername != "j.doe" || got.Email != "janedoe@example.com" || got.Picture != "http://example.com/janedoe/me.jpg" {
		t.Fatalf("claims %+v", got)
	}
	r := o.lastRequest(t)
	if r.Method != http.MethodGet || r.Header.Get("Authorization") != "Bearer "+token || !strings.Contains(r.Header.Get("Accept"), "application/json") {
		t.Fatalf("request %s, Authorization %q, Accept %q", r.Method, r.Header.Get("Authorization"), r.Header.Get("Accept"))
	}
}

// TestOIDCCore_5_3_2_ExtendedClaimsAndMapDecoded: section 5.1.2's
// additional claims decode into the user's type embedding Claims, or a
// map.
func TestOIDCCore_5_3_2_ExtendedClaimsAndMapDecoded(t *testing.T) {
	o := newOP(t)
	o.answer("application/json; charset=utf-8", `{"sub":"248289761001","groups":["a","b"],"address":{"country":"FR"},"updated_at":1311280970,"phone_number_verified":false}`)
	c := o.client(t, nil)
	var mine struct {
		userinfo.Claims
		Groups []string `json:"groups"`
	}
	if err := c.Fetch(context.Background(), token, subject, &mine); err != nil {
		t.Fatal(err)
	}
	if len(mine.Groups) != 2 || mine.Address == nil || mine.Address.Country != "FR" || mine.UpdatedAt == nil || mine.UpdatedAt.Unix() != 1311280970 {
		t.Fatalf("%+v", mine)
	}
	var m map[string]any
	if err := c.Fetch(context.Background(), token, subject, &m); err != nil || m["sub"] != subject {
		t.Fatalf("map: %v %v", m, err)
	}
}

// TestOIDCCore_5_3_2_SubMustBeReturned: "The sub (subject) Claim MUST
// always be returned in the UserInfo Response": absent, null, not a
// string or empty is ErrResponse; so is a lone look-alike "SUB", which a
// case-insensitive codec would read as "sub".
func TestOIDCCore_5_3_2_SubMustBeReturned(t *testing.T) {
	o := newOP(t)
	for _, body := range []string{`{"name":"x"}`, `{"sub":null}`, `{"sub":42}`, `{"sub":""}`, `{"SUB":"248289761001"}`, `{"Sub":"248289761001","name":"x"}`} {
		o.answer("application/json", body)
		_, err := fetch(o.client(t, nil))
		if !errors.Is(err, userinfo.ErrResponse) {
			t.Errorf("%s: %v, want ErrResponse", body, err)
		}
	}
}

// TestOIDCCore_5_3_2_OneStrictJSONObject: "The UserInfo Claims MUST be
// returned as the members of a JSON object": not an object, duplicate or
// case-folded look-alike members (read two ways by two codecs), invalid
// UTF-8, trailing data, a member the type cannot hold: ErrResponse, and
// dst untouched.
func TestOIDCCore_5_3_2_OneStrictJSONObject(t *testing.T) {
	o := newOP(t)
	for _, body := range []string{
		`["248289761001"]`, `"248289761001"`, ``, `{"sub":"248289761001"`,
		`{"sub":"248289761001","sub":"attacker"}`,
		`{"sub":"248289761001","email":"a@x","EMAIL":"b@x"}`,
		`{"sub":"248289761001","Email":"b@x"}`,
		"{\"sub\":\"248289761001\",\"name\":\"\xff\"}",
		`{"sub":"248289761001"} {}`,
		`{"sub":"248289761001","email_verified":"yes"}`,
		`{"sub":"248289761001","email_verified":1}`,
		`{"sub":"248289761001","address":"Paris"}`,
	} {
		o.answer("application/json", body)
		got, err := fetch(o.client(t, nil))
		if !errors.Is(err, userinfo.ErrResponse) {
			t.Errorf("%q: %v, want ErrResponse", body, err)
		}
		if got.Subject != "" {
			t.Errorf("%q: dst written: %+v", body, got)
		}
	}
}

// TestOIDCCore_5_3_4_SubMustMatchIDToken: "The sub Claim in the UserInfo
// Response MUST be verified to exactly match the sub Claim in the ID
// Token; if they do not match, the UserInfo Response values MUST NOT be
// used": ErrSubjectMismatch (also ErrResponse and jwt.ErrInvalidSubject),
// dst untouched, for JSON and signed responses; an empty ID token subject
// is refused before any request.
func TestOIDCCore_5_3_4_SubMustMatchIDToken(t *testing.T) {
	o := newOP(t)
	c := o.client(t, nil)
	for _, other := range []string{"248289761002", "248289761001 ", "248289761001\u0000", "248289761001"[1:]} {
		o.answer("application/json", `{"sub":"`+strings.ReplaceAll(other, "\u0000", `\u0000`)+`","name":"Mallory"}`)
		got, err := fetch(c)
		if !errors.Is(err, userinfo.ErrSubjectMismatch) || !errors.Is(err, userinfo.ErrResponse) || !errors.Is(err, jwt.ErrInvalidSubject) {
			t.Errorf("json sub %q: %v", other, err)
		}
		if got.Name != "" {
			t.Errorf("json sub %q: dst written", other)
		}
		claims := o.signedClaims()
		claims["sub"] = other
		o.answer("application/jwt", sign(t, opKey, claims))
		got, err = fetch(c)
		if !errors.Is(err, userinfo.ErrSubjectMismatch) || got.Name != "" {
			t.Errorf("signed sub %q: %v, %+v", other, err, got)
		}
	}
	before := o.hits.Load()
	var dst userinfo.Claims
	if err := c.Fetch(context.Background(), token, "", &dst); !errors.Is(err, jwt.ErrInvalidOption) || o.hits.Load() != before {
		t.Fatalf("empty ID token sub: %v", err)
	}
}

// TestOIDCCore_5_3_2_SignedResponseVerified: a signed response
// (application/jwt, any parameters) is verified with the provider's keys
// and its claims decoded; "iss" MUST be the OP's issuer and "aud" MUST be
// or include the client id, both present (refused: jwt.ErrInvalidIssuer,
// jwt.ErrInvalidAudience, jwt.ErrMissingClaim, with ErrResponse); another
// key, an expired response, alg none, a JWE, garbage: ErrResponse. go-oidc
// v3 accepts a signed response without "iss" and "aud" (its test "signed
// jwt userinfo"); we refuse it.
func TestOIDCCore_5_3_2_SignedResponseVerified(t *testing.T) {
	o := newOP(t)
	c := o.client(t, nil)
	o.answer("application/jwt; charset=ISO-8859-1", sign(t, opKey, o.signedClaims()))
	got, err := fetch(c)
	if err != nil || got.Subject != subject || got.Name != "Jane Doe" || !bool(got.EmailVerified) || got.Issuer != o.issuer {
		t.Fatalf("%v %+v", err, got)
	}
	multi := o.signedClaims()
	multi["aud"] = []string{"other-rp", clientID}
	o.answer("application/jwt", sign(t, opKey, multi))
	if _, err := fetch(c); err != nil {
		t.Fatalf("aud includes the client: %v", err)
	}

	cases := map[string]struct {
		mod  func(m map[string]any)
		key  any
		want error
	}{
		"no iss":        {mod: func(m map[string]any) { delete(m, "iss") }, want: jwt.ErrTokenInvalidClaims},
		"other iss":     {mod: func(m map[string]any) { m["iss"] = "https://evil.example" }, want: jwt.ErrInvalidIssuer},
		"no aud":        {mod: func(m map[string]any) { delete(m, "aud") }, want: jwt.ErrTokenInvalidClaims},
		"other aud":     {mod: func(m map[string]any) { m["aud"] = "other-rp" }, want: jwt.ErrInvalidAudience},
		"no sub":        {mod: func(m map[string]any) { delete(m, "sub") }, want: jwt.ErrTokenInvalidClaims},
		"expired":       {mod: func(m map[string]any) { m["exp"] = 1000 }, want: jwt.ErrTokenExpired},
		"another key":   {key: otherKey, want: jwt.ErrSignatureInvalid},
		"look-alike":    {mod: func(m map[string]any) { delete(m, "email"); m["Email"] = "mallory@example.com" }, want: userinfo.ErrResponse},
		"bad bool type": {mod: func(m map[string]any) { m["email_verified"] = "yes" }, want: userinfo.ErrResponse},
	}
	for name, tc := range cases {
		claims := o.signedClaims()
		if tc.mod != nil {
			tc.mod(claims)
		}
		key := opKey
		if tc.key != nil {
			key = otherKey
		}
		o.answer("application/jwt", sign(t, key, claims))
		got, err := fetch(c)
		if !errors.Is(err, userinfo.ErrResponse) || !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want ErrResponse and %v", name, err, tc.want)
		}
		if got.Subject != "" {
			t.Errorf("%s: dst written", name)
		}
	}
	for name, body := range map[string]string{
		"alg none": "eyJhbGciOiJub25lIn0." + "eyJzdWIiOiIyNDgyODk3NjEwMDEifQ.",
		"JWE":      "eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ.a.b.c.d",
		"garbage":  "not a token",
		"json":     `{"sub":"248289761001"}`,
	} {
		o.answer("application/jwt", body)
		if _, err := fetch(c); !errors.Is(err, userinfo.ErrResponse) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestOIDCCore_5_3_2_ContentTypeDecides: the response's Content-Type says
// which it is: application/json or application/jwt. Any other, or none,
// is ErrResponse (go-oidc reads any but application/jwt as JSON); a JWT
// sent as application/json is not JSON.
func TestOIDCCore_5_3_2_ContentTypeDecides(t *testing.T) {
	o := newOP(t)
	c := o.client(t, nil)
	for _, ct := range []string{"", "text/plain", "text/html", "application/jwt+json", "application/json-seq", "application/x-www-form-urlencoded", ";;"} {
		o.answer(ct, `{"sub":"248289761001"}`)
		if _, err := fetch(c); !errors.Is(err, userinfo.ErrResponse) {
			t.Errorf("Content-Type %q: %v", ct, err)
		}
	}
	o.answer("application/json", sign(t, opKey, o.signedClaims()))
	if _, err := fetch(c); !errors.Is(err, userinfo.ErrResponse) {
		t.Errorf("JWT as JSON: %v", err)
	}
}

// TestOIDCCore_5_3_2_RequireSignedRefusesJSON: a client registered with
// userinfo_signed_response_alg (Registration section 2) refuses a JSON
// response; one without keys, issuer or client id cannot verify a signed
// response: it is refused (ErrResponse) and RequireSigned is
// jwt.ErrInvalidOption at NewClient.
func TestOIDCCore_5_3_2_RequireSignedRefusesJSON(t *testing.T) {
	o := newOP(t)
	o.answer("application/json", `{"sub":"248289761001"}`)
	c := o.client(t, func(cfg *userinfo.Config) { cfg.RequireSigned = true })
	if _, err := fetch(c); !errors.Is(err, userinfo.ErrResponse) {
		t.Fatalf("JSON under RequireSigned: %v", err)
	}
	o.answer("application/jwt", sign(t, opKey, o.signedClaims()))
	if _, err := fetch(c); err != nil {
		t.Fatalf("signed under RequireSigned: %v", err)
	}
	unkeyed := o.client(t, func(cfg *userinfo.Config) { cfg.Keys = nil })
	if _, err := fetch(unkeyed); !errors.Is(err, userinfo.ErrResponse) {
		t.Fatalf("signed without keys: %v", err)
	}
	for name, mod := range map[string]func(*userinfo.Config){
		"no keys":      func(cfg *userinfo.Config) { cfg.Keys = nil },
		"no issuer":    func(cfg *userinfo.Config) { cfg.Issuer = "" },
		"no client id": func(cfg *userinfo.Config) { cfg.ClientID = "" },
	} {
		cfg := userinfo.Config{Endpoint: o.endpoint(), Issuer: o.issuer, ClientID: clientID, Keys: &opKey.PublicKey, RequireSigned: true}
		mod(&cfg)
		if _, err := userinfo.NewClient(cfg); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestOIDCCore_5_3_3_ErrorResponseTyped: section 5.3.3: errors are RFC
// 6750 section 3's: a 401 with "WWW-Authenticate: Bearer
// error="invalid_token", error_description=..." (the section's example)
// is an *Error matching ErrRefused and ErrInvalidToken;
// insufficient_scope (403) ErrInsufficientScope; a 401 without a
// challenge ErrRefused; a 400 with a challenge ErrRefused; a 500 or a 302
// ErrResponse, the redirect not followed.
func TestOIDCCore_5_3_3_ErrorResponseTyped(t *testing.T) {
	o := newOP(t)
	c := o.client(t, nil)
	reply := func(status int, challenge string) {
		o.handle(func(w http.ResponseWriter, r *http.Request) {
			if challenge != "" {
				w.Header().Set("WWW-Authenticate", challenge)
			}
			w.WriteHeader(status)
		})
	}
	reply(401, `Bearer error="invalid_token", error_description="The Access Token expired"`)
	_, err := fetch(c)
	var e *userinfo.Error
	if !errors.As(err, &e) || !errors.Is(err, userinfo.ErrRefused) || !errors.Is(err, userinfo.ErrInvalidToken) || errors.Is(err, userinfo.ErrInsufficientScope) ||
		e.StatusCode != 401 || e.Scheme != "Bearer" || e.Code != "invalid_token" || e.Description != "The Access Token expired" {
		t.Fatalf("invalid_token: %v %+v", err, e)
	}
	reply(403, `Bearer realm="example", error="insufficient_scope", scope="openid profile"`)
	if _, err := fetch(c); !errors.Is(err, userinfo.ErrInsufficientScope) || !errors.As(err, &e) || e.Scope != "openid profile" {
		t.Fatalf("insufficient_scope: %v", err)
	}
	reply(401, "")
	if _, err := fetch(c); !errors.Is(err, userinfo.ErrRefused) || errors.Is(err, userinfo.ErrInvalidToken) {
		t.Fatalf("bare 401: %v", err)
	}
	reply(400, `Basic realm="x", Bearer error="invalid_request"`)
	if _, err := fetch(c); !errors.As(err, &e) || e.Code != "invalid_request" || e.StatusCode != 400 {
		t.Fatalf("400 invalid_request: %v", err)
	}
	reply(500, "")
	if _, err := fetch(c); !errors.Is(err, userinfo.ErrResponse) || errors.Is(err, userinfo.ErrRefused) {
		t.Fatalf("500: %v", err)
	}
	elsewhere := newOP(t)
	elsewhere.answer("application/json", `{"sub":"248289761001"}`)
	o.handle(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, elsewhere.endpoint(), http.StatusFound)
	})
	if _, err := fetch(c); !errors.Is(err, userinfo.ErrResponse) || elsewhere.hits.Load() != 0 {
		t.Fatalf("redirect: %v, %d requests elsewhere", err, elsewhere.hits.Load())
	}
}

// TestUserInfo_BodyBounded: a body over Config.MaxBodySize is
// ErrBodyTooLarge (ErrResponse).
func TestUserInfo_BodyBounded(t *testing.T) {
	o := newOP(t)
	o.answer("application/json", `{"sub":"248289761001","name":"`+strings.Repeat("a", 200)+`"}`)
	c := o.client(t, func(cfg *userinfo.Config) { cfg.MaxBodySize = 100 })
	if _, err := fetch(c); !errors.Is(err, userinfo.ErrBodyTooLarge) || !errors.Is(err, userinfo.ErrResponse) {
		t.Fatalf("%v", err)
	}
}

// TestDiscovery_3_ProviderGivesEndpointIssuerAndKeys: with a
// *jwk.Provider, the endpoint is its discovered "userinfo_endpoint" and a
// signed response is verified with its keys and issuer (discovering at
// the first Fetch); a document without one is ErrNoEndpoint, with no
// request.
func TestDiscovery_3_ProviderGivesEndpointIssuerAndKeys(t *testing.T) {
	o := newOP(t)
	p, err := jwk.NewProvider(o.issuer, jwk.WithHTTPClient(o.srv.Client()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	c, err := userinfo.NewClient(userinfo.Config{Provider: p, ClientID: clientID, HTTPClient: o.srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	o.answer("application/jwt", sign(t, opKey, o.signedClaims()))
	got, err := fetch(c)
	if err != nil || got.Email != "janedoe@example.com" {
		t.Fatalf("%v %+v", err, got)
	}
	if _, err := userinfo.NewClient(userinfo.Config{Provider: p, Issuer: "https://other.example", ClientID: clientID}); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Fatalf("Issuer beside another Provider: %v", err)
	}

	bare := newOP(t)
	bare.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/.well-known/openid-configuration" {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"issuer":"` + bare.issuer + `","jwks_uri":"` + bare.srv.URL + `/jwks"}`))
			return
		}
		bare.serve(w, r)
	})
	bp, err := jwk.NewProvider(bare.issuer, jwk.WithHTTPClient(bare.srv.Client()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bp.Close() })
	bc, err := userinfo.NewClient(userinfo.Config{Provider: bp, ClientID: clientID, HTTPClient: bare.srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fetch(bc); !errors.Is(err, userinfo.ErrNoEndpoint) || bare.hits.Load() != 0 {
		t.Fatalf("no userinfo_endpoint: %v", err)
	}
}
