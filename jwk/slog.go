package jwk

import (
	"context"
	"log/slog"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
)

// SlogObserver logs verifications (RFC 7519 section 7.2; jwt.VerifyObserver,
// for jwt.WithObserver) and fetch events (FetchObserver, for
// WithFetchObserver) to a log/slog Logger. It logs what the events hold
// and nothing more: never a token, a signature, a claim but "iss", or key
// material. Levels: a verified token Debug, a refused one Info; fetched
// Info, not modified Debug; a failed fetch, a rate-limited "kid", stale
// keys and a set with no usable key Warn; a refused discovery document
// Error. Nothing is formatted for a level the logger does not enable.
// Unverified values ("alg", "kid"; RFC 8725 section 3.10) are cut to 100
// bytes, marked. A zero SlogObserver logs to slog.Default(); a nil one
// logs nothing.
type SlogObserver struct {
	log *slog.Logger
}

var (
	_ jwt.VerifyObserver = (*SlogObserver)(nil)
	_ FetchObserver      = (*SlogObserver)(nil)
)

// NewSlogObserver logs jwt.VerifyEvent (RFC 7519 section 7.2's outcome)
// and FetchEvent (RFC 7517 section 5, Discovery section 4) to l; nil is
// slog.Default().
func NewSlogObserver(l *slog.Logger) *SlogObserver {
	if l == nil {
		l = slog.Default()
	}
	return &SlogObserver{log: l}
}

// ObserveVerify logs one verification's outcome (jwt.VerifyEvent): the
// outcome's sentinel, "alg", "kid", "iss" when the signature verified, and
// the duration.
func (o *SlogObserver) ObserveVerify(ctx context.Context, e jwt.VerifyEvent) {
	log := o.logger()
	level, msg := slog.LevelDebug, "jwt verified"
	if e.Outcome != nil {
		level, msg = slog.LevelInfo, "jwt refused"
	}
	if log == nil || !log.Enabled(ctx, level) {
		return
	}
	attrs := make([]slog.Attr, 0, 6)
	if e.Outcome != nil {
		attrs = append(attrs, slog.String("outcome", e.Outcome.Error()))
	}
	attrs = append(attrs, slog.String("alg", bounded.String(e.Algorithm)), slog.String("kid", bounded.String(e.KeyID)))
	if e.Issuer != "" {
		attrs = append(attrs, slog.String("iss", bounded.String(e.Issuer)))
	}
	attrs = append(attrs, slog.Bool("signature_verified", e.SignatureVerified), slog.Duration("duration", e.Duration))
	log.LogAttrs(ctx, level, msg, attrs...)
}

// ObserveFetch logs one FetchEvent: a JWK Set (RFC 7517 section 5) or
// discovery document (Discovery section 4) fetched, refused or failed.
func (o *SlogObserver) ObserveFetch(ctx context.Context, e FetchEvent) {
	log := o.logger()
	level := slog.LevelWarn
	switch e.Kind {
	case EventFetched:
		level = slog.LevelInfo
	case EventNotModified:
		level = slog.LevelDebug
	case EventDiscoveryRefused:
		level = slog.LevelError
	}
	if log == nil || !log.Enabled(ctx, level) {
		return
	}
	doc := "jwks"
	if e.Discovery {
		doc = "discovery"
	}
	attrs := make([]slog.Attr, 0, 10)
	attrs = append(attrs, slog.String("document", doc))
	if e.Issuer != "" {
		attrs = append(attrs, slog.String("iss", e.Issuer))
	}
	attrs = append(attrs, slog.String("url", e.URL))
	if e.Status != 0 {
		attrs = append(attrs, slog.Int("status", e.Status))
	}
	switch e.Kind {
	case EventFetched, EventNotModified, EventNoUsableKey:
		if !e.Discovery {
			attrs = append(attrs, slog.Int("keys", e.Keys), slog.Int("skipped", e.Skipped))
		}
	case EventRateLimited:
		attrs = append(attrs, slog.String("kid", bounded.String(e.KeyID)))
	case EventStaleKeys:
		attrs = append(attrs, slog.Int("keys", e.Keys), slog.Duration("age", e.Age))
	}
	if e.Duration != 0 {
		attrs = append(attrs, slog.Duration("duration", e.Duration))
	}
	if e.Err != nil {
		attrs = append(attrs, slog.String("error", e.Err.Error()))
	}
	log.LogAttrs(ctx, level, "jwk "+e.Kind.String(), attrs...)
}

// logger is the Logger o writes to: slog.Default() for a zero
// SlogObserver, nil (nothing logged) for a nil one.
func (o *SlogObserver) logger() *slog.Logger {
	if o == nil {
		return nil
	}
	if o.log == nil {
		return slog.Default()
	}
	return o.log
}
