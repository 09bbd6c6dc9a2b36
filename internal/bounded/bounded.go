// Package bounded shortens values read from an unverified token (a JOSE
// header's "alg", "kid", "typ", "crit" names; a claim such as "iss" read
// before the signature) before they reach an error, an event or a log: a
// forged token must not turn a 700 KB "kid" into a 700 KB log line (RFC
// 8725 section 3.10, "Do Not Trust Received Claims": the "kid" and other
// received values are the attacker's until the signature verifies).
package bounded

import (
	"strconv"
	"unicode/utf8"
)

// Max is the most bytes String returns.
const Max = 100

// String returns s when it is at most Max bytes; otherwise its longest
// prefix that, with the mark "…(+N bytes)" naming the N bytes cut, fits in
// Max bytes. The cut falls on a UTF-8 boundary: a multi-byte character is
// kept whole or cut whole. A short s is returned as is, without
// allocating.
func String(s string) string {
	if len(s) <= Max {
		return s
	}
	// The mark's length depends on N, which depends on the cut: size the
	// mark for the largest N (nothing kept), then cut.
	room := Max - len(mark(len(s)))
	cut := room
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + mark(len(s)-cut)
}

// mark is the text appended to a cut value: "…(+N bytes)".
func mark(n int) string {
	return "…(+" + strconv.Itoa(n) + " bytes)"
}

// Quote is strconv.Quote(String(s)): the bounded value as a Go string
// literal, as fmt's %q writes it. Non-printable bytes are escaped, so the
// result may be up to four times longer than Max, never more.
func Quote(s string) string {
	return strconv.Quote(String(s))
}
