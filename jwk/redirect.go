package jwk

import (
	"errors"
	"net/http"
)

// withRedirectPolicy returns a shallow copy of client whose CheckRedirect
// applies redirectPolicy first and then client's own CheckRedirect, if any
// (nil is Go's default, at most 10 redirects, which ours already bounds).
// client itself is never changed, and the copy shares its Transport, Jar
// and Timeout. Every fetch of a document that names keys (a JWK Set, a
// discovery document) goes through such a client, so the rule holds
// whatever client a caller gives.
func withRedirectPolicy(client *http.Client, allowInsecure bool) *http.Client {
	ours, theirs := redirectPolicy(allowInsecure), client.CheckRedirect
	c := *client
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if err := ours(req, via); err != nil {
			return err
		}
		if theirs != nil {
			return theirs(req, via)
		}
		return nil
	}
	return &c
}

// redirectPolicy follows at most 5 redirects, each to a URL NewRemoteSet
// would accept (https; http only on the loopback interface or with
// WithInsecureHTTP), and never from https to http, not even to loopback.
func redirectPolicy(allowInsecure bool) func(req *http.Request, via []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) >= 5 {
			return errors.New("too many redirects")
		}
		for _, prev := range via {
			if prev.URL.Scheme == "https" && req.URL.Scheme != "https" {
				return errors.New("redirect from https to " + req.URL.Scheme)
			}
		}
		return checkURL(req.URL.String(), allowInsecure)
	}
}
