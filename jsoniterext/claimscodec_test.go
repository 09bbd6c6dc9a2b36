package jsoniterext

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/jotlib/jwt/claims"
)

// claimsHolder uses the registered claim types every way a struct can.
type claimsHolder struct {
	Date    claims.NumericDate  `json:"date"`
	DatePtr *claims.NumericDate `json:"date_ptr"`
	DateOpt *claims.NumericDate `json:"date_opt,omitempty"`
	Aud     claims.Audience     `json:"aud"`
	AudOpt  claims.Audience     `json:"aud_opt,omitempty"`
}

// TestClaimsCodecsMatchTheirMethods: the jsoniter codecs for NumericDate
// and Audience decode and encode exactly as the types' own UnmarshalJSON
// and MarshalJSON do through encoding/json.
func TestClaimsCodecsMatchTheirMethods(t *testing.T) {
	inputs := []string{
		`{}`,
		`{"date":1800000000,"date_ptr":1800000000.5,"date_opt":-1.25,"aud":"a","aud_opt":["a","b"]}`,
		`{"date":null,"date_ptr":null,"aud":null,"aud_opt":[]}`,
		`{"date":1.8e9,"date_ptr":18E8,"aud":["<&>","\u00e9"]}`,
		`{"date":"1800000000"}`,
		`{"date_ptr":true}`,
		`{"date":1e300}`,
		`{"aud":5}`,
		`{"aud":[1]}`,
		`{"aud":[null]}`,
		`{"aud":{"a":1}}`,
		`{"aud":["a",]}`,
	}
	enc := New()
	for _, in := range inputs {
		var want, got claimsHolder
		wantErr := json.Unmarshal([]byte(in), &want)
		gotErr := enc.Unmarshal([]byte(in), &got)
		if (wantErr == nil) != (gotErr == nil) || (wantErr == nil && !reflect.DeepEqual(want, got)) {
			t.Errorf("Unmarshal(%s): encoding/json %+v, %v; jsoniterext %+v, %v", in, want, wantErr, got, gotErr)
		}
	}
	frac := claims.NumericDate{Time: time.Unix(1800000000, 120000000)}
	values := []claimsHolder{
		{},
		{Date: frac, DatePtr: &frac, DateOpt: claims.NewNumericDate(time.Unix(-5, 0)), Aud: claims.Audience{"<a>"}, AudOpt: claims.Audience{"a", "b"}},
		{Aud: claims.Audience{}, AudOpt: claims.Audience{}},
		{Date: claims.NumericDate{Time: time.Unix(-2, 750000000)}, Aud: claims.Audience{"\u2028", "é"}},
	}
	for _, v := range values {
		want, wantErr := json.Marshal(v)
		got, gotErr := enc.Marshal(v)
		if string(want) != string(got) || (wantErr == nil) != (gotErr == nil) {
			t.Errorf("Marshal(%+v): encoding/json %s, %v; jsoniterext %s, %v", v, want, wantErr, got, gotErr)
		}
	}
}
