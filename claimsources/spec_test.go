package claimsources_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claimsources"
)

// The Claims Provider A claims of section 5.6.2.1's example.
const exampleAClaims = `{
   "iss": "https://a.example.com",
   "address": {
     "street_address": "1234 Hollywood Blvd.",
     "locality": "Los Angeles",
     "region": "CA",
     "postal_code": "90210",
     "country": "United States of America"},
   "phone_number": "+1 (310) 123-4567"
  }`

// TestOIDCCore_5_6_2_1_AggregatedExample: the spec's example of
// Aggregated Claims, the JWT signed with Claims Provider A's own key,
// gives "address" and "phone_number", attributed to A.
func TestOIDCCore_5_6_2_1_AggregatedExample(t *testing.T) {
	jwtA := sign(t, "A", exampleAClaims)
	r := resolver(t, nil, claimsources.Source{Issuer: issuerA, Key: pub("A")})
	// The OpenID Provider's claims, "_claim_sources" holding A's JWT.
	var c struct {
		Sub  string `json:"sub"`
		Name string `json:"name"`
		claimsources.References
	}
	body := `{"sub":"248289761001","name":"Jane Doe","given_name":"Jane","family_name":"Doe",
	  "birthdate":"0000-03-22","eye_color":"blue","email":"janedoe@example.com",
	  "_claim_names":{"address":"src1","phone_number":"src1"},
	  "_claim_sources":{"src1":{"JWT":"` + jwtA + `"}}}`
	if err := json.Unmarshal([]byte(body), &c); err != nil {
		t.Fatal(err)
	}
	res, err := r.Resolve(context.Background(), c.References)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.Claims["phone_number"]); got != `"+1 (310) 123-4567"` {
		t.Errorf("phone_number = %s", got)
	}
	var addr struct {
		Locality string `json:"locality"`
	}
	if err := json.Unmarshal(res.Claims["address"], &addr); err != nil || addr.Locality != "Los Angeles" {
		t.Errorf("address = %s (%v)", res.Claims["address"], err)
	}
	if len(res.Claims) != 2 || res.Issuers["address"] != issuerA || res.Issuers["phone_number"] != issuerA {
		t.Errorf("result %v %v", res.Claims, res.Issuers)
	}
	var into struct {
		Phone string `json:"phone_number"`
	}
	if err := r.ResolveInto(context.Background(), c.References, &into); err != nil || into.Phone != "+1 (310) 123-4567" {
		t.Errorf("ResolveInto: %+v %v", into, err)
	}
}

// TestOIDCCore_5_6_2_2_DistributedExample: the spec's example of
// Distributed Claims, B's endpoint without an access token, C's with
// "ksj3n283dke" sent as a Bearer credential; B's "phone_number", held but
// not named in "_claim_names", is not taken.
func TestOIDCCore_5_6_2_2_DistributedExample(t *testing.T) {
	bank := newJWTServer(t, "application/jwt", func() string {
		return sign(t, "bank", `{"iss":"https://bank.example.com","shipping_address":{"street_address":"1234 Hollywood Blvd.","locality":"Los Angeles","region":"CA","postal_code":"90210","country":"United States of America"},"payment_info":"Some_Card 1234 5678 9012 3456","phone_number":"+1 (310) 123-4567"}`)
	})
	credit := newJWTServer(t, "application/jwt", func() string {
		return sign(t, "credit", `{"iss":"https://creditagency.example.com","credit_score":650}`)
	})
	bankURL, creditURL := bank.URL+"/claim_source", credit.URL+"/claims_here?need=ksj3n283dke"
	r := resolver(t, bank.Client(),
		claimsources.Source{Issuer: issuerBank, Key: pub("bank"), Endpoints: []string{bankURL}},
		claimsources.Source{Issuer: issuerCredit, Key: pub("credit"), Origins: []string{credit.URL}})
	res, err := r.Resolve(context.Background(), refs(
		`{"payment_info":"src1","shipping_address":"src1","credit_score":"src2"}`,
		`{"src1":{"endpoint":"`+bankURL+`"},"src2":{"endpoint":"`+creditURL+`","access_token":"ksj3n283dke"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Claims["credit_score"]) != "650" || string(res.Claims["payment_info"]) != `"Some_Card 1234 5678 9012 3456"` {
		t.Errorf("claims %s", res.Claims)
	}
	if _, ok := res.Claims["phone_number"]; ok {
		t.Error("phone_number, not in _claim_names, was taken")
	}
	if res.Issuers["credit_score"] != issuerCredit || res.Issuers["shipping_address"] != issuerBank {
		t.Errorf("issuers %v", res.Issuers)
	}
	if got := credit.auth.Load(); got != "Bearer ksj3n283dke" {
		t.Errorf("credit agency got Authorization %q", got)
	}
	if got := bank.auth.Load(); got != "" {
		t.Errorf("bank got Authorization %q", got)
	}
}

// TestResolveIntoLeavesDstOnTypeError: a resolved claim that does not fit
// dst's type is jwt.ErrEncoding and dst is left as it was.
func TestResolveIntoLeavesDstOnTypeError(t *testing.T) {
	r := resolver(t, nil, claimsources.Source{Issuer: issuerA, Key: pub("A")})
	jwtA := sign(t, "A", `{"iss":"https://a.example.com","a":"text","b":"also text"}`)
	dst := map[string]int{"kept": 1}
	err := r.ResolveInto(context.Background(), refs(`{"a":"s","b":"s"}`, `{"s":{"JWT":"`+jwtA+`"}}`), &dst)
	wantIs(t, err, jwt.ErrEncoding)
	if len(dst) != 1 || dst["kept"] != 1 {
		t.Errorf("dst changed: %v", dst)
	}
}
