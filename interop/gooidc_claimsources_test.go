package interop

import (
	"crypto"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/coreos/go-oidc/v3/oidc"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claimsources"
)

// go-oidc v3.21.0's distributed-claims cases (oidc/verify_test.go:
// TestDistributedClaims and TestDistClaimResolver), rewritten here. go-oidc
// reads "_claim_names"/"_claim_sources" while verifying an ID token (it
// refuses references it cannot pair, records the rest unexported) and
// resolves a distributed source with an unexported helper that GETs the
// endpoint and verifies the JWT with the ID token's own verifier. Its
// public API is what the test can call: IDTokenVerifier.Verify on the ID
// token, and on the JWT the endpoint returns. Ours: claimsources.Resolver.

const (
	csIssuer   = "https://foo"
	csClientID = "client1"
)

type claimRefsCase struct {
	name    string
	payload string // the ID token's claims
	goOK    bool   // go-oidc's Verify accepts the ID token
	ourErr  error  // nil: Resolve succeeds with an empty Result
	differs string
}

var claimRefsCases = []claimRefsCase{
	{name: "NoDistClaims", payload: `{"iss":"https://foo","aud":"client1"}`, goOK: true},
	// go-oidc records a source whose "endpoint" is "123" (it fetches only
	// when asked, and would fetch it); we check every endpoint against the
	// Sources before anything else.
	{name: "1DistClaim", payload: `{"iss":"https://foo","aud":"client1",
		"_claim_names":{"address":"src1"},
		"_claim_sources":{"src1":{"endpoint":"123","access_token":"1234"}}}`,
		goOK: true, ourErr: claimsources.ErrEndpointNotAllowed,
		differs: `go-oidc records a distributed source whose "endpoint" is "123" (not a URL); claimsources refuses an endpoint that is not an https URL a Source lists (ErrEndpointNotAllowed), before contacting any`},
	{name: "2DistClaims1Src", payload: `{"iss":"https://foo","aud":"client1",
		"_claim_names":{"address":"src1","phone_number":"src1"},
		"_claim_sources":{"src1":{"endpoint":"123","access_token":"1234"}}}`,
		goOK: true, ourErr: claimsources.ErrEndpointNotAllowed,
		differs: `as 1DistClaim: the endpoint "123" is not an allowed https URL`},
	{name: "1Name0Src", payload: `{"iss":"https://foo","aud":"client1",
		"_claim_names":{"address":"src1"},"_claim_sources":{}}`,
		ourErr: claimsources.ErrMalformedReferences},
	{name: "NoNames1Src", payload: `{"iss":"https://foo","aud":"client1",
		"_claim_names":{},"_claim_sources":{"src1":{"endpoint":"https://foo","access_token":"1234"}}}`,
		goOK: true},
}

// TestOIDCCore_5_6_2_GoOIDCClaimReferenceCases: go-oidc's
// TestDistributedClaims. The ID token goes through go-oidc's verifier; its
// claims, decoded into claimsources.References as a relying party's claims
// type embedding it would be, through our Resolver.
func TestOIDCCore_5_6_2_GoOIDCClaimReferenceCases(t *testing.T) {
	pair := pairFor(t, jwt.RS256)
	for _, tc := range claimRefsCases {
		t.Run(tc.name, func(t *testing.T) {
			tok := forgeJSON(`{"alg":"RS256","kid":"k1"}`, tc.payload, jwt.RS256, pair.private)
			gv := oidc.NewVerifier(csIssuer, &oidc.StaticKeySet{PublicKeys: []crypto.PublicKey{pair.public}},
				&oidc.Config{ClientID: csClientID, SkipExpiryCheck: true})
			_, goErr := gv.Verify(t.Context(), tok)
			if (goErr == nil) != tc.goOK {
				t.Errorf("go-oidc: accepted=%v (%v), the record says %v", goErr == nil, goErr, tc.goOK)
			}

			rv, err := claimsources.NewResolver(claimsources.Config{Sources: []claimsources.Source{{
				Issuer: csIssuer, Key: pair.public, Audiences: []string{csClientID},
			}}})
			if err != nil {
				t.Fatal(err)
			}
			var refs claimsources.References
			if err := json.Unmarshal([]byte(tc.payload), &refs); err != nil {
				t.Fatal(err)
			}
			res, err := rv.Resolve(t.Context(), refs)
			switch {
			case tc.ourErr == nil && err != nil:
				t.Fatalf("ours refused: %v", err)
			case tc.ourErr != nil && !errors.Is(err, tc.ourErr):
				t.Fatalf("ours: %v, want %v", err, tc.ourErr)
			case err == nil && len(res.Claims) != 0:
				t.Errorf("resolved %v, want nothing", res.Claims)
			}
			if ((err == nil) != (goErr == nil)) != (tc.differs != "") {
				t.Errorf("verdicts ours=%v go-oidc=%v; recorded difference %q", err, goErr, tc.differs)
			}
		})
	}
}

// distPayload is the distributed source JWT's claims of go-oidc's
// TestDistClaimResolver.
const distPayload = `{"iss":"https://foo","aud":"client1",
	"email":"janedoe@email.com",
	"shipping_address":{"street_address":"1234 Hollywood Blvd.","locality":"Los Angeles","region":"CA","postal_code":"90210","country":"US"}}`

type distCase struct {
	name        string
	accessToken string // the reference's "access_token"; the endpoint accepts none or "1234"
	// noMediaType serves the JWT as go-oidc's test server does, with no
	// Content-Type (net/http sniffs text/plain); else application/jwt.
	noMediaType bool
	goOK        bool
	ourErr      error // nil: resolved
	differs     string
}

var distCases = []distCase{
	{name: "noAccessToken", goOK: true},
	{name: "rightAccessToken", accessToken: "1234", goOK: true},
	{name: "wrongAccessToken", accessToken: "12345", ourErr: claimsources.ErrFetchFailed},
	// go-oidc's own server, as written: no Content-Type.
	{name: "rightAccessToken, no Content-Type", accessToken: "1234", noMediaType: true, goOK: true,
		ourErr:  claimsources.ErrFetchFailed,
		differs: `go-oidc verifies whatever body a 200 carries; claimsources requires Content-Type application/jwt (section 5.3.2's media type for a JWT) and refuses text/plain (ErrFetchFailed)`},
}

// TestOIDCCore_5_6_2_GoOIDCDistributedClaimCases: go-oidc's
// TestDistClaimResolver over an httptest TLS endpoint that answers 401
// to a Bearer token other than "1234". go-oidc's side is what its
// resolver does with its public parts: GET with the access token, then
// IDTokenVerifier.Verify on a 200's body.
func TestOIDCCore_5_6_2_GoOIDCDistributedClaimCases(t *testing.T) {
	pair := pairFor(t, jwt.RS256)
	jwtBody := forgeJSON(`{"alg":"RS256","kid":"k1"}`, distPayload, jwt.RS256, pair.private)
	for _, tc := range distCases {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if a := r.Header.Get("Authorization"); a != "" && a != "Bearer 1234" {
					http.Error(w, "Unauthorized", http.StatusUnauthorized)
					return
				}
				if !tc.noMediaType {
					w.Header().Set("Content-Type", "application/jwt")
				}
				io.WriteString(w, jwtBody)
			}))
			defer srv.Close()
			endpoint := srv.URL + "/"

			// go-oidc's resolveDistributedClaim, through its public parts.
			goClaims, goErr := goOIDCFetchDistributed(t, srv.Client(), endpoint, tc.accessToken, pair.public)
			if (goErr == nil) != tc.goOK {
				t.Errorf("go-oidc: accepted=%v (%v), the record says %v", goErr == nil, goErr, tc.goOK)
			}

			rv, err := claimsources.NewResolver(claimsources.Config{
				Sources: []claimsources.Source{{
					Issuer: csIssuer, Key: pair.public, Audiences: []string{csClientID}, Endpoints: []string{endpoint},
				}},
				HTTPClient: srv.Client(),
			})
			if err != nil {
				t.Fatal(err)
			}
			src := map[string]string{"endpoint": endpoint}
			if tc.accessToken != "" {
				src["access_token"] = tc.accessToken
			}
			sources, _ := json.Marshal(map[string]any{"src1": src})
			refs := claimsources.References{
				ClaimNames:   json.RawMessage(`{"email":"src1","shipping_address":"src1"}`),
				ClaimSources: sources,
			}
			res, err := rv.Resolve(t.Context(), refs)
			switch {
			case tc.ourErr == nil && err != nil:
				t.Fatalf("ours refused: %v", err)
			case tc.ourErr != nil && !errors.Is(err, tc.ourErr):
				t.Fatalf("ours: %v, want %v", err, tc.ourErr)
			}
			if ((err == nil) != (goErr == nil)) != (tc.differs != "") {
				t.Errorf("verdicts ours=%v go-oidc=%v; recorded difference %q", err, goErr, tc.differs)
			}
			if err == nil && goErr == nil {
				for _, name := range []string{"email", "shipping_address"} {
					var ours any
					if err := json.Unmarshal(res.Claims[name], &ours); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if !reflect.DeepEqual(ours, goClaims[name]) {
						t.Errorf("%s: ours %v, go-oidc %v", name, ours, goClaims[name])
					}
					if res.Issuers[name] != csIssuer {
						t.Errorf("%s: issuer %q", name, res.Issuers[name])
					}
				}
			}
		})
	}
}

// goOIDCFetchDistributed does what go-oidc's unexported
// resolveDistributedClaim does: GET the endpoint (Bearer access token when
// set), refuse a non-200, and verify the body with an IDTokenVerifier of
// the ID token's issuer and keys (ClientID client1, expiry skipped as the
// go-oidc case configures).
func goOIDCFetchDistributed(t *testing.T, client *http.Client, endpoint, accessToken string, pub crypto.PublicKey) (map[string]any, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, endpoint, nil)
	if err != nil {
		return nil, err
	}
	if accessToken != "" {
		req.Header.Set("Authorization", "Bearer "+accessToken)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New(resp.Status)
	}
	v := oidc.NewVerifier(csIssuer, &oidc.StaticKeySet{PublicKeys: []crypto.PublicKey{pub}},
		&oidc.Config{ClientID: csClientID, SkipExpiryCheck: true})
	tok, err := v.Verify(t.Context(), string(body))
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := tok.Claims(&m); err != nil {
		return nil, err
	}
	return m, nil
}
