package keyheader

// PrivateMembers are the JWK members that hold private or symmetric key
// material (RFC 7518 sections 6.2.2, 6.3.2 and 6.4.1; RFC 8037 section 2;
// RFC 9964 section 2). It is the one list of them: the key header a Signer
// writes (package jwt's WithKeyHeader) and the "jwk" a DPoP proof carries
// (package dpop's Verifier, RFC 9449 section 4.3 check 7) both refuse a
// member of this name, or a case-folded look-alike of one
// (strictjson.LookAlike: "D", "Priv", "K"), whatever the key's "kty".
// Callers read it and never change it.
var PrivateMembers = [...]string{"d", "p", "q", "dp", "dq", "qi", "oth", "k", "priv"}
