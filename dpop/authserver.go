package dpop

import (
	"context"
	"fmt"
	"net/http"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/sentinel"
)

// TokenType is the "token_type" of a DPoP-bound access token in a token
// response (RFC 9449 section 5: "token_type": "DPoP"; RFC 6749 section
// 7.1), and the authorization scheme that presents it (section 7.1). An
// authorization server that verified a proof at its token endpoint and
// bound the token to the proof's key answers with it, never "Bearer".
const TokenType = "DPoP"

// ErrDPoPJKTMismatch reports a token request whose DPoP proof key is not
// the one the authorization request's "dpop_jkt" named (RFC 9449 section
// 10: "If they do not match, it MUST reject the request"; section 10.1 for
// a pushed authorization request carrying both), or that has no proof for
// a code so bound, or a "dpop_jkt" that is no SHA-256 thumbprint. The
// proof itself passed every check, so it does not match ErrInvalidProof.
// RFC 9449 names no error code: at the token endpoint answer
// "invalid_grant" (RFC 6749 section 5.2: the grant is bound to another
// key, as a code "issued to another client"), at the pushed authorization
// request endpoint "invalid_request" (node-oidc-provider and Keycloak
// answer "invalid_request" in both places, Spring Authorization Server
// "invalid_dpop_proof").
var ErrDPoPJKTMismatch error = sentinel.New("dpop: the proof's key is not the one dpop_jkt names")

// VerifyTokenRequest verifies the DPoP proof of a request to an
// authorization server's token endpoint (RFC 9449 section 5): as
// VerifyRequest with no access token, so that no "ath" is required, and
// "htu" must be the token endpoint's URL as the Verifier's Config builds
// it. The returned Proof's JKT is the thumbprint to bind the issued tokens
// to: the access token's "cnf" "jkt" (section 6.1; Proof.Confirmation),
// any refresh token for a public client (section 5), and the check of the
// authorization request's "dpop_jkt" (CheckDPoPJKT). Issue the token with
// "token_type" TokenType.
//
// The proof's "jti" is recorded in Config.Replay (section 11.1) when the
// proof is verified, before the authorization server has authenticated
// the client or checked the grant, and a proof costs its sender only a key
// it makes itself: so authenticate the client first where it can be (a
// confidential client, RFC 6749 section 2.3) and call VerifyTokenRequest
// after, size the store for MaxAge times the peak rate of proofs (see
// Config.Replay), and expect a full store to refuse every token request
// (an error matching replay.ErrUnavailable, never ErrReplayed: fail
// closed; answer it 503 with Retry-After, not invalid_dpop_proof) until
// its records expire.
func (v *Verifier) VerifyTokenRequest(ctx context.Context, r *http.Request) (*Proof, error) {
	if v == nil {
		return nil, fmt.Errorf("%w: nil Verifier; use NewVerifier", ErrInvalidConfig)
	}
	return v.VerifyRequest(ctx, r, "")
}

// CheckDPoPJKT checks a token request's proof p against dpopJKT, the
// "dpop_jkt" of the authorization request whose code it redeems (RFC 9449
// section 10: the thumbprint of the proof's key must match "the dpop_jkt
// parameter value in the authorization request"), or the thumbprint of
// the DPoP header of a pushed authorization request (section 10.1). An
// empty dpopJKT names no key (the parameter is OPTIONAL) and passes; else
// a missing proof, another key, or a dpopJKT that is not a base64url
// SHA-256 thumbprint is ErrDPoPJKTMismatch.
func CheckDPoPJKT(dpopJKT string, p *Proof) error {
	if dpopJKT == "" {
		return nil
	}
	if len(dpopJKT) != b64url.EncodedLen(32) {
		return fmt.Errorf("%w: dpop_jkt is not a base64url SHA-256 JWK thumbprint (RFC 9449 section 10)", ErrDPoPJKTMismatch)
	}
	if _, err := b64url.DecodeString(dpopJKT); err != nil {
		return fmt.Errorf("%w: dpop_jkt is not a base64url SHA-256 JWK thumbprint (RFC 9449 section 10): %v", ErrDPoPJKTMismatch, err)
	}
	if p == nil || p.JKT == "" {
		return fmt.Errorf("%w: the code is bound to a DPoP key and the request has no verified proof (RFC 9449 section 10)", ErrDPoPJKTMismatch)
	}
	if p.JKT != dpopJKT {
		return fmt.Errorf("%w: the proof's key has thumbprint %s, dpop_jkt is %s (RFC 9449 section 10)", ErrDPoPJKTMismatch, p.JKT, dpopJKT)
	}
	return nil
}

// Confirmation returns the "cnf" claim that binds an access token to the
// proof's key (RFC 9449 section 6.1; RFC 7800 section 3.1): {"jkt": JKT},
// for accesstoken.Claims.Confirmation. nil for a nil Proof or one without
// a thumbprint.
func (p *Proof) Confirmation() *claims.Confirmation {
	if p == nil || p.JKT == "" {
		return nil
	}
	return &claims.Confirmation{JKT: p.JKT}
}
