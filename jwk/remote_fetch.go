package jwk

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/jotlib/jwt/internal/httpcache"
)

// fetchResult is what one successful fetch learned.
type fetchResult struct {
	set         *Set
	notModified bool // 304 for our If-None-Match: keep the current set
	url         string
	etag        string
	maxAge      time.Duration
	hasMaxAge   bool
	status      int
}

// fetch GETs the JWK Set from the URL and, when that fails, from the
// failover URL (WithFailoverURL). Each attempt is bounded by the fetch
// timeout, Close and the body cap. prev is the set held, whose ETag is sent
// to the URL that served it only; noCache asks caches on the way to
// revalidate (RFC 9111 section 5.2.1.4).
func (r *RemoteSet) fetch(prev *snapshot, noCache bool) (fetchResult, error) {
	res, err := r.fetchFrom(r.url, prev, noCache)
	if err == nil || r.cfg.failover == "" || r.ctx.Err() != nil {
		return res, err
	}
	if refused := r.failoverRefused(); refused != nil { // RFC 8725 section 3.8 (issuers_failover.go)
		return res, fmt.Errorf("%w (failover %s not tried: %w)", err, redactURL(r.cfg.failover), refused)
	}
	res2, err2 := r.fetchFrom(r.cfg.failover, prev, noCache)
	if err2 != nil {
		return res2, fmt.Errorf("%w (failover %s: %w)", err, redactURL(r.cfg.failover), err2)
	}
	return res2, nil
}

// fetchFrom is one attempt at url; a failure is reported to the observer
// here, a success by run once it is published. A set with no usable key
// is refused here while prev has usable keys (unless
// WithEmptySetReplaces): the last good keys stay, and the failover URL is
// tried.
func (r *RemoteSet) fetchFrom(url string, prev *snapshot, noCache bool) (fetchResult, error) {
	etag := ""
	if prev != nil && prev.url == url {
		etag = prev.etag
	}
	start := time.Now()
	res, err := r.fetchURL(url, etag, noCache)
	res.url = url
	kind := EventFetchFailed
	if err == nil && !res.notModified && !r.cfg.emptyReplaces && res.set.remoteUsable() == 0 &&
		prev != nil && prev.set.remoteUsable() > 0 {
		err, kind = noUsableKey(url, res.set), EventNoUsableKey
	}
	if err != nil && r.cfg.observer != nil {
		e := FetchEvent{Kind: kind, URL: redactURL(url), Status: res.status, Err: err, Duration: time.Since(start)}
		if kind == EventNoUsableKey {
			e.Keys, e.Skipped = res.set.Len(), len(res.set.skipped)
		}
		r.observe(r.ctx, e)
	}
	return res, err
}

// noUsableKey refuses a fetched set with no key a remote set verifies
// with, while the last good keys have some (issue 21 item 4).
func noUsableKey(url string, s *Set) error {
	return fmt.Errorf("%w: the JWK Set at %s has no usable key (%d keys, %d skipped): the last good keys are kept (WithEmptySetReplaces serves such a set)",
		ErrFetch, redactURL(url), s.Len(), len(s.skipped))
}

func (r *RemoteSet) fetchURL(url, etag string, noCache bool) (fetchResult, error) {
	ctx, cancel := context.WithTimeout(r.ctx, r.cfg.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fetchResult{}, fmt.Errorf("%w: %v", ErrFetch, err)
	}
	req.Header.Set("Accept", "application/jwk-set+json, application/json")
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	if noCache {
		// A fetch for an unknown kid wants the provider's current set, not
		// a cache's copy of the one we hold (RFC 9111 section 5.2.1.4).
		req.Header.Set("Cache-Control", "no-cache")
	}
	resp, err := r.client.Do(req)
	if err != nil {
		return fetchResult{}, fmt.Errorf("%w: %w", ErrFetch, err)
	}
	defer resp.Body.Close()
	res := fetchResult{etag: resp.Header.Get("ETag"), status: resp.StatusCode}
	res.maxAge, res.hasMaxAge = httpcache.Lifetime(resp.Header)
	switch {
	case resp.StatusCode == http.StatusNotModified && etag != "":
		res.notModified = true
		if res.etag == "" {
			res.etag = etag
		}
		return res, nil
	case resp.StatusCode != http.StatusOK:
		return fetchResult{status: resp.StatusCode}, newStatusError("", resp)
	}
	body, err := readBody(resp, r.cfg.maxBody)
	if err != nil {
		return fetchResult{status: resp.StatusCode}, err
	}
	if res.set, err = ParseSet(body); err != nil {
		return fetchResult{status: resp.StatusCode}, fmt.Errorf("%w: %w", ErrFetch, err)
	}
	return res, nil
}

// readBody reads a response body of at most max bytes: a longer one, by
// Content-Length or by what arrives, is ErrBodyTooLarge.
func readBody(resp *http.Response, max int64) ([]byte, error) {
	if resp.ContentLength > max {
		return nil, fmt.Errorf("%w: Content-Length %d > %d", ErrBodyTooLarge, resp.ContentLength, max)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, fmt.Errorf("%w: reading the body: %w", ErrFetch, err)
	}
	if int64(len(body)) > max {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrBodyTooLarge, max)
	}
	return body, nil
}
