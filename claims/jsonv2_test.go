//go:build go1.27 && goexperiment.jsonv2

package claims

import (
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

// The v2 streaming methods must write and read exactly what MarshalJSON and
// UnmarshalJSON do, so a token is the same bytes under either engine.
func TestStreamingJSONMethodsMatchMarshalJSON(t *testing.T) {
	values := []any{
		NumericDate{time.Unix(1700000000, 0)},
		NumericDate{time.Unix(1700000000, 500000000)},
		NumericDate{time.Unix(-2, 250000000)},
		Audience{"api"},
		Audience{"a", "b<&>", "ü"},
		Audience{},
		Registered{Issuer: "iss", Audience: Audience{"x"}, ExpiresAt: NewNumericDate(time.Unix(99, 0))},
	}
	for _, v := range values {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := jsonv2.Marshal(v, jsontext.EscapeForHTML(true))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%#v: v2 wrote %s, MarshalJSON %s", v, got, want)
		}
		back := reflect.New(reflect.TypeOf(v))
		if err := jsonv2.Unmarshal(want, back.Interface()); err != nil {
			t.Errorf("%s: v2 read: %v", want, err)
		}
	}
}

// TestNilNumericDateUnmarshalJSONFromNeverPanics: the v2 streaming reader
// on a nil *NumericDate reports ErrInvalidNumericDate, as UnmarshalJSON
// does.
func TestNilNumericDateUnmarshalJSONFromNeverPanics(t *testing.T) {
	var d *NumericDate
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("UnmarshalJSONFrom on a nil *NumericDate: panic: %v", r)
		}
	}()
	dec := jsontext.NewDecoder(strings.NewReader("1700000000"))
	if err := d.UnmarshalJSONFrom(dec); !errors.Is(err, ErrInvalidNumericDate) {
		t.Errorf("UnmarshalJSONFrom on a nil *NumericDate: %v, want ErrInvalidNumericDate", err)
	}
}
