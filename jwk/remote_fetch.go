package jwk

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"
)

// fetchResult is what one successful fetch learned.
type fetchResult struct {
	set         *Set
	notModified bool // 304 for our If-None-Match: keep the current set
	etag        string
	maxAge      time.Duration
	hasMaxAge   bool
}

// fetch GETs the JWK Set, bounded by the fetch timeout, Close and the body
// cap, and parses it.
func (r *RemoteSet) fetch(etag string) (fetchResult, error) {
	ctx, cancel := context.WithTimeout(r.ctx, r.cfg.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.url, nil)
	if err != nil {
		return fetchResult{}, fmt.Errorf("%w: %v", ErrFetch, err)
	}
	req.Header.Set("Accept", "application/jwk-set+json, application/json")
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := r.client.Do(req)
	if err != nil {
		return fetchResult{}, fmt.Errorf("%w: %w", ErrFetch, err)
	}
	defer resp.Body.Close()
	res := fetchResult{etag: resp.Header.Get("ETag")}
	res.maxAge, res.hasMaxAge = cacheLifetime(resp.Header)
	switch {
	case resp.StatusCode == http.StatusNotModified && etag != "":
		res.notModified = true
		if res.etag == "" {
			res.etag = etag
		}
		return res, nil
	case resp.StatusCode != http.StatusOK:
		return fetchResult{}, fmt.Errorf("%w: HTTP status %s", ErrFetch, resp.Status)
	}
	if resp.ContentLength > r.cfg.maxBody {
		return fetchResult{}, fmt.Errorf("%w: Content-Length %d > %d", ErrBodyTooLarge, resp.ContentLength, r.cfg.maxBody)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, r.cfg.maxBody+1))
	if err != nil {
		return fetchResult{}, fmt.Errorf("%w: reading the body: %w", ErrFetch, err)
	}
	if int64(len(body)) > r.cfg.maxBody {
		return fetchResult{}, fmt.Errorf("%w: more than %d bytes", ErrBodyTooLarge, r.cfg.maxBody)
	}
	if res.set, err = ParseSet(body); err != nil {
		return fetchResult{}, fmt.Errorf("%w: %w", ErrFetch, err)
	}
	return res, nil
}
