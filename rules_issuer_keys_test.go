package jwt_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/jotlib/jwt"
)

// fakeIssuers is an IssuerKeySet of two issuers, each with its own secret.
type fakeIssuers struct {
	mu    sync.Mutex
	keys  map[string][]byte
	asked []string
}

func (f *fakeIssuers) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	return nil, errors.New("VerificationKeys must not be called for an IssuerKeySet")
}

func (f *fakeIssuers) IssuerVerificationKeys(_ context.Context, iss string, _ *jwt.Header) ([]any, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, iss)
	k, ok := f.keys[iss]
	if !ok {
		return nil, fmt.Errorf("%w: %q is not configured", jwt.ErrInvalidIssuer, iss)
	}
	return []any{k}, nil
}

var (
	tenantA = []byte("tenant-a-secret-of-32-bytes-long")
	tenantB = []byte("tenant-b-secret-of-32-bytes-long")
)

// TestIssuerKeySetVerifiesEachIssuersTokensWithItsKeysOnly_RFC8725_3_8: the
// token's "iss", read before the signature, chooses the keys; a token naming one tenant but signed with another's key
// is ErrSignatureInvalid; an unknown issuer or none is refused.
func TestIssuerKeySetVerifiesEachIssuersTokensWithItsKeysOnly_RFC8725_3_8(t *testing.T) {
	set := &fakeIssuers{keys: map[string][]byte{"https://a": tenantA, "https://b": tenantB}}
	v, err := jwt.NewVerifier(set)
	if err != nil {
		t.Fatal(err)
	}
	sign := func(claims string, key []byte) string {
		return rtRaw(`{"alg":"HS256"}`, claims, rtHMAC(key))
	}
	tok, err := v.Parse(sign(`{"iss":"https://a","sub":"u"}`, tenantA))
	if err != nil || tok.Registered().Issuer != "https://a" {
		t.Fatalf("tenant A's own token: %v", err)
	}
	if _, err := v.Parse(sign(`{"iss":"https://a"}`, tenantB)); !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Errorf("iss names A, signed with B's key: got %v, want ErrSignatureInvalid", err)
	}
	if _, err := v.Parse(sign(`{"iss":"https://evil"}`, tenantA)); !errors.Is(err, jwt.ErrInvalidIssuer) {
		t.Errorf("unknown issuer: %v", err)
	}
	set.asked = nil
	for name, claims := range map[string]string{
		"no iss": `{"sub":"u"}`, "iss not a string": `{"iss":1}`, "duplicate iss": `{"iss":"https://a","iss":"https://b"}`,
		"look-alike ISS": `{"ISS":"https://a"}`, "escaped iss": `{"\u0069ss":"https://b"}`,
	} {
		_, err := v.Parse(sign(claims, tenantA))
		if name == "escaped iss" {
			if !errors.Is(err, jwt.ErrSignatureInvalid) {
				t.Errorf("%s: B's keys were not the ones tried: %v", name, err)
			}
			continue
		}
		if err == nil || errors.Is(err, jwt.ErrSignatureInvalid) {
			t.Errorf("%s: got %v", name, err)
		}
		if name == "no iss" && (!errors.Is(err, jwt.ErrInvalidIssuer) || !errors.Is(err, jwt.ErrMissingClaim)) {
			t.Errorf("no iss: %v", err)
		}
	}
	if strings.Join(set.asked, ",") != "https://b" {
		t.Errorf("keys were asked for %v; only the escaped iss names a configured issuer", set.asked)
	}
}

// recorder is a VerifyObserver keeping every event.
type recorder struct {
	mu     sync.Mutex
	events []jwt.VerifyEvent
}

func (r *recorder) ObserveVerify(_ context.Context, e jwt.VerifyEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

// TestObserverIsToldEveryOutcomeAndNoClaimValues: the outcome's sentinel,
// alg, kid, iss (only when the signature verified) and the duration; never
// the token, the signature or another claim.
func TestObserverIsToldEveryOutcomeAndNoClaimValues(t *testing.T) {
	now := rtNow()
	rec := &recorder{}
	v, err := jwt.NewVerifier(rtSecret, rtClock(now), jwt.WithObserver(rec))
	if err != nil {
		t.Fatal(err)
	}
	good := rtSign(t, map[string]any{"iss": "https://a", "sub": "secret-subject"}, jwt.WithKeyID("k1"))
	expired := rtSign(t, map[string]any{"iss": "https://a", "exp": now.Unix() - 5})
	forged := rtRaw(`{"alg":"HS256","kid":"k2"}`, `{"iss":"https://forged"}`, rtHMAC(tenantA))
	for _, tok := range []string{good, expired, forged, "garbage"} {
		_, _ = v.Parse(tok)
	}
	want := []struct {
		outcome  error
		kid, iss string
		verified bool
	}{{nil, "k1", "https://a", true}, {jwt.ErrTokenExpired, "", "https://a", true}, {jwt.ErrSignatureInvalid, "k2", "", false}, {jwt.ErrTokenMalformed, "", "", false}}
	if len(rec.events) != len(want) {
		t.Fatalf("%d events", len(rec.events))
	}
	for i, w := range want {
		e := rec.events[i]
		if e.Outcome != w.outcome || e.KeyID != w.kid || e.Issuer != w.iss || e.SignatureVerified != w.verified || e.Duration <= 0 {
			t.Errorf("event %d: %+v, want %+v", i, e, w)
		}
		if s := fmt.Sprintf("%+v", e); strings.Contains(s, "secret-subject") || strings.Contains(s, "forged") {
			t.Errorf("event %d holds a claim value: %s", i, s)
		}
	}
	if _, err := jwt.NewVerifier(rtSecret, jwt.WithObserver(nil)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("nil observer: %v", err)
	}
	if _, err := jwt.NewSigner(jwt.HS256, rtSecret, jwt.WithObserver(rec)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("observer on the sign side: %v", err)
	}
}

// TestIssuerKeySetReadsOnlyIssBeforeTheSignature_CVE_2024_51744: with keys
// chosen by "iss", only "iss" is read before the signature; the rest of
// the claims is checked after it, as with every key source. A forged token
// whose claims break a rule past its "iss" is ErrSignatureInvalid, and a
// signed one is refused with the error a static key gives.
func TestIssuerKeySetReadsOnlyIssBeforeTheSignature_CVE_2024_51744(t *testing.T) {
	set := &fakeIssuers{keys: map[string][]byte{"https://a": tenantA}}
	issuers, err := jwt.NewVerifier(set)
	if err != nil {
		t.Fatal(err)
	}
	static, err := jwt.NewVerifier(tenantA)
	if err != nil {
		t.Fatal(err)
	}
	for name, claims := range map[string]string{
		"look-alike of iss":       `{"iss":"https://a","ISS":"https://b"}`,
		"look-alike of sub":       `{"iss":"https://a","ſub":"x"}`,
		"duplicate name":          `{"iss":"https://a","x":1,"x":2}`,
		"nested duplicate":        `{"iss":"https://a","x":{"y":1,"y":2}}`,
		"exp not a NumericDate":   `{"iss":"https://a","exp":"soon"}`,
		"aud not strings":         `{"iss":"https://a","aud":[1]}`,
		"bad grammar after iss":   `{"iss":"https://a","x":tru}`,
		"invalid UTF-8 after iss": "{\"iss\":\"https://a\",\"x\":\"\xff\"}",
		"data after the object":   `{"iss":"https://a"}x`,
	} {
		forged := rtRaw(`{"alg":"HS256"}`, claims, rtHMAC(tenantB))
		if _, err := issuers.Parse(forged); !errors.Is(err, jwt.ErrSignatureInvalid) {
			t.Errorf("%s, forged: got %v, want ErrSignatureInvalid", name, err)
		}
		signed := rtRaw(`{"alg":"HS256"}`, claims, rtHMAC(tenantA))
		_, want := static.Parse(signed)
		_, got := issuers.Parse(signed)
		if !errors.Is(want, jwt.ErrTokenMalformed) || got == nil || got.Error() != want.Error() {
			t.Errorf("%s, signed: got %v, want %v", name, got, want)
		}
	}
	// What keys cannot be chosen by is refused before any is asked for, with
	// the strict pass's error.
	set.asked = nil
	for name, claims := range map[string]string{
		"iss not a string":    `{"iss":["https://a"]}`,
		"iss null":            `{"iss":null}`,
		"second iss":          `{"iss":"https://a","x":1,"i\u0073s":"https://a"}`,
		"bad grammar first":   `{"x":tru,"iss":"https://a"}`,
		"not an object":       `["https://a"]`,
		"invalid UTF-8 first": "{\"\xff\":1,\"iss\":\"https://a\"}",
	} {
		_, err := issuers.Parse(rtRaw(`{"alg":"HS256"}`, claims, rtHMAC(tenantA)))
		if !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: got %v, want ErrTokenMalformed", name, err)
		}
	}
	if len(set.asked) != 0 {
		t.Errorf("keys were asked for %v", set.asked)
	}
}
