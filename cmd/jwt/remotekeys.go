package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// notASetHint is added to a -key URL's failure when the URL answered 404
// or served something other than a JWK Set: an issuer's URL, or its
// discovery document, given where its "jwks_uri" belongs.
const notASetHint = "hint: if this is an issuer, use -issuer; a JWK Set URL is the discovery document's jwks_uri"

// loadRemoteSet fetches a JWK Set once, from an https URL (or http on the
// loopback interface, for local testing), within timeout, with client
// (nil: a private one). Fetch failures (network, status, size cap, an
// invalid set) are key errors.
func loadRemoteSet(url string, timeout time.Duration, client *http.Client) (*loadedKey, error) {
	var events fetchLog
	opts := []jwk.RemoteOption{jwk.WithFetchTimeout(timeout), jwk.WithFetchObserver(&events)}
	if client != nil {
		opts = append(opts, jwk.WithHTTPClient(client))
	}
	rs, err := jwk.NewRemoteSet(url, opts...)
	if errors.Is(err, jwk.ErrInvalidOption) {
		return nil, keyError("%s: only https URLs are fetched (http only on localhost)", url)
	}
	if err != nil {
		return nil, keyError("%s: %v", url, oneLine(err))
	}
	defer rs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := rs.Refresh(ctx); err != nil {
		msg := oneLine(err)
		if _, _, status := events.last(false); status == http.StatusNotFound || errors.Is(err, jwk.ErrInvalidSet) {
			msg += " (" + notASetHint + ")"
		}
		return nil, keyError("%s: %s", url, msg)
	}
	set := rs.Set()
	if set == nil || set.Len() == 0 {
		return nil, keyError("%s: the JWK Set has no usable key", url)
	}
	return &loadedKey{name: url, kind: kindSet, key: &fetchedSet{set}}, nil
}

// fetchedSet is a JWK Set fetched from a URL: a jwt.KeySet whose "oct"
// keys never verify. A secret served by a URL is published, so whoever can
// read the set could sign (RFC 7517 section 7: non-public key material
// MUST be protected); HS* tokens are refused before any key is looked up,
// as jwk.RemoteSet and jwk.Provider refuse them.
type fetchedSet struct{ set *jwk.Set }

// VerificationKeys implements jwt.KeySet (RFC 7515 sections 4.1.1 and
// 4.1.4): the set's keys for the header's "alg" and "kid", never for HS*.
func (f *fetchedSet) VerificationKeys(ctx context.Context, h *jwt.Header) ([]any, error) {
	if h != nil {
		switch jwt.Algorithm(h.Algorithm) {
		case jwt.HS256, jwt.HS384, jwt.HS512:
			return nil, fmt.Errorf("%w: %w: %s: a JWK Set served at a URL is public, so its \"oct\" keys never verify (RFC 7517 section 7)",
				jwk.ErrKeyNotFound, jwt.ErrAlgorithmNotAllowed, h.Algorithm)
		}
	}
	return f.set.VerificationKeys(ctx, h)
}
