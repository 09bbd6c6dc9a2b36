package jwk

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// fetcher is the fetch machine a RemoteSet (its JWK Set, RFC 7517 section
// 5) and a Provider (its discovery document, OpenID Connect Discovery 1.0
// section 4) embed:
//
//   - one fetch at a time, joined by every caller who waits for it
//     (joinLocked, startLocked, wait);
//   - the failures in a row and a server's Retry-After (RFC 9110 section
//     10.2.3), which space the fetches no caller forces (retryGate): every
//     fetch but Refresh's is started through it, with mu held;
//   - Ready's retries with backoff (ready);
//   - Close (close): no fetch starts afterwards, and the fetch in progress
//     and its owner's background work are cancelled and waited for.
//
// It owns the context every fetch runs under: a zero fetcher (its owner's
// zero value) has none, starts nothing, and made reports it, so that the
// owner refuses to be used instead of crashing. Its mutex also guards the
// owner's fetch state.
type fetcher struct {
	ctx    context.Context // nil: not made by the owner's constructor
	cancel context.CancelFunc
	opts   *remoteConfig  // the owner's: rate limit, minimum refresh interval
	what   string         // what is fetched, for messages: "the JWK Set", "the discovery of ..."
	wg     sync.WaitGroup // the fetches and the owner's background work in progress

	mu        sync.Mutex
	flight    *fetchCall // the fetch in progress, shared by all who wait
	lastStart time.Time  // start of the latest fetch, of any kind
	lastErr   error      // error of the latest fetch, nil after a success
	gate      retryGate  // consecutive failures, Retry-After (remote_retry.go)
	closed    bool

	readyHook func() // tests only: runs at each step of ready before it takes f.mu
}

// fetchCall is one fetch; done is closed when it ends, err is then set.
type fetchCall struct {
	done chan struct{}
	err  error
}

// finished is a fetch that has ended: a caller given it reads the current
// state at once.
var finished = func() *fetchCall {
	c := &fetchCall{done: make(chan struct{})}
	close(c.done)
	return c
}()

// fetchJob is one fetch of the owner's (its fetch function, and how its
// outcome is published).
type fetchJob interface {
	// fetch runs in the fetch's own goroutine, outside the lock, and
	// returns the fetch's error.
	fetch() error
	// publish runs with the lock held once the fetcher has recorded err
	// (lastErr, the gate, at now): it makes the outcome the owner's state
	// and returns the error the fetch's waiters get (err, or ErrClosed for
	// an outcome that came after Close) and what to run once the lock is
	// released, before the waiters return (its events, so that they come
	// in order).
	publish(err error, now time.Time) (after func(), waiters error)
}

// init makes f: its context, ended by close; opts and what are the
// owner's.
func (f *fetcher) init(opts *remoteConfig, what string) {
	f.ctx, f.cancel = context.WithCancel(context.Background())
	f.opts, f.what = opts, what
}

// made reports a fetcher made by init: a zero one fetches nothing.
func (f *fetcher) made() bool { return f.ctx != nil }

// joinLocked is ErrClosed after Close, or the fetch in progress; both nil
// when none is: the caller may start one. f.mu is held.
func (f *fetcher) joinLocked() (*fetchCall, error) {
	if f.closed {
		return nil, ErrClosed
	}
	return f.flight, nil
}

// startLocked starts job; f.mu is held, f is not closed and no fetch is
// in progress.
func (f *fetcher) startLocked(job fetchJob) *fetchCall {
	c := &fetchCall{done: make(chan struct{})}
	f.flight = c
	f.lastStart = time.Now()
	f.wg.Add(1)
	go f.run(c, job)
	return c
}

// joinOrStart returns the fetch in progress, or starts the one job makes
// (called with f.mu held), whatever the gate says: the caller asks
// (Refresh; every other fetch starts through the gate, under f.mu).
// ErrClosed after Close.
func (f *fetcher) joinOrStart(job func() fetchJob) (*fetchCall, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, err := f.joinLocked(); c != nil || err != nil {
		return c, err
	}
	return f.startLocked(job()), nil
}

// run performs job and publishes its outcome.
func (f *fetcher) run(c *fetchCall, job fetchJob) {
	defer f.wg.Done()
	err := job.fetch()
	now := time.Now()
	f.mu.Lock()
	f.lastErr = err
	if err == nil {
		f.gate.succeeded()
	} else {
		f.gate.failed(err, now, f.opts)
	}
	var after func()
	after, c.err = job.publish(err, now)
	f.flight = nil
	f.mu.Unlock()
	if after != nil {
		after()
	}
	close(c.done)
}

// wait waits for c until ctx ends: nil once c has ended (c.err is its
// outcome), ErrFetch with ctx's error when ctx ends first.
func (f *fetcher) wait(ctx context.Context, c *fetchCall) error {
	select {
	case <-c.done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%w: waiting for %s: %w", ErrFetch, f.what, ctx.Err())
	}
}

// readyFirstRetry is Ready's first delay after a failed fetch; it doubles
// up to the minimum refresh interval.
const readyFirstRetry = 250 * time.Millisecond

// ready waits until have reports that the owner can serve, fetching
// meanwhile: it joins the fetch in progress or starts job's, ignoring the
// rate limit as Refresh does but not a server's Retry-After (RFC 9110
// section 10.2.3, at most the rate-limit period), which every fetch but
// Refresh waits for; after a failed fetch it waits readyFirstRetry,
// doubling up to the minimum refresh interval, or until the Retry-After
// has passed. ctx ending first is ErrFetch with the latest fetch's error
// (no fetch starts for a ctx already ended); Close, ErrClosed.
func (f *fetcher) ready(ctx context.Context, have func() bool, job func() fetchJob) error {
	failed := 0 // fetches this call waited for that failed
	for {
		if f.readyHook != nil {
			f.readyHook()
		}
		c, heldUntil, done, err := f.readyStep(ctx, have, job)
		switch {
		case err != nil:
			return err
		case done:
			return nil
		case ctx.Err() != nil:
			return f.notReady(ctx)
		}
		wait := time.Until(heldUntil)
		if c != nil {
			if f.wait(ctx, c) != nil {
				return f.notReady(ctx)
			}
			if c.err == nil {
				continue
			}
			failed++
			delay := doubled(readyFirstRetry, failed, max(f.opts.minRefresh, readyFirstRetry))
			f.mu.Lock()
			wait = f.gate.wait(time.Now(), delay) // a server's Retry-After
			f.mu.Unlock()
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return f.notReady(ctx)
		case <-f.ctx.Done():
			t.Stop()
			return ErrClosed
		}
	}
}

// readyStep is one step of ready, with f.mu held so that what it checks
// still holds when it starts a fetch: ErrClosed after Close, though the
// owner still serves; done when have reports that it can serve (a fetch
// that published since ready last looked is not made again: a Provider's
// second first discovery would replace the first's document and key set);
// nothing for a ctx already ended; the fetch in progress; nothing either
// while a server's Retry-After holds fetches back (heldUntil: when it
// ends), though another fetch's failure brought it after ready's wait
// began; otherwise job's, started.
func (f *fetcher) readyStep(ctx context.Context, have func() bool, job func() fetchJob) (c *fetchCall, heldUntil time.Time, done bool, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch now := time.Now(); {
	case f.closed:
		return nil, time.Time{}, false, ErrClosed
	case have():
		return nil, time.Time{}, true, nil
	case ctx.Err() != nil:
		return nil, time.Time{}, false, nil
	case f.flight != nil:
		return f.flight, time.Time{}, false, nil
	case f.gate.heldBack(now):
		return nil, f.gate.notBefore, false, nil
	}
	return f.startLocked(job()), time.Time{}, false, nil
}

// notReady is ready's error when ctx ends.
func (f *fetcher) notReady(ctx context.Context) error {
	f.mu.Lock()
	last := f.lastErr
	f.mu.Unlock()
	return fmt.Errorf("%w: not ready: waiting for %s: %w (last fetch: %v)", ErrFetch, f.what, ctx.Err(), last)
}

// close closes f: no fetch starts afterwards (ErrClosed); the fetch in
// progress and the owner's background work are cancelled and waited for.
// stop, when not nil, runs with f.mu held as f closes. close reports
// whether this call closed f: false for a zero fetcher, and after the
// first call.
func (f *fetcher) close(stop func()) bool {
	if !f.made() {
		return false
	}
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return false
	}
	f.closed = true
	if stop != nil {
		stop()
	}
	f.mu.Unlock()
	f.cancel()
	f.wg.Wait()
	return true
}
