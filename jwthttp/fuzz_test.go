package jwthttp

import (
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// want* are the tests' own statements of RFC 6750 section 3's sets, written apart from challenge.go.
func wantErrorValue(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c == ' ' || c == '!' || c >= '#' && c <= '[' || c >= ']' && c <= '~' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func wantPrintable(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c >= ' ' && c <= '~' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func wantScope(s string) string {
	var toks []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" \t\r\n", r) }) {
		var b strings.Builder
		for _, c := range []byte(f) {
			if c == '!' || c >= '#' && c <= '[' || c >= ']' && c <= '~' {
				b.WriteByte(c)
			}
		}
		if b.Len() > 0 {
			toks = append(toks, b.String())
		}
	}
	return strings.Join(toks, " ")
}

// FuzzChallengeRoundTrips: whatever the values, String is printable ASCII that the independent RFC 9110
// parser reads back as "Bearer" and the attributes, in the fixed order, each the value with the
// characters outside its set dropped (RFC 6750 section 3; RFC 9110 section 5.6.4).
func FuzzChallengeRoundTrips(f *testing.F) {
	f.Add("api", "invalid_token", "The token expired", "read write", "https://r/.well-known/oauth-protected-resource")
	f.Add("a\"b\\", "x\r\ny", "\x00é", " a\tb  c ", "\"")
	f.Add("", "", "", "", "")
	f.Fuzz(func(t *testing.T, realm, code, desc, scope, meta string) {
		c := Challenge{Realm: realm, Error: code, Description: desc, Scope: scope, ResourceMetadata: meta}
		s := c.String()
		for i := 0; i < len(s); i++ {
			if s[i] < ' ' || s[i] > '~' {
				t.Fatalf("%q: byte %#x", s, s[i])
			}
		}
		scheme, ps, err := parseChallenge(s)
		if err != nil || scheme != "Bearer" {
			t.Fatalf("%q: %q %v", s, scheme, err)
		}
		var want []authParam
		for _, p := range []authParam{{"realm", wantPrintable(realm)}, {"error", wantErrorValue(code)},
			{"error_description", wantErrorValue(desc)}, {"scope", wantScope(scope)}, {"resource_metadata", wantPrintable(meta)}} {
			if p.value != "" {
				want = append(want, p)
			}
		}
		if len(ps) != len(want) {
			t.Fatalf("%q: %q, want %q", s, ps, want)
		}
		for i := range ps {
			if ps[i] != want[i] {
				t.Fatalf("%q: %q, want %q", s, ps, want)
			}
		}
	})
}

// FuzzExtract: whatever the request, Extract never panics, returns a b64token (RFC 6750 section 2.1)
// or ErrNoToken or ErrInvalidRequest, and leaves the body as it was sent.
func FuzzExtract(f *testing.F) {
	f.Add("Bearer abc.def.ghi", "", uint8(1), "POST", "application/x-www-form-urlencoded", "access_token=abc", "access_token=x", "at=abc", uint8(7))
	f.Add("bearer  a=", "Basic x", uint8(2), "GET", "text/plain", "", "a=%zz&access_token=", "", uint8(2))
	f.Add("Basic x, Bearer y", "", uint8(1), "PUT", "application/x-www-form-urlencoded; charset=utf-8", "x=1&access_token=a%2Bb", "", "at=a; at=b", uint8(5))
	f.Fuzz(func(t *testing.T, auth1, auth2 string, nAuth uint8, method, contentType, body, query, cookie string, flags uint8) {
		r := &http.Request{Method: method, URL: &url.URL{Path: "/", RawQuery: query}, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(body))}
		switch nAuth % 3 {
		case 1:
			r.Header.Add("Authorization", auth1)
		case 2:
			r.Header.Add("Authorization", auth1)
			r.Header.Add("Authorization", auth2)
		}
		if contentType != "" {
			r.Header.Set("Content-Type", contentType)
		}
		if cookie != "" {
			r.Header.Set("Cookie", cookie)
		}
		s := Sources{Form: flags&1 != 0, Query: flags&2 != 0}
		if flags&4 != 0 {
			s.Cookie = "at"
		}
		tok, err := s.Extract(r)
		switch {
		case err == nil:
			if tok == "" {
				t.Fatal("no error, no token")
			}
			for i := 0; i < len(tok); i++ {
				c := tok[i]
				if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~+/=", c) >= 0) {
					t.Fatalf("token %q: byte %#x outside b64token", tok, c)
				}
			}
			if i := strings.IndexByte(tok, '='); i == 0 || i > 0 && strings.Trim(tok[i:], "=") != "" {
				t.Fatalf("token %q: '=' not only trailing padding", tok)
			}
		case errors.Is(err, ErrNoToken), errors.Is(err, ErrInvalidRequest):
			if tok != "" {
				t.Fatalf("%v with token %q", err, tok)
			}
		default:
			t.Fatalf("untyped error %v", err)
		}
		if got, _ := io.ReadAll(r.Body); string(got) != body {
			t.Fatalf("body %q after Extract, sent %q", got, body)
		}
	})
}
