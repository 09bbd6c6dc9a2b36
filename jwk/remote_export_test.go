package jwk

import "time"

// WithStartupRetryForTest sets the first delay of the retries made while no
// JWK Set can be served (default startupRetry, one second), so that tests
// of the start-up backoff need no real second.
func WithStartupRetryForTest(d time.Duration) RemoteOption {
	return func(c *remoteConfig) { c.startupRetry = d }
}
