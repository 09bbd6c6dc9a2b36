package strictjson_test

import (
	"bytes"
	"testing"

	"github.com/jotlib/jwt/internal/strictjson"
)

// stringArraySlow is StringArray through the full scanner.
func stringArraySlow(value []byte) (n int, ok bool) {
	ok = true
	isArray := strictjson.EachArrayElement(value, func(elem []byte) bool {
		n++
		ok = elem[0] == '"'
		return ok
	})
	return n, isArray && ok
}

// FuzzStringArray: on checked input, the quick string-array scan agrees
// with the full scanner.
func FuzzStringArray(f *testing.F) {
	for _, s := range []string{
		`[]`, ` [ ] `, `["a"]`, `["a","b"]`, `[ "a" , "b" ]`, `["a\"",1]`, `["\\",  "x"]`, `[1]`, `["a",[]]`,
		`["a",{"b":"c"}]`, `"a"`, `{}`, `["\u0022]"]`, `["é","\ud83d\ude00"]`, `["a" ,null]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		data = bytes.TrimLeft(data, " \t\r\n")
		if strictjson.Valid(data) != nil {
			return
		}
		data = bytes.TrimRight(data, " \t\r\n")
		n, ok := strictjson.StringArray(data)
		wn, wok := stringArraySlow(data)
		if ok != wok || (ok && n != wn) {
			t.Fatalf("StringArray(%q) = %d, %v; the scanner says %d, %v", data, n, ok, wn, wok)
		}
	})
}
