package dpop

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/urlnorm"
)

// VerifyRequest verifies the DPoP proof of an incoming request (RFC 9449
// section 4.3) with the access token presented with it ("" at the token
// endpoint). The request must carry exactly one DPoP header field holding
// one value (check 1): none is ErrNoProof, two fields (in any spelling of
// the name) or a value holding a comma (two values joined, RFC 9110
// section 5.3) is ErrInvalidProof. The target URI it checks "htu" against
// is built from configuration, never from what the client sends: the
// Config.Origins member whose host is the request's Host (compared after
// normalisation), or else the first, followed by the path the client
// sent: that of r.RequestURI when set (origin-form, or the path of an
// absolute-form target; its query dropped), else r.URL.EscapedPath(), so
// that it works behind http.StripPrefix or any router that rewrites r.URL
// (the rewritten path is another resource of the origin); with
// Config.TrustRequestHost, "https://" (r.TLS set) or "http://" and
// r.Host. X-Forwarded-* and Forwarded are never read. A target that is not
// a path ("*" of OPTIONS, a CONNECT authority) makes no target URI and is
// ErrInvalidProof. Then it is Verify with the request's method. A
// Verifier with neither Origins nor TrustRequestHost, and a nil r, are
// ErrInvalidConfig.
func (v *Verifier) VerifyRequest(ctx context.Context, r *http.Request, accessToken string) (*Proof, error) {
	if err := v.usable(); err != nil {
		return nil, err
	}
	if r == nil || r.URL == nil {
		return nil, fmt.Errorf("%w: VerifyRequest of a nil request or URL", ErrInvalidConfig)
	}
	if len(v.origins) == 0 && !v.trustHost {
		return nil, fmt.Errorf("%w: VerifyRequest needs Config.Origins or Config.TrustRequestHost (Verify takes the URL itself)", ErrInvalidConfig)
	}
	proof, err := oneProof(r.Header)
	if err != nil {
		return nil, err
	}
	target, err := v.targetURI(r)
	if err != nil {
		return nil, err
	}
	return v.Verify(ctx, proof, Request{Method: r.Method, URL: target, AccessToken: accessToken})
}

// headerName is the DPoP request header field (RFC 9449 section 4.1).
const headerName = "DPoP"

// oneProof returns the one value of the one DPoP header field (RFC 9449
// section 4.3 check 1), looking at every spelling of the field name a
// header map may hold.
func oneProof(h http.Header) (string, error) {
	var values []string
	for name, vs := range h {
		if strings.EqualFold(name, headerName) {
			values = append(values, vs...)
		}
	}
	switch {
	case len(values) == 0:
		return "", fmt.Errorf("%w: the request has no DPoP header field (RFC 9449 section 7.1)", ErrNoProof)
	case len(values) > 1:
		return "", fmt.Errorf("%w: the request has %d DPoP header fields (RFC 9449 section 4.3 check 1)", ErrInvalidProof, len(values))
	case strings.IndexByte(values[0], ',') >= 0:
		return "", fmt.Errorf("%w: the DPoP header field holds more than one value (RFC 9449 section 4.3 check 1)", ErrInvalidProof)
	case strings.TrimSpace(values[0]) == "":
		return "", fmt.Errorf("%w: %w: the DPoP header field is empty", ErrInvalidProof, jwt.ErrTokenMalformed)
	}
	return strings.TrimSpace(values[0]), nil
}

// targetURI is the request's target URI (RFC 9110 section 7.1) built from
// the configured origins, or from r.Host and r.TLS when so configured, and
// the request's path (requestPath).
func (v *Verifier) targetURI(r *http.Request) (string, error) {
	path, err := requestPath(r)
	if err != nil {
		return "", err
	}
	if v.trustHost {
		scheme := "http://"
		if r.TLS != nil {
			scheme = "https://"
		}
		origin, err := urlnorm.Origin(scheme + r.Host)
		if err != nil {
			return "", fmt.Errorf("%w: the request's Host %s makes no origin: %w", ErrInvalidProof, bounded.Quote(r.Host), err)
		}
		return origin + path, nil
	}
	return v.originFor(r.Host).url + path, nil
}

// requestPath is the escaped path of the URI the client sent (RFC 9449
// section 4.3 check 9): that of r.RequestURI when set, as a server read it
// from the request line (origin-form "/a/b?q", or absolute-form
// "https://host/a/b", whose path alone is taken, RFC 9112 section 3.2),
// so that a handler behind http.StripPrefix, or any router rewriting
// r.URL, still checks "htu" against what the client called; else
// r.URL.EscapedPath() (a request made in process). A target that is not a
// path ("*" of OPTIONS, the authority-form of CONNECT) or does not parse
// is ErrInvalidProof.
func requestPath(r *http.Request) (string, error) {
	path := r.URL.EscapedPath()
	if r.RequestURI != "" {
		u, err := url.ParseRequestURI(r.RequestURI)
		if err != nil || r.RequestURI == "*" || u.Opaque != "" {
			return "", fmt.Errorf("%w: the request's target %s is not a path (RFC 9110 section 7.1)", ErrInvalidProof, bounded.Quote(r.RequestURI))
		}
		path = u.EscapedPath()
	}
	if path == "" {
		path = "/"
	}
	if path[0] != '/' {
		return "", fmt.Errorf("%w: the request's target %s is not a path (RFC 9110 section 7.1)", ErrInvalidProof, bounded.Quote(path))
	}
	return path, nil
}

// originFor is the configured origin whose host and port are host's, or
// the first: a Host the server does not know never chooses the origin.
func (v *Verifier) originFor(host string) origin {
	if len(v.origins) > 1 && host != "" {
		for _, o := range v.origins {
			if u, err := urlnorm.Origin(o.scheme + "://" + host); err == nil && u == o.url {
				return o
			}
		}
	}
	return v.origins[0]
}
