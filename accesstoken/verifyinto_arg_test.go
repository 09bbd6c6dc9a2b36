package accesstoken_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
)

// byValue embeds *Claims, so the struct itself, not only its pointer, is an
// Extended.
type byValue struct{ *accesstoken.Claims }

// TestVerifyInto_ANonPointerExtendedIsRefusedNotAPanic_RFC9068_4: VerifyInto
// needs a non-nil pointer (RFC 9068 section 4's claims decoded into it); a
// struct value embedding *Claims, which satisfies Extended, is refused with
// jwt.ErrEncoding before the token is read, as a nil pointer is, instead of
// panicking in reflect.
func TestVerifyInto_ANonPointerExtendedIsRefusedNotAPanic_RFC9068_4(t *testing.T) {
	v, err := accesstoken.NewVerifier([]byte("accesstoken-test-secret-32-bytes"), accesstoken.Config{Issuer: "https://as.example", Audience: "api"})
	if err != nil {
		t.Fatal(err)
	}
	var nilClaims *accesstoken.Claims
	for name, dst := range map[string]accesstoken.Extended{
		"struct embedding *Claims": byValue{},
		"nil *Claims":              nilClaims,
		"nil":                      nil,
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", name, r)
				}
			}()
			if err := v.VerifyInto(t.Context(), "a.b.c", dst); !errors.Is(err, jwt.ErrEncoding) {
				t.Errorf("%s: %v, want ErrEncoding", name, err)
			}
		}()
	}
}
