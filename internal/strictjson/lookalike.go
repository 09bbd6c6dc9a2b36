package strictjson

import "unicode/utf8"

// LookAlike returns the first of names that name is a case-folded
// look-alike of, or "" when there is none: a name with name's fold key (see
// FoldKey) that is not name itself, so that a codec matching member names
// by simple case folding, lower-casing or upper-casing could read name as
// it. It is the one look-alike rule of the library (RFC 7515 section 4 and
// RFC 7519 section 4: names are case-sensitive, so only the exact name is
// the member): the header refuses a look-alike of a registered header
// parameter ("KID", "kıd", "Kid" with the Kelvin sign), the claims one of a
// registered claim ("Exp", "ſub", "ıss"), a profile one of its claims, and
// the sign side will not write or require one. Names equal only under
// Unicode normalization (fullwidth "ｋｉｄ", NFKC) are other names: no
// codec maps them. LookAlike allocates nothing.
func LookAlike(name string, names ...string) string {
	ascii := true
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	for _, n := range names {
		if ascii && len(n) <= len(name) {
			// n has no more runes than bytes, and name as many as it has
			// bytes: only an n of name's length can have as many.
			if len(n) == len(name) && name != n && sameUpperASCII(name, n) {
				return n
			}
			continue
		}
		if name != n && sameFoldKey(name, n) {
			return n
		}
	}
	return ""
}

// sameUpperASCII reports whether a and b, of one length, are equal once
// their ASCII letters are upper-cased (a non-ASCII byte equals only itself).
func sameUpperASCII(a, b string) bool {
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] && upperASCII(a[i]) != upperASCII(b[i]) {
			return false
		}
	}
	return true
}

// sameFoldKey reports whether a and b have one fold key, rune by rune (a
// fold key has one rune per rune of its name).
func sameFoldKey(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if ca, cb := a[i], b[j]; ca|cb < utf8.RuneSelf {
			if ca != cb && upperASCII(ca) != upperASCII(cb) {
				return false
			}
			i++
			j++
			continue
		}
		ra, na := utf8.DecodeRuneInString(a[i:])
		rb, nb := utf8.DecodeRuneInString(b[j:])
		if ra != rb && foldRune(ra) != foldRune(rb) {
			return false
		}
		i += na
		j += nb
	}
	return i == len(a) && j == len(b)
}
