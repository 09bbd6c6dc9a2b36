package vc

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/httpcache"
	"github.com/jotlib/jwt/internal/strictjson"
	"github.com/jotlib/jwt/jwk"
)

// maxRedirects bounds the redirects one retrieval follows
// (draft-ietf-oauth-sd-jwt-vc section 3: "MUST limit the number of
// redirects followed for a single retrieval").
const maxRedirects = 3

// Metadata is a JWT VC Issuer Metadata configuration that passed section
// 5.2 and 5.3: Issuer is identical to the "iss" it was fetched for, and
// exactly one of JWKS and JWKSURI is set.
type Metadata struct {
	// Issuer is the "issuer" parameter (section 4.2).
	Issuer string
	// JWKS is the "jwks" parameter, parsed by jwk.ParseSet; nil when the
	// document has "jwks_uri".
	JWKS *jwk.Set
	// JWKSURI is the "jwks_uri" parameter, an https URL; empty when the
	// document has "jwks".
	JWKSURI string
}

// limitRedirects returns a copy of client that follows at most
// maxRedirects redirects, each to an https URL (section 3), before
// client's own CheckRedirect. The "jwks_uri" fetch (jwk.RemoteSet) goes
// through such a client too: jwk applies its own rule (at most 5, https)
// and then this one, so the stricter bound of 3 holds for it.
func limitRedirects(client *http.Client) *http.Client {
	c := *client
	userCheck := client.CheckRedirect
	c.CheckRedirect = func(r *http.Request, via []*http.Request) error {
		if len(via) > maxRedirects {
			return fmt.Errorf("more than %d redirects (draft-ietf-oauth-sd-jwt-vc section 3)", maxRedirects)
		}
		if r.URL.Scheme != "https" {
			return fmt.Errorf("redirect to a non-https URL %s (draft-ietf-oauth-sd-jwt-vc section 3)", bounded.Quote(r.URL.Redacted()))
		}
		if userCheck != nil {
			return userCheck(r, via)
		}
		return nil
	}
	return &c
}

// fetched is a Metadata with its freshness from Cache-Control (RFC 9111).
type fetched struct {
	meta        Metadata
	maxAge      time.Duration
	hasLifetime bool
}

// fetchMetadata retrieves and checks the JWT VC Issuer Metadata of iss
// (sections 3, 4.1, 4.2, 4.3): one bounded GET, at most maxRedirects https
// redirects, a 200 response of media type application/json and at most
// maxBody bytes, a strict JSON object.
func fetchMetadata(ctx context.Context, client *http.Client, iss string, maxBody int64, timeout time.Duration) (fetched, error) {
	where, err := MetadataURL(iss)
	if err != nil {
		return fetched{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, where, nil)
	if err != nil {
		return fetched{}, fmt.Errorf("%w: %v", ErrMetadata, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := limitRedirects(client).Do(req)
	if err != nil {
		return fetched{}, fmt.Errorf("%w: %s: %v", ErrMetadata, where, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
		return fetched{}, fmt.Errorf("%w: %s: status %d (draft-ietf-oauth-sd-jwt-vc section 3: an error response is never used)", ErrMetadata, where, resp.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return fetched{}, fmt.Errorf("%w: %s: %v", ErrMetadata, where, err)
	}
	if int64(len(body)) > maxBody {
		return fetched{}, fmt.Errorf("%w: %s: body over %d bytes (draft-ietf-oauth-sd-jwt-vc section 3: size-bound retrieval)", ErrMetadata, where, maxBody)
	}
	if mt, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return fetched{}, fmt.Errorf("%w: %s: Content-Type %s is not application/json (section 4.2)", ErrMetadataRefused, where, bounded.Quote(resp.Header.Get("Content-Type")))
	}
	meta, err := parseMetadata(body, iss)
	if err != nil {
		return fetched{}, fmt.Errorf("%s: %w", where, err)
	}
	f := fetched{meta: meta}
	f.maxAge, f.hasLifetime = httpcache.Lifetime(resp.Header)
	return f, nil
}

// parseMetadata checks a JWT VC Issuer Metadata document (sections 4.2,
// 5.3). Parameters other than issuer, jwks and jwks_uri are ignored
// (section 4.2: "Additional ... parameters MAY also be used").
func parseMetadata(body []byte, iss string) (Metadata, error) {
	refuse := func(format string, args ...any) (Metadata, error) {
		return Metadata{}, fmt.Errorf("%w: "+format, append([]any{ErrMetadataRefused}, args...)...)
	}
	var issuer, jwks, jwksURI []byte
	err := strictjson.Object(body, func(k strictjson.Key, v []byte) error {
		switch {
		case k.Is("issuer"):
			issuer = v
		case k.Is("jwks"):
			jwks = v
		case k.Is("jwks_uri"):
			jwksURI = v
		}
		return nil
	})
	if err != nil {
		return refuse("not a strict JSON object: %v", err)
	}
	var m Metadata
	var ok bool
	if issuer == nil {
		return refuse(`no "issuer" (section 4.2: REQUIRED)`)
	}
	if m.Issuer, ok = strictjson.String(issuer); !ok {
		return refuse(`"issuer" is not a string`)
	}
	if m.Issuer != iss {
		return refuse(`"issuer" %s is not identical to iss %s (section 4.3)`, bounded.Quote(m.Issuer), bounded.Quote(iss))
	}
	switch {
	case jwks != nil && jwksURI != nil:
		return refuse(`both "jwks" and "jwks_uri" (section 4.2: "but not both")`)
	case jwks == nil && jwksURI == nil:
		return refuse(`neither "jwks" nor "jwks_uri" (section 4.2: "MUST include either")`)
	case jwks != nil:
		if len(jwks) == 0 || jwks[0] != '{' {
			return refuse(`"jwks" is not a JSON object (section 4.2)`)
		}
		set, err := jwk.ParseSet(jwks)
		if err != nil {
			return refuse(`"jwks": %v`, err)
		}
		if set.Len() == 0 {
			return refuse(`"jwks" has no usable key`)
		}
		m.JWKS = set
	default:
		if m.JWKSURI, ok = strictjson.String(jwksURI); !ok {
			return refuse(`"jwks_uri" is not a string`)
		}
		if !strings.HasPrefix(m.JWKSURI, "https://") || strings.Contains(m.JWKSURI, "#") {
			return refuse(`"jwks_uri" %s is not an https URL without fragment (section 3)`, bounded.Quote(m.JWKSURI))
		}
	}
	return m, nil
}
