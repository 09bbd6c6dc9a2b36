package strictjson

// Facts are what one pass found in an object it accepted, besides the
// rules every accepted object meets (see the package doc: valid UTF-8, no
// control character in a string, unique names, bounded depth, one value).
// Each is gathered while the strings are scanned, at no extra pass. A
// zero Facts says nothing was found: the input is plain ASCII without an
// escape.
type Facts struct {
	// NonASCII: a byte is 0x80 or above. In an accepted object such bytes
	// are only inside strings, as whole UTF-8 sequences (RFC 8259 section
	// 8.1).
	NonASCII bool
	// Escaped: a string holds a backslash escape. In an accepted object a
	// backslash appears nowhere else (RFC 8259 section 7), so this is
	// whether any byte is a backslash.
	Escaped bool
	// UnusualNames: a member name, at some depth, holds a byte 0x80 or
	// above or an escape, so that it is not plain ASCII as written.
	UnusualNames bool
}

// ObjectFacts is Object, reporting what the pass found in data when it
// accepts it; on an error the Facts are zero and mean nothing.
func ObjectFacts(data []byte, fn MemberFunc) (Facts, error) {
	s := scanner{data: data}
	if err := s.topObject(fn); err != nil {
		return Facts{}, err
	}
	return Facts{
		NonASCII:     s.found&strNonASCII != 0,
		Escaped:      s.found&strEscaped != 0,
		UnusualNames: s.foundInNames != 0,
	}, nil
}
