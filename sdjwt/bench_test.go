package sdjwt_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

// The benchmarks of a realistic credential (RFC 9901): ten selectively
// disclosable claims, two of them nested inside the disclosable address
// (section 6.3, recursive) and one an array element, the issuer JWT and
// the KB-JWT signed with ES256. Each reports the sizes of what it makes:
// issued-B (the SD-JWT with every Disclosure), presented-B (the SD-JWT+KB
// disclosing five of them), disclosures (in the presentation).

// benchCredential is the payload description.
func benchCredential() sdjwt.Object {
	return sdjwt.Object{
		"iss": "https://issuer.example.com", "iat": 1683000000, "exp": 1883000000,
		"sub": "user_42", "vct": "https://credentials.example.com/identity_credential",
		"given_name":   sdjwt.SD("John"),
		"family_name":  sdjwt.SD("Doe"),
		"email":        sdjwt.SD("johndoe@example.com"),
		"phone_number": sdjwt.SD("+1-202-555-0101"),
		"birthdate":    sdjwt.SD("1940-01-01"),
		"updated_at":   sdjwt.SD(1570000000),
		"address": sdjwt.SD(sdjwt.Object{
			"street_address": sdjwt.SD("123 Main St"),
			"locality":       sdjwt.SD("Anytown"),
			"region":         "Anystate", "country": "US",
		}),
		"nationalities": sdjwt.Array{"US", sdjwt.SD("DE")},
	}
}

// benchSelection is what the holder presents: five Disclosures (the
// address's own and its locality's).
var benchSelection = []sdjwt.Path{{"given_name"}, {"family_name"}, {"birthdate"}, {"address", "locality"}}

type benchSetup struct {
	issuer   *sdjwt.Issuer
	kb       *sdjwt.KeyBinding
	verifier *sdjwt.Verifier
	issued   string
	pres     string
	now      time.Time
}

func newBenchSetup(b *testing.B) *benchSetup {
	b.Helper()
	issuerKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	holderKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	signer, err := jwt.NewSigner(jwt.ES256, issuerKey, jwt.WithType("dc+sd-jwt"))
	if err != nil {
		b.Fatal(err)
	}
	issuer, err := sdjwt.NewIssuer(signer, sdjwt.WithHolderKey(&holderKey.PublicKey), sdjwt.WithType("dc+sd-jwt"))
	if err != nil {
		b.Fatal(err)
	}
	kbSigner, err := jwt.NewSigner(jwt.ES256, holderKey, jwt.WithType(sdjwt.KeyBindingType))
	if err != nil {
		b.Fatal(err)
	}
	now := time.Unix(1700000000, 0)
	s := &benchSetup{
		issuer: issuer, now: now,
		kb: &sdjwt.KeyBinding{Signer: kbSigner, Audience: "https://verifier.example.org", Nonce: "1234567890", IssuedAt: now},
	}
	s.verifier, err = sdjwt.NewVerifier(&issuerKey.PublicKey, sdjwt.Config{
		Audience: "https://verifier.example.org", Now: func() time.Time { return now },
	}, jwt.WithAlgorithms(jwt.ES256), jwt.WithType("dc+sd-jwt"), jwt.WithIssuer("https://issuer.example.com"))
	if err != nil {
		b.Fatal(err)
	}
	if s.issued, _, err = issuer.Issue(benchCredential()); err != nil {
		b.Fatal(err)
	}
	is, err := sdjwt.Parse(s.issued)
	if err != nil {
		b.Fatal(err)
	}
	if len(is.Disclosures) != 10 {
		b.Fatalf("%d disclosures issued, want 10", len(is.Disclosures))
	}
	if s.pres, err = is.Present(benchSelection, s.kb); err != nil {
		b.Fatal(err)
	}
	return s
}

func (s *benchSetup) report(b *testing.B) {
	sd, _ := sdjwt.Split(s.pres)
	b.ReportMetric(float64(len(s.issued)), "issued-B")
	b.ReportMetric(float64(len(s.pres)), "presented-B")
	b.ReportMetric(float64(len(sd.Disclosures)), "disclosures")
}

// BenchmarkIssue: the issuer makes the ten Disclosures (salts from
// crypto/rand) and signs the issuer JWT (RFC 9901 section 4, 5.1).
func BenchmarkIssue(b *testing.B) {
	s := newBenchSetup(b)
	obj := benchCredential()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := s.issuer.Issue(obj); err != nil {
			b.Fatal(err)
		}
	}
	s.report(b)
}

// BenchmarkPresent: the holder parses the issued SD-JWT (section 7.2),
// selects four claims (five Disclosures) and signs the KB-JWT (section
// 4.3), which Present checks against cnf.
func BenchmarkPresent(b *testing.B) {
	s := newBenchSetup(b)
	b.ReportAllocs()
	for b.Loop() {
		is, err := sdjwt.Parse(s.issued)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := is.Present(benchSelection, s.kb); err != nil {
			b.Fatal(err)
		}
	}
	s.report(b)
}

// BenchmarkVerify: the verifier checks the SD-JWT+KB (sections 7.1, 7.3:
// issuer signature and claims, five digests, the KB-JWT's signature, iat,
// aud, nonce and sd_hash) and decodes the processed payload into a map.
func BenchmarkVerify(b *testing.B) {
	s := newBenchSetup(b)
	b.ReportAllocs()
	for b.Loop() {
		var dst map[string]any
		if _, err := s.verifier.Verify(b.Context(), s.pres, sdjwt.Checks{Nonce: "1234567890"}, &dst); err != nil {
			b.Fatal(err)
		}
	}
	s.report(b)
}

// BenchmarkVerifyIntoStruct: BenchmarkVerify decoding into a struct.
func BenchmarkVerifyIntoStruct(b *testing.B) {
	s := newBenchSetup(b)
	type credential struct {
		GivenName  string `json:"given_name"`
		FamilyName string `json:"family_name"`
		Birthdate  string `json:"birthdate"`
		Address    struct {
			Locality string `json:"locality"`
			Country  string `json:"country"`
		} `json:"address"`
	}
	b.ReportAllocs()
	for b.Loop() {
		var dst credential
		if _, err := s.verifier.Verify(b.Context(), s.pres, sdjwt.Checks{Nonce: "1234567890"}, &dst); err != nil {
			b.Fatal(err)
		}
	}
	s.report(b)
}

// BenchmarkSplit: the compact parser alone over the presentation.
func BenchmarkSplit(b *testing.B) {
	s := newBenchSetup(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sdjwt.Split(s.pres); err != nil {
			b.Fatal(err)
		}
	}
}
