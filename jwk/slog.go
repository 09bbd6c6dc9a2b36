package jwk

import (
	"context"
	"log/slog"

	"github.com/jotlib/jwt"
)

// SlogObserver logs verifications (RFC 7519 section 7.2; jwt.VerifyObserver,
// for jwt.WithObserver) and fetch events (FetchObserver, for
// WithFetchObserver) to a log/slog Logger. It logs what the events hold
// and nothing more: never a token, a signature, a claim but "iss", or key
// material. Levels: a verified token Debug, a refused one Info; fetched
// Info, not modified Debug; a failed fetch, a rate-limited "kid" and stale
// keys Warn; a refused discovery document Error. Nothing is formatted for
// a level the logger does not enable.
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
	level, msg := slog.LevelDebug, "jwt verified"
	if e.Outcome != nil {
		level, msg = slog.LevelInfo, "jwt refused"
	}
	if !o.log.Enabled(ctx, level) {
		return
	}
	attrs := make([]slog.Attr, 0, 6)
	if e.Outcome != nil {
		attrs = append(attrs, slog.String("outcome", e.Outcome.Error()))
	}
	attrs = append(attrs, slog.String("alg", e.Algorithm), slog.String("kid", e.KeyID))
	if e.Issuer != "" {
		attrs = append(attrs, slog.String("iss", e.Issuer))
	}
	attrs = append(attrs, slog.Bool("signature_verified", e.SignatureVerified), slog.Duration("duration", e.Duration))
	o.log.LogAttrs(ctx, level, msg, attrs...)
}

// ObserveFetch logs one FetchEvent: a JWK Set (RFC 7517 section 5) or
// discovery document (Discovery section 4) fetched, refused or failed.
func (o *SlogObserver) ObserveFetch(ctx context.Context, e FetchEvent) {
	level := slog.LevelWarn
	switch e.Kind {
	case EventFetched:
		level = slog.LevelInfo
	case EventNotModified:
		level = slog.LevelDebug
	case EventDiscoveryRefused:
		level = slog.LevelError
	}
	if !o.log.Enabled(ctx, level) {
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
	case EventFetched, EventNotModified:
		if !e.Discovery {
			attrs = append(attrs, slog.Int("keys", e.Keys), slog.Int("skipped", e.Skipped))
		}
	case EventRateLimited:
		attrs = append(attrs, slog.String("kid", e.KeyID))
	case EventStaleKeys:
		attrs = append(attrs, slog.Int("keys", e.Keys), slog.Duration("age", e.Age))
	}
	if e.Duration != 0 {
		attrs = append(attrs, slog.Duration("duration", e.Duration))
	}
	if e.Err != nil {
		attrs = append(attrs, slog.String("error", e.Err.Error()))
	}
	o.log.LogAttrs(ctx, level, "jwk "+e.Kind.String(), attrs...)
}
