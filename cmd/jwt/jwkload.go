package main

import "errors"

// errJWKUnsupported is returned until package jwk lands.
var errJWKUnsupported = errors.New("JWK and JWK Set keys are not supported yet; use a PEM key or a raw secret")

// parseJWKKey reads a JWK or a JWK Set.
func parseJWKKey(data []byte, name string) (*loadedKey, error) {
	return nil, keyError("%s: %v", name, errJWKUnsupported)
}

// loadRemoteSet makes a remote JWK Set for a URL.
func loadRemoteSet(url string) (*loadedKey, error) {
	return nil, keyError("%s: %v", url, errJWKUnsupported)
}
