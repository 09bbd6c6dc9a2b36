package jwthttp

import "strings"

// Challenge is one WWW-Authenticate: Bearer challenge (RFC 6750 section 3; RFC 9728 section 5.1).
type Challenge struct {
	// Realm is the protection space (RFC 9110 section 11.5); "" omitted.
	Realm string
	// Error is the error code (RFC 6750 section 3.1: invalid_request, invalid_token,
	// insufficient_scope); "" for a request without a token, which gets no error code.
	Error string
	// Description is error_description (RFC 6750 section 3): short, fixed, human-readable text that
	// never echoes the token; "" omitted.
	Description string
	// Scope is the space-delimited scope the resource needs (RFC 6750 section 3; RFC 6749 section 3.3);
	// "" omitted.
	Scope string
	// ResourceMetadata is the URL of the resource's RFC 9728 Protected Resource Metadata (RFC 9728
	// section 5.1); "" omitted.
	ResourceMetadata string
}

// String renders the header value (RFC 6750 section 3): "Bearer", then realm, error,
// error_description, scope and resource_metadata in that fixed order, each non-empty one an RFC 9110
// quoted-string (section 5.6.4), separated by ", "; an empty Challenge is just "Bearer". No value can
// break the header or a log line: characters outside each attribute's set are dropped, never passed:
//   - error and error_description: %x20-21 / %x23-5B / %x5D-7E (RFC 6750 section 3), so no '"' or '\';
//   - scope: scope-tokens of %x21 / %x23-5B / %x5D-7E (RFC 6749 appendix A.4), separated in the
//     input by SP, HTAB, CR or LF, joined by single spaces;
//   - realm and resource_metadata: printable ASCII %x20-7E, '"' and '\' escaped as quoted-pairs.
//
// Control characters (CR, LF, HTAB, NUL, ...) and non-ASCII bytes are dropped everywhere. An attribute
// left empty by the dropping is omitted.
func (c Challenge) String() string { return c.render("Bearer", "") }

// DPoPChallenge is one WWW-Authenticate: DPoP challenge (RFC 9449 section 7.1): the attributes of a
// Bearer challenge (Error also "invalid_dpop_proof" or "use_dpop_nonce", RFC 9449 sections 7.1 and 9)
// and algs.
type DPoPChallenge struct {
	Challenge
	// Algs is "algs": the space-delimited JWS "alg" values accepted in DPoP proofs (RFC 9449 section
	// 7.1; RFC 7515 section 4.1.1); "" omitted.
	Algs string
}

// String renders the header value (RFC 9449 section 7.1) as Challenge.String does, with the scheme
// "DPoP" and algs last, its values kept to NQCHAR tokens joined by single spaces as scope's are: an
// empty DPoPChallenge is just "DPoP".
func (c DPoPChallenge) String() string { return c.render("DPoP", scopeTokens(c.Algs)) }

// render writes scheme and c's attributes, then algs when not empty.
func (c Challenge) render(scheme, algs string) string {
	realm, code, desc := quotedPairs(c.Realm), keep(c.Error, isErrorChar), keep(c.Description, isErrorChar)
	scope, meta := scopeTokens(c.Scope), quotedPairs(c.ResourceMetadata)
	var b strings.Builder
	b.Grow(len(scheme) + len(realm) + len(code) + len(desc) + len(scope) + len(meta) + len(algs) +
		len(` realm="", error="", error_description="", scope="", resource_metadata="", algs=""`))
	b.WriteString(scheme)
	first := true
	attr := func(name, value string) {
		if value == "" {
			return
		}
		if first {
			b.WriteByte(' ')
			first = false
		} else {
			b.WriteString(", ")
		}
		b.WriteString(name)
		b.WriteString(`="`)
		b.WriteString(value)
		b.WriteByte('"')
	}
	attr("realm", realm)
	attr("error", code)
	attr("error_description", desc)
	attr("scope", scope)
	attr("resource_metadata", meta)
	attr("algs", algs)
	return b.String()
}

// isErrorChar is RFC 6750 section 3's set for error and error_description: %x20-21 / %x23-5B / %x5D-7E.
func isErrorChar(c byte) bool { return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\' }

// isScopeChar is RFC 6749 appendix A.4's NQCHAR: %x21 / %x23-5B / %x5D-7E.
func isScopeChar(c byte) bool { return c > 0x20 && isErrorChar(c) }

// keep is s without the bytes ok refuses; s itself (no allocation) when every byte passes.
func keep(s string, ok func(byte) bool) string {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			b := make([]byte, 0, len(s))
			b = append(b, s[:i]...)
			for ; i < len(s); i++ {
				if ok(s[i]) {
					b = append(b, s[i])
				}
			}
			return string(b)
		}
	}
	return s
}

// scopeTokens is s as RFC 6749 appendix A.4's scope: its scope-tokens (separated by SP, HTAB, CR or
// LF), each without the characters outside NQCHAR, the empty ones dropped, joined by single spaces.
// White space separates rather than vanishes, so "read\nwrite" never becomes the scope "readwrite".
func scopeTokens(s string) string {
	if canonicalScope(s) {
		return s
	}
	var b strings.Builder
	for _, tok := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' || r == '\n' }) {
		if tok = keep(tok, isScopeChar); tok == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(tok)
	}
	return b.String()
}

// canonicalScope reports whether s is already scope-tokens joined by single spaces (or "").
func canonicalScope(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			if i == 0 || i == len(s)-1 || s[i-1] == ' ' {
				return false
			}
		} else if !isScopeChar(s[i]) {
			return false
		}
	}
	return true
}

// quotedPairs is s as the inside of an RFC 9110 quoted-string (section 5.6.4): printable ASCII
// (%x20-7E) kept, '"' and '\' escaped with '\', anything else dropped.
func quotedPairs(s string) string {
	s = keep(s, func(c byte) bool { return c >= 0x20 && c <= 0x7e })
	if !strings.ContainsAny(s, `"\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
