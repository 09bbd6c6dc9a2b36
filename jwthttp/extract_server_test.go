package jwthttp

import (
	"bufio"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestRFC9110_5_5_WhiteSpaceAsNetHTTPDeliversIt sends raw requests to a real TLS server: net/http trims
// OWS (SP and HTAB) around the field value (RFC 9110 section 5.5), so a tab there is harmless; a tab
// between the scheme and the token is not OWS and is refused; the server joins an obs-fold line with a
// space (RFC 9112 section 5.2 allows replacing it with SP); two fields, whatever the case of their
// names, reach Extract as two and are refused.
func TestRFC9110_5_5_WhiteSpaceAsNetHTTPDeliversIt(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, err := Sources{}.Extract(r)
		switch {
		case errors.Is(err, ErrInvalidRequest):
			io.WriteString(w, "invalid_request")
		case errors.Is(err, ErrNoToken):
			io.WriteString(w, "no token")
		case err != nil:
			io.WriteString(w, "other error")
		default:
			io.WriteString(w, "token "+got)
		}
	}))
	defer srv.Close()
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	send := func(fields string) string {
		t.Helper()
		conn, err := tls.Dial("tcp", srv.Listener.Addr().String(), &tls.Config{RootCAs: pool, ServerName: "example.com"})
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n"+fields+"Connection: close\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return resp.Status
		}
		return string(b)
	}
	for fields, want := range map[string]string{
		"Authorization: Bearer abc\r\n":                           "token abc",
		"authorization: bearer abc\r\n":                           "token abc",
		"Authorization:\t Bearer abc \t\r\n":                      "token abc",
		"Authorization:Bearer    abc\r\n":                         "token abc",
		"Authorization: Bearer\tabc\r\n":                          "invalid_request",
		"Authorization: Bearer abc\tjunk\r\n":                     "invalid_request",
		"Authorization: Bearer abc\r\nauthorization: Basic x\r\n": "invalid_request",
		"Authorization:\r\n":                                      "no token",
		"Authorization: Basic YTpi\r\n":                           "no token",
		"Authorization: Bearer\r\n abc\r\n":                       "token abc", // obs-fold replaced by SP (Go 1.26 and 1.27)
	} {
		if got := send(fields); got != want {
			t.Errorf("%q: %s, want %s", fields, got, want)
		}
	}
}
