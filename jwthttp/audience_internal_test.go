package jwthttp

import (
	"testing"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
)

func TestAudienceReaderAllocatesNothing(t *testing.T) {
	type mine struct {
		accesstoken.Claims
		Tenant string
	}
	read := audienceReader[*mine]("https://api.example")
	c := &mine{Claims: accesstoken.Claims{Registered: claims.Registered{Audience: claims.Audience{"x", "https://api.example"}}}}
	if !read(c) || read(&mine{}) || read(nil) {
		t.Fatal("audience misread")
	}
	if n := testing.AllocsPerRun(100, func() { read(c) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
	if r := audienceReader[*claims.Registered]("a"); r == nil || !r(&claims.Registered{Audience: claims.Audience{"a"}}) {
		t.Fatal("*claims.Registered unread")
	}
	if audienceReader[*struct{ Aud string }]("a") != nil || audienceReader[string]("a") != nil {
		t.Fatal("a reader for claims without claims.Registered")
	}
}
