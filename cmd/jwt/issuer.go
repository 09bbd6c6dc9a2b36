package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// wellKnownNames are -well-known's values: the RFC 8615 suffixes of
// OpenID Connect Discovery 1.0 section 4 and RFC 8414 section 3.
var wellKnownNames = map[string]jwk.WellKnown{
	jwk.OpenIDConfiguration.String():      jwk.OpenIDConfiguration,
	jwk.OAuthAuthorizationServer.String(): jwk.OAuthAuthorizationServer,
}

// parseWellKnown reads -well-known: "" tries both documents, OpenID
// Connect's first.
func parseWellKnown(name string) ([]jwk.WellKnown, error) {
	if name == "" {
		return []jwk.WellKnown{jwk.OpenIDConfiguration, jwk.OAuthAuthorizationServer}, nil
	}
	w, ok := wellKnownNames[name]
	if !ok {
		return nil, usageError("-well-known %q: want %s or %s", name, jwk.OpenIDConfiguration, jwk.OAuthAuthorizationServer)
	}
	return []jwk.WellKnown{w}, nil
}

// discoverIssuer reads issuer's metadata (OpenID Connect Discovery 1.0
// section 4, or RFC 8414 section 3 when the first answers 404 or when
// asked for) and fetches the JWK Set at its "jwks_uri", all within timeout,
// with client (nil: a private one). The key is the jwk.Provider, which
// verifies only tokens whose "iss" is issuer (RFC 8725 section 3.8); the
// caller closes it. Failures are key errors naming the URLs tried.
func discoverIssuer(issuer string, kinds []jwk.WellKnown, timeout time.Duration, client *http.Client) (*loadedKey, *jwk.Provider, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var tried []string
	for _, w := range kinds {
		var events fetchLog
		opts := []jwk.RemoteOption{jwk.WithWellKnown(w), jwk.WithFetchTimeout(timeout), jwk.WithFetchObserver(&events)}
		if client != nil {
			opts = append(opts, jwk.WithHTTPClient(client))
		}
		p, err := jwk.Discover(ctx, issuer, opts...)
		if err == nil {
			m, _ := p.Metadata()
			return &loadedKey{name: fmt.Sprintf("the JWK Set of issuer %s (jwks_uri %s)", issuer, m.JWKSURI), kind: kindSet, key: p}, p, nil
		}
		if errors.Is(err, jwk.ErrInvalidOption) {
			return nil, nil, keyError("-issuer %s: an issuer is an https URL (http only on localhost) without query, fragment or user information (OpenID Connect Discovery 1.0 section 3, RFC 8414 section 2)", issuer)
		}
		doc, kind, status := events.last(true)
		switch {
		case doc == "": // no discovery ran: the error says why
			return nil, nil, keyError("-issuer %s: %v", issuer, oneLine(err))
		case kind == jwk.EventFetched: // the document was read, the JWK Set failed
			set, _, _ := events.last(false)
			return nil, nil, keyError("-issuer %s: jwks_uri %s: %v", issuer, set, oneLine(err))
		case kind == jwk.EventDiscoveryRefused:
			return nil, nil, keyError("-issuer %s: %s: %v", issuer, doc, oneLine(err))
		}
		if status != 0 {
			tried = append(tried, fmt.Sprintf("%s: HTTP status %d %s", doc, status, http.StatusText(status)))
		} else {
			tried = append(tried, doc+": "+oneLine(err))
		}
		if status != http.StatusNotFound { // only an absent document is looked for elsewhere
			break
		}
	}
	msg := strings.Join(tried, "; ")
	if len(tried) == len(kinds) && len(kinds) > 1 {
		msg += " (hint: no discovery document at either well-known URL; for a JWK Set URL, use -key)"
	}
	return nil, nil, keyError("-issuer %s: %s", issuer, msg)
}

// issuerRefused explains a token that -issuer's keys refused before its
// signature was checked, because its "iss" is another issuer's or absent
// (RFC 8725 section 3.8): a claim mismatch (exit 7). It returns nil for
// any other failure.
func issuerRefused(err error, seg *segments, issuer string) error {
	if !errors.Is(err, jwt.ErrInvalidIssuer) || !errors.Is(err, jwt.ErrInvalidKey) {
		return nil
	}
	var c struct {
		Iss json.RawMessage `json:"iss"`
	}
	what := "token has no iss"
	if seg != nil && json.Unmarshal(seg.payload, &c) == nil && c.Iss != nil {
		what = "token iss is " + string(compactJSON(c.Iss))
	}
	return withCode(exitClaims, fmt.Errorf("%s, not the -issuer %q (refused before its signature was checked: an issuer's keys verify only its own tokens, RFC 8725 section 3.8)", what, issuer))
}
