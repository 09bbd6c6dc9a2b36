package jsonplan

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/jotlib/jwt/claims"
)

type smokeClaims struct {
	claims.Registered
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}

func TestSmoke(t *testing.T) {
	data := []byte(`{"iss":"https://issuer.example","sub":"u\u00e9ser","aud":["a","b"],"exp":1700000000,"nbf":1600000000.5,"iat":1600000000,"jti":"x","name":"N","roles":["r1","r2"],"email_verified":true,"extra":{"a":[1,2,{"b":null}]}}`)
	var a, b smokeClaims
	if !Unmarshal(data, &a) {
		t.Fatal("not handled")
	}
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatalf("\n%s\n%s", ja, jb)
	}
	out, ok := AppendMarshal(nil, a)
	if !ok || string(out) != string(jb) {
		t.Fatalf("marshal %v\n%s\n%s", ok, out, jb)
	}
	out, ok = AppendMarshal(nil, &a)
	if !ok || string(out) != string(jb) {
		t.Fatalf("marshal ptr %v\n%s\n%s", ok, out, jb)
	}
	var m1, m2 map[string]any
	if !Unmarshal(data, &m1) {
		t.Fatal("map not handled")
	}
	json.Unmarshal(data, &m2)
	if !reflect.DeepEqual(m1, m2) {
		t.Fatalf("%v\n%v", m1, m2)
	}
	out, ok = AppendMarshal(nil, m1)
	jm, _ := json.Marshal(m2)
	if !ok || string(out) != string(jm) {
		t.Fatalf("marshal map %v\n%s\n%s", ok, out, jm)
	}
}
