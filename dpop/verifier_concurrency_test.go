package dpop_test

import (
	"context"
	"sync"
	"testing"
)

// TestRFC9449_4_3_Check6_ConcurrentProofsKeepTheirOwnKeys: the embedded key
// is handed to its own Verify call only (a slot of the call's context):
// proofs of many keys verified at once each report their own key, and a
// proof signed by one key naming another's is refused, never accepted
// through a neighbour's slot.
func TestRFC9449_4_3_Check6_ConcurrentProofsKeepTheirOwnKeys(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	keys := make([]vfKey, 8)
	for i := range keys {
		keys[i] = vfES256(t)
	}
	var wg sync.WaitGroup
	for i, k := range keys {
		other := keys[(i+1)%len(keys)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 25 {
				p, err := v.Verify(context.Background(), vfProof(t, k, nil, nil), vfReq)
				if err != nil || p.JKT != vfJKT(t, k.priv) {
					t.Errorf("own key: %v, %v", p, err)
					return
				}
				forged := vfProof(t, k, map[string]any{"jwk": vfJWK(t, other.priv.Public())}, nil)
				if p, err := v.Verify(context.Background(), forged, vfReq); err == nil {
					t.Errorf("a proof naming another key was accepted: %+v", p)
					return
				}
			}
		}()
	}
	wg.Wait()
}
