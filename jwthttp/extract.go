package jwthttp

import "net/http"

// Sources says where a token may be sent (RFC 6750 section 2). The zero value is the Authorization header
// only (section 2.1).
type Sources struct {
	Form   bool   // section 2.2: application/x-www-form-urlencoded body, non-GET, single-part
	Query  bool   // section 2.3: access_token query parameter (Cache-Control: private on the response)
	Cookie string // a cookie name for browser apps; "" none
}

// Extract returns the request's one token (RFC 6750 section 2): ErrNoToken when none, an error matching
// ErrInvalidRequest when malformed or sent by two methods.
func (s Sources) Extract(r *http.Request) (string, error) {
	return "", ErrNoToken
}
