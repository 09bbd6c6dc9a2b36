package strictjson

import "github.com/jotlib/jwt/internal/bounded"

// TopLevel returns the raw value of the member of data's top-level object
// whose decoded name is name, or nil when there is none, allocating
// nothing whatever data holds: it is what may be read of an unverified
// object (the "iss" keys are chosen by, RFC 8725 section 3.8) before the
// object is checked. It walks data under Object's grammar but keeps no
// names, so it applies none of Object's rules on names but one: a second
// member of that name is an error (RFC 7519 section 4). Input it cannot
// walk is an error when it comes before the member; past the member, the
// scan ends with the value found. Object must still be run over data.
func TopLevel(data []byte, name string) ([]byte, error) {
	s := scanner{data: data, anyNames: true}
	p := skipWS(data, 0)
	if p >= len(data) || data[p] != '{' {
		return nil, s.fail(p, "not a JSON object")
	}
	var found []byte
	var dup error
	end, err := s.object(p, 1, func(key Key, value []byte) error {
		if !key.Is(name) {
			return nil
		}
		if found != nil {
			// value is data[start:...]: its offset is what its capacity lacks.
			dup = s.fail(cap(data)-cap(value), "duplicate member name "+bounded.Quote(name))
			return dup
		}
		found = value
		return nil
	})
	switch {
	case dup != nil:
		return nil, dup
	case found != nil:
		return found, nil // what follows it is Object's to refuse
	case err != nil:
		return nil, err
	}
	if end = skipWS(data, end); end != len(data) {
		return nil, s.fail(end, "data after the top-level object")
	}
	return nil, nil
}
