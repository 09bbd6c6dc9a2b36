package jwt

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/bytesview"
	"github.com/jotlib/jwt/internal/jsonstring"
	"github.com/jotlib/jwt/internal/strictjson"
)

// Header is the JOSE header of a token (RFC 7515 section 4.1).
type Header struct {
	// Algorithm is "alg" (RFC 7515 section 4.1.1), compared exactly
	// (case-sensitive).
	Algorithm string
	// Type is "typ" (RFC 7515 section 4.1.9; RFC 7519 section 5.1), the
	// media type of the whole token (e.g. "JWT").
	Type string
	// KeyID is "kid" (RFC 7515 section 4.1.4), a hint for choosing the key.
	KeyID string
	// ContentType is "cty" (RFC 7515 section 4.1.10; RFC 7519 section 5.2).
	ContentType string

	// raw is the decoded header object when it has members besides the
	// four fields (one copy, read by Get); never changed.
	raw string
}

// Get returns the raw JSON value of the header member name, and whether the
// header has it (RFC 7515 section 4): any member, registered (section 4.1)
// or not, so a KeyFunc can choose a key by "x5t#S256" or by a private
// member. The returned bytes are the caller's. A KeyFunc reads a header
// that is not authenticated yet: use what it says only to choose among
// keys you trust (RFC 8725 section 3.10: keys named by the token, such as
// "jwk" or "jku", are never used by this library).
func (h *Header) Get(name string) ([]byte, bool) {
	if h == nil {
		return nil, false
	}
	field := ""
	switch name {
	case "alg":
		field = h.Algorithm
	case "typ":
		field = h.Type
	case "kid":
		field = h.KeyID
	case "cty":
		field = h.ContentType
	default:
		return h.member(name)
	}
	if field == "" {
		return nil, false
	}
	return jsonstring.Append(nil, field), true
}

// headerParams are the registered header parameters (RFC 7515 section
// 4.1) whose case-folded look-alikes are refused (strictjson.LookAlike, the
// claims' rule): a header with "KID" or "kıd" is refused rather than read
// as "kid" by a codec that matches names by case and as another name here.
var headerParams = [...]string{"alg", "typ", "kid", "cty", "crit", "b64", "jku", "jwk", "x5u", "x5c", "x5t", "x5t#S256", "zip", "enc"}

// parseHeader runs the strict pass over a decoded header and reads the
// parameters we use.
func parseHeader(data []byte) (Header, error) {
	var h Header
	hasAlg, other := false, false
	var escaped []byte // decoded escaped names, one buffer for the header
	err := strictjson.Object(data, func(key strictjson.Key, value []byte) error {
		name := bytesview.String(key.Raw) // transient view, never retained
		if key.Escaped {
			escaped = key.AppendName(escaped[:0])
			name = bytesview.String(escaped)
		}
		switch name {
		case "alg":
			s, ok := strictjson.String(value)
			if !ok || s == "" {
				return malformed(`header "alg" must be a non-empty string`)
			}
			h.Algorithm, hasAlg = s, true
		case "typ":
			return headerString(name, value, &h.Type)
		case "kid":
			return headerString(name, value, &h.KeyID)
		case "cty":
			return headerString(name, value, &h.ContentType)
		case "crit":
			// RFC 7515 section 4.1.11: recipients MUST reject a JWS whose
			// "crit" lists extensions they do not understand; we implement none.
			return malformed(`header "crit" is not supported`)
		case "b64":
			// RFC 7797: "b64": false changes what is signed; we sign and
			// verify only the base64url-encoded payload.
			if string(value) != "true" {
				return malformed(`header "b64" other than true is not supported`)
			}
			other = true
		case "enc", "zip":
			// RFC 7516 section 4.1.2 and 4.1.3: these mark a JWE, which this
			// library does not decrypt; a JWS never carries them.
			return malformed("header %q belongs to a JWE, which is not supported", name)
		case "jku", "jwk", "x5u", "x5c", "x5t", "x5t#S256":
			// Keys named by the token are never used or fetched (RFC 8725
			// section 3.10): the caller's key decides. Get reads them.
			other = true
		default:
			if p := strictjson.LookAlike(name, headerParams[:]...); p != "" {
				return malformed("header parameter %s folds to %q", bounded.Quote(name), p)
			}
			other = true
		}
		return nil
	})
	if err != nil {
		if isMalformed(err) {
			return Header{}, err
		}
		return Header{}, malformed("header: %v", err)
	}
	if !hasAlg {
		return Header{}, malformed(`header has no "alg"`)
	}
	if other {
		h.raw = string(data)
	}
	return h, nil
}

// member finds a member outside the four fields in the kept header object,
// which passed the strict pass (so names are unique).
func (h *Header) member(name string) ([]byte, bool) {
	var found []byte
	_ = strictjson.Object(bytesview.Of(h.raw), func(key strictjson.Key, value []byte) error {
		if found == nil && key.Name() == name {
			found = append([]byte(nil), value...)
		}
		return nil
	})
	return found, found != nil
}

func headerString(name string, value []byte, dst *string) error {
	s, ok := strictjson.String(value)
	if !ok {
		return malformed("header %q must be a string", name)
	}
	*dst = s
	return nil
}

// headerCacheSize bounds the per-Verifier cache of validated headers.
const headerCacheSize = 64

// headerCache remembers the validated headers of tokens whose signature
// verified, by their exact base64url segment: tokens from one issuer share
// the same header bytes, so most parses skip the header's decoding, and
// tokens nobody signed never take a place. Readers first compare the
// segment with the last header stored, then look in the map; both take one
// atomic load. Writers copy the map.
type headerCache struct {
	last atomic.Pointer[headerEntry]
	m    atomic.Pointer[map[string]*Header]
	mu   sync.Mutex
}

// headerEntry is one validated header and its segment.
type headerEntry struct {
	seg string
	h   *Header
}

func (c *headerCache) get(seg string) *Header {
	if e := c.last.Load(); e != nil && e.seg == seg {
		return e.h
	}
	if m := c.m.Load(); m != nil {
		return (*m)[seg]
	}
	return nil
}

func (c *headerCache) put(seg string, h *Header) {
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.m.Load()
	var next map[string]*Header
	if old == nil || len(*old) >= headerCacheSize {
		// Full: start again rather than track recency; the cost is bounded
		// and a flood of distinct headers cannot pin it.
		next = make(map[string]*Header, 8)
	} else {
		next = make(map[string]*Header, len(*old)+1)
		for k, v := range *old {
			next[k] = v
		}
	}
	seg = strings.Clone(seg)
	next[seg] = h
	c.m.Store(&next)
	c.last.Store(&headerEntry{seg: seg, h: h})
}

// header returns the validated header for a segment, from the cache when it
// can; cached reports whether it came from there. A newly validated header
// is not stored here: the caller stores it with put once the token's
// signature has verified, so unsigned tokens cannot fill the cache.
func (c *headerCache) header(seg string) (h *Header, cached bool, err error) {
	if h := c.get(seg); h != nil {
		return h, true, nil
	}
	buf := getBuffer() // the Header's strings are copies: the buffer is not kept
	defer putBuffer(buf)
	data, err := decodeSegment((*buf)[:0], seg, "header")
	*buf = data
	if err != nil {
		return nil, false, err
	}
	parsed, err := parseHeader(data)
	if err != nil {
		return nil, false, err
	}
	return &parsed, false, nil
}

// typeAllowed reports whether a header's "typ" is one of WithType's types:
// "" stands for a header without one (RFC 7515 section 4.1.9: "typ" is
// OPTIONAL).
func typeAllowed(typ string, types []string) bool {
	for _, t := range types {
		if (t == "" && typ == "") || (t != "" && sameMediaType(typ, t)) {
			return true
		}
	}
	return false
}

// typeList quotes WithType's types for a message, "" as none.
func typeList(types []string) string {
	var b strings.Builder
	for i, t := range types {
		if i > 0 {
			b.WriteString(" or ")
		}
		if t == "" {
			b.WriteString("none")
		} else {
			b.WriteString(strconv.Quote(t))
		}
	}
	return b.String()
}

// sameMediaType compares two "typ" values as media types: case-insensitive,
// and "A recipient using the media type value MUST treat it as if
// "application/" were prepended to any "typ" value not containing a '/'"
// (RFC 7515 section 4.1.9).
func sameMediaType(a, b string) bool {
	appA, restA := splitApplication(a)
	appB, restB := splitApplication(b)
	return appA == appB && strings.EqualFold(restA, restB)
}

// splitApplication reports whether typ is an application/ media type and
// returns the rest.
func splitApplication(typ string) (bool, string) {
	const app = "application/"
	if !strings.Contains(typ, "/") {
		return true, typ
	}
	if len(typ) > len(app) && strings.EqualFold(typ[:len(app)], app) {
		return true, typ[len(app):]
	}
	return false, typ
}
