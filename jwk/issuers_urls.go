package jwk

import (
	"fmt"
	"slices"
	"sort"
	"sync"
)

// urlOwners knows which issuer of an Issuers set holds which JWK Set URL
// (RFC 8725 section 3.8: each issuer's keys are its own), URLs compared
// after RFC 3986 section 6.2.2 normalisation. A URL configured explicitly
// (a RemoteSet's URL, a WithFailoverURL) is held by the issuer whose config
// names it, from NewIssuers on. A discovered "jwks_uri" that no one holds
// is held by the issuer whose document named it first: claims rank by when
// they were made, and claims made while several issuers are discovered at
// once (a batch: Ready, or the sweep before a failover URL is used) rank
// as one, by the order of NewIssuers' configs. Every other issuer whose
// document names a held URL is refused, and a failover URL that another
// issuer's document names is not used by its holder (issuers_failover.go).
type urlOwners struct {
	mu        sync.Mutex
	explicit  map[string]explicitURL // normalised URL → its configured holder
	failovers map[string][]string    // issuer → its failover URLs, normalised
	claims    map[string]claim       // issuer → its current document's "jwks_uri"
	claimants map[string][]string    // normalised URL → the issuers whose document names it
	index     map[string]int         // issuer → its place in NewIssuers' configs
	seq       uint64                 // the latest claim's rank
	batch     *batch                 // the issuers being discovered at once, while they are
}

// explicitURL is a configured URL and its issuer.
type explicitURL struct {
	issuer   string
	failover bool
}

// claim is the "jwks_uri" of an issuer's current document, normalised,
// and its rank: claims of lower seq were made earlier.
type claim struct {
	url string
	seq uint64
}

// batch is a discovery of several issuers at once: their claims share one
// rank; their verifications wait until every member's discovery has ended.
type batch struct {
	seq     uint64
	members map[string]bool
	done    chan struct{}
}

func (o *urlOwners) init() {
	o.explicit = map[string]explicitURL{}
	o.failovers = map[string][]string{}
	o.claims = map[string]claim{}
	o.claimants = map[string][]string{}
	o.index = map[string]int{}
}

// configure records issuer, the index-th config, and its configured URLs,
// refusing one already another issuer's (ErrInvalidOption): NewIssuers
// knows them all.
func (o *urlOwners) configure(issuer string, index int, urls []configuredURL) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.index[issuer] = index
	for _, c := range urls {
		u := normalizeURL(c.url)
		if x, held := o.explicit[u]; held && x.issuer != issuer {
			return fmt.Errorf("%w: the JWK Set URL %s is also issuer %q's: each issuer's keys are its own", ErrInvalidOption, redactURL(c.url), x.issuer)
		}
		o.explicit[u] = explicitURL{issuer: issuer, failover: c.failover}
		if c.failover && !slices.Contains(o.failovers[issuer], u) {
			o.failovers[issuer] = append(o.failovers[issuer], u)
		}
	}
	return nil
}

// configuredURL is a URL in an issuer's configuration.
type configuredURL struct {
	url      string
	failover bool // a WithFailoverURL
}

// earlier reports claim a of issuer x ranking before claim b of issuer y.
// o.mu is held.
func (o *urlOwners) earlier(a claim, x string, b claim, y string) bool {
	if a.seq != b.seq {
		return a.seq < b.seq
	}
	return o.index[x] < o.index[y]
}

// holder is the issuer holding u, "" when no one does; configured, when
// its configuration names u. o.mu is held.
func (o *urlOwners) holder(u string) (issuer string, configured *explicitURL) {
	if x, ok := o.explicit[u]; ok {
		return x.issuer, &x
	}
	for _, iss := range o.claimants[u] {
		if issuer == "" || o.earlier(o.claims[iss], iss, o.claims[issuer], issuer) {
			issuer = iss
		}
	}
	return issuer, nil
}

// others are the claimants of u but issuer, earliest first. o.mu is held.
func (o *urlOwners) others(u, issuer string) []string {
	var out []string
	for _, iss := range o.claimants[u] {
		if iss != issuer {
			out = append(out, iss)
		}
	}
	sort.Slice(out, func(i, j int) bool { return o.earlier(o.claims[out[i]], out[i], o.claims[out[j]], out[j]) })
	return out
}

// refusal is why issuer may not use its discovered keys: its document
// names a JWK Set URL another issuer holds. o.mu is held.
func (o *urlOwners) refusal(issuer string) (url string, err error) {
	c, ok := o.claims[issuer]
	if !ok {
		return "", nil
	}
	h, configured := o.holder(c.url)
	if h == "" || h == issuer {
		return "", nil
	}
	why := "its discovery document named it first"
	switch {
	case configured != nil && configured.failover:
		why = "its configured WithFailoverURL"
	case configured != nil:
		why = "configured in its IssuerConfig.Keys"
	case o.claims[h].seq == c.seq:
		why = "discovered at the same time, and listed earlier in NewIssuers' configs"
	}
	return c.url, fmt.Errorf("%w: the discovery document of issuer %q names the JWK Set at %s, which is issuer %q's (%s): "+
		"each issuer's keys must be its own (RFC 8725 section 3.8), so issuer %q is refused until its document names a set of its own",
		ErrDiscoveryRefused, issuer, c.url, h, why, issuer)
}

// failoverRefusal is why issuer may not use its failover URL: another
// issuer's document names it as its JWK Set. o.mu is held.
func (o *urlOwners) failoverRefusal(issuer string) error {
	for _, u := range o.failovers[issuer] {
		if others := o.others(u, issuer); len(others) > 0 {
			return fmt.Errorf("%w: the failover URL %s of issuer %q is the JWK Set that the discovery document of issuer %q names: "+
				"it is not used for the tokens of issuer %q (RFC 8725 section 3.8)", ErrDiscoveryRefused, u, issuer, others[0], issuer)
		}
	}
	return nil
}

// claimSeq is the rank of a claim issuer makes now: its batch's, or a new
// one. o.mu is held.
func (o *urlOwners) claimSeq(issuer string) uint64 {
	if b := o.batch; b != nil && b.members[issuer] {
		return b.seq
	}
	o.seq++
	return o.seq
}

// setClaim makes u issuer's claim, keeping its rank when the URL is the
// same, and returns the URLs whose holders may have changed. o.mu is held.
func (o *urlOwners) setClaim(issuer, u string) (changed []string) {
	old, had := o.claims[issuer]
	if had && old.url == u {
		return []string{u}
	}
	if had {
		o.claimants[old.url] = slices.DeleteFunc(o.claimants[old.url], func(s string) bool { return s == issuer })
		if len(o.claimants[old.url]) == 0 {
			delete(o.claimants, old.url)
		}
		changed = append(changed, old.url)
	}
	o.claims[issuer] = claim{url: u, seq: o.claimSeq(issuer)}
	o.claimants[u] = append(o.claimants[u], issuer)
	return append(changed, u)
}

// concerned are the issuers whose state u's holder decides: its
// claimants and its configured holder. o.mu is held.
func (o *urlOwners) concerned(u string, into map[string]bool) {
	for _, iss := range o.claimants[u] {
		into[iss] = true
	}
	if x, ok := o.explicit[u]; ok {
		into[x.issuer] = true
	}
}
