package logout

import (
	"sync"
	"time"
)

// maxSeen bounds the tokens a Handler remembers as logged out: past it,
// the expired ones are dropped, then any one (a forgotten token's
// redelivery runs the logout function before the replay store refuses it,
// as another instance's would).
const maxSeen = 4096

// seenSet is a Handler's in-process memory of the tokens whose logout
// succeeded, keyed as the replay store is (replayKey), each until it could
// no longer be accepted: a redelivery to this process is refused
// (ErrReplayed, OpenID Connect Back-Channel Logout 1.0 section 2.6 step 8)
// before the logout function runs again. The replay store stays the rule;
// this only spares the function a run.
type seenSet struct {
	mu    sync.Mutex
	until map[string]time.Time
}

// has reports whether key is remembered and not yet expired at now.
func (s *seenSet) has(key string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	end, ok := s.until[key]
	return ok && now.Before(end)
}

// add remembers key until end.
func (s *seenSet) add(key string, end, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.until == nil {
		s.until = make(map[string]time.Time)
	}
	if len(s.until) >= maxSeen {
		for k, e := range s.until {
			if !now.Before(e) {
				delete(s.until, k)
			}
		}
		for k := range s.until {
			if len(s.until) < maxSeen {
				break
			}
			delete(s.until, k)
		}
	}
	s.until[key] = end
}
