package claimsources

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/jotlib/jwt"
)

// Result is what Resolve found (OpenID Connect Core 1.0 section 5.6.2).
type Result struct {
	// Claims are the resolved claims, by name, as the source JWTs carry
	// them (raw JSON). A claim a distributed source did not return is
	// absent.
	Claims map[string]json.RawMessage
	// Issuers name, for each claim of Claims, the Claims Provider (its
	// Source.Issuer) whose verified JWT carried it.
	Issuers map[string]string
}

// Resolve resolves refs (OpenID Connect Core 1.0 section 5.6.2): every
// reference is checked, and every endpoint matched against the Sources,
// before any JWT is verified or any endpoint contacted; then each
// referenced source's JWT (carried, or fetched) is verified with its
// Source's keys and rules, and the claims "_claim_names" assigns to it are
// taken from it. References with no "_claim_names" give an empty Result.
// A nil or zero Resolver is jwt.ErrInvalidOption.
func (rv *Resolver) Resolve(ctx context.Context, refs References) (*Result, error) {
	if rv == nil || rv.byIssuer == nil {
		return nil, fmt.Errorf("%w: claimsources: nil or zero Resolver; use NewResolver", jwt.ErrInvalidOption)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	list, err := rv.parse(refs)
	if err != nil {
		return nil, err
	}
	srcs := make([]*source, len(list))
	for i, r := range list {
		if r.jwt != "" {
			srcs[i], err = rv.aggregatedSource(r)
		} else {
			srcs[i], err = rv.distributedSource(r)
		}
		if err != nil {
			return nil, err
		}
	}
	res := &Result{Claims: map[string]json.RawMessage{}, Issuers: map[string]string{}}
	for i, r := range list {
		token := r.jwt
		if token == "" {
			if token, err = rv.fetch(ctx, r); err != nil {
				return nil, err
			}
		}
		got, err := verifySource(ctx, srcs[i], r, token)
		if err != nil {
			return nil, err
		}
		for _, c := range r.claims {
			v, ok := got[c]
			if !ok {
				if r.jwt != "" {
					return nil, fmt.Errorf("%w: source %q (issuer %q) lacks %q", ErrClaimMissing, r.name, srcs[i].issuer, c)
				}
				continue // section 5.6.2: not returning a claim is not an error
			}
			res.Claims[c] = v
			res.Issuers[c] = srcs[i].issuer
		}
	}
	return res, nil
}

// ResolveInto is Resolve decoding the resolved claims into dst, a non-nil
// pointer (to a struct whose JSON tags name the claims, or to a map), with
// encoding/json (members dst has that no resolved claim names are kept),
// and only once every source resolved and the claims decode into dst's
// type: a refused resolution leaves dst as it was.
func (rv *Resolver) ResolveInto(ctx context.Context, refs References, dst any) error {
	rv0 := reflect.ValueOf(dst)
	if rv0.Kind() != reflect.Pointer || rv0.IsNil() {
		return fmt.Errorf("%w: claimsources: ResolveInto needs a non-nil pointer", jwt.ErrEncoding)
	}
	res, err := rv.Resolve(ctx, refs)
	if err != nil {
		return err
	}
	b, err := json.Marshal(res.Claims)
	if err != nil {
		return fmt.Errorf("%w: claimsources: %v", jwt.ErrEncoding, err)
	}
	// A fresh value first: a type error is found without touching dst
	// (or a map or pointer it holds); the same bytes then decode into dst.
	if err := json.Unmarshal(b, reflect.New(rv0.Type().Elem()).Interface()); err != nil {
		return fmt.Errorf("%w: claimsources: %v", jwt.ErrEncoding, err)
	}
	if err := json.Unmarshal(b, dst); err != nil {
		return fmt.Errorf("%w: claimsources: %v", jwt.ErrEncoding, err)
	}
	return nil
}
