package jwttest

import (
	"fmt"
	"reflect"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/idtoken"
)

// SignAccessTokenWith is SignAccessToken for claims of the caller's own
// type, c, a pointer to a struct embedding accesstoken.Claims (an
// accesstoken.Extended, as accesstoken.Verifier.VerifyInto reads), minted
// with accesstoken.Signer.SignWith: its further claims (RFC 9068 section
// 2.2.2's identity claims, a tenant) are in the token, under "typ"
// "at+jwt", and the embedded Claims' zero fields are defaulted as
// SignAccessToken defaults them ("scope" is not: set Scope: "openid" for a
// token PathUserInfo accepts).
//
// c is not changed: the defaults are filled into a copy (the struct, and
// an embedded *accesstoken.Claims, are copied; maps, slices and other
// pointers of c are shared, and only read). A c SignWith refuses (nil, a
// nil embedded *Claims, a field shadowing a profile claim) is SignWith's
// jwt.ErrEncoding; so is a c whose Claims are embedded through an
// unexported pointer field, which cannot be copied.
func (p *Provider) SignAccessTokenWith(c accesstoken.Extended) (string, error) {
	k, err := p.signer()
	if err != nil {
		return "", err
	}
	cp, own, err := copyEmbedded[accesstoken.Claims](c)
	if err != nil {
		return "", err
	}
	if own == nil { // let SignWith name what is wrong with c
		return k.at.SignWith(c)
	}
	p.defaults(&own.Registered, p.cfg.audience, true)
	if own.ClientID == "" {
		own.ClientID = p.cfg.clientID
	}
	return k.at.SignWith(cp.(accesstoken.Extended))
}

// AccessTokenWith is SignAccessTokenWith that fails the test (t.Fatal) on
// an error; call it from the test's goroutine. Empty for a nil Provider.
func (p *Provider) AccessTokenWith(c accesstoken.Extended) string {
	if !p.ok() {
		return ""
	}
	p.t.Helper()
	tok, err := p.SignAccessTokenWith(c)
	if err != nil {
		p.t.Fatalf("jwttest: AccessTokenWith: %v", err)
	}
	return tok
}

// SignIDTokenWith is SignIDToken for claims of the caller's own type, c, a
// pointer to a struct embedding idtoken.Claims (an idtoken.Extended, as
// idtoken.Verifier.VerifyInto reads), minted with idtoken.Signer.SignWith:
// its further claims (OpenID Connect Core 1.0 section 5.1's "email",
// "name", ...) are in the token, and the embedded Claims' zero fields are
// defaulted, and opts applied, as SignIDToken does. c is not changed, as
// for SignAccessTokenWith.
func (p *Provider) SignIDTokenWith(c idtoken.Extended, opts ...IDOption) (string, error) {
	k, err := p.signer()
	if err != nil {
		return "", err
	}
	cp, own, err := copyEmbedded[idtoken.Claims](c)
	if err != nil {
		return "", err
	}
	if own == nil {
		return k.id.SignWith(c)
	}
	if err := p.idDefaults(k, own, opts); err != nil {
		return "", err
	}
	return k.id.SignWith(cp.(idtoken.Extended))
}

// IDTokenWith is SignIDTokenWith that fails the test (t.Fatal) on an
// error; call it from the test's goroutine. Empty for a nil Provider.
func (p *Provider) IDTokenWith(c idtoken.Extended, opts ...IDOption) string {
	if !p.ok() {
		return ""
	}
	p.t.Helper()
	tok, err := p.SignIDTokenWith(c, opts...)
	if err != nil {
		p.t.Fatalf("jwttest: IDTokenWith: %v", err)
	}
	return tok
}

// copyEmbedded copies v (a pointer to a struct, or a struct) and, in the
// copy, every pointer on the way to its shallowest embedded C (Go's rule
// for promoted methods), returning the copy and its C. A nil v, a nil
// pointer on the way, or no embedded C returns (nil, nil, nil): the
// profile's SignWith reports those. An unexported pointer field on the way
// is jwt.ErrEncoding.
func copyEmbedded[C any](v any) (any, *C, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() == reflect.Pointer && rv.IsNil() {
		return nil, nil, nil
	}
	want := reflect.TypeFor[C]()
	var root, out reflect.Value
	if rv.Kind() == reflect.Pointer {
		out = reflect.New(rv.Type().Elem())
		out.Elem().Set(rv.Elem())
		root = out.Elem()
	} else {
		out = reflect.New(rv.Type()).Elem()
		out.Set(rv)
		root = out
	}
	path := embeddedPath(root.Type(), want)
	if path == nil {
		return nil, nil, nil
	}
	cur := root
	for _, i := range path {
		f := cur.Field(i)
		if f.Kind() == reflect.Pointer {
			if f.IsNil() {
				return nil, nil, nil
			}
			if !f.CanSet() {
				return nil, nil, fmt.Errorf("%w: jwttest: the claims are embedded through an unexported pointer field %s; embed them by value or through an exported field",
					jwt.ErrEncoding, cur.Type().Field(i).Name)
			}
			n := reflect.New(f.Type().Elem())
			n.Elem().Set(f.Elem())
			f.Set(n)
			f = n.Elem()
		}
		cur = f
	}
	if !cur.CanAddr() || !cur.Addr().CanInterface() {
		return nil, nil, fmt.Errorf("%w: jwttest: the claims are embedded through an unexported field; embed them through an exported one", jwt.ErrEncoding)
	}
	return out.Interface(), cur.Addr().Interface().(*C), nil
}

// embeddedPath is the field indexes from struct type t to its shallowest
// embedded want (or *want); empty for t == want, nil for none or more than
// one at that depth (no promotion).
func embeddedPath(t, want reflect.Type) []int {
	if t == want {
		return []int{}
	}
	type node struct {
		t    reflect.Type
		path []int
	}
	level := []node{{t, nil}}
	seen := map[reflect.Type]bool{}
	for len(level) > 0 {
		var found []int
		n := 0
		var next []node
		for _, nd := range level {
			if nd.t.Kind() != reflect.Struct || seen[nd.t] {
				continue
			}
			seen[nd.t] = true
			for i := range nd.t.NumField() {
				f := nd.t.Field(i)
				if !f.Anonymous {
					continue
				}
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				p := append(append([]int{}, nd.path...), i)
				if ft == want {
					found, n = p, n+1
					continue
				}
				next = append(next, node{ft, p})
			}
		}
		if n == 1 {
			return found
		}
		if n > 1 {
			return nil
		}
		level = next
	}
	return nil
}
