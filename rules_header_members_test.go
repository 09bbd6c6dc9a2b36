package jwt_test

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
)

// TestWithHeaderWritesExtraMembers_RFC7515_4: extra header members are
// written after "typ", sorted by name, and read back with Header.Get, in a
// KeyFunc too.
func TestWithHeaderWritesExtraMembers_RFC7515_4(t *testing.T) {
	tok := rtSign(t, map[string]any{"sub": "s"}, jwt.WithKeyID("k1"), jwt.WithHeader("x5t#S256", "abc"), jwt.WithHeader("tenant", map[string]any{"id": 7}))
	u, err := jwt.ReadUnverified(tok)
	if err != nil {
		t.Fatal(err)
	}
	seg, _, _ := strings.Cut(tok, ".")
	if got := string(mustB64Decode(t, seg)); got != `{"alg":"HS256","kid":"k1","typ":"JWT","tenant":{"id":7},"x5t#S256":"abc"}` {
		t.Errorf("header %s", got)
	}
	var seen []string
	kf := jwt.KeyFunc(func(h *jwt.Header) (any, error) {
		for _, name := range []string{"tenant", "x5t#S256", "kid", "alg", "typ"} {
			raw, ok := h.Get(name)
			if !ok {
				t.Errorf("Get(%q) missing", name)
			}
			seen = append(seen, string(raw))
		}
		if _, ok := h.Get("absent"); ok {
			t.Error("Get of an absent member")
		}
		return rtSecret, nil
	})
	if _, err := jwt.Parse(tok, kf); err != nil {
		t.Fatal(err)
	}
	if strings.Join(seen, " ") != `{"id":7} "abc" "k1" "HS256" "JWT"` {
		t.Errorf("KeyFunc read %v", seen)
	}
	if raw, _ := u.Header.Get("tenant"); string(raw) != `{"id":7}` {
		t.Errorf("unverified %s", raw)
	}
}

// TestWithHeaderRefusesMembersThatChangeTheRules: "alg", "typ", "kid"
// (their own options), "crit" (RFC 7515 section 4.1.11), "b64" (RFC 7797),
// the key-carrying "jwk", "jku", "x5u" (RFC 8725 section 3.10), the JWE
// members, look-alikes, duplicates and values that are not JSON.
func TestWithHeaderRefusesMembersThatChangeTheRules(t *testing.T) {
	for _, name := range []string{"alg", "typ", "kid", "crit", "b64", "jwk", "jku", "x5u", "enc", "zip", "ALG", "Kid", "CRIT", "Jwk", "", "\xff"} {
		if _, err := jwt.NewSigner(jwt.HS256, rtSecret, jwt.WithHeader(name, "x")); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("WithHeader(%q): got %v", name, err)
		}
	}
	if _, err := jwt.NewSigner(jwt.HS256, rtSecret, jwt.WithHeader("a", 1), jwt.WithHeader("a", 2)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("twice: %v", err)
	}
	if _, err := jwt.NewSigner(jwt.HS256, rtSecret, jwt.WithHeader("a", make(chan int))); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("a value that does not marshal: %v", err)
	}
	if _, err := jwt.NewSigner(jwt.HS256, rtSecret, jwt.WithHeader("cty", 7)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf(`"cty" that is not a string, which the parser refuses: %v`, err)
	}
	if _, err := jwt.NewSigner(jwt.HS256, rtSecret, jwt.WithHeader("x5c", []string{"MIIB"})); err != nil {
		t.Errorf("x5c: %v", err)
	}
}

func mustB64Decode(t *testing.T, seg string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(seg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
