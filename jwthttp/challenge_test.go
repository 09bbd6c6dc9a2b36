package jwthttp

import (
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

func wantChallenge(t *testing.T, c Challenge, want string, params ...authParam) {
	t.Helper()
	got := c.String()
	if want != "" && got != want {
		t.Errorf("String() = %s\nwant       %s", got, want)
	}
	scheme, ps, err := parseChallenge(got)
	if err != nil || scheme != "Bearer" || !reflect.DeepEqual(ps, params) {
		t.Errorf("%s parses back as %q %q %v, want %q", got, scheme, ps, err, params)
	}
}

func TestRFC6750_3_EmptyChallengeIsJustBearer(t *testing.T) {
	wantChallenge(t, Challenge{}, "Bearer")
	wantChallenge(t, Challenge{Error: "\r\n\"", Scope: " \t"}, "Bearer") // every value dropped whole: omitted
}

func TestRFC6750_3_AttributesInFixedOrder(t *testing.T) {
	c := Challenge{ResourceMetadata: "https://api.example.com/.well-known/oauth-protected-resource", Scope: "read write",
		Description: "The access token expired", Error: "invalid_token", Realm: "example"}
	wantChallenge(t, c, `Bearer realm="example", error="invalid_token", error_description="The access token expired", scope="read write", resource_metadata="https://api.example.com/.well-known/oauth-protected-resource"`,
		authParam{"realm", "example"}, authParam{"error", "invalid_token"}, authParam{"error_description", "The access token expired"},
		authParam{"scope", "read write"}, authParam{"resource_metadata", "https://api.example.com/.well-known/oauth-protected-resource"})
	wantChallenge(t, Challenge{Scope: "a", Error: "insufficient_scope"}, `Bearer error="insufficient_scope", scope="a"`,
		authParam{"error", "insufficient_scope"}, authParam{"scope", "a"})
}

// TestRFC6750_3_1_NoTokenChallengeHasNoErrorCode: a request without a token gets the realm and the
// metadata pointer, no error code (section 3.1).
func TestRFC6750_3_1_NoTokenChallengeHasNoErrorCode(t *testing.T) {
	wantChallenge(t, Challenge{Realm: "api", ResourceMetadata: "https://r/.well-known/oauth-protected-resource"},
		`Bearer realm="api", resource_metadata="https://r/.well-known/oauth-protected-resource"`,
		authParam{"realm", "api"}, authParam{"resource_metadata", "https://r/.well-known/oauth-protected-resource"})
}

func TestRFC9110_5_6_4_RealmQuotesAndBackslashesEscaped(t *testing.T) {
	wantChallenge(t, Challenge{Realm: `a "b" \c`}, `Bearer realm="a \"b\" \\c"`, authParam{"realm", `a "b" \c`})
	wantChallenge(t, Challenge{ResourceMetadata: `https://x/"\`}, `Bearer resource_metadata="https://x/\"\\"`,
		authParam{"resource_metadata", `https://x/"\`})
}

// TestRFC6750_3_ErrorCharsOutsideSetDropped: error and error_description keep %x20-21 / %x23-5B /
// %x5D-7E only: no quote, backslash, CR, LF, HTAB or non-ASCII byte, so nothing breaks out of the value,
// the header or a log line.
func TestRFC6750_3_ErrorCharsOutsideSetDropped(t *testing.T) {
	c := Challenge{Error: "invalid\"_\\token\r\n", Description: "bad\r\nSet-Cookie: a=b\", x=\"y\t\x00é\x7f"}
	wantChallenge(t, c, `Bearer error="invalid_token", error_description="badSet-Cookie: a=b, x=y"`,
		authParam{"error", "invalid_token"}, authParam{"error_description", "badSet-Cookie: a=b, x=y"})
	wantChallenge(t, Challenge{Realm: "r\r\n\x00é"}, `Bearer realm="r"`, authParam{"realm", "r"})
}

// TestRFC6749_A_4_ScopeTokensJoinedBySingleSpace: scope is scope-tokens (NQCHAR: %x21 / %x23-5B /
// %x5D-7E) joined by single spaces; white space of any kind separates, other characters are dropped.
func TestRFC6749_A_4_ScopeTokensJoinedBySingleSpace(t *testing.T) {
	wantChallenge(t, Challenge{Scope: "  read\twrite\r\nadmin\"x  a\\b é "}, `Bearer scope="read write adminx ab"`,
		authParam{"scope", "read write adminx ab"})
}

func TestRFC9728_5_1_ResourceMetadataParameter(t *testing.T) {
	const u = "https://mcp.example.com/.well-known/oauth-protected-resource/mcp"
	wantChallenge(t, Challenge{Error: "invalid_token", ResourceMetadata: u}, `Bearer error="invalid_token", resource_metadata="`+u+`"`,
		authParam{"error", "invalid_token"}, authParam{"resource_metadata", u})
}

// TestRFC6750_3_ChallengeSurvivesARealServer: the header a TLS server sends reaches the client whole
// and parses back, whatever the values held.
func TestRFC6750_3_ChallengeSurvivesARealServer(t *testing.T) {
	c := Challenge{Realm: "a\"\\\r\nb", Error: "invalid_token\r\nX-Injected: 1", Description: "d\x00", Scope: "s1\ns2", ResourceMetadata: "https://r/x"}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", c.String())
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("X-Injected") != "" || len(resp.Header.Values("WWW-Authenticate")) != 1 {
		t.Fatalf("headers: %v", resp.Header)
	}
	got := resp.Header.Get("WWW-Authenticate")
	_, ps, err := parseChallenge(got)
	want := []authParam{{"realm", `a"\b`}, {"error", "invalid_tokenX-Injected: 1"}, {"error_description", "d"}, {"scope", "s1 s2"}, {"resource_metadata", "https://r/x"}}
	if err != nil || !reflect.DeepEqual(ps, want) || strings.ContainsAny(got, "\r\n\x00") {
		t.Errorf("%q: %q %v", got, ps, err)
	}
}

// A challenge of clean values costs one allocation: the string.
func TestChallengeStringAllocatesOnce(t *testing.T) {
	c := Challenge{Realm: "api", Error: "invalid_token", Description: "The token expired", Scope: "a b", ResourceMetadata: "https://r/x"}
	if n := testing.AllocsPerRun(100, func() { _ = c.String() }); n > 1 {
		t.Errorf("%v allocations", n)
	}
}
