// peer.mjs: the other side of the DPoP interop tests (interop/dpop_node_test.go).
// Independent implementations only: panva's dpop (proofs), oauth4webapi (an
// OAuth client and a resource server) and jose (verification). Commands:
//
//   node peer.mjs proof ALG HTM HTU [ACCESS_TOKEN] [NONCE]
//       one proof by dpop.generateProof; prints {"proof","jkt"}
//   node peer.mjs verify
//       reads JSON lines {"proof","htm","htu","access_token"} on stdin and
//       checks each as RFC 9449 section 4.3 says, with jose; prints one JSON
//       line {"ok","jkt","error"} per input line
//   node peer.mjs client ISSUER TOKEN_ENDPOINT RESOURCE_URL ALG
//       oauth4webapi's client: a client_credentials grant with a DPoP proof
//       (retrying once on use_dpop_nonce), then a DPoP-protected GET of
//       RESOURCE_URL (retrying once on use_dpop_nonce); prints
//       {"token_type","status","body","jkt","retries"}
//   node peer.mjs rs ISSUER JWKS_URI AUDIENCE
//       oauth4webapi's validateJwtAccessToken with requireDPoP behind an HTTP
//       server on 127.0.0.1; prints {"port"} once listening; answers 200
//       {"sub","jkt"} or 401 {"error"}
//
// HTTPS trust comes from NODE_EXTRA_CA_CERTS (the tests' httptest root).
import * as dpop from 'dpop'
import * as jose from 'jose'
import * as oauth from 'oauth4webapi'
import http from 'node:http'
import readline from 'node:readline'

const keyAlgs = {
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
  ES384: { name: 'ECDSA', namedCurve: 'P-384' },
  ES512: { name: 'ECDSA', namedCurve: 'P-521' },
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
  PS256: { name: 'RSA-PSS', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
  Ed25519: { name: 'Ed25519' },
  EdDSA: { name: 'Ed25519' },
}

async function keyPair(alg) {
  if (['ES256', 'RS256', 'PS256', 'Ed25519'].includes(alg)) {
    return dpop.generateKeyPair(alg)
  }
  const params = keyAlgs[alg]
  if (!params) throw new Error(`unsupported alg ${alg}`)
  return crypto.subtle.generateKey(params, false, ['sign', 'verify'])
}

async function thumbprint(publicKey) {
  return jose.calculateJwkThumbprint(await crypto.subtle.exportKey('jwk', publicKey), 'sha256')
}

// proofWith signs a proof with any alg jose can sign (ES384, ES512, EdDSA
// are not in dpop.generateProof's list).
async function proofWith(alg, keys, htm, htu, accessToken, nonce) {
  if (['ES256', 'RS256', 'PS256', 'Ed25519'].includes(alg)) {
    return dpop.generateProof(keys, htu, htm, nonce || undefined, accessToken || undefined)
  }
  const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey)
  const pub = Object.fromEntries(Object.entries(jwk).filter(([k]) => ['kty', 'crv', 'x', 'y', 'n', 'e'].includes(k)))
  const claims = { jti: crypto.randomUUID(), htm, htu: htu.split(/[?#]/)[0], iat: Math.floor(Date.now() / 1000) }
  if (nonce) claims.nonce = nonce
  if (accessToken) claims.ath = jose.base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken))))
  return new jose.SignJWT(claims).setProtectedHeader({ alg, typ: 'dpop+jwt', jwk: pub }).sign(keys.privateKey)
}

async function cmdProof([alg, htm, htu, accessToken, nonce]) {
  const keys = await keyPair(alg)
  const proof = await proofWith(alg, keys, htm, htu, accessToken, nonce)
  return { proof, jkt: await thumbprint(keys.publicKey) }
}

// verifyOne is RFC 9449 section 4.3 as an independent verifier reads it.
async function verifyOne({ proof, htm, htu, access_token: accessToken }) {
  try {
    const { payload, protectedHeader } = await jose.jwtVerify(proof, jose.EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: ['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'EdDSA', 'Ed25519'],
      maxTokenAge: '60s',
      clockTolerance: 5,
      requiredClaims: ['jti', 'htm', 'htu', 'iat'],
    })
    for (const m of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) {
      if (m in protectedHeader.jwk) throw new Error(`jwk has private member ${m}`)
    }
    if (payload.htm !== htm) throw new Error(`htm ${payload.htm} != ${htm}`)
    const norm = (u) => { const x = new URL(u); x.search = ''; x.hash = ''; return x.href }
    if (norm(payload.htu) !== norm(htu)) throw new Error(`htu ${payload.htu} != ${htu}`)
    if (accessToken) {
      const ath = jose.base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken))))
      if (payload.ath !== ath) throw new Error('ath mismatch')
    }
    return { ok: true, jkt: await jose.calculateJwkThumbprint(protectedHeader.jwk, 'sha256') }
  } catch (e) {
    return { ok: false, error: String(e && e.message || e) }
  }
}

async function cmdVerify() {
  const rl = readline.createInterface({ input: process.stdin })
  for await (const line of rl) {
    if (line.trim() === '') continue
    process.stdout.write(JSON.stringify(await verifyOne(JSON.parse(line))) + '\n')
  }
  return null
}

async function cmdClient([issuer, tokenEndpoint, resourceURL, alg]) {
  const as = { issuer, token_endpoint: tokenEndpoint }
  const client = { client_id: 'node-client' }
  const keys = await keyPair(alg)
  const handle = oauth.DPoP(client, keys)
  let retries = 0
  const grant = async () => oauth.processClientCredentialsResponse(as, client,
    await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretPost('node-secret'), { scope: 'read' }, { DPoP: handle }))
  let token
  try {
    token = await grant()
  } catch (e) {
    if (!oauth.isDPoPNonceError(e)) throw e
    retries++
    token = await grant()
  }
  const call = async () => oauth.protectedResourceRequest(token.access_token, 'GET', new URL(resourceURL), new Headers(), null, { DPoP: handle })
  let res
  try {
    res = await call()
  } catch (e) {
    if (!oauth.isDPoPNonceError(e)) throw e
    retries++
    res = await call()
  }
  return { token_type: token.token_type, status: res.status, body: await res.text(), jkt: await handle.calculateThumbprint(), retries }
}

async function cmdRS([issuer, jwksURI, audience]) {
  const as = { issuer, jwks_uri: jwksURI }
  const server = http.createServer(async (req, res) => {
    const url = `http://127.0.0.1:${server.address().port}${req.url}`
    const headers = new Headers()
    for (const [k, v] of Object.entries(req.headers)) headers.set(k, Array.isArray(v) ? v.join(', ') : v)
    try {
      const claims = await oauth.validateJwtAccessToken(as, new Request(url, { method: req.method, headers }), audience, { requireDPoP: true })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ sub: claims.sub, jkt: claims.cnf && claims.cnf.jkt }))
    } catch (e) {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: String(e && e.message || e) }))
    }
  })
  server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: server.address().port }) + '\n'))
  return null
}

const [cmd, ...args] = process.argv.slice(2)
const cmds = { proof: cmdProof, verify: cmdVerify, client: cmdClient, rs: cmdRS }
if (!cmds[cmd]) {
  process.stderr.write(`unknown command ${cmd}\n`)
  process.exit(2)
}
try {
  const out = await cmds[cmd](args)
  if (out !== null) process.stdout.write(JSON.stringify(out) + '\n')
} catch (e) {
  process.stderr.write(String(e && e.stack || e) + '\n')
  process.exit(1)
}
