package dpop

// isToken reports whether s is an HTTP token (RFC 9110 section 5.6.2):
// 1*tchar, the syntax of a method (section 9.1) and of an auth-scheme and
// auth-param name (section 11.2).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isTchar(s[i]) {
			return false
		}
	}
	return true
}

// isTchar reports whether c is a tchar (RFC 9110 section 5.6.2).
func isTchar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return false
}

// isToken68 reports whether s is a token68 (RFC 9110 section 11.2), the
// syntax of the DPoP scheme's credentials (RFC 9449 section 7.1):
// 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=".
func isToken68(s string) bool {
	n := len(s)
	for n > 0 && s[n-1] == '=' {
		n--
	}
	if n == 0 {
		return false
	}
	for i := 0; i < n; i++ {
		if !isToken68Char(s[i]) {
			return false
		}
	}
	return true
}

func isToken68Char(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/'
}

// maxNonceSize bounds a nonce the Transport keeps and writes.
const maxNonceSize = 4096

// isNonce reports whether s is a DPoP nonce (RFC 9449 section 8.1:
// nonce = 1*NQCHAR, NQCHAR = %x21 / %x23-5B / %x5D-7E) of at most
// maxNonceSize bytes.
func isNonce(s string) bool {
	if s == "" || len(s) > maxNonceSize {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x21 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
