package jwk

// What an Issuers set asks of the RemoteSets and Providers it verifies
// with (RFC 8725 section 3.8: each issuer's keys are its own): the JWK Set
// URLs they are configured with, compared across issuers; where to tell a
// remote key set not to use its failover URL; who hears their events.
// Issuers calls these methods, never their fields.

// setURL is the JWK Set URL r was made with.
func (r *RemoteSet) setURL() string { return r.url }

// failoverURL is r's WithFailoverURL, or "".
func (r *RemoteSet) failoverURL() string { return r.cfg.failover }

// failoverURL is p's WithFailoverURL (its key sets'), or "".
func (p *Provider) failoverURL() string { return p.cfg.failover }

// refusals holds the reasons not to use r's failover URL now.
func (r *RemoteSet) refusals() *failoverRefusals { return r.cfg.refusals }

// refusals holds the reasons not to use the failover URL of the key sets
// p opens (one for them all).
func (p *Provider) refusals() *failoverRefusals { return p.cfg.refusals }

// observer is r's WithFetchObserver, or nil.
func (r *RemoteSet) observer() FetchObserver { return r.cfg.observer }

// observer is p's WithFetchObserver, or nil.
func (p *Provider) observer() FetchObserver { return p.cfg.observer }

// current is the set r serves, or nil.
func (r *RemoteSet) current() *snapshot { return r.cur.Load() }

// current is the discovered state, or nil before discovery.
func (p *Provider) current() *discovered { return p.cur.Load() }

// jwksURI is the document's "jwks_uri", as given.
func (d *discovered) jwksURI() string { return d.meta.JWKSURI }

// keySet is the key set opened on it.
func (d *discovered) keySet() *RemoteSet { return d.keys }

// failoverRefused is why r may not fetch from its failover URL now, or nil.
func (r *RemoteSet) failoverRefused() error {
	return r.cfg.refusals.refused()
}

// servedByFailover reports a set fetched from r's failover URL.
func (r *RemoteSet) servedByFailover(s *snapshot) bool {
	return s != nil && r.cfg.failover != "" && s.url == r.cfg.failover
}
