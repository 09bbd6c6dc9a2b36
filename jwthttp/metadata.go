package jwthttp

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// WellKnownPath is the well-known URI suffix of Protected Resource
// Metadata (RFC 9728 section 3, registered in section 8.3).
const WellKnownPath = "/.well-known/oauth-protected-resource"

// Resource is a protected resource (RFC 9728 section 2), configured once:
// WithResource puts its metadata URL in every challenge (section 5.1), and
// its ID is the audience its tokens must name (RFC 8707 section 2; RFC
// 9068 section 4): give it to the verifier (jwt.WithAudience(res.ID),
// accesstoken.Config{Audience: res.ID}).
type Resource struct {
	// ID is the resource identifier, "resource" (RFC 9728 sections 1.2 and
	// 2): an https URL without fragment or user information (http only for
	// a loopback host, for development), written in visible ASCII (an IDN
	// host as its A-label, RFC 5891 section 4.4). Required.
	ID string
	// AuthorizationServers are the issuer identifiers of the authorization
	// servers that issue its tokens, "authorization_servers" (RFC 9728
	// section 2; RFC 8414 section 2: https, no query or fragment).
	AuthorizationServers []string
	// Scopes are "scopes_supported" (RFC 9728 section 2, RECOMMENDED):
	// RFC 6749 section 3.3 scope-tokens.
	Scopes []string
	// Name is "resource_name" (RFC 9728 section 2), human-readable.
	Name string
	// Documentation is "resource_documentation" (RFC 9728 section 2): a
	// URL of human-readable documentation.
	Documentation string
	// Audience is the "aud" its tokens carry when the authorization server
	// does not use the resource identifier (RFC 8707 section 2) as
	// audience (an "api://default"); "" is ID. The Middleware checks it
	// (WithResource); it is not in the metadata document.
	Audience string
}

// WellKnownURL returns the URL of the Protected Resource Metadata of the
// resource identified by resourceID (RFC 9728 section 3.1): the
// well-known path inserted between the host and the resource's path (a
// terminating slash after the host dropped), its query kept:
// https://api.example/v1 gives
// https://api.example/.well-known/oauth-protected-resource/v1. A
// resourceID that is not a resource identifier (Resource.ID) is
// jwt.ErrInvalidOption.
func WellKnownURL(resourceID string) (string, error) {
	u, err := resourceURL(resourceID)
	if err != nil {
		return "", err
	}
	return wellKnown(u), nil
}

// resourceURL parses and checks a resource identifier (RFC 9728 section
// 1.2).
func resourceURL(id string) (*url.URL, error) {
	u, err := url.Parse(id)
	if err != nil || u.Host == "" || u.Opaque != "" || !visibleASCII(id) {
		return nil, fmt.Errorf("%w: jwthttp: resource identifier %q is not an absolute URL (RFC 9728 section 1.2)", errOption, id)
	}
	if err := checkHTTPS(u); err != nil {
		return nil, fmt.Errorf("%w: jwthttp: resource identifier: %v (RFC 9728 section 1.2)", errOption, err)
	}
	if u.Fragment != "" || strings.Contains(id, "#") {
		return nil, fmt.Errorf("%w: jwthttp: resource identifier %q has a fragment (RFC 9728 section 1.2)", errOption, id)
	}
	if !servablePath(u) {
		return nil, fmt.Errorf("%w: jwthttp: resource identifier %q: its path is not normalized (RFC 3986 section 6.2.2: a dot or empty segment, or an encoded \"/\"), so its metadata URL (RFC 9728 section 3.1) could not be served at Path by an http.ServeMux", errOption, id)
	}
	return u, nil
}

// servablePath reports whether the metadata document of the resource u
// can be served at its well-known URL (RFC 9728 section 3.1) by an
// http.ServeMux given Path: u's path is normalized (RFC 3986 section
// 6.2.2.3: no "." or ".." segment; no empty segment but a terminating
// slash: ServeMux would redirect either), and no segment holds an encoded
// "/" (which the unescaped path could not tell from a separator).
func servablePath(u *url.URL) bool {
	if strings.Contains(strings.ToLower(u.EscapedPath()), "%2f") {
		return false
	}
	p := u.Path
	if p == "" || p == "/" {
		return true
	}
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, seg := range segs {
		if seg == "." || seg == ".." || (seg == "" && i < len(segs)-1) {
			return false
		}
	}
	return true
}

// muxPattern is path as a literal http.ServeMux pattern: the bytes a
// pattern reads otherwise ("{" and "}" of a wildcard, "%" of an escape, a
// space ending a method, a control or non-ASCII byte) percent-encoded,
// which ServeMux decodes in a pattern's segments.
func muxPattern(path string) string {
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		if c := path[i]; c < 0x21 || c > 0x7e || c == '%' || c == '{' || c == '}' {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(path[i])
	}
	return b.String()
}

// visibleASCII reports whether s is made of visible ASCII only (%x21-7E):
// a URL as RFC 3986 writes it, which a challenge carries unchanged (a
// non-ASCII host would be dropped from the header, RFC 6750 section 3).
func visibleASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// checkHTTPS refuses a URL that is not https (http is accepted for a
// loopback host only), or has user information.
func checkHTTPS(u *url.URL) error {
	if u.User != nil {
		return fmt.Errorf("%q has user information", u.Redacted())
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		host := u.Hostname()
		if ip := net.ParseIP(host); host == "localhost" || (ip != nil && ip.IsLoopback()) {
			return nil
		}
	}
	return fmt.Errorf("%q is not an https URL", u.Redacted())
}

// wellKnown inserts WellKnownPath after u's host (RFC 9728 section 3.1),
// a path of "/" (a terminating slash after the host) dropped, the query
// kept.
func wellKnown(u *url.URL) string {
	path := u.EscapedPath()
	if path == "/" {
		path = ""
	}
	s := u.Scheme + "://" + u.Host + WellKnownPath + path
	if u.RawQuery != "" {
		s += "?" + u.RawQuery
	}
	return s
}

// document is the Protected Resource Metadata document (RFC 9728 section
// 2).
type document struct {
	Resource              string   `json:"resource"`
	AuthorizationServers  []string `json:"authorization_servers,omitempty"`
	ScopesSupported       []string `json:"scopes_supported,omitempty"`
	BearerMethods         []string `json:"bearer_methods_supported"`
	ResourceName          string   `json:"resource_name,omitempty"`
	ResourceDocumentation string   `json:"resource_documentation,omitempty"`
	DPoPAlgs              []string `json:"dpop_signing_alg_values_supported,omitempty"`
	DPoPRequired          *bool    `json:"dpop_bound_access_tokens_required,omitempty"`
}

// dpopMetadata is what the metadata document says of DPoP (RFC 9728
// section 2): the proof algorithms, and whether DPoP-bound tokens are
// required.
type dpopMetadata struct {
	algs     []string
	required bool
}

// dpopMetadata returns the DPoP members of m's metadata document, nil
// without DPoP.
func (m *Middleware[C]) dpopMetadata() *dpopMetadata {
	if m.cfg.dpop == nil {
		return nil
	}
	return &dpopMetadata{algs: m.algs, required: m.cfg.dpopMode == DPoPRequired}
}

// MetadataHandler serves a resource's Protected Resource Metadata document
// (RFC 9728 section 3): 200 with application/json to GET and HEAD at its
// Path, 404 at any other path, 405 to other methods. It is safe for
// concurrent use; a nil one, or a request without URL, answers 404.
type MetadataHandler struct {
	url, path string
	pattern   string // path as a ServeMux pattern
	body      []byte
}

// NewMetadataHandler returns the handler of res's metadata document (RFC
// 9728 section 2): "resource" is res.ID exactly (section 3.3), and
// "bearer_methods_supported" lists what src accepts ("header", and "body",
// "query" when src.Form, src.Query: RFC 6750 section 2; a cookie is no
// RFC 6750 method). An invalid res is jwt.ErrInvalidOption. The DPoP
// members ("dpop_signing_alg_values_supported",
// "dpop_bound_access_tokens_required") come from a Middleware's WithDPoP:
// serve its Metadata.
func NewMetadataHandler(res Resource, src Sources) (*MetadataHandler, error) {
	return newMetadataHandler(res, src, nil)
}

// newMetadataHandler is NewMetadataHandler with the DPoP members of a
// Middleware's WithDPoP (nil: none): "dpop_signing_alg_values_supported"
// and "dpop_bound_access_tokens_required" (RFC 9728 section 2), and, when
// DPoP-bound tokens are required, "bearer_methods_supported": [] (section
// 2: "no bearer methods are supported").
func newMetadataHandler(res Resource, src Sources, dm *dpopMetadata) (*MetadataHandler, error) {
	u, err := resourceURL(res.ID)
	if err != nil {
		return nil, err
	}
	for _, as := range res.AuthorizationServers {
		a, err := url.Parse(as)
		if err != nil || a.Host == "" || !visibleASCII(as) || a.RawQuery != "" || a.Fragment != "" || strings.ContainsAny(as, "?#") || checkHTTPS(a) != nil {
			return nil, fmt.Errorf("%w: jwthttp: Resource.AuthorizationServers: %q is not an issuer identifier (https, no query or fragment: RFC 8414 section 2)", errOption, as)
		}
	}
	seen := map[string]bool{}
	for _, s := range res.Scopes {
		if !validScopeToken(s) || seen[s] {
			return nil, fmt.Errorf("%w: jwthttp: Resource.Scopes: %q is not a scope-token or is repeated (RFC 6749 section 3.3)", errOption, s)
		}
		seen[s] = true
	}
	if res.Documentation != "" {
		if d, err := url.Parse(res.Documentation); err != nil || d.Host == "" || (d.Scheme != "https" && d.Scheme != "http") {
			return nil, fmt.Errorf("%w: jwthttp: Resource.Documentation is not an absolute URL", errOption)
		}
	}
	methods := []string{"header"}
	if src.Form {
		methods = append(methods, "body")
	}
	if src.Query {
		methods = append(methods, "query")
	}
	doc := document{
		Resource: res.ID, AuthorizationServers: res.AuthorizationServers, ScopesSupported: res.Scopes,
		BearerMethods: methods, ResourceName: res.Name, ResourceDocumentation: res.Documentation,
	}
	if dm != nil {
		doc.DPoPAlgs, doc.DPoPRequired = dm.algs, &dm.required
		if dm.required {
			doc.BearerMethods = []string{}
		}
	}
	body, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("%w: jwthttp: metadata: %v", errOption, err)
	}
	path := WellKnownPath + u.EscapedPath()
	if u.EscapedPath() == "/" {
		path = WellKnownPath
	}
	p, err := url.PathUnescape(path)
	if err != nil {
		return nil, fmt.Errorf("%w: jwthttp: resource identifier path: %v", errOption, err)
	}
	return &MetadataHandler{url: wellKnown(u), path: p, pattern: muxPattern(p), body: append(body, '\n')}, nil
}

// URL is the metadata document's URL (RFC 9728 section 3.1), the
// challenges' resource_metadata (section 5.1).
func (h *MetadataHandler) URL() string {
	if h == nil {
		return ""
	}
	return h.url
}

// Path is the path to serve the document at (RFC 9728 section 3.1), as a
// literal http.ServeMux pattern: mux.Handle(h.Path(), h). It is unescaped,
// but for the bytes a pattern reads otherwise ("{", "}", "%", a space, a
// control or non-ASCII byte), which stay percent-encoded (ServeMux decodes
// them); NewMetadataHandler refuses a resource path ServeMux would clean
// and redirect. ServeHTTP answers at that path only (r.URL.Path, decoded;
// do not mount it under http.StripPrefix).
func (h *MetadataHandler) Path() string {
	if h == nil {
		return ""
	}
	return h.pattern
}

// ServeHTTP serves the document (RFC 9728 section 3.2), readable from any
// origin (Access-Control-Allow-Origin: *: it is public).
func (h *MetadataHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h == nil || r == nil || r.URL == nil || r.URL.Path != h.path {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/json")
	hd.Set("Access-Control-Allow-Origin", "*")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		_, _ = w.Write(h.body)
	}
}
