package strictjson

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// unescapeSeeds are JSON strings, with their quotes, covering every escape.
var unescapeSeeds = []string{
	`""`, `"a"`, `"\""`, `"\\"`, `"\/"`, `"\b\f\n\r\t"`, `"\u0000"`, `"\u001f"`, `"\u0041\u00e9\u4e2d"`,
	`"\uD83D\uDE00"`, `"\ud83d\ude00x"`, `"x\uDBFF\uDFFF"`, `"é中😀"`, `"\\u0041"`, `"a\"b\\c\/d"`, `"\uFFFD\uffff"`,
	"\"\xef\xbf\xbd\"", `"\u00E9"`, `"\u212a\u017f\u0130\u0131"`,
}

// TestStrict_UnescapeDecodesCheckedStringsAsEncodingJSONDoes: our small
// unescaper for checked JSON strings (\" \\ \/ \b \f \n \r \t \uXXXX with
// surrogate pairs) agrees with json.Unmarshal.
func TestStrict_UnescapeDecodesCheckedStringsAsEncodingJSONDoes(t *testing.T) {
	for _, s := range unescapeSeeds {
		checkUnescape(t, []byte(s))
	}
}

// FuzzUnescape: on every string value the strict pass accepts, String,
// StringEquals, Key.Name and Key.Is agree with json.Unmarshal; on any bytes
// at all, the unescaper does not panic.
func FuzzUnescape(f *testing.F) {
	for _, s := range unescapeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_ = Key{Raw: data, Escaped: true}.Name() // unchecked input: no panic
		_ = Key{Raw: data, Escaped: true}.Is("x")
		data = bytes.Trim(data, " \t\r\n")
		if len(data) < 2 || data[0] != '"' || Valid(data) != nil {
			return
		}
		checkUnescape(t, data)
	})
}

// checkUnescape compares the decoding of the checked JSON string lit.
func checkUnescape(t *testing.T, lit []byte) {
	t.Helper()
	var want string
	if err := json.Unmarshal(lit, &want); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", lit, err)
	}
	if got := string(appendUnescaped(nil, lit[1:len(lit)-1])); got != want {
		t.Fatalf("appendUnescaped(%s) = %q, want %q", lit, got, want)
	}
	if got, ok := String(lit); !ok || got != want {
		t.Fatalf("String(%s) = %q, %v; want %q", lit, got, ok, want)
	}
	if !StringEquals(lit, want) || StringEquals(lit, want+"x") || (want != "" && StringEquals(lit, want[:len(want)-1])) {
		t.Fatalf("StringEquals(%s, %q)", lit, want)
	}
	k := Key{Raw: lit[1 : len(lit)-1], Escaped: true}
	if k.Name() != want || !k.Is(want) || k.Is(want+"\x00") || string(k.AppendName([]byte("p"))) != "p"+want {
		t.Fatalf("Key{%s}.Name() = %q, want %q", lit, k.Name(), want)
	}
	if !utf8.ValidString(want) {
		t.Fatalf("%s decodes to invalid UTF-8", lit)
	}
}

// TestStrict_NameAndStringDecodeWithoutEncodingJSON_OneAllocationAtMost:
// Key.Is and StringEquals allocate nothing even with escapes; Key.Name and
// String allocate only the result.
func TestStrict_NameAndStringDecodeWithoutEncodingJSON_OneAllocationAtMost(t *testing.T) {
	k := Key{Raw: []byte(`\u0065xp`), Escaped: true}
	v := []byte(`"\u0065xp\n"`)
	var buf [16]byte
	for name, fn := range map[string]func(){
		"Key.Is":         func() { _ = k.Is("exp") },
		"StringEquals":   func() { _ = StringEquals(v, "exp\n") },
		"Key.AppendName": func() { _ = k.AppendName(buf[:0]) },
	} {
		if n := testing.AllocsPerRun(100, fn); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
	for name, fn := range map[string]func(){
		"Key.Name": func() { _ = k.Name() },
		"String":   func() { _, _ = String(v) },
	} {
		if n := testing.AllocsPerRun(100, fn); n > 1 {
			t.Errorf("%s: %v allocations, want at most 1", name, n)
		}
	}
}
