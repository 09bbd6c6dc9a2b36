package interop

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
)

// Directions of the matrix.
const (
	weSign   = "jotlib→peer" // signed here, verified and decoded by the peer
	peerSign = "peer→jotlib" // signed by the peer, verified and decoded here
)

// cell is one (algorithm, peer, direction, encoder) entry of the matrix.
type cell struct {
	alg       jwt.Algorithm
	peer, dir string
	enc       string
}

// tally counts the checks of each cell.
type tally struct {
	mu     sync.Mutex
	counts map[cell][2]int // passed, total
}

var matrix = &tally{counts: map[cell][2]int{}}

func (m *tally) record(c cell, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.counts[c]
	if ok {
		n[0]++
	}
	n[1]++
	m.counts[c] = n
}

// check runs one named check in its own subtest and records it in c.
func check(t *testing.T, c cell, name string, fn func(t *testing.T)) {
	t.Helper()
	ok := t.Run(name, fn)
	matrix.record(c, ok)
}

// TestInteropMatrix signs with this library and verifies with each peer,
// and the other way round, for every algorithm (RFC 7518 section 3.1,
// RFC 8037) and Encoder: the claims read on the other side must equal the
// claims signed (map and struct claims, unicode, numbers, "aud" as a string
// and as an array, RFC 7519 section 4.1.3), and so must the "kid" header.
//
// The cells run in parallel, which also exercises every library's
// concurrency under -race.
func TestInteropMatrix(t *testing.T) {
	t.Run("cells", func(t *testing.T) {
		for _, alg := range algorithms {
			kp := pairFor(t, alg)
			for _, p := range peers {
				for _, e := range encoders {
					t.Run(fmt.Sprintf("%s/%s/%s", alg, p.name, e.name), func(t *testing.T) {
						t.Parallel()
						weSignPeerReads(t, alg, kp, p, e)
						peerSignsWeRead(t, alg, kp, p, e)
					})
				}
			}
		}
	})
	t.Log("\n" + matrix.table())
}

// weSignPeerReads: jotlib signs map and struct claims with a "kid"; the peer
// verifies and reads them through its map and its typed claims.
func weSignPeerReads(t *testing.T, alg jwt.Algorithm, kp keyPair, p peer, e namedEncoder) {
	c := cell{alg, p.name, weSign, e.name}
	kid := "kid-" + string(alg) + "-ü"
	// Map claims go through the one-shot jwt.Sign, struct claims through a
	// reused Signer.
	signer, err := jwt.NewSigner(alg, kp.private, jwt.WithKeyID(kid), jwt.WithEncoder(e.enc))
	require.NoError(t, err, "NewSigner")
	sign := map[string]func(claims any) (string, error){
		"map": func(claims any) (string, error) {
			return jwt.Sign(alg, claims, kp.private, jwt.WithKeyID(kid), jwt.WithEncoder(e.enc))
		},
		"struct": signer.Sign,
	}
	for _, shape := range audShapes {
		forms := []struct {
			name   string
			claims any
		}{
			{"map", mapClaims(shape)},
			{"struct", structClaims(shape)},
		}
		for _, f := range forms {
			tok, err := sign[f.name](f.claims)
			require.NoError(t, err, "sign %s claims", f.name)
			want := canonical(f.claims)
			if p.audList {
				want = withArrayAudience(want.(map[string]any))
			}
			check(t, c, fmt.Sprintf("we-sign/%s/%s/peer-map", f.name, shape), func(t *testing.T) {
				got, gotKid, err := p.readMap(tok, alg, kp.public)
				require.NoError(t, err, "token %s", tok)
				assert.Equal(t, want, canonical(got))
				assert.Equal(t, kid, gotKid)
			})
			check(t, c, fmt.Sprintf("we-sign/%s/%s/peer-struct", f.name, shape), func(t *testing.T) {
				got, err := p.readStruct(tok, alg, kp.public)
				require.NoError(t, err, "token %s", tok)
				assert.Equal(t, expectedView(shape), got)
			})
		}
	}
}

// peerSignsWeRead: the peer signs map claims with a "kid"; this library
// verifies through Parse, ParseWithClaims (map and struct) and a Verifier
// that also requires the audience, issuer and expiration.
func peerSignsWeRead(t *testing.T, alg jwt.Algorithm, kp keyPair, p peer, e namedEncoder) {
	c := cell{alg, p.name, peerSign, e.name}
	kid := "peer-kid-" + string(alg)
	for _, shape := range audShapes {
		signed := mapClaims(shape)
		tok, err := p.sign(alg, kp.private, signed, kid)
		require.NoError(t, err, "%s sign", p.name)
		wantMap := canonical(signed)
		if p.audList {
			wantMap = withArrayAudience(signed)
		}
		wantView := expectedView(shape)
		opts := []jwt.Option{jwt.WithEncoder(e.enc), jwt.WithAlgorithms(alg)}
		header := func(t *testing.T, tk *jwt.Token) {
			assert.Equal(t, string(alg), tk.Header.Algorithm)
			assert.Equal(t, kid, tk.Header.KeyID)
			assert.Equal(t, tok, tk.Raw)
		}
		check(t, c, "peer-sign/"+shape+"/Parse", func(t *testing.T) {
			tk, err := jwt.Parse(tok, kp.public, opts...)
			require.NoError(t, err, "token %s", tok)
			header(t, tk)
			assert.Equal(t, wantMap, canonical(tk.Claims))
		})
		check(t, c, "peer-sign/"+shape+"/ParseWithClaims-map", func(t *testing.T) {
			var m map[string]any
			tk, err := jwt.ParseWithClaims(tok, &m, kp.public, opts...)
			require.NoError(t, err, "token %s", tok)
			header(t, tk)
			assert.Equal(t, wantMap, canonical(m))
		})
		check(t, c, "peer-sign/"+shape+"/ParseWithClaims-struct", func(t *testing.T) {
			var s appClaims
			tk, err := jwt.ParseWithClaims(tok, &s, kp.public, opts...)
			require.NoError(t, err, "token %s", tok)
			header(t, tk)
			assert.Equal(t, wantView, viewOf(s))
		})
		v, err := jwt.NewVerifier(kp.public, append(opts, jwt.WithAudience("api://default"),
			jwt.WithIssuer(signed["iss"].(string)), jwt.WithExpirationRequired())...)
		require.NoError(t, err, "NewVerifier")
		check(t, c, "peer-sign/"+shape+"/Verifier.Parse", func(t *testing.T) {
			tk, err := v.Parse(tok)
			require.NoError(t, err, "token %s", tok)
			header(t, tk)
			assert.Equal(t, wantMap, canonical(tk.Claims))
		})
		check(t, c, "peer-sign/"+shape+"/Verifier.ParseWithClaims-struct", func(t *testing.T) {
			var s appClaims
			tk, err := v.ParseWithClaims(tok, &s)
			require.NoError(t, err, "token %s", tok)
			header(t, tk)
			assert.Equal(t, wantView, viewOf(s))
		})
	}
}

// table renders the matrix: one row per algorithm, one column per peer and
// direction, each cell "passed/total" per encoder.
func (m *tally) table() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	type col struct{ peer, dir string }
	var cols []col
	for _, p := range peers {
		for _, d := range []string{weSign, peerSign} {
			cols = append(cols, col{p.name, d})
		}
	}
	var encNames []string
	for _, e := range encoders {
		encNames = append(encNames, e.name)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Cells: %s.\n\n| alg |", strings.Join(encNames, " · "))
	for _, c := range cols {
		fmt.Fprintf(&b, " %s %s |", c.peer, c.dir)
	}
	b.WriteString("\n|---|")
	b.WriteString(strings.Repeat("---|", len(cols)))
	b.WriteString("\n")
	var passed, total int
	for _, alg := range algorithms {
		fmt.Fprintf(&b, "| %s |", alg)
		for _, c := range cols {
			var parts []string
			for _, e := range encoders {
				n := m.counts[cell{alg, c.peer, c.dir, e.name}]
				passed += n[0]
				total += n[1]
				parts = append(parts, fmt.Sprintf("%d/%d", n[0], n[1]))
			}
			fmt.Fprintf(&b, " %s |", strings.Join(parts, " · "))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nTotal: %d/%d checks passed.\n", passed, total)
	return b.String()
}

// complete reports whether every cell of the matrix ran.
func (m *tally) complete() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.counts) == len(algorithms)*len(peers)*2*len(encoders)
}
