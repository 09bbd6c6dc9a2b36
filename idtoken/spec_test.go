package idtoken_test

import (
	"context"
	"crypto/rsa"
	"encoding/base64"
	"math/big"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
)

// The examples of OpenID Connect Core 1.0 Appendix A: the ID tokens are
// signed with the RSA key of Appendix A.7 ("kid" "1e9gdk7"), issued by
// http://server.example.com to the client s6BhdRkqt3 for the nonce
// n-0S6_WzA2Mj, at 1311280970 (iat), expiring at 1311281970 (exp).
const (
	specN = "w7Zdfmece8iaB0kiTY8pCtiBtzbptJmP28nSWwtdjRu0f2GFpajvWE4VhfJAjEsOcwYzay7XGN0b-X84BfC8hmCTOj2b2eHT7NsZegFPKRUQzJ9wW8ipn_aDJWMGDuB1XyqT1E7DYqjUCEOD1b4FLpy_xPn6oV_TYOfQ9fZdbE5HGxJUzekuGcOKqOQ8M7wfYHhHHLxGpQVgL0apWuP2gDDOdTtpuld4D2LK1MZK99s9gaSjRHE8JDb1Z4IGhEcEyzkxswVdPndUWzfvWBBWXWxtSUvQGBRkuy1BHOa4sP6FKjWEeeF7gm7UMs2Nm2QUgNZw6xvEDGaLk4KASdIxRQ"
	specE = "AQAB"

	// specA2 is Appendix A.2's ID token (response_type=id_token), with
	// the standard claims name, given_name, family_name, gender,
	// birthdate, email and picture.
	specA2 = "eyJraWQiOiIxZTlnZGs3IiwiYWxnIjoiUlMyNTYifQ.ewogImlzcyI6ICJodHRwOi8vc2VydmVyLmV4YW1wbGUuY29tIiwKICJzdWIiOiAiMjQ4Mjg5NzYxMDAxIiwKICJhdWQiOiAiczZCaGRSa3F0MyIsCiAibm9uY2UiOiAibi0wUzZfV3pBMk1qIiwKICJleHAiOiAxMzExMjgxOTcwLAogImlhdCI6IDEzMTEyODA5NzAsCiAibmFtZSI6ICJKYW5lIERvZSIsCiAiZ2l2ZW5fbmFtZSI6ICJKYW5lIiwKICJmYW1pbHlfbmFtZSI6ICJEb2UiLAogImdlbmRlciI6ICJmZW1hbGUiLAogImJpcnRoZGF0ZSI6ICIwMDAwLTEwLTMxIiwKICJlbWFpbCI6ICJqYW5lZG9lQGV4YW1wbGUuY29tIiwKICJwaWN0dXJlIjogImh0dHA6Ly9leGFtcGxlLmNvbS9qYW5lZG9lL21lLmpwZyIKfQ.rHQjEmBqn9Jre0OLykYNnspA10Qql2rvx4FsD00jwlB0Sym4NzpgvPKsDjn_wMkHxcp6CilPcoKrWHcipR2iAjzLvDNAReF97zoJqq880ZD1bwY82JDauCXELVR9O6_B0w3K-E7yM2macAAgNCUwtik6SjoSUZRcf-O5lygIyLENx882p6MtmwaL1hd6qn5RZOQ0TLrOYu0532g9Exxcm-ChymrB4xLykpDj3lUivJt63eEGGN6DH5K6o33TcxkIjNrCD4XB1CKKumZvCedgHHF3IAK4dVEDSUoGlH9z4pP_eWYNXvqQOjGs-rDaQzUHl6cQQWNiDpWOl_lxXjQEvQ"
	// specA3 is Appendix A.3's ID token (response_type=id_token token),
	// with at_hash 77QmUPtjPfzWtF2AnpK9RQ for specAccessToken.
	specA3          = "eyJraWQiOiIxZTlnZGs3IiwiYWxnIjoiUlMyNTYifQ.ewogImlzcyI6ICJodHRwOi8vc2VydmVyLmV4YW1wbGUuY29tIiwKICJzdWIiOiAiMjQ4Mjg5NzYxMDAxIiwKICJhdWQiOiAiczZCaGRSa3F0MyIsCiAibm9uY2UiOiAibi0wUzZfV3pBMk1qIiwKICJleHAiOiAxMzExMjgxOTcwLAogImlhdCI6IDEzMTEyODA5NzAsCiAiYXRfaGFzaCI6ICI3N1FtVVB0alBmeld0RjJBbnBLOVJRIgp9.F9gRev0Dt2tKcrBkHy72cmRqnLdzw9FLCCSebV7mWs7o_sv2O5s6zMky2kmhHTVx9HmdvNnx9GaZ8XMYRFeYk8L5NZ7aYlA5W56nsG1iWOou_-gji0ibWIuuf4Owaho3YSoi7EvsTuLFz6tq-dLyz0dKABMDsiCmJ5wqkPUDTE3QTXjzbUmOzUDli-gCh5QPuZAq0cNW3pf_2n4zpvTYtbmj12cVcxGIMZby7TMWESRjQ9_o3jvhVNcCGcE0KAQXejhA1ocJhNEvQNqMFGlBb6_0RxxKjDZ-Oa329eGDidOvvp0h5hoES4a8IuGKS7NOcpp-aFwp0qVMDLI-Xnm-Pg"
	specAccessToken = "jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y"
	// specA6 is Appendix A.6's ID token (response_type=code id_token
	// token), with c_hash LDktKdoQak3Pk0cnXxCltA for specCode.
	specA6   = "eyJraWQiOiIxZTlnZGs3IiwiYWxnIjoiUlMyNTYifQ.ewogImlzcyI6ICJodHRwOi8vc2VydmVyLmV4YW1wbGUuY29tIiwKICJzdWIiOiAiMjQ4Mjg5NzYxMDAxIiwKICJhdWQiOiAiczZCaGRSa3F0MyIsCiAibm9uY2UiOiAibi0wUzZfV3pBMk1qIiwKICJleHAiOiAxMzExMjgxOTcwLAogImlhdCI6IDEzMTEyODA5NzAsCiAiY19oYXNoIjogIkxEa3RLZG9RYWszUGswY25YeENsdEEiCn0.XW6uhdrkBgcGx6zVIrCiROpWURs-4goO1sKA4m9jhJIImiGg5muPUcNegx6sSv43c5DSn37sxCRrDZZm4ZPBKKgtYASMcE20SDgvYJdJS0cyuFw7Ijp_7WnIjcrl6B5cmoM6ylCvsLMwkoQAxVublMwH10oAxjzD6NEFsu9nipkszWhsPePf_rM4eMpkmCbTzume-fzZIi5VjdWGGEmzTg32h3jiex-r5WTHbj-u5HL7u_KP3rmbdYNzlzd1xWRYTUs4E8nOTgzAUwvwXkIQhOh5TPcSMBYy6X3E7-_gr9Ue6n4ND7hTFhtjYs3cjNKIA08qm5cpVYFMFMG6PkhzLQ"
	specCode = "Qcb0Orv1zh30vL1MPRsbm-diHiMwcLyZvn1arpZv-Jxf_11jnpEX3Tgfvk"
)

// specKey is Appendix A.7's public key.
func specKey(t testing.TB) *rsa.PublicKey {
	t.Helper()
	n, err := base64.RawURLEncoding.DecodeString(specN)
	if err != nil {
		t.Fatal(err)
	}
	e, err := base64.RawURLEncoding.DecodeString(specE)
	if err != nil {
		t.Fatal(err)
	}
	return &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}
}

// specVerifier verifies the Appendix A tokens at a time they are valid.
func specVerifier(t testing.TB) *idtoken.Verifier {
	t.Helper()
	v, err := idtoken.NewVerifier(specKey(t), idtoken.Config{
		Issuer:   "http://server.example.com",
		ClientID: "s6BhdRkqt3",
		Now:      func() time.Time { return time.Unix(1311281000, 0) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// OpenID Connect Core 1.0 Appendix A.2 (response_type=id_token): the
// spec's own ID token verifies with the Appendix A.7 key, for the nonce the
// request sent (section 3.2.2.11 step 2), with its standard claims
// readable through VerifyInto (section 5.1).
func TestOIDCCore_AppendixA2_ExampleIDToken(t *testing.T) {
	v := specVerifier(t)
	var c struct {
		idtoken.Claims
		Name  string `json:"name"`
		Email string `json:"email"`
	}
	if err := v.VerifyInto(context.Background(), specA2, idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}, &c); err != nil {
		t.Fatal(err)
	}
	if c.Subject != "248289761001" || c.Nonce != "n-0S6_WzA2Mj" || c.Name != "Jane Doe" || c.Email != "janedoe@example.com" ||
		c.ExpiresAt.Unix() != 1311281970 || c.IssuedAt.Unix() != 1311280970 {
		t.Errorf("got %+v", c)
	}
	// Step 11: another nonce is refused; section 3.1.3.7 step 9: so is the
	// token after its "exp".
	_, err := v.Verify(context.Background(), specA2, idtoken.Checks{Nonce: "n-0S6_WzA2Mk"})
	idRefused(t, err, idtoken.ErrInvalidNonce, jwt.ErrTokenInvalidClaims)
	late, err := idtoken.NewVerifier(specKey(t), idtoken.Config{Issuer: "http://server.example.com", ClientID: "s6BhdRkqt3"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = late.Verify(context.Background(), specA2, idtoken.Checks{Nonce: "n-0S6_WzA2Mj"})
	idRefused(t, err, jwt.ErrTokenExpired)
}

// OpenID Connect Core 1.0 Appendix A.3 (response_type=id_token token) and
// section 3.2.2.9: the spec's ID token carries at_hash
// 77QmUPtjPfzWtF2AnpK9RQ, the left half of SHA-256 (RS256) of the spec's
// access token: it verifies with that access token and no other.
func TestOIDCCore_AppendixA3_AtHash(t *testing.T) {
	v := specVerifier(t)
	c, err := v.Verify(context.Background(), specA3, idtoken.Checks{Nonce: "n-0S6_WzA2Mj", AccessToken: specAccessToken})
	if err != nil {
		t.Fatal(err)
	}
	if c.AccessTokenHash != "77QmUPtjPfzWtF2AnpK9RQ" {
		t.Errorf("at_hash %q", c.AccessTokenHash)
	}
	_, err = v.Verify(context.Background(), specA3, idtoken.Checks{Nonce: "n-0S6_WzA2Mj", AccessToken: specAccessToken + "x"})
	idRefused(t, err, idtoken.ErrInvalidAccessTokenHash, jwt.ErrTokenInvalidClaims)
	// Appendix A.2's token has no at_hash: given an access token, it is
	// refused (at_hash is REQUIRED with one, section 3.2.2.10).
	_, err = v.Verify(context.Background(), specA2, idtoken.Checks{AccessToken: specAccessToken})
	idRefused(t, err, idtoken.ErrInvalidAccessTokenHash, jwt.ErrMissingClaim)
}

// OpenID Connect Core 1.0 Appendix A.6 (response_type=code id_token token)
// and section 3.3.2.10: the spec's ID token carries c_hash
// LDktKdoQak3Pk0cnXxCltA for the spec's code.
func TestOIDCCore_AppendixA6_CHash(t *testing.T) {
	v := specVerifier(t)
	c, err := v.Verify(context.Background(), specA6, idtoken.Checks{Nonce: "n-0S6_WzA2Mj", Code: specCode})
	if err != nil {
		t.Fatal(err)
	}
	if c.CodeHash != "LDktKdoQak3Pk0cnXxCltA" {
		t.Errorf("c_hash %q", c.CodeHash)
	}
	_, err = v.Verify(context.Background(), specA6, idtoken.Checks{Nonce: "n-0S6_WzA2Mj", Code: "Qcb0Orv1zh30vL1MPRsbm"})
	idRefused(t, err, idtoken.ErrInvalidCodeHash, jwt.ErrTokenInvalidClaims)
	_, err = v.Verify(context.Background(), specA3, idtoken.Checks{Code: specCode})
	idRefused(t, err, idtoken.ErrInvalidCodeHash, jwt.ErrMissingClaim)
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 2 on the spec's token: an
// issuer that differs in any way ("https", a trailing slash) is refused,
// and so is another client (step 3).
func TestOIDCCore_AppendixA2_IssuerAndAudience(t *testing.T) {
	for _, cfg := range []idtoken.Config{
		{Issuer: "https://server.example.com", ClientID: "s6BhdRkqt3"},
		{Issuer: "http://server.example.com/", ClientID: "s6BhdRkqt3"},
		{Issuer: "http://server.example.com", ClientID: "s6BhdRkqt4"},
	} {
		cfg.Now = func() time.Time { return time.Unix(1311281000, 0) }
		v, err := idtoken.NewVerifier(specKey(t), cfg)
		if err != nil {
			t.Fatal(err)
		}
		_, err = v.Verify(context.Background(), specA2, idtoken.Checks{})
		idRefused(t, err, jwt.ErrTokenInvalidClaims)
	}
}
