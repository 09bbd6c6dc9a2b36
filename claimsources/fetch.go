package claimsources

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/jotlib/jwt/internal/urlnorm"
)

// distributedSource returns the Source that lists endpoint: exactly
// (Source.Endpoints) or by its origin (Source.Origins). Only https is
// allowed (OpenID Connect Core 1.0 section 16.17: TLS).
func (rv *Resolver) distributedSource(r *ref) (*source, error) {
	if err := httpsURL(r.endpoint); err != nil {
		return nil, fmt.Errorf("%w: source %q endpoint %q: %v", ErrEndpointNotAllowed, r.name, r.endpoint, err)
	}
	if src, ok := rv.endpoints[r.endpoint]; ok {
		return src, nil
	}
	if t, err := urlnorm.Target(r.endpoint); err == nil {
		if i := strings.Index(t[len("https://"):], "/"); i >= 0 {
			if src, ok := rv.origins[t[:len("https://")+i]]; ok {
				return src, nil
			}
		} else if src, ok := rv.origins[t]; ok {
			return src, nil
		}
	}
	return nil, fmt.Errorf("%w: source %q endpoint %q is listed by no Source", ErrEndpointNotAllowed, r.name, r.endpoint)
}

// fetch GETs a distributed source's JWT (section 5.6.2: "The endpoint URL
// MUST return the Claim as a JWT"), with its access token as a Bearer
// credential (RFC 6750 section 2.1) when it has one.
func (rv *Resolver) fetch(ctx context.Context, r *ref) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.endpoint, nil)
	if err != nil {
		return "", fmt.Errorf("%w: source %q: %v", ErrFetchFailed, r.name, err)
	}
	req.Header.Set("Accept", "application/jwt")
	if r.accessToken != "" {
		req.Header.Set("Authorization", "Bearer "+r.accessToken)
	}
	resp, err := rv.client.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w: source %q: %v", ErrFetchFailed, r.name, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%w: source %q: HTTP status %d (redirects are not followed)", ErrFetchFailed, r.name, resp.StatusCode)
	}
	mt, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if err != nil || mt != "application/jwt" {
		return "", fmt.Errorf("%w: source %q: Content-Type %q is not application/jwt", ErrFetchFailed, r.name, truncate(resp.Header.Get("Content-Type")))
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, rv.maxBytes+1))
	if err != nil {
		return "", fmt.Errorf("%w: source %q: reading the body: %v", ErrFetchFailed, r.name, err)
	}
	if int64(len(body)) > rv.maxBytes {
		return "", fmt.Errorf("%w: source %q: more than %d bytes", ErrResponseTooLarge, r.name, rv.maxBytes)
	}
	return string(bytes.TrimSpace(body)), nil
}

// truncate bounds a peer's string in an error.
func truncate(s string) string {
	if len(s) > 64 {
		return s[:64] + "..."
	}
	return s
}
