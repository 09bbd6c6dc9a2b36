package vc_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// Section 3: "MUST limit the number of redirects followed for a single
// retrieval": at most 3, for the metadata document and for "jwks_uri"
// alike.
func TestSDJWTVC_3_AtMostThreeRedirectsForDocumentAndJWKSURI(t *testing.T) {
	for _, c := range []struct {
		doc, set int
		ok       bool
	}{{3, 3, true}, {4, 0, false}, {0, 4, false}} {
		k := newIssuerKey(t, "k1")
		var ms *metadataServer
		ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
			// /<what>/<n>: n more redirects before the resource.
			parts := strings.Split(r.URL.Path, "/")
			switch {
			case r.URL.Path == "/.well-known/jwt-vc-issuer":
				http.Redirect(w, r, fmt.Sprintf("%s/doc/%d", ms.URL, c.doc), http.StatusFound)
			case len(parts) == 3:
				n, _ := strconv.Atoi(parts[2])
				if n > 1 {
					http.Redirect(w, r, fmt.Sprintf("%s/%s/%d", ms.URL, parts[1], n-1), http.StatusFound)
					return
				}
				if parts[1] == "doc" {
					serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks_uri":%q}`, ms.URL, fmt.Sprintf("%s/set/%d", ms.URL, c.set+1)))(w, r)
					return
				}
				serveJSON(setJSON(t, k))(w, r)
			default:
				http.NotFound(w, r)
			}
		})
		if c.doc == 0 {
			c.doc = 1 // the first hop is a redirect already: /doc/1 serves
		}
		err := verifyWith(t, metadataKeys(t, ms, ms.URL), k.sign(t, map[string]any{"iss": ms.URL}))
		if (err == nil) != c.ok {
			t.Errorf("%d redirects to the document, %d to the set: got %v; want ok=%v", c.doc, c.set, err, c.ok)
		}
	}
}
