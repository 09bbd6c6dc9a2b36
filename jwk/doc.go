// Package jwk reads and writes JSON Web Keys and JWK Sets (RFC 7517) for
// verifying tokens with package jwt, keeps a JWK Set fetched from an
// identity provider fresh (RemoteSet), finds it by discovery (Provider:
// OpenID Connect Discovery 1.0 section 4, RFC 8414 section 3), and binds
// keys to their issuer (Issuers, Provider: jwt.IssuerKeySet values, RFC
// 8725 section 3.8). Fetches and discoveries report events to a
// FetchObserver; NewSlogObserver logs them and jwt's verify events.
//
// Supported key types (RFC 7518 section 6, RFC 8037, RFC 9964): "RSA", "EC"
// on P-256, P-384 and P-521, "OKP" with Ed25519, "oct", and "AKP" for
// ML-DSA-44, ML-DSA-65 and ML-DSA-87 ("pub", and "priv" the 32-byte seed;
// with Go 1.27 or later, whose crypto/mldsa they need: built with an older
// Go, ParseKey refuses a well-formed AKP key with ErrUnsupportedKeyType
// saying so, and ParseSet skips and lists it), with public and private
// members and the "kid", "alg", "use" and "key_ops" parameters.
//
// Parsing is strict: the JSON has no duplicate member names; every
// base64url member is canonical (no padding, no line breaks, unused bits
// zero; RFC 7515 section 2); integers (RFC 7518 section 2, Base64urlUInt)
// use the fewest octets, and coordinates and AKP keys their full size; EC
// points lie on their curve; private members agree with the public ones
// (an AKP "priv" generates its "pub"); RSA moduli have
// at least 2048 bits and HMAC secrets meet RFC 7518 section 3.2. ParseKey
// refuses a key that breaks any of these rules, or whose type or curve this
// package does not support. ParseSet skips such a key and lists it
// (Set.Skipped), so that one bad key never blocks the good ones (RFC 7517
// section 5); it fails only when no key is usable, or when the document
// itself is not a strict JSON object with a "keys" array of objects.
//
// A *Set and a *RemoteSet are jwt.KeySet values: pass either as the key to
// jwt.Parse or jwt.NewVerifier, and the key is chosen by the token's "kid"
// and "alg", honouring each key's "alg", "use" and "key_ops". Private keys
// verify with their public half only. A *Provider and an *Issuers are
// jwt.IssuerKeySet values: the token's "iss", read before the signature,
// chooses whose keys are tried, and an issuer not configured is refused
// without any request.
package jwk
