package jsoniterext

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"

	jsoniter "github.com/json-iterator/go"
)

// Member names reach struct fields by name only, as in encoding/json.
//
// jsoniter v1.1.12 decodes a struct of at most ten names (each field's name
// and, case-insensitively, its lowercased form) with decoders that compare
// only a 64-bit FNV-1a hash of a member name, never the name
// (json-iterator/go#531): "fkcwyjgpwyrivb" fills the field named
// "cplkedisskacni". It uses its map-based generalStructDecoder, which looks
// a name up exactly and then by strings.ToLower, for more than ten names
// or when two of a struct's names hash alike, which a name and its
// lowercased form always do (the hash lowercases ASCII letters first). So
// UpdateStructDescriptor gives every struct a name with an upper-case
// letter that no input jsoniter decodes can hold: it starts with U+00A0,
// and Unmarshal hands input with a non-ASCII member name to encoding/json.
// With ObjectFieldMustBeSimpleString (escaped names go to encoding/json
// too) generalStructDecoder reads names without allocating.
//
// jsoniter's lookup agrees with encoding/json's matching (exact, else
// Unicode case folding) on ASCII names only; structs whose names are not
// all ASCII, or that hold two names equal under case folding, are
// decoded by encoding/json (oddFieldNames).

var nameChecks atomic.Uint64

// UpdateStructDescriptor adds a name no decoded input holds, and unique to
// this descriptor so that it never conflicts with another, to the first
// field of every struct: jsoniter then decodes the struct with its
// name-checking generalStructDecoder.
func (extension) UpdateStructDescriptor(d *jsoniter.StructDescriptor) {
	if len(d.Fields) == 0 {
		return
	}
	b := d.Fields[0]
	name := "\u00a0N" + strconv.FormatUint(nameChecks.Add(1), 10)
	b.FromNames = append(slices.Clip(b.FromNames), name)
}

// oddFieldNames reports whether struct t, with the structs it inlines, has
// a field whose name jsoniter would match otherwise than encoding/json: a
// name that is not ASCII (strings.ToLower is not case folding: "İd"
// lowercases to "i̇d", "ſub" folds to "sub"), a tag name encoding/json
// ignores for the Go name, or two names equal under case folding (which
// encoding/json gives to the first field in its order).
func oddFieldNames(t reflect.Type) bool {
	var names []string
	if collectNames(t, &names) {
		return true
	}
	for i, a := range names {
		for _, b := range names[i+1:] {
			if a != b && strings.EqualFold(a, b) {
				return true
			}
		}
	}
	return false
}

// collectNames appends the JSON names of t's fields to names, with those
// of the structs t embeds, and reports whether one is odd.
func collectNames(t reflect.Type, names *[]string) (odd bool) {
	return anyField(t, func(f reflect.StructField) bool {
		if _, _, ok := inlined(f); ok {
			return false // its fields are visited in turn
		}
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name != "" && !validTagName(name) {
			return true
		}
		if name == "" {
			name = f.Name
		}
		if !isASCII([]byte(name)) {
			// Also for unexported fields: jsoniter takes a field
			// as exported from its first byte.
			return true
		}
		if f.IsExported() || f.Anonymous {
			*names = append(*names, name)
		}
		return false
	})
}

// validTagName reports whether encoding/json uses name from a tag (its
// isValidTag): letters, digits and the punctuation below; else it uses
// the Go field name, where jsoniter takes the tag as it is.
func validTagName(name string) bool {
	for _, c := range name {
		if !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}
