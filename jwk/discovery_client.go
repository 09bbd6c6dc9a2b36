package jwk

import "net/http"

// HTTPClient returns the client given with WithHTTPClient, which the
// Provider fetches its discovery document (OpenID Connect Discovery 1.0
// section 4, RFC 8414 section 3) and "jwks_uri" with (under its redirect
// rule, on a shallow copy), so that code calling the provider's other
// endpoints (userinfo's "userinfo_endpoint") can use the same one. It is
// nil for a nil or zero Provider and for one fetching with its own private
// client (no WithHTTPClient): http.DefaultClient's behaviour then.
func (p *Provider) HTTPClient() *http.Client {
	if p == nil {
		return nil
	}
	return p.cfg.client
}
