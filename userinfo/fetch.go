package userinfo

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"

	"github.com/jotlib/jwt"
)

// Fetch sends the UserInfo Request (OpenID Connect Core 1.0 section
// 5.3.1: GET, the access token in the Authorization header, RFC 6750
// section 2.1, or DPoP-bound with Config.DPoP, RFC 9449 section 7.1),
// checks the response (sections 5.3.2 and 5.3.4: see the package doc) and
// decodes its claims into dst, a non-nil pointer (to a Claims, a struct
// embedding Claims, a map[string]any, ...). idTokenSubject is the "sub" of
// the ID token the access token came with: the response's "sub" MUST
// equal it (ErrSubjectMismatch). dst is written only when every check
// passed (for a JSON response; a signed response is decoded by the jwt
// core, which writes only a token that passed).
//
// Errors: an empty accessToken or idTokenSubject, or a bad dst, is
// jwt.ErrInvalidOption; ErrNoEndpoint; ErrFetch; an *Error (ErrRefused,
// ErrInvalidToken, ErrInsufficientScope) for a refusal (section 5.3.3);
// ErrResponse (ErrBodyTooLarge, ErrSubjectMismatch, ErrOtherKind) for a
// response that must not be used. A nil or zero Client is
// jwt.ErrInvalidOption.
func (c *Client) Fetch(ctx context.Context, accessToken, idTokenSubject string, dst any) error {
	switch {
	case c == nil || c.http == nil:
		return fmt.Errorf("%w: userinfo: nil or zero Client; use NewClient", jwt.ErrInvalidOption)
	case accessToken == "":
		return fmt.Errorf("%w: userinfo: empty access token", jwt.ErrInvalidOption)
	case idTokenSubject == "":
		return fmt.Errorf("%w: userinfo: empty ID token subject: the response's \"sub\" MUST be compared to it (OpenID Connect Core 1.0 section 5.3.4)", jwt.ErrInvalidOption)
	}
	if rv := reflect.ValueOf(dst); !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("%w: userinfo: Fetch needs a non-nil pointer to decode into, got %T", jwt.ErrInvalidOption, dst)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	endpoint, err := c.resolveEndpoint(ctx)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, endpoint, nil)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrFetch, err)
	}
	if c.dpop {
		req.Header.Set("Authorization", "DPoP "+accessToken)
	} else {
		req.Header.Set("Authorization", "Bearer "+accessToken)
	}
	req.Header.Set("Accept", "application/json, application/jwt")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrFetch, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return statusError(resp)
	}
	body, err := readBody(resp.Body, c.maxBody)
	if err != nil {
		return err
	}
	mediaType, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if err != nil {
		return refused("Content-Type %q: %v (OpenID Connect Core 1.0 section 5.3.2: application/json or application/jwt)", resp.Header.Get("Content-Type"), err)
	}
	switch mediaType {
	case "application/json":
		if c.requireSigned {
			return refused("a JSON response, and Config.RequireSigned asks for a signed one (application/jwt)")
		}
		return readJSON(body, idTokenSubject, dst)
	case "application/jwt":
		return c.verifySigned(ctx, body, idTokenSubject, dst)
	}
	return refused("Content-Type %q is neither application/json nor application/jwt (OpenID Connect Core 1.0 section 5.3.2)", mediaType)
}

// readBody reads at most max bytes of body (ErrBodyTooLarge past it).
func readBody(body io.Reader, max int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(body, max+1))
	if err != nil {
		return nil, fmt.Errorf("%w: reading the response: %w", ErrFetch, err)
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%w: over %d bytes", ErrBodyTooLarge, max)
	}
	return b, nil
}

// statusError is the error of a response other than 200: a refusal (an
// *Error, section 5.3.3: RFC 6750 section 3) for a 401 or 403, or a 400
// with a challenge; ErrResponse otherwise.
func statusError(resp *http.Response) error {
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // let the connection be reused
	ch, ok := parseChallenge(resp.Header.Values("WWW-Authenticate"))
	switch {
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden,
		resp.StatusCode == http.StatusBadRequest && ok:
		e := &Error{StatusCode: resp.StatusCode}
		if ok {
			e.Scheme, e.Code, e.Description, e.Scope = ch.scheme, ch.params["error"], ch.params["error_description"], ch.params["scope"]
		}
		return e
	}
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		return refused("status %d: redirects are not followed (the access token goes to the UserInfo Endpoint only)", resp.StatusCode)
	}
	return refused("status %d %s (OpenID Connect Core 1.0 section 5.3.2: 200)", resp.StatusCode, http.StatusText(resp.StatusCode))
}
