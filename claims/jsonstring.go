package claims

import (
	"encoding/json"
	"unicode/utf8"
)

// appendJSONString appends s as a JSON string. Plain printable ASCII is
// copied as is; anything else goes through encoding/json, so escaping
// (including of HTML characters and invalid UTF-8) matches it exactly.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s) // a string always marshals
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}
