package jwthttp

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// accessToken is the parameter of RFC 6750 sections 2.2 and 2.3.
const accessToken = "access_token"

// fromForm reads the form-encoded body parameter (RFC 6750 section 2.2). The body is read up to
// MaxFormBytes and put back (r.Body replaced by a reader of the same bytes, closing the original), so the
// handler reads it unchanged. A request whose PostForm is already parsed is read from PostForm.
func fromForm(r *http.Request) (string, bool, error) {
	// ParseMediaType lower-cases the media type, and returns it with the error of malformed parameters
	// ("application/x-www-form-urlencoded; charset"): r.ParseForm reads such a body as a form, and so do
	// we, lest the handler find a token the Middleware did not see.
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/x-www-form-urlencoded" {
		return "", false, nil // not a form: the body is the handler's
	}
	if len(r.Header.Values("Content-Type")) > 1 {
		return "", false, invalid("more than one Content-Type header field")
	}
	var vals []string
	if r.PostForm != nil {
		vals = r.PostForm[accessToken]
	} else {
		if r.Body == nil || r.Body == http.NoBody {
			return "", false, nil
		}
		body, err := readBody(r)
		if err != nil {
			return "", false, err
		}
		for _, c := range body {
			if c >= 0x80 {
				return "", false, invalid("the form body is not ASCII (RFC 6750 section 2.2)")
			}
		}
		if vals, err = param(string(body), accessToken); err != nil {
			return "", false, err
		}
	}
	tok, ok, err := one(vals, "form body")
	if ok && !bodySemantics(r.Method) {
		return "", false, invalid("a form-encoded token in a request whose method has no body semantics, such as GET (RFC 6750 section 2.2)")
	}
	return tok, ok, err
}

// readBody reads r.Body up to MaxFormBytes and puts the bytes back.
func readBody(r *http.Request) ([]byte, error) {
	orig := r.Body
	body, err := io.ReadAll(io.LimitReader(orig, MaxFormBytes+1))
	// Whatever was read goes back, followed by what was not, so the handler sees the body as sent.
	r.Body = readCloser{io.MultiReader(bytes.NewReader(body), orig), orig}
	if err != nil {
		return nil, invalid("the form body could not be read")
	}
	if len(body) > MaxFormBytes {
		return nil, invalid("the form body is larger than jwthttp.MaxFormBytes (RFC 6750 section 2.2)")
	}
	return body, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// bodySemantics reports whether content has defined semantics for method (RFC 6750 section 2.2: "the
// GET method MUST NOT be used"; RFC 9110 sections 9.3.1-9.3.8).
func bodySemantics(method string) bool {
	switch method {
	case "", http.MethodGet, http.MethodHead, http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
		return false // "" is GET for a client request
	}
	return true
}

// fromQuery reads the URI query parameter (RFC 6750 section 2.3).
func fromQuery(r *http.Request) (string, bool, error) {
	if r.URL == nil {
		return "", false, nil
	}
	vals, err := param(r.URL.RawQuery, accessToken)
	if err != nil {
		return "", false, err
	}
	return one(vals, "query")
}

// fromCookie reads the named cookie, which must be sent once, and refuses it on a cross-site request
// whose method is not safe (Sources.Cookie).
func fromCookie(r *http.Request, name string) (string, bool, error) {
	var vals []string
	for _, c := range r.CookiesNamed(name) {
		vals = append(vals, c.Value)
	}
	tok, ok, err := one(vals, "cookie")
	if ok && !safeMethod(r.Method) && r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return "", false, invalid("a cookie token on a cross-site request whose method is not safe (Sec-Fetch-Site: cross-site; RFC 9110 section 9.2.1): a cross-site request forgery")
	}
	return tok, ok, err
}

// safeMethod reports whether method is safe (RFC 9110 section 9.2.1: GET, HEAD, OPTIONS, TRACE).
func safeMethod(method string) bool {
	switch method {
	case "", http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return true // "" is GET for a client request
	}
	return false
}

// validCookieName reports whether name is a cookie-name (RFC 6265 section 4.1.1): a token (RFC 2616
// section 2.2: visible ASCII but the separators).
func validCookieName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c <= 0x20 || c >= 0x7f || strings.IndexByte(`()<>@,;:\"/[]?={}`, c) >= 0 {
			return false
		}
	}
	return true
}

// one is the one value of a parameter sent at most once, a b64token.
func one(vals []string, where string) (string, bool, error) {
	switch {
	case len(vals) == 0:
		return "", false, nil
	case len(vals) > 1:
		return "", false, invalid("the token was sent more than once in the " + where)
	case !isB64token(vals[0]):
		return "", false, invalid("the token in the " + where + " is not a b64token (RFC 6750 section 2.1)")
	}
	return vals[0], true, nil
}

// param returns every value of the parameter name in an application/x-www-form-urlencoded string (the
// query, section 2.3, and the form body, section 2.2, share the encoding). Only '&' separates pairs;
// a pair named name whose escapes are broken is ErrInvalidRequest, anyone else's is the handler's.
func param(s, name string) ([]string, error) {
	var vals []string
	for s != "" {
		var pair string
		pair, s, _ = strings.Cut(s, "&")
		k, v, _ := strings.Cut(pair, "=")
		if !strings.Contains(k, "access") && !strings.Contains(k, "%") {
			continue // cheap: not ours
		}
		key, err := url.QueryUnescape(k)
		if err != nil || key != name {
			if err != nil && strings.Contains(strings.ToLower(k), "access") {
				return nil, invalid("a parameter named like access_token is not form-urlencoded")
			}
			continue
		}
		val, err := url.QueryUnescape(v)
		if err != nil {
			return nil, invalid("the access_token parameter is not form-urlencoded")
		}
		vals = append(vals, val)
	}
	return vals, nil
}
