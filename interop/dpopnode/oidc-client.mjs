// oidc-client.mjs: oauth4webapi as an OpenID Connect relying party against
// jwttest.Provider (interop/jwttest_codeflow_node_test.go). One command:
//
//   node oidc-client.mjs ISSUER CLIENT_ID REDIRECT_URI
//       discovery (OpenID Connect Discovery 1.0 section 4), an authorization
//       code request with PKCE S256, state and nonce (the 302 read by hand,
//       checked by validateAuthResponse, RFC 9207 "iss" included), the code
//       redeemed and the token response checked by
//       processAuthorizationCodeResponse (ID token claims, nonce, at_hash),
//       the same code redeemed again (expected invalid_grant), then a
//       DPoP-bound client_credentials grant (RFC 9449 section 5); prints one
//       JSON line {"sub","nonce","access_token","id_token","reuse_error",
//       "dpop_token_type","dpop_access_token","jkt"}
//
// HTTPS trust comes from NODE_EXTRA_CA_CERTS (the provider's certificate).
import * as oauth from 'oauth4webapi'

async function codeFlow([issuerURL, clientID, redirectURI]) {
  const issuer = new URL(issuerURL)
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oidc' }))
  const client = { client_id: clientID }
  const auth = oauth.None()

  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const nonce = oauth.generateRandomNonce()
  const authURL = new URL(as.authorization_endpoint)
  for (const [k, v] of Object.entries({
    client_id: clientID, redirect_uri: redirectURI, response_type: 'code', scope: 'openid orders:read',
    state, nonce, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
  })) authURL.searchParams.set(k, v)
  const res = await fetch(authURL, { redirect: 'manual' })
  const location = res.headers.get('location')
  if (res.status !== 302 || !location) throw new Error(`authorization endpoint answered ${res.status}`)
  if (!location.startsWith(redirectURI + '?')) throw new Error(`redirected to ${location}`)
  const params = oauth.validateAuthResponse(as, client, new URL(location), state)

  const tokens = await oauth.processAuthorizationCodeResponse(as, client,
    await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectURI, verifier),
    { expectedNonce: nonce, requireIdToken: true })
  const claims = oauth.getValidatedIdTokenClaims(tokens)

  let reuseError = ''
  try {
    await oauth.processAuthorizationCodeResponse(as, client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectURI, verifier),
      { expectedNonce: nonce, requireIdToken: true })
  } catch (e) {
    reuseError = e instanceof oauth.ResponseBodyError ? e.error : String(e && e.message || e)
  }

  const keys = await oauth.generateKeyPair('ES256')
  const handle = oauth.DPoP(client, keys)
  const cc = await oauth.processClientCredentialsResponse(as, client,
    await oauth.clientCredentialsGrantRequest(as, client, auth, { scope: 'orders:write' }, { DPoP: handle }))

  return {
    sub: claims.sub, nonce: claims.nonce === nonce, access_token: tokens.access_token, id_token: tokens.id_token,
    reuse_error: reuseError, dpop_token_type: cc.token_type, dpop_access_token: cc.access_token,
    jkt: await handle.calculateThumbprint(),
  }
}

try {
  process.stdout.write(JSON.stringify(await codeFlow(process.argv.slice(2))) + '\n')
} catch (e) {
  process.stderr.write(String(e && e.stack || e) + '\n')
  process.exit(1)
}
