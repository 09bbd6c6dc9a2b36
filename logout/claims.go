package logout

import (
	"encoding/json"

	"github.com/jotlib/jwt/claims"
)

// EventBackChannelLogout is the member of "events" that declares a JWT a
// logout token (OpenID Connect Back-Channel Logout 1.0 section 2.4).
const EventBackChannelLogout = "http://schemas.openid.net/event/backchannel-logout"

// Claims are the claims of a logout token (OpenID Connect Back-Channel
// Logout 1.0 section 2.4).
type Claims struct {
	// Registered holds "iss", "aud", "iat", "exp" and "jti" (all REQUIRED
	// by section 2.4 as of errata set 1; see Config.AllowMissingExp), and
	// "sub", the End-User whose sessions end (OPTIONAL, but "sub" or
	// "sid" MUST be present). Without "sid", every session of the
	// End-User identified by "iss" and "sub" is to be logged out.
	claims.Registered
	// SessionID is "sid" (section 2.4; OpenID Connect Front-Channel
	// Logout 1.0 section 3): the session at the OP that ended.
	SessionID string `json:"sid,omitempty"`
	// Events is "events" (section 2.4; RFC 8417 section 2.2): a JSON
	// object holding EventBackChannelLogout, whose value is a JSON object
	// (section 2.4: it SHOULD be the empty object {}). Members are raw
	// JSON; the Signer writes {} for EventBackChannelLogout when absent.
	Events map[string]json.RawMessage `json:"events,omitempty"`
}
