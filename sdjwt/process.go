package sdjwt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bounded"
)

// DefaultMaxDepth bounds the nesting of the processed payload when
// Config.MaxDepth is 0, counted through disclosed values (RFC 9901 section
// 4.2.6 leaves recursion unbounded; a verifier bounds it).
const DefaultMaxDepth = 32

// processed is the outcome of RFC 9901 section 7.1 step 3 to 5.
type processed struct {
	payload map[string]any // the Processed SD-JWT Payload
	paths   []Path         // per Disclosure (in the given order), where it went
}

// processor runs RFC 9901 section 7.1 steps 3 to 5 over one payload.
type processor struct {
	discs    []Disclosure
	byDigest map[string]int // step 3.1: digest over the received Encoded bytes
	used     []bool
	seen     map[string]struct{} // step 4: every embedded digest met so far
	paths    []Path
	maxDepth int
	mustNot  map[string]struct{} // top-level names refused as Disclosures
}

// decodePayload decodes the issuer-signed JWT's claims (already through the
// core's strict pass) and reads their "_sd_alg" (RFC 9901 section 4.1.1:
// sha-256 when absent), which must be one this package implements and,
// when allowed is not nil, one of allowed (section 7.1 step 2.5).
func decodePayload(payload []byte, allowed []HashAlg) (map[string]any, HashAlg, error) {
	top, err := decodeJSON(payload)
	if err != nil {
		return nil, "", fmt.Errorf("%w: the payload: %v", ErrInvalidSDPayload, err)
	}
	m, ok := top.(map[string]any)
	if !ok {
		return nil, "", fmt.Errorf("%w: the payload is not a JSON object", ErrInvalidSDPayload)
	}
	alg := SHA256
	if raw, present := m["_sd_alg"]; present {
		name, isString := raw.(string)
		if !isString {
			return nil, "", fmt.Errorf("%w: \"_sd_alg\" is not a string (RFC 9901 section 4.1.1)", ErrUnsupportedHashAlg)
		}
		alg = HashAlg(name)
	}
	if err := alg.Check(); err != nil {
		return nil, "", fmt.Errorf("%w (RFC 9901 section 7.1 step 2.5)", err)
	}
	if allowed != nil && !slices.Contains(allowed, alg) {
		return nil, "", fmt.Errorf("%w: %q is not among the verifier's hash algorithms (RFC 9901 section 7.1 step 2.5)", ErrUnsupportedHashAlg, string(alg))
	}
	return m, alg, nil
}

// parseDisclosures parses each received Disclosure strictly.
func parseDisclosures(encoded []string) ([]Disclosure, error) {
	out := make([]Disclosure, len(encoded))
	for i, e := range encoded {
		d, err := ParseDisclosure(e)
		if err != nil {
			return nil, fmt.Errorf("disclosure %d: %w", i+1, err)
		}
		out[i] = d
	}
	return out, nil
}

// process validates and expands m, the decoded issuer-signed claims, with
// discs, digests by alg (RFC 9901 section 7.1 steps 3 to 5).
func process(m map[string]any, discs []Disclosure, alg HashAlg, maxDepth int, mustNot map[string]struct{}) (*processed, error) {
	p := &processor{
		discs:    discs,
		byDigest: make(map[string]int, len(discs)),
		used:     make([]bool, len(discs)),
		seen:     make(map[string]struct{}),
		paths:    make([]Path, len(discs)),
		maxDepth: maxDepth,
		mustNot:  mustNot,
	}
	for i, d := range discs {
		dg := d.Digest(alg)
		if _, dup := p.byDigest[dg]; dup {
			// RFC 9901 section 4: a Disclosure is never sent twice.
			return nil, fmt.Errorf("%w: disclosure %d is sent twice (RFC 9901 section 4)", ErrDisclosureUnused, i+1)
		}
		p.byDigest[dg] = i
	}
	out, err := p.object(m, nil, 0)
	if err != nil {
		return nil, err
	}
	for i, u := range p.used { // step 5
		if !u {
			return nil, fmt.Errorf("%w: disclosure %d (RFC 9901 section 7.1 step 5)", ErrDisclosureUnused, i+1)
		}
	}
	return &processed{payload: out, paths: p.paths}, nil
}

// value processes any JSON value found at path.
func (p *processor) value(v any, path Path, depth int) (any, error) {
	switch x := v.(type) {
	case map[string]any:
		return p.object(x, path, depth)
	case []any:
		return p.array(x, path, depth)
	}
	return v, nil
}

// deep refuses nesting past the bound.
func (p *processor) deep(path Path, depth int) error {
	if depth >= p.maxDepth {
		return fmt.Errorf("%w: nesting deeper than %d at %s", ErrLimitExceeded, p.maxDepth, bounded.Quote(path.String()))
	}
	return nil
}

// object applies steps 3.2.1 and 3.3.2 to m and processes its members.
func (p *processor) object(m map[string]any, path Path, depth int) (map[string]any, error) {
	if err := p.deep(path, depth); err != nil {
		return nil, err
	}
	if _, ok := m["..."]; ok {
		return nil, fmt.Errorf("%w: a \"...\" member outside an array element digest at %s (RFC 9901 section 4.1 rule 7)", ErrInvalidSDPayload, bounded.Quote(path.String()))
	}
	if _, ok := m["_sd_alg"]; ok && depth > 0 {
		return nil, fmt.Errorf("%w: \"_sd_alg\" below the top level at %s (RFC 9901 section 4.1.1)", ErrInvalidSDPayload, bounded.Quote(path.String()))
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		if k == "_sd" || k == "_sd_alg" { // steps 3.5 and 3.6
			continue
		}
		pv, err := p.value(v, path.child(k), depth+1)
		if err != nil {
			return nil, err
		}
		out[k] = pv
	}
	raw, ok := m["_sd"]
	if !ok {
		return out, nil
	}
	list, ok := raw.([]any)
	if !ok {
		return nil, fmt.Errorf("%w: \"_sd\" is not an array at %s (RFC 9901 section 4.2.4.1)", ErrInvalidSDPayload, bounded.Quote(path.String()))
	}
	for _, e := range list {
		dg, ok := e.(string)
		if !ok {
			return nil, fmt.Errorf("%w: \"_sd\" holds a non-string at %s (RFC 9901 section 4.2.4.1)", ErrInvalidSDPayload, bounded.Quote(path.String()))
		}
		i, found, err := p.digest(dg)
		if err != nil || !found { // step 3.3.1: an unknown digest is ignored
			if err != nil {
				return nil, err
			}
			continue
		}
		d := p.discs[i]
		if d.IsArrayElement {
			return nil, fmt.Errorf("%w: an array element disclosure in \"_sd\" at %s (RFC 9901 section 7.1 step 3.3.2.1)", ErrDisclosureMismatch, bounded.Quote(path.String()))
		}
		switch d.Name {
		case "_sd", "...", "_sd_alg":
			return nil, fmt.Errorf("%w: %q at %s (RFC 9901 section 7.1 step 3.3.2.2)", ErrReservedClaimName, d.Name, bounded.Quote(path.String()))
		}
		if _, dup := out[d.Name]; dup {
			return nil, fmt.Errorf("%w: %s at %s (RFC 9901 section 7.1 step 3.3.2.3)", ErrClaimNameClash, bounded.Quote(d.Name), bounded.Quote(path.String()))
		}
		if _, refused := p.mustNot[d.Name]; refused && depth == 0 {
			return nil, fmt.Errorf("%w: %s (RFC 9901 section 9.7)", ErrMustNotBeDisclosed, bounded.Quote(d.Name))
		}
		at := path.child(d.Name)
		pv, err := p.disclosed(i, at, depth+1)
		if err != nil {
			return nil, err
		}
		out[d.Name] = pv // step 3.3.2.4
	}
	return out, nil
}

// array applies steps 3.2.2, 3.3.3 and 3.4 to a.
func (p *processor) array(a []any, path Path, depth int) ([]any, error) {
	if err := p.deep(path, depth); err != nil {
		return nil, err
	}
	out := make([]any, 0, len(a))
	for _, e := range a {
		if m, ok := e.(map[string]any); ok {
			if raw, has := m["..."]; has {
				dg, isString := raw.(string)
				if !isString || len(m) != 1 {
					return nil, fmt.Errorf("%w: an array element {\"...\": digest} with another member or a non-string digest at %s (RFC 9901 section 4.2.4.2)", ErrInvalidSDPayload, bounded.Quote(path.String()))
				}
				i, found, err := p.digest(dg)
				if err != nil {
					return nil, err
				}
				if !found { // step 3.4: removed
					continue
				}
				if !p.discs[i].IsArrayElement {
					return nil, fmt.Errorf("%w: an object property disclosure in an array at %s (RFC 9901 section 7.1 step 3.3.3.1)", ErrDisclosureMismatch, bounded.Quote(path.String()))
				}
				pv, err := p.disclosed(i, path.child(len(out)), depth+1)
				if err != nil {
					return nil, err
				}
				out = append(out, pv) // step 3.3.3.2
				continue
			}
		}
		pv, err := p.value(e, path.child(len(out)), depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, pv)
	}
	return out, nil
}

// digest records dg as met (step 4) and finds its Disclosure.
func (p *processor) digest(dg string) (int, bool, error) {
	if _, again := p.seen[dg]; again {
		return 0, false, fmt.Errorf("%w: %s (RFC 9901 section 7.1 step 4)", ErrDigestRepeated, bounded.Quote(dg))
	}
	p.seen[dg] = struct{}{}
	i, ok := p.byDigest[dg]
	return i, ok, nil
}

// disclosed marks Disclosure i used at path and processes its value
// (steps 3.3.2.5 and 3.3.3.3).
func (p *processor) disclosed(i int, path Path, depth int) (any, error) {
	p.used[i] = true
	p.paths[i] = path
	v, err := decodeJSON(p.discs[i].Value)
	if err != nil {
		return nil, fmt.Errorf("%w: disclosure %d's value: %v", ErrInvalidDisclosure, i+1, err)
	}
	return p.value(v, path, depth)
}

// decodeJSON decodes one JSON value, numbers as json.Number (exact).
func decodeJSON(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("data after the JSON value")
	}
	return v, nil
}

// payloadOf returns the decoded payload segment of a compact JWS.
func payloadOf(token string) ([]byte, error) {
	first := bytes.IndexByte([]byte(token), '.')
	if first < 0 {
		return nil, fmt.Errorf("%w: the issuer-signed JWT is not a compact JWS", ErrInvalidFormat)
	}
	rest := token[first+1:]
	second := bytes.IndexByte([]byte(rest), '.')
	if second < 0 {
		return nil, fmt.Errorf("%w: the issuer-signed JWT is not a compact JWS", ErrInvalidFormat)
	}
	out, err := b64url.DecodeString(rest[:second])
	if err != nil {
		return nil, fmt.Errorf("%w: the issuer-signed JWT's payload: %v", ErrInvalidFormat, err)
	}
	return out, nil
}
