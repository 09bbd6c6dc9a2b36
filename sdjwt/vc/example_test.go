package vc_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/sdjwt"
	"github.com/jotlib/jwt/sdjwt/vc"
)

// An issuer issues an identity credential with holder binding; the holder
// discloses one claim with a Key Binding JWT; the verifier checks it with
// the issuer's key.
func Example() {
	issuerKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	holderKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)

	// Issuer: the Signer writes typ dc+sd-jwt (section 2.2.1).
	signer, _ := jwt.NewSigner(jwt.ES256, issuerKey, jwt.WithType(vc.Type))
	issuer, _ := vc.NewIssuer(signer, "https://credentials.example.com/identity_credential",
		sdjwt.WithHolderKey(&holderKey.PublicKey))
	issued, _, err := issuer.Issue(sdjwt.Object{
		"iss":         "https://issuer.example.com",
		"given_name":  sdjwt.SD("Erika"),
		"family_name": sdjwt.SD("Mustermann"),
	})
	if err != nil {
		fmt.Println(err)
		return
	}

	// Holder: discloses given_name only, bound to the verifier's nonce.
	credential, _ := sdjwt.Parse(issued)
	kb, _ := jwt.NewSigner(jwt.ES256, holderKey, jwt.WithType(sdjwt.KeyBindingType))
	presentation, _ := credential.Present([]sdjwt.Path{{"given_name"}},
		&sdjwt.KeyBinding{Signer: kb, Audience: "https://verifier.example.org", Nonce: "1234567890"})

	// Verifier.
	v, _ := vc.NewVerifier(&issuerKey.PublicKey, vc.Config{
		SD:   sdjwt.Config{Audience: "https://verifier.example.org"},
		Vcts: []string{"https://credentials.example.com/identity_credential"},
	}, jwt.WithIssuer("https://issuer.example.com"), jwt.WithAlgorithms(jwt.ES256))
	var claims struct {
		GivenName  string `json:"given_name"`
		FamilyName string `json:"family_name"`
	}
	res, err := v.Verify(context.Background(), presentation, sdjwt.Checks{Nonce: "1234567890"}, &claims)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Vct, res.KeyBound, claims.GivenName, claims.FamilyName == "")
	// Output: https://credentials.example.com/identity_credential true Erika true
}

// The verifier finds the issuer's keys in its JWT VC Issuer Metadata
// (section 4), for the issuers it allows only.
func ExampleIssuerMetadataKeys() {
	issuerKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	pub, _ := jwk.NewKey(&issuerKey.PublicKey, jwk.Params{KeyID: "k1"})
	set, _ := jwk.NewSet(pub).MarshalJSON()

	var srv *httptest.Server
	srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The metadata of issuer srv.URL+"/tenant" lives at
		// /.well-known/jwt-vc-issuer/tenant.
		if r.URL.Path != "/.well-known/jwt-vc-issuer/tenant" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"issuer":%q,"jwks":%s}`, srv.URL+"/tenant", set)
	}))
	defer srv.Close()
	iss := srv.URL + "/tenant"

	keys, err := vc.IssuerMetadataKeys(srv.Client(), vc.MetadataConfig{
		Issuers: []string{iss},
		// The test server is on 127.0.0.1; a real deployment leaves this
		// false so that no URL reaches an internal address.
		AllowInternalAddresses: true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer keys.Close()

	signer, _ := jwt.NewSigner(jwt.ES256, issuerKey, jwt.WithKeyID("k1"), jwt.WithType(vc.Type))
	issuer, _ := vc.NewIssuer(signer, "urn:example:pid")
	issued, _, _ := issuer.Issue(sdjwt.Object{"iss": iss, "given_name": sdjwt.SD("Erika")})

	v, _ := vc.NewVerifier(keys, vc.Config{SD: sdjwt.Config{KeyBinding: sdjwt.KeyBindingForbidden}}, jwt.WithAlgorithms(jwt.ES256))
	res, err := v.Verify(context.Background(), issued, sdjwt.Checks{}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Vct, res.Payload["given_name"])
	// Output: urn:example:pid Erika
}
