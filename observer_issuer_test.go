package jwt_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"testing"

	"github.com/jotlib/jwt"
)

// overwritingEncoder decodes, then overwrites its input, as an Encoder
// that owns the buffer may (the Encoder interface gives it the payload).
type overwritingEncoder struct{}

func (overwritingEncoder) Marshal(v any) ([]byte, error) { return json.Marshal(v) }
func (overwritingEncoder) Unmarshal(d []byte, v any) error {
	err := json.Unmarshal(d, v)
	for i := range d {
		d[i] = 'X'
	}
	return err
}

type lastEvent struct{ e jwt.VerifyEvent }

func (o *lastEvent) ObserveVerify(_ context.Context, e jwt.VerifyEvent) { o.e = e }

// TestObserverIssuerIsTheVerifiedOneWhateverTheEncoderDoes_RFC7519_4_1_1:
// VerifyEvent.Issuer is the "iss" the strict pass read once the signature
// verified, copied before the Encoder is given the payload.
func TestObserverIssuerIsTheVerifiedOneWhateverTheEncoderDoes_RFC7519_4_1_1(t *testing.T) {
	key := []byte("observer-issuer-hs256-secret-32b")
	e := base64.RawURLEncoding
	in := e.EncodeToString([]byte(`{"alg":"HS256"}`)) + "." + e.EncodeToString([]byte(`{"iss":"https://op.example"}`))
	m := hmac.New(sha256.New, key)
	m.Write([]byte(in))
	tok := in + "." + e.EncodeToString(m.Sum(nil))
	for name, dst := range map[string]any{"map": nil, "struct": &struct {
		Iss string `json:"iss"`
	}{}} {
		o := &lastEvent{}
		v, err := jwt.NewVerifier(key, jwt.WithEncoder(overwritingEncoder{}), jwt.WithObserver(o))
		if err != nil {
			t.Fatal(err)
		}
		if dst == nil {
			_, err = v.Parse(tok)
		} else {
			_, err = v.ParseWithClaims(tok, dst)
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if o.e.Issuer != "https://op.example" {
			t.Errorf("%s: VerifyEvent.Issuer %q, want the verified iss", name, o.e.Issuer)
		}
	}
}
