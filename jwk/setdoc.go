package jwk

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/jotlib/jwt/internal/strictjson"
)

// setKeys checks a JWK Set document and returns the raw elements of its
// "keys" array. The document level is held to the strict pass: one JSON
// object of valid UTF-8 with a "keys" array, no duplicate or case-folded
// look-alike member names outside the keys (at any depth), nothing after
// the object. What lies inside one key is left to that key's own strict
// pass (readMembers), so a key with, say, a duplicate member is skipped,
// not the whole set refused. A failure is ErrInvalidSet.
func setKeys(data []byte) ([][]byte, error) {
	keys, err := strictKeys(data)
	if err == nil {
		var elems [][]byte
		strictjson.EachArrayElement(keys, func(elem []byte) bool {
			elems = append(elems, elem)
			return true
		})
		return elems, nil
	}
	// The strict pass over the whole document failed; the fault may lie
	// inside a key only. The document must still be valid UTF-8 and JSON
	// throughout, and pass the strict pass with its keys array emptied.
	if i := invalidUTF8(data); i >= 0 {
		return nil, fmt.Errorf("%w: invalid UTF-8 at offset %d", ErrInvalidSet, i)
	}
	var whole json.RawMessage
	if err := json.Unmarshal(data, &whole); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidSet, err)
	}
	start, end, ok := keysArray(data)
	if !ok {
		return nil, fmt.Errorf(`%w: no "keys" array`, ErrInvalidSet)
	}
	// The array's contents blanked, so that offsets in errors still point
	// into data.
	doc := bytes.Clone(data)
	for i := start + 1; i < end-1; i++ {
		doc[i] = ' '
	}
	if _, err := strictKeys(doc); err != nil {
		return nil, err
	}
	keys = data[start:end]
	var elems [][]byte
	dec := json.NewDecoder(bytes.NewReader(keys))
	if _, err := dec.Token(); err != nil { // '['
		return nil, fmt.Errorf("%w: %v", ErrInvalidSet, err)
	}
	for dec.More() {
		i, j, err := nextValue(dec, keys)
		if err != nil {
			return nil, err
		}
		elems = append(elems, keys[i:j:j])
	}
	return elems, nil
}

// invalidUTF8 returns the offset of the first byte of data that is not
// part of a UTF-8 character, or -1.
func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// strictKeys runs the strict pass over the document and returns its
// "keys" member, raw, which must be an array.
func strictKeys(data []byte) ([]byte, error) {
	var (
		keys []byte
		seen bool
	)
	err := strictjson.Object(data, func(key strictjson.Key, value []byte) error {
		if key.Is("keys") {
			keys, seen = value, true
		}
		return nil
	})
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: %v", ErrInvalidSet, err)
	case !seen:
		return nil, fmt.Errorf(`%w: no "keys" member`, ErrInvalidSet)
	case len(keys) == 0 || keys[0] != '[':
		return nil, fmt.Errorf(`%w: "keys" must be an array`, ErrInvalidSet)
	}
	return keys, nil
}

// keysArray locates the value of the first top-level member named "keys"
// of data, valid JSON, when that value is an array: data[start:end].
func keysArray(data []byte) (start, end int, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return 0, 0, false
	}
	for dec.More() {
		name, err := dec.Token()
		if err != nil {
			return 0, 0, false
		}
		start, end, err := nextValue(dec, data)
		if err != nil {
			return 0, 0, false
		}
		if name == "keys" {
			return start, end, data[start] == '['
		}
	}
	return 0, 0, false
}

// nextValue decodes the next value of dec, which reads data, and locates
// it in data: data[start:end], the bytes as they are.
func nextValue(dec *json.Decoder, data []byte) (start, end int, err error) {
	var value json.RawMessage
	if err := dec.Decode(&value); err != nil {
		return 0, 0, fmt.Errorf("%w: %v", ErrInvalidSet, err)
	}
	end = int(dec.InputOffset())
	start = end - len(value)
	if len(value) == 0 || start < 0 || end > len(data) || !bytes.Equal(data[start:end], value) {
		return 0, 0, fmt.Errorf("%w: cannot locate a value at offset %d", ErrInvalidSet, end)
	}
	return start, end, nil
}
