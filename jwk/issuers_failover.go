package jwk

import (
	"fmt"
	"sync"
)

// failoverRefusals are the reasons an Issuers set gives a remote key set
// not to use its failover URL (WithFailoverURL) now: another issuer's
// discovery document names that URL as its JWK Set (RFC 8725 section 3.8:
// keys fetched from it might be another issuer's). One is shared by a
// remoteConfig and every copy of it: a Provider and each RemoteSet it
// opens. A nil *failoverRefusals refuses nothing.
type failoverRefusals struct {
	mu    sync.Mutex
	check map[*issuerEntry]func() error
}

// add makes check one of the reasons, until remove.
func (f *failoverRefusals) add(e *issuerEntry, check func() error) (remove func()) {
	if f == nil {
		return func() {}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.check == nil {
		f.check = map[*issuerEntry]func() error{}
	}
	f.check[e] = check
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		delete(f.check, e)
	}
}

// refused is why the failover URL may not be used now, or nil.
func (f *failoverRefusals) refused() error {
	if f == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, check := range f.check {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// failoverRemote is the remote key set of e that has a failover URL, or
// nil: a RemoteSet given in Keys, or the set d of its Provider opened.
func (e *issuerEntry) failoverRemote(d *discovered) *RemoteSet {
	var r *RemoteSet
	switch {
	case d != nil:
		r = d.keySet()
	case e.keys != nil:
		r, _ = e.keys.(*RemoteSet)
	}
	if r == nil || r.failoverURL() == "" {
		return nil
	}
	return r
}

// keysNotFromRefusedFailover is lookup (keys from r, directly or through
// a nested Issuers) while another issuer's document names r's failover URL
// (refusal): keys r fetched from it before are not used (RFC 8725 section
// 3.8). A lookup during which r's set changed is made again, so that the
// set checked is the set that answered (each fetch stores a new snapshot).
func keysNotFromRefusedFailover(r *RemoteSet, lookup func() ([]any, error), refusal error) ([]any, error) {
	for range 3 {
		before := r.current()
		if r.servedByFailover(before) {
			return nil, fmt.Errorf("%w; the keys held were fetched from it", refusal)
		}
		keys, err := lookup()
		if r.current() == before {
			return keys, err
		}
	}
	return nil, fmt.Errorf("%w: the JWK Set changed during each of three lookups", ErrFetch)
}
