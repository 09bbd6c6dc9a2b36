package jwt_test

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/corpus"
)

// TestHeaderIsAStrictJSONObjectWithAStringAlgAndNoCritOrB64False_RFC7515_4
// runs the corpus's header attacks: "none", unknown and case-varied "alg",
// "alg" of the wrong type, duplicates and look-alikes, "crit", "b64",
// invalid UTF-8, lone surrogates, non-objects, trailing data and NUL
// tricks, and keys named in the header.
func TestHeaderIsAStrictJSONObjectWithAStringAlgAndNoCritOrB64False_RFC7515_4(t *testing.T) {
	rtRunCorpus(t, "header/")
}

// TestNoneIsNeverAcceptedInAnyLetterCase_RFC8725_3_2 tries all 16 letter
// cases of "none", with an empty signature and with a real HMAC, against
// every kind of key source.
func TestNoneIsNeverAcceptedInAnyLetterCase_RFC8725_3_2(t *testing.T) {
	k := corpus.Keys()
	var calls atomic.Int32
	keyFunc := jwt.KeyFunc(func(*jwt.Header) (any, error) { calls.Add(1); return rtSecret, nil })
	keys := []struct {
		name string
		key  any
	}{{"hmac", rtSecret}, {"rsa", &k.RSA.PublicKey}, {"ecdsa", &k.P256.PublicKey}, {"ed25519", k.Ed25519.Public()}, {"keyfunc", keyFunc}}
	for mask := 0; mask < 16; mask++ {
		b := []byte("none")
		for i := range b {
			if mask&(1<<i) != 0 {
				b[i] -= 'a' - 'A'
			}
		}
		alg := string(b)
		header := `{"alg":"` + alg + `","typ":"JWT"}`
		payload := `{"sub":"admin","exp":4102444800}`
		tokens := map[string]string{
			"empty signature": rtB64(header) + "." + rtB64(payload) + ".",
			"hmac signature":  rtHS256(header, payload),
		}
		for sigName, tok := range tokens {
			for _, key := range keys {
				if _, err := jwt.Parse(tok, key.key); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
					t.Errorf("alg %q, %s, %s key: got %v, want ErrAlgorithmNotAllowed", alg, sigName, key.name, err)
				}
			}
		}
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("the KeyFunc ran %d times for \"none\"; the algorithm must be refused before any key is chosen", n)
	}
}

// TestHeaderParametersAreReadAsStrings_RFC7515_4_1 checks what a verified
// token's Header holds.
func TestHeaderParametersAreReadAsStrings_RFC7515_4_1(t *testing.T) {
	tests := []struct {
		name   string
		header string
		want   jwt.Header
	}{
		{"alg only", `{"alg":"HS256"}`, jwt.Header{Algorithm: "HS256"}},
		{"all four", `{"alg":"HS256","typ":"JWT","kid":"k1","cty":"example"}`, jwt.Header{Algorithm: "HS256", Type: "JWT", KeyID: "k1", ContentType: "example"}},
		{"escaped values", `{"alg":"HS256","kid":"\u006b\/1","typ":"at+jwt"}`, jwt.Header{Algorithm: "HS256", Type: "at+jwt", KeyID: "k/1"}},
		{"unknown and key parameters kept for Get only", `{"alg":"HS256","jku":"https://x.example","x":1}`, jwt.Header{Algorithm: "HS256"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tok, err := jwt.Parse(rtHS256(tc.header, `{}`), rtSecret)
			if err != nil {
				t.Fatal(err)
			}
			got := tok.Header
			if got.Algorithm != tc.want.Algorithm || got.Type != tc.want.Type || got.KeyID != tc.want.KeyID || got.ContentType != tc.want.ContentType {
				t.Errorf("Header = %+v, want %+v", tok.Header, tc.want)
			}
		})
	}
}

// TestHeaderCacheNeverChangesAVerdict: one Verifier sees the same header
// segment with valid and invalid payloads and signatures, in any order.
func TestHeaderCacheNeverChangesAVerdict(t *testing.T) {
	v, err := jwt.NewVerifier(rtSecret, rtClock(rtNow()))
	if err != nil {
		t.Fatal(err)
	}
	header := `{"alg":"HS256","typ":"JWT"}`
	valid := rtHS256(header, `{"exp":4102444800}`)
	expired := rtHS256(header, `{"exp":1}`)
	forged := rtRaw(header, `{"exp":4102444800}`, rtHMAC([]byte(strings.Repeat("x", 32))))
	dup := rtHS256(header, `{"exp":1,"exp":4102444800}`)
	none := rtB64(`{"alg":"none"}`) + "." + rtB64(`{}`) + "."
	sequence := []struct {
		tok  string
		want error
	}{{valid, nil}, {expired, jwt.ErrTokenExpired}, {forged, jwt.ErrSignatureInvalid}, {dup, jwt.ErrTokenMalformed}, {none, jwt.ErrAlgorithmNotAllowed}, {valid, nil}, {none, jwt.ErrAlgorithmNotAllowed}, {forged, jwt.ErrSignatureInvalid}}
	for round := 0; round < 3; round++ {
		for i, s := range sequence {
			_, err := v.Parse(s.tok)
			if (s.want == nil) != (err == nil) || (s.want != nil && !errors.Is(err, s.want)) {
				t.Errorf("round %d step %d: got %v, want %v", round, i, err, s.want)
			}
		}
	}
	// Many distinct headers: the bounded cache starts over, verdicts hold.
	for i := 0; i < 300; i++ {
		h := `{"alg":"HS256","kid":"` + strings.Repeat("k", i%50) + string(rune('a'+i%26)) + `"}`
		if _, err := v.Parse(rtHS256(h, `{"exp":4102444800}`)); err != nil {
			t.Fatalf("header %d: %v", i, err)
		}
	}
}

// TestWithTypeAcceptsAnyOfSeveralTypes_RFC8725_3_11: several types, any
// one passes; "" among them accepts a header without "typ"; on the sign
// side exactly one type is written ("" for none).
func TestWithTypeAcceptsAnyOfSeveralTypes_RFC8725_3_11(t *testing.T) {
	tokens := map[string]string{
		"at+jwt":             rtHS256(`{"alg":"HS256","typ":"at+jwt"}`, `{}`),
		"application/AT+JWT": rtHS256(`{"alg":"HS256","typ":"application/AT+JWT"}`, `{}`),
		"JWT":                rtHS256(`{"alg":"HS256","typ":"JWT"}`, `{}`),
		"none":               rtHS256(`{"alg":"HS256"}`, `{}`),
		"secevent+jwt":       rtHS256(`{"alg":"HS256","typ":"secevent+jwt"}`, `{}`),
	}
	for _, tc := range []struct {
		types  []string
		accept string
	}{
		{[]string{"at+jwt"}, "at+jwt application/AT+JWT"},
		{[]string{"at+jwt", "JWT", ""}, "at+jwt application/AT+JWT JWT none"},
		{[]string{"JWT", ""}, "JWT none"},
	} {
		for name, tok := range tokens {
			_, err := jwt.Parse(tok, rtSecret, jwt.WithType(tc.types...))
			want := strings.Contains(" "+tc.accept+" ", " "+name+" ")
			if (err == nil) != want || (err != nil && !errors.Is(err, jwt.ErrInvalidType)) {
				t.Errorf("WithType(%q) on %s: %v", tc.types, name, err)
			}
		}
	}
	for _, bad := range [][]string{nil, {""}, {"", ""}} {
		if _, err := jwt.NewVerifier(rtSecret, jwt.WithType(bad...)); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("verify WithType(%q): %v", bad, err)
		}
	}
	for _, bad := range [][]string{nil, {"a", "b"}, {"at+jwt", ""}} { // {""} writes no typ: TestSignWithTypeEmptyWritesNoTyp_RFC7515_4_1_9
		if _, err := jwt.NewSigner(jwt.HS256, rtSecret, jwt.WithType(bad...)); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("sign WithType(%q): %v", bad, err)
		}
	}
}
