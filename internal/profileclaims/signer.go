package profileclaims

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/optview"
	"github.com/jotlib/jwt/internal/strictjson"
)

// NewSigner returns a jwt.Signer with alg and key that writes "typ" p.Type
// (the profile's jwt.WithType comes first, so a jwt.WithType in opts
// replaces it): the explicit typing of RFC 8725 section 3.11 (RFC 9068
// section 2.1). A jwt.WithType in opts may spell p.Type otherwise
// ("application/at+jwt"), or ask for none (jwt.WithType("")) when
// p.Untyped; any other "typ" is jwt.ErrInvalidOption, never silently
// replaced.
func (p *Profile) NewSigner(alg jwt.Algorithm, key any, opts []jwt.Option) (*jwt.Signer, error) {
	all := append([]jwt.Option{jwt.WithType(p.Type)}, opts...)
	core, err := jwt.NewSigner(alg, key, all...)
	if err != nil {
		return nil, err
	}
	typ, err := optview.SignedType(all) // the options NewSigner just took
	if err != nil {
		return nil, err
	}
	if err := p.checkType(typ); err != nil {
		return nil, err
	}
	return core, nil
}

// checkType refuses a "typ" other than p.Type (compared as a media type,
// RFC 7515 section 4.1.9), or none unless p.Untyped.
func (p *Profile) checkType(typ string) error {
	if typ == "" && p.Untyped || typ != "" && SameMediaType(typ, p.Type) {
		return nil
	}
	spec := p.TypeSpec
	if spec == "" {
		spec = p.Spec
	}
	allowed := fmt.Sprintf("%q", p.Type)
	if p.Untyped {
		allowed += " or none"
	}
	got := "none"
	if typ != "" {
		got = bounded.Quote(typ)
	}
	return fmt.Errorf("%w: %s: the Signer writes \"typ\" %s (%s), not %s: the token would be another kind of JWT (RFC 8725 section 3.11)",
		jwt.ErrInvalidOption, p.Package, allowed, spec, got)
}

// SameMediaType compares two "typ" values as media types: case-insensitive,
// with "application/" implied when the value has no '/' (RFC 7515 section
// 4.1.9), as the jwt package's WithType compares them.
func SameMediaType(a, b string) bool {
	return strings.EqualFold(withoutApplication(a), withoutApplication(b)) && hasSlash(a) == hasSlash(b)
}

// withoutApplication cuts a leading "application/" (any case), which RFC
// 7515 section 4.1.9 lets a "typ" leave out.
func withoutApplication(typ string) string {
	const app = "application/"
	if len(typ) > len(app) && strings.EqualFold(typ[:len(app)], app) {
		return typ[len(app):]
	}
	return typ
}

// hasSlash reports whether typ, without "application/", still names a
// type and subtype of its own ("text/jwt"), which a short name never
// equals.
func hasSlash(typ string) bool { return strings.Contains(withoutApplication(typ), "/") }

// SignWith is Sign for a claims type of the caller's own (a profile's
// Extended): c is the whole value, marshaled by core's Encoder, and
// embedded is the profile's Claims it embeds, a non-nil pointer to a
// struct, whose registered claims are r and whose other required claims
// has reports (the one required-claims rule, Sign's). The token is
// returned only when its claims hold the profile's claims as embedded
// holds them (RFC 7519 section 4: a member's name is the claim):
//   - no field of c outside the embedded Claims may carry the JSON name of
//     one of its fields: encoding/json would let the outer one shadow the
//     profile's, or drop both at one depth, without a word;
//   - in the Encoder's output, each of the profile's claims equals the
//     embedded field's value (absent, or an empty JSON value, when the
//     field is omitted), so no Encoder or MarshalJSON of c replaces or
//     drops one;
//   - the output passes the profile's claim pass (Member: types, no
//     look-alike of a profile claim), as the Verifier's would.
//
// Each refusal is jwt.ErrEncoding (a refused member also
// jwt.ErrTokenMalformed); Sign's errors are Sign's.
func (p *Profile) SignWith(core *jwt.Signer, c, embedded any, r *claims.Registered, has func(name string) bool) (string, error) {
	if err := p.checkFields(c, embedded); err != nil {
		return "", err
	}
	token, err := p.Sign(core, c, r, has)
	if err != nil {
		return "", err
	}
	if err := p.checkOutput(token, embedded); err != nil {
		return "", err
	}
	return token, nil
}

// checkFields refuses a field of c's type, outside the embedded Claims
// type, with the JSON name of one of that type's fields, or a look-alike
// of one (strictjson.LookAlike) (encoding/json's
// naming: the tag's name, else the field's; untagged embedded structs
// flattened). A type with its own MarshalJSON is left to checkOutput.
func (p *Profile) checkFields(c, embedded any) error {
	t := reflect.TypeOf(c)
	if t.Implements(marshalerType) {
		return nil
	}
	own := reflect.TypeOf(embedded).Elem()
	var names []string
	for _, f := range jsonFields(own, nil, nil) {
		names = append(names, f.name)
	}
	for _, f := range jsonFields(t, own, nil) {
		if slices.Contains(names, f.name) || strictjson.LookAlike(f.name, names...) != "" {
			return fmt.Errorf("%w: %s: field %s of %s has the JSON name %q, the name or a look-alike of a claim of the embedded %s, "+
				"which it would shadow or drop (encoding/json); rename the field or set the claim in the embedded %s",
				jwt.ErrEncoding, p.Package, f.path, t, f.name, own, own.Name())
		}
	}
	return nil
}

var marshalerType = reflect.TypeFor[json.Marshaler]()

// jsonField is one JSON member name of a struct type and the field path
// that writes it.
type jsonField struct{ name, path string }

// jsonFields lists the JSON member names of t's fields (t a struct or a
// pointer to one) as encoding/json names them, skipping any embedded
// field of type skip and the types already on the path (seen).
func jsonFields(t, skip reflect.Type, seen []reflect.Type) []jsonField {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == skip || t.Kind() != reflect.Struct || slices.Contains(seen, t) {
		return nil
	}
	seen = append(seen, t)
	var out []jsonField
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			if ft == skip {
				continue
			}
			for _, in := range jsonFields(ft, skip, seen) {
				out = append(out, jsonField{in.name, f.Name + "." + in.path})
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, jsonField{name, f.Name})
	}
	return out
}

// checkOutput reads the claims of token, which core just signed, and
// refuses them unless each of the embedded Claims' members (as
// encoding/json writes embedded) is there with the same value, and
// every member passes p.Member.
func (p *Profile) checkOutput(token string, embedded any) error {
	first := strings.IndexByte(token, '.')
	last := strings.LastIndexByte(token, '.')
	payload, err := b64url.DecodeString(token[first+1 : last])
	if err != nil {
		return fmt.Errorf("%w: %s: the signed token's claims: %v", jwt.ErrEncoding, p.Package, err)
	}
	wantJSON, err := json.Marshal(embedded)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", jwt.ErrEncoding, p.Package, err)
	}
	want, err := membersOf(wantJSON)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", jwt.ErrEncoding, p.Package, err)
	}
	got := make(map[string][]byte)
	err = strictjson.Object(payload, func(key strictjson.Key, value []byte) error {
		name := key.Name()
		got[name] = slices.Clone(value)
		return p.Member(name, value, func(Claim, Value) {})
	})
	if err != nil {
		return fmt.Errorf("%w: %s: the Encoder's output: %w", jwt.ErrEncoding, p.Package, err)
	}
	own := reflect.TypeOf(embedded).Elem()
	for _, f := range jsonFields(own, nil, nil) {
		w, inWant := want[f.name]
		g, inGot := got[f.name]
		switch {
		case inWant && !inGot:
			return fmt.Errorf("%w: %s: the Encoder's output lacks %q, which the embedded %s holds (a field of the same JSON name dropped it?)",
				jwt.ErrEncoding, p.Package, f.name, own)
		case inWant && !sameJSON(w, g), !inWant && inGot && !emptyJSON(g):
			return fmt.Errorf("%w: %s: the Encoder's output has %q other than the embedded %s holds (a field of the same JSON name shadowed it?)",
				jwt.ErrEncoding, p.Package, f.name, own)
		}
	}
	return nil
}

// membersOf returns the members of a JSON object by name.
func membersOf(data []byte) (map[string][]byte, error) {
	m := make(map[string][]byte)
	err := strictjson.Object(data, func(key strictjson.Key, value []byte) error {
		m[key.Name()] = slices.Clone(value)
		return nil
	})
	return m, err
}

// sameJSON reports whether two JSON values are equal as values.
func sameJSON(a, b []byte) bool {
	var va, vb any
	if json.Unmarshal(a, &va) != nil || json.Unmarshal(b, &vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// emptyJSON reports whether v is a value omitempty leaves out, or null.
func emptyJSON(v []byte) bool {
	switch string(v) {
	case "null", `""`, "[]", "{}", "0", "false":
		return true
	}
	return false
}
