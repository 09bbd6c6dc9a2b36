package jwthttp

import "errors"

// ErrInvalidRequest reports a malformed request (RFC 6750 section 3.1 "invalid_request", HTTP 400): two
// Authorization header fields, two credentials in one field, anything after the token68, a token sent by
// two methods, a form token on a GET, a repeated access_token parameter, ...
var ErrInvalidRequest = errors.New("jwthttp: invalid_request")

// ErrNoToken reports a request that carried no bearer token at all (RFC 6750 section 3.1: the challenge
// then carries no error code).
var ErrNoToken = errors.New("jwthttp: no bearer token in the request")
