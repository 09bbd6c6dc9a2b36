package jwk

import (
	"time"
)

// live returns s unless WithMaxStale forbids serving it now.
func (r *RemoteSet) live(s *snapshot) *snapshot {
	if s == nil || r.cfg.maxStale == 0 {
		return s // unbounded: no clock read on the verification path
	}
	return r.liveAt(s, time.Now())
}

// liveAt returns s unless WithMaxStale forbids serving it at now.
func (r *RemoteSet) liveAt(s *snapshot, now time.Time) *snapshot {
	if s == nil || r.cfg.maxStale == 0 || now.Before(s.dropAt) {
		return s
	}
	return nil
}
