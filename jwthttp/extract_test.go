package jwthttp

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

const tok = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln-_~+/=="

// req builds a request with the given Authorization fields.
func req(method, target string, authorization ...string) *http.Request {
	r := httptest.NewRequest(method, target, nil)
	for _, a := range authorization {
		r.Header.Add("Authorization", a)
	}
	return r
}

func wantToken(t *testing.T, s Sources, r *http.Request, want string) {
	t.Helper()
	got, err := s.Extract(r)
	if err != nil || got != want {
		t.Errorf("Extract = %q, %v; want %q", got, err, want)
	}
}

func wantErr(t *testing.T, s Sources, r *http.Request, want error, what string) {
	t.Helper()
	got, err := s.Extract(r)
	if !errors.Is(err, want) || got != "" {
		t.Errorf("%s: Extract = %q, %v; want %v", what, got, err, want)
	}
}

func TestRFC6750_2_1_BearerHeaderIsTheDefault(t *testing.T) {
	wantToken(t, Sources{}, req("GET", "/", "Bearer "+tok), tok)
	wantErr(t, Sources{}, req("GET", "/?access_token="+tok), ErrNoToken, "query not opted in")
}

func TestRFC6750_2_1_SchemeIsCaseInsensitive(t *testing.T) {
	for _, s := range []string{"Bearer", "bearer", "BEARER", "bEaReR"} {
		wantToken(t, Sources{}, req("GET", "/", s+" "+tok), tok)
	}
}

func TestRFC6750_2_1_OneOrMoreSpacesBetweenSchemeAndToken(t *testing.T) {
	for _, v := range []string{"Bearer " + tok, "Bearer   " + tok, "  Bearer " + tok + " \t", "\tBearer " + tok + "\t"} {
		wantToken(t, Sources{}, req("GET", "/", v), tok)
	}
}

func TestRFC6750_2_1_TabBetweenSchemeAndTokenRefused(t *testing.T) {
	for _, v := range []string{"Bearer\t" + tok, "Bearer\t " + tok, "Bearer \t" + tok} {
		wantErr(t, Sources{}, req("GET", "/", v), ErrInvalidRequest, v)
	}
}

func TestRFC6750_2_1_TokenIsB64token(t *testing.T) {
	for _, v := range []string{"abc", "a-b.c_d~e+f/g", "abc=", "abc==", "A1"} {
		wantToken(t, Sources{}, req("GET", "/", "Bearer "+v), v)
	}
	for _, v := range []string{"=abc", "ab=c", "a\"b", "a;b", "a\\b", "a%2Eb", "é", "a\x00b", "a:b"} {
		wantErr(t, Sources{}, req("GET", "/", "Bearer "+v), ErrInvalidRequest, v)
	}
}

func TestRFC6750_2_1_BearerWithoutTokenRefused(t *testing.T) {
	for _, v := range []string{"Bearer", "bearer   ", "Bearer ="} {
		wantErr(t, Sources{}, req("GET", "/", v), ErrInvalidRequest, v)
	}
}

func TestRFC9110_11_6_2_TwoAuthorizationFieldsRefused(t *testing.T) {
	wantErr(t, Sources{}, req("GET", "/", "Bearer "+tok, "Bearer "+tok), ErrInvalidRequest, "two bearer fields")
	wantErr(t, Sources{}, req("GET", "/", "Basic YTpi", "Bearer "+tok), ErrInvalidRequest, "basic and bearer")
	wantErr(t, Sources{}, req("GET", "/", "", "Bearer "+tok), ErrInvalidRequest, "an empty and a bearer field")
}

func TestRFC9110_11_6_2_TwoCredentialsInOneFieldRefused(t *testing.T) {
	for _, v := range []string{"Bearer " + tok + ", Bearer " + tok, "Bearer " + tok + ",Basic YTpi", "Basic YTpi, Bearer " + tok,
		"Basic YTpi,bearer " + tok, "Bearer, " + tok, "Bearer " + tok + " , x"} {
		wantErr(t, Sources{}, req("GET", "/", v), ErrInvalidRequest, v)
	}
}

func TestRFC6750_2_1_AnythingAfterTheTokenRefused(t *testing.T) {
	for _, v := range []string{"Bearer " + tok + " junk", "Bearer " + tok + "\tjunk", "Bearer " + tok + " " + tok, "Bearer " + tok + `"`, "Bearer " + tok + "=a"} {
		wantErr(t, Sources{}, req("GET", "/", v), ErrInvalidRequest, v)
	}
}

// TestRFC6750_3_1_AnotherSchemeAloneIsNoToken: a request with another scheme carries no bearer token:
// the challenge gets no error code and tells the client the scheme (RFC 6750 section 3.1).
func TestRFC6750_3_1_AnotherSchemeAloneIsNoToken(t *testing.T) {
	for _, v := range []string{"Basic YTpi", "DPoP " + tok, "Bearerx " + tok, "Digest username=\"a, b\", realm=\"r\"", "Negotiate"} {
		wantErr(t, Sources{}, req("GET", "/", v), ErrNoToken, v)
	}
	wantToken(t, Sources{Query: true}, req("GET", "/?access_token="+url.QueryEscape(tok), "Basic YTpi"), tok)
}

func TestRFC6750_3_1_NoAuthorizationIsNoToken(t *testing.T) {
	wantErr(t, Sources{}, req("GET", "/"), ErrNoToken, "none")
	wantErr(t, Sources{}, req("GET", "/", ""), ErrNoToken, "empty field")
	wantErr(t, Sources{}, req("GET", "/", " \t "), ErrNoToken, "white space only")
	wantErr(t, Sources{Form: true, Query: true, Cookie: "at"}, req("POST", "/"), ErrNoToken, "every source, none sent")
	wantErr(t, Sources{}, nil, ErrNoToken, "nil request")
}

func formReq(method, contentType, body string) *http.Request {
	r := httptest.NewRequest(method, "/", strings.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	return r
}

const formType = "application/x-www-form-urlencoded"

func TestRFC6750_2_2_FormOnlyWhenOptedIn(t *testing.T) {
	body := "access_token=" + url.QueryEscape(tok) + "&a=b"
	wantErr(t, Sources{}, formReq("POST", formType, body), ErrNoToken, "not opted in")
	wantToken(t, Sources{Form: true}, formReq("POST", formType, body), tok)
	wantToken(t, Sources{Form: true}, formReq("PUT", formType, "a=b&access_token="+url.QueryEscape(tok)), tok)
}

func TestRFC6750_2_2_FormOnlyForURLEncodedContentType(t *testing.T) {
	body := "access_token=" + url.QueryEscape(tok)
	for _, ct := range []string{"", "text/plain", "multipart/form-data; boundary=x", "application/json", "application/x-www-form-urlencodedx", "bad;;"} {
		wantErr(t, Sources{Form: true}, formReq("POST", ct, body), ErrNoToken, ct)
	}
	for _, ct := range []string{"APPLICATION/X-WWW-FORM-URLENCODED", formType + "; charset=UTF-8"} {
		wantToken(t, Sources{Form: true}, formReq("POST", ct, body), tok)
	}
	r := formReq("POST", formType, body)
	r.Header.Add("Content-Type", "text/plain")
	wantErr(t, Sources{Form: true}, r, ErrInvalidRequest, "two Content-Type fields")
}

func TestRFC6750_2_2_FormTokenOnGETRefused(t *testing.T) {
	body := "access_token=" + url.QueryEscape(tok)
	for _, m := range []string{"GET", "HEAD", "DELETE", "OPTIONS", "TRACE"} {
		wantErr(t, Sources{Form: true}, formReq(m, formType, body), ErrInvalidRequest, m)
	}
	wantErr(t, Sources{Form: true}, formReq("GET", formType, "a=b"), ErrNoToken, "GET form without a token")
	wantToken(t, Sources{Form: true}, formReq("PATCH", formType, body), tok)
}

func TestRFC6750_2_2_FormAccessTokenOnce(t *testing.T) {
	e := url.QueryEscape(tok)
	for _, body := range []string{"access_token=" + e + "&access_token=" + e, "access_token=" + e + "&access%5Ftoken=" + e,
		"access_token=", "access_token", "access_token=a%zz", "access_token=a+b", "access_token=" + e + ";x", "%61ccess_token=" + e + "&access_token=x"} {
		wantErr(t, Sources{Form: true}, formReq("POST", formType, body), ErrInvalidRequest, body)
	}
	wantToken(t, Sources{Form: true}, formReq("POST", formType, "x=%zz&access_token="+e), tok) // others' escapes are the handler's
}

func TestRFC6750_2_2_FormBodyIsASCII(t *testing.T) {
	wantErr(t, Sources{Form: true}, formReq("POST", formType, "a=é&access_token="+url.QueryEscape(tok)), ErrInvalidRequest, "non-ASCII")
}

// TestRFC6750_2_2_FormBodyIsBoundedAndPutBack: the handler reads the body as sent, whether the
// token was found or not, and a body over MaxFormBytes is refused, not searched in part.
func TestRFC6750_2_2_FormBodyIsBoundedAndPutBack(t *testing.T) {
	body := "a=b&access_token=" + url.QueryEscape(tok) + "&c=d"
	r := formReq("POST", formType, body)
	wantToken(t, Sources{Form: true}, r, tok)
	if got, _ := io.ReadAll(r.Body); string(got) != body {
		t.Errorf("body after Extract: %q", got)
	}
	r = formReq("POST", formType, body)
	wantToken(t, Sources{Form: true}, r, tok)
	if err := r.ParseForm(); err != nil || r.PostForm.Get("c") != "d" {
		t.Errorf("ParseForm after Extract: %v %v", r.PostForm, err)
	}
	big := "access_token=" + url.QueryEscape(tok) + "&pad=" + strings.Repeat("x", MaxFormBytes)
	r = formReq("POST", formType, big)
	wantErr(t, Sources{Form: true}, r, ErrInvalidRequest, "over MaxFormBytes")
	if got, _ := io.ReadAll(r.Body); string(got) != big {
		t.Errorf("a refused big body is still put back whole: %d bytes of %d", len(got), len(big))
	}
	r = formReq("POST", formType, body) // already parsed: PostForm is read
	if err := r.ParseForm(); err != nil {
		t.Fatal(err)
	}
	wantToken(t, Sources{Form: true}, r, tok)
	r = httptest.NewRequest("POST", "/", http.NoBody)
	r.Header.Set("Content-Type", formType)
	wantErr(t, Sources{Form: true}, r, ErrNoToken, "no body")
}

func TestRFC6750_2_3_QueryOnlyWhenOptedIn(t *testing.T) {
	target := "/?a=b&access_token=" + url.QueryEscape(tok)
	wantErr(t, Sources{}, req("GET", target), ErrNoToken, "not opted in")
	wantToken(t, Sources{Query: true}, req("GET", target), tok)
	r := req("GET", "/")
	r.URL = nil
	wantErr(t, Sources{Query: true}, r, ErrNoToken, "nil URL")
}

func TestRFC6750_2_3_QueryAccessTokenOnce(t *testing.T) {
	e := url.QueryEscape(tok)
	for _, q := range []string{"access_token=" + e + "&access_token=" + e, "access_token=", "access_token=%zz", "access_token=a%20b"} {
		wantErr(t, Sources{Query: true}, req("GET", "/?"+q), ErrInvalidRequest, q)
	}
}

func TestCookie_OptInNamedOnce(t *testing.T) {
	r := req("GET", "/")
	r.Header.Set("Cookie", "other=x; at="+tok)
	wantErr(t, Sources{}, r, ErrNoToken, "not opted in")
	wantToken(t, Sources{Cookie: "at"}, r, tok)
	r.Header.Set("Cookie", "at="+tok+"; at="+tok)
	wantErr(t, Sources{Cookie: "at"}, r, ErrInvalidRequest, "twice")
	r.Header.Set("Cookie", "at=")
	wantErr(t, Sources{Cookie: "at"}, r, ErrInvalidRequest, "empty")
}

func TestRFC6750_2_TokenSentByTwoMethodsRefused(t *testing.T) {
	e := url.QueryEscape(tok)
	all := Sources{Form: true, Query: true, Cookie: "at"}
	r := formReq("POST", formType, "access_token="+e)
	r.Header.Set("Authorization", "Bearer "+tok)
	wantErr(t, all, r, ErrInvalidRequest, "header and form")
	r = req("GET", "/?access_token="+e, "Bearer "+tok)
	wantErr(t, all, r, ErrInvalidRequest, "header and query")
	r = req("GET", "/?access_token="+e)
	r.Header.Set("Cookie", "at="+tok)
	wantErr(t, all, r, ErrInvalidRequest, "query and cookie")
	r = formReq("POST", formType, "access_token="+e)
	r.URL.RawQuery = "access_token=" + e
	wantErr(t, all, r, ErrInvalidRequest, "form and query")
	r = req("GET", "/?access_token="+e, "Bearer "+tok)
	wantToken(t, Sources{}, r, tok) // the query is not a method when not opted in
}

// TestRFC6750_3_ErrorTextNeverEchoesTheRequest: every refusal's text is fixed, fit for
// error_description and logs.
func TestRFC6750_3_ErrorTextNeverEchoesTheRequest(t *testing.T) {
	const secret = "SECRETzzz"
	for _, r := range []*http.Request{
		req("GET", "/", "Bearer "+secret+" "+secret), req("GET", "/", "Bearer "+secret, "x"), req("GET", "/?access_token="+secret+"%zz"),
		formReq("GET", formType, "access_token="+secret), req("GET", "/", "Bearer \""+secret),
	} {
		_, err := Sources{Form: true, Query: true}.Extract(r)
		if !errors.Is(err, ErrInvalidRequest) || strings.Contains(err.Error(), secret) {
			t.Errorf("%v", err)
		}
	}
}

// The default path (the Authorization header) allocates nothing, toward issue 23's budget of three
// allocations added per request.
func TestExtractHeaderAllocatesNothing(t *testing.T) {
	r := req("GET", "/", "Bearer "+tok)
	if n := testing.AllocsPerRun(100, func() { _, _ = Sources{}.Extract(r) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
