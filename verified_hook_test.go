package jwt_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/verified"
)

// hookRules records what the core hands a profile's rules
// (internal/verified) and the order things ran in.
type hookRules struct {
	members    []string // name=value, in the token's order
	registered claims.Registered
	wantReg    bool
	order      *[]string
	checkErr   error
}

func (r *hookRules) Registered() *claims.Registered {
	if !r.wantReg {
		return nil
	}
	return &r.registered
}

func (r *hookRules) Member(name string, value []byte) {
	r.members = append(r.members, name+"="+string(value)) // copied, as Member asks
}

func (r *hookRules) Check(ctx context.Context, token any) error {
	t, ok := token.(*jwt.Token)
	if !ok || t.Claims == nil {
		return errors.New("Check without the decoded token")
	}
	*r.order = append(*r.order, "rules")
	return r.checkErr
}

// hookValidated is where hookClaims records that its Validate ran (on
// the candidate the claims are decoded into).
var hookValidated *[]string

// hookClaims records when its Validate runs.
type hookClaims struct{ claims.Registered }

func (c *hookClaims) Validate() error {
	*hookValidated = append(*hookValidated, "Validate")
	return nil
}

// hookVerifier records when its WithValidator check runs.
func hookVerifier(t *testing.T, order *[]string, opts ...jwt.Option) *jwt.Verifier {
	t.Helper()
	v, err := jwt.NewVerifier(rtSecret, append(opts, jwt.WithValidator(func(context.Context, *jwt.Token) error {
		*order = append(*order, "WithValidator")
		return nil
	}))...)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// RFC 7519 section 7.2: a profile's rules see the members of the verified
// claims as the one strict pass found them (names unescaped, raw values,
// in order), the registered claims read from the token, and run between
// the claims type's Validate and the WithValidator checks.
func TestHook_SeesTheOnePass(t *testing.T) {
	var order []string
	v := hookVerifier(t, &order)
	tok := rtHS256(`{"alg":"HS256"}`, `{"iss":"i","\u0061zp":"c","aud":["a","b"],"n":1}`)
	r := &hookRules{wantReg: true, order: &order}
	hookValidated = &order
	c := &hookClaims{}
	got, err := verified.Parse(context.Background(), v, tok, c, r)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := got.(*jwt.Token); !ok {
		t.Errorf("token %T", got)
	}
	if want := []string{`iss="i"`, `azp="c"`, `aud=["a","b"]`, `n=1`}; !slices.Equal(r.members, want) {
		t.Errorf("members %q, want %q", r.members, want)
	}
	if r.registered.Issuer != "i" || !slices.Equal(r.registered.Audience, []string{"a", "b"}) {
		t.Errorf("registered %+v", r.registered)
	}
	if want := []string{"Validate", "rules", "WithValidator"}; !slices.Equal(order, want) {
		t.Errorf("order %q, want %q", order, want)
	}
	if c.Issuer != "i" {
		t.Errorf("claims not handed over: %+v", c.Registered)
	}
}

// A profile's per-call refusal is a *jwt.ValidationError matching
// ErrTokenInvalidClaims and the rule's error, as a WithValidator check's,
// and the checks after it do not run.
func TestHook_RefusalIsValidationError(t *testing.T) {
	var order []string
	v := hookVerifier(t, &order)
	errRule := errors.New("the profile's rule")
	var c claims.Registered
	_, err := verified.Parse(context.Background(), v, rtSign(t, claims.Registered{Subject: "s"}), &c, &hookRules{order: &order, checkErr: errRule})
	var ve *jwt.ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, jwt.ErrTokenInvalidClaims) || !errors.Is(err, errRule) {
		t.Fatalf("%v, want a ValidationError with the rule's error", err)
	}
	if c.Subject != "" || slices.Contains(order, "WithValidator") {
		t.Errorf("claims %+v, order %q", c, order)
	}
}

// CVE-2024-51744: the rules see nothing of a forged token; of a token a
// claim rule refuses, no Registered and no Check.
func TestHook_NothingBeforeSignatureOrRules(t *testing.T) {
	var order []string
	v := hookVerifier(t, &order, jwt.WithIssuer("want"))
	forged := rtRaw(`{"alg":"HS256"}`, `{"iss":"want"}`, rtHMAC([]byte("another-secret-of-thirty-two-byt")))
	r := &hookRules{wantReg: true, order: &order}
	var c claims.Registered
	if _, err := verified.Parse(context.Background(), v, forged, &c, r); !errors.Is(err, jwt.ErrSignatureInvalid) || len(r.members) > 0 {
		t.Errorf("forged: %v, members %q", err, r.members)
	}
	_, err := verified.Parse(context.Background(), v, rtHS256(`{"alg":"HS256"}`, `{"iss":"other"}`), &c, r)
	if !errors.Is(err, jwt.ErrInvalidIssuer) || r.registered.Issuer != "" || len(order) > 0 {
		t.Errorf("refused: %v, registered %+v, order %q", err, r.registered, order)
	}
}

// scribbler is an Encoder that overwrites its input after decoding it.
type scribbler struct{ jwt.StdEncoder }

func (scribbler) Unmarshal(data []byte, v any) error {
	err := json.Unmarshal(data, v)
	copy(data, strings.Repeat("x", len(data)))
	return err
}

// The Encoder cannot change what the rules see: the members and the
// registered claims are handed over before it sees the claims.
func TestHook_BeforeTheEncoder(t *testing.T) {
	var order []string
	v := hookVerifier(t, &order, jwt.WithEncoder(scribbler{}))
	r := &hookRules{wantReg: true, order: &order}
	var c claims.Registered
	if _, err := verified.Parse(context.Background(), v, rtSign(t, claims.Registered{Issuer: "i", Subject: "s"}), &c, r); err != nil {
		t.Fatal(err)
	}
	if want := []string{`iss="i"`, `sub="s"`}; !slices.Equal(r.members, want) || r.registered.Issuer != "i" || r.registered.Subject != "s" {
		t.Errorf("members %q, registered %+v", r.members, r.registered)
	}
}

// The hook refuses what is no Verifier, and a nil one, as Parse does.
func TestHook_NoVerifier(t *testing.T) {
	var c claims.Registered
	for _, v := range []any{nil, "a string", (*jwt.Verifier)(nil)} {
		got, err := verified.Parse(context.Background(), v, "a.b.c", &c, nil)
		if !errors.Is(err, jwt.ErrInvalidKey) || got != nil {
			t.Errorf("%T: %v, %v", v, got, err)
		}
	}
}
