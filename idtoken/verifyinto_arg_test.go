package idtoken_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
)

// byValue embeds *Claims, so the struct itself, not only its pointer, is an
// Extended.
type byValue struct{ *idtoken.Claims }

// TestVerifyInto_ANonPointerExtendedIsRefusedNotAPanic_Core3_1_3_7:
// VerifyInto needs a non-nil pointer (the section 3.1.3.7 claims decoded
// into it); a struct value embedding *Claims, which satisfies Extended, is
// refused with jwt.ErrEncoding before the token is read, as a nil pointer
// is, instead of panicking in reflect.
func TestVerifyInto_ANonPointerExtendedIsRefusedNotAPanic_Core3_1_3_7(t *testing.T) {
	v := idVerifier(t, nil)
	var nilClaims *idtoken.Claims
	for name, dst := range map[string]idtoken.Extended{
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
			if err := v.VerifyInto(idCtx, "a.b.c", idtoken.Checks{}, dst); !errors.Is(err, jwt.ErrEncoding) {
				t.Errorf("%s: %v, want ErrEncoding", name, err)
			}
		}()
	}
}
