package sdjwt_test

import (
	"context"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

// newTestIssuer issues with the test issuer key, bound to the holder key.
func newTestIssuer(t *testing.T, opts ...sdjwt.IssuerOption) *sdjwt.Issuer {
	t.Helper()
	s, err := jwt.NewSigner(jwt.ES256, testIssuerKey)
	if err != nil {
		t.Fatal(err)
	}
	is, err := sdjwt.NewIssuer(s, append([]sdjwt.IssuerOption{sdjwt.WithHolderKey(&testHolderKey.PublicKey)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return is
}

func TestRFC9901_7_IssuedPresentedVerifiedWithEveryHashAlgAndDecoys(t *testing.T) {
	for _, alg := range []sdjwt.HashAlg{sdjwt.SHA256, sdjwt.SHA384, sdjwt.SHA512, sdjwt.SHA3_256, sdjwt.SHA3_384, sdjwt.SHA3_512} {
		t.Run(string(alg), func(t *testing.T) {
			issued, _, err := newTestIssuer(t, sdjwt.WithHashAlg(alg), sdjwt.WithDecoys(1, 3)).Issue(sdjwt.Object{
				"given_name":    sdjwt.SD("John"),
				"nationalities": sdjwt.Array{sdjwt.SD("DE"), "FR", sdjwt.SD("US")},
				"address":       sdjwt.SD(sdjwt.Object{"street": sdjwt.SD("Main St 1"), "locality": sdjwt.SD("Berlin")}),
			})
			if err != nil {
				t.Fatal(err)
			}
			is := parseIssued(t, issued)
			if got := js(t, is.Payload["nationalities"]); got != `["DE","FR","US"]` {
				t.Errorf("holder's nationalities %s", got)
			}
			p, err := is.Present([]sdjwt.Path{{"nationalities", 2}, {"address", "locality"}}, holderKB(t, testHolderKey, sdjwt.KeyBindingType))
			if err != nil {
				t.Fatal(err)
			}
			r := mustVerify(t, verifier(t, sdjwt.Config{}), p)
			if got := js(t, r.Payload); got != `{"address":{"locality":"Berlin"},"cnf":`+js(t, cnf(t))+`,"nationalities":["FR","US"]}` {
				t.Errorf("verified %s", got)
			}
			if !r.KeyBound || r.HashAlg != alg {
				t.Errorf("result %+v", r)
			}
		})
	}
}

func TestRFC9901_4_2_6_WhatTheIssuerNestsTheVerifierProcesses(t *testing.T) {
	var v any = sdjwt.SD("leaf")
	var deepest sdjwt.Path
	for range 29 {
		v = sdjwt.Object{"n": v}
		deepest = append(deepest, "n")
	}
	issued, _, err := newTestIssuer(t).Issue(sdjwt.Object{"top": v})
	if err != nil {
		t.Skipf("the Issuer refuses this depth: %v", err)
	}
	is := parseIssued(t, issued)
	p, err := is.Present([]sdjwt.Path{append(sdjwt.Path{"top"}, deepest...)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := verifier(t, optional).Verify(context.Background(), p, sdjwt.Checks{}, nil); err != nil {
		t.Fatal(err)
	}
}
