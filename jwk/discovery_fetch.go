package jwk

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/jotlib/jwt/internal/strictjson"
)

// fetchDocument GETs the metadata document, bounded by the fetch timeout,
// Close and the body cap, through the client with the redirect rule, and
// checks it. refused reports a document that was read and refused.
func (p *Provider) fetchDocument() (meta ProviderMetadata, status int, refused bool, err error) {
	ctx, cancel := context.WithTimeout(p.ctx, p.cfg.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.docURL, nil)
	if err != nil {
		return meta, 0, false, fmt.Errorf("%w: discovery: %v", ErrFetch, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return meta, 0, false, fmt.Errorf("%w: discovery: %w", ErrFetch, err)
	}
	defer resp.Body.Close()
	// Discovery section 4.2: "A successful response MUST use the 200 OK HTTP
	// status code"; RFC 8414 section 3.2 likewise.
	if resp.StatusCode != http.StatusOK {
		return meta, resp.StatusCode, false, newStatusError("discovery: ", resp) // with Retry-After on 429/503
	}
	body, err := readBody(resp, p.cfg.maxBody)
	if err != nil {
		return meta, resp.StatusCode, false, fmt.Errorf("discovery document: %w", err)
	}
	meta, err = parseMetadata(body, p.issuer, resp.Request.URL, p.cfg.allowInsecure)
	if err != nil {
		return meta, resp.StatusCode, true, fmt.Errorf("%w: of %q: %w", ErrDiscoveryRefused, p.issuer, err)
	}
	return meta, resp.StatusCode, false, nil
}

// errNotString is a member of the wrong type.
var errNotString = errors.New("not a string")

// parseMetadata checks a discovery document: one strict JSON object (no
// duplicate or look-alike member names, valid UTF-8) whose "issuer" is
// exactly issuer and whose "jwks_uri" may be fetched after from, the URL
// that served the document.
func parseMetadata(body []byte, issuer string, from *url.URL, allowInsecure bool) (ProviderMetadata, error) {
	var m ProviderMetadata
	var hasIssuer bool
	var endpoints []string // the endpoint members present, in order
	err := strictjson.Object(body, func(key strictjson.Key, value []byte) error {
		var ok bool
		switch {
		case key.Is("issuer"):
			if m.Issuer, ok = strictjson.String(value); !ok {
				return fmt.Errorf(`"issuer": %w`, errNotString)
			}
			hasIssuer = true
		case key.Is("jwks_uri"):
			if m.JWKSURI, ok = strictjson.String(value); !ok {
				return fmt.Errorf(`"jwks_uri": %w`, errNotString)
			}
		case endpointField(&m, key) != nil:
			// Every endpoint is OPTIONAL (Discovery 3, RFC 8414 2): null
			// and "" advertise none and read as absent; any other value
			// must be a string, and is checked below.
			if string(value) == "null" {
				return nil
			}
			f := endpointField(&m, key)
			if *f, ok = strictjson.String(value); !ok {
				return fmt.Errorf("%q: %w", key.Name(), errNotString)
			}
			if *f != "" {
				endpoints = append(endpoints, key.Name())
			}
		case key.Is("id_token_signing_alg_values_supported"):
			if _, ok := strictjson.StringArray(value); !ok {
				return errors.New(`"id_token_signing_alg_values_supported" is not an array of strings`)
			}
			m.hasAlgs = true
			m.IDTokenSigningAlgValuesSupported = []string{}
			strictjson.EachArrayElement(value, func(elem []byte) bool {
				s, _ := strictjson.String(elem)
				m.IDTokenSigningAlgValuesSupported = append(m.IDTokenSigningAlgValuesSupported, s)
				return true
			})
		}
		return nil
	})
	switch {
	case err != nil:
		return m, err
	case !hasIssuer:
		return m, errors.New(`no "issuer"`)
	case m.Issuer != issuer:
		// Discovery section 4.3; RFC 8414 section 3.3: "If these values are
		// not identical, the data contained in the response MUST NOT be
		// used."
		return m, fmt.Errorf(`%w: "issuer" %q is not %q, the issuer asked for (Discovery 4.3, RFC 8414 3.3)`, ErrIssuerMismatch, m.Issuer, issuer)
	case m.JWKSURI == "":
		return m, errors.New(`no "jwks_uri"`)
	}
	if err := checkJWKSURI(m.JWKSURI, from, allowInsecure); err != nil {
		return m, err
	}
	for _, name := range endpoints {
		if err := checkEndpoint(name, *endpointField(&m, strictjson.Key{Raw: []byte(name)}), from, allowInsecure); err != nil {
			return m, err
		}
	}
	m.Raw = bytes.Clone(body)
	return m, nil
}

// checkJWKSURI accepts a "jwks_uri" NewRemoteSet would accept (its host
// one spelling: keySetHostProblem), and never http after an https
// document (as a redirect would not be).
func checkJWKSURI(raw string, from *url.URL, allowInsecure bool) error {
	if problem := urlProblem(raw, allowInsecure); problem != "" {
		return fmt.Errorf(`"jwks_uri": %s`, problem)
	}
	if problem := keySetHostProblem(raw); problem != "" {
		return fmt.Errorf(`"jwks_uri": %s`, problem)
	}
	if from != nil && from.Scheme == "https" && !strings.HasPrefix(strings.ToLower(raw), "https:") {
		return fmt.Errorf(`"jwks_uri" %q is not https, and the document was`, raw)
	}
	return nil
}

// endpointField returns the ProviderMetadata field of the endpoint member
// key names (Discovery section 3, RFC 8414 section 2, RP-Initiated Logout
// 1.0 section 2.1), or nil for any other member.
func endpointField(m *ProviderMetadata, key strictjson.Key) *string {
	switch {
	case key.Is("authorization_endpoint"):
		return &m.AuthorizationEndpoint
	case key.Is("token_endpoint"):
		return &m.TokenEndpoint
	case key.Is("userinfo_endpoint"):
		return &m.UserInfoEndpoint
	case key.Is("end_session_endpoint"):
		return &m.EndSessionEndpoint
	case key.Is("revocation_endpoint"):
		return &m.RevocationEndpoint
	case key.Is("introspection_endpoint"):
		return &m.IntrospectionEndpoint
	}
	return nil
}

// checkEndpoint accepts an endpoint URL under jwks_uri's scheme rules
// (Discovery section 3: "This URL MUST use the https scheme"; http only on
// loopback or with WithInsecureHTTP, never after an https document) with
// no fragment (RFC 6749 sections 3.1 and 3.2: "MUST NOT include a fragment
// component").
func checkEndpoint(name, raw string, from *url.URL, allowInsecure bool) error {
	if problem := urlProblem(raw, allowInsecure); problem != "" {
		return fmt.Errorf("%q: %s (Discovery 3)", name, problem)
	}
	if strings.Contains(raw, "#") {
		return fmt.Errorf("%q %q has a fragment (RFC 6749 3.1, 3.2)", name, raw)
	}
	if from != nil && from.Scheme == "https" && !strings.HasPrefix(strings.ToLower(raw), "https:") {
		return fmt.Errorf("%q %q is not https, and the document was", name, raw)
	}
	return nil
}
