package jwk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// Issue 21 item 4: a fetched JWK Set with no usable key (RFC 7517 section
// 5 allows `{"keys":[]}`; section 5 also says unknown key types are
// ignored) is how a broken deploy of the provider looks. It keeps the last
// good keys, as a set of only invalid keys does, with an event saying so;
// WithEmptySetReplaces serves it instead.

// noUsableKeySets are documents with no key a remote set can verify with.
var noUsableKeySets = map[string]string{
	"empty":                `{"keys":[]}`,
	"unsupported kty":      `{"keys":[{"kty":"XYZ","kid":"x"}]}`,
	"unsupported curve":    `{"keys":[{"kty":"OKP","crv":"X25519","kid":"x","x":"hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo"}]}`,
	"encryption only":      `{"keys":[{"kty":"oct","use":"enc","kid":"x","k":"` + hmac + `"}]}`,
	"HMAC (never fetched)": `{"keys":[` + goodOct + `]}`,
}

func TestRemoteSet_FetchedSetWithNoUsableKey_KeepsTheLastGoodKeys_EventSaysSo(t *testing.T) {
	k := testKeys()
	good := publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"}))
	tok := mustSign(t, jwt.ES256, k.ec256, "a")
	for name, doc := range noUsableKeySets {
		t.Run(name, func(t *testing.T) {
			rec := &recorder{}
			f := newFixture(t, good, jwk.WithFetchObserver(rec))
			if err := f.remote.Refresh(context.Background()); err != nil {
				t.Fatal(err)
			}
			f.srv.setBody([]byte(doc))
			err := f.remote.Refresh(context.Background())
			if !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), "no usable key") {
				t.Fatalf("Refresh of a set with no usable key: %v, want ErrFetch saying so", err)
			}
			if err := f.parse(tok); err != nil {
				t.Fatalf("the last good key: %v", err)
			}
			if f.remote.Set().Len() != 1 {
				t.Fatalf("the set held has %d keys, want the last good one", f.remote.Set().Len())
			}
			ev := rec.events(jwk.EventNoUsableKey)
			if len(ev) != 1 || ev[0].Err == nil || !strings.Contains(ev[0].Err.Error(), "kept") {
				t.Fatalf("events %v, want one EventNoUsableKey saying the keys were kept", rec.all())
			}
			if st := f.remote.Stats(); st.LastError == nil {
				t.Fatalf("Stats %+v, want the refusal as LastError", st)
			}
		})
	}
}

func TestRemoteSet_WithEmptySetReplaces_AFetchedSetWithNoUsableKeyIsServed(t *testing.T) {
	k := testKeys()
	rec := &recorder{}
	f := newFixture(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})), jwk.WithEmptySetReplaces(), jwk.WithFetchObserver(rec))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.srv.setBody([]byte(`{"keys":[]}`))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatalf("Refresh: %v", err)
	}
	hits := f.srv.hits.Load()
	if err := f.parse(mustSign(t, jwt.ES256, k.ec256, "")); !errors.Is(err, jwk.ErrKeyNotFound) {
		t.Fatalf("a token after the keys were withdrawn: %v, want ErrKeyNotFound", err)
	}
	if f.srv.hits.Load() != hits {
		t.Fatal("a token without kid fetched")
	}
	if ev := rec.events(jwk.EventNoUsableKey); len(ev) != 1 {
		t.Fatalf("events %v, want one EventNoUsableKey", rec.all())
	}
}

// TestRemoteSet_FirstFetchWithNoUsableKey_ServedAsNoKeys: with no last
// good keys, an empty set is what the provider publishes: tokens get
// ErrKeyNotFound (not ErrFetch), and the event says so.
func TestRemoteSet_FirstFetchWithNoUsableKey_ServedAsNoKeys(t *testing.T) {
	rec := &recorder{}
	f := newFixture(t, []byte(`{"keys":[]}`), jwk.WithFetchObserver(rec))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatalf("Refresh: %v", err)
	}
	err := f.parse(mustSign(t, jwt.ES256, testKeys().ec256, ""))
	if !errors.Is(err, jwk.ErrKeyNotFound) || errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("token against an empty first set: %v, want ErrKeyNotFound", err)
	}
	if ev := rec.events(jwk.EventNoUsableKey); len(ev) != 1 {
		t.Fatalf("events %v, want one EventNoUsableKey", rec.all())
	}
}
