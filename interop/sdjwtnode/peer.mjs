// peer.mjs: the other side of the SD-JWT interop tests
// (interop/sdjwt_node_test.go). An independent implementation only: the
// OpenWallet Foundation's sd-jwt-js (@sd-jwt/core), with @sd-jwt/crypto-nodejs
// for hashing, salts and ECDSA. Each command reads one JSON object on stdin
// and prints one JSON line:
//
//   node peer.mjs issue
//       {"issuer_jwk" (private), "holder_jwk" (public, for cnf), "alg",
//        "hash_alg", "typ", "payload", "frame" (an sd-jwt-js DisclosureFrame)}
//       -> {"sdjwt"}
//   node peer.mjs present
//       {"sdjwt", "frame" (a PresentationFrame), "holder_jwk" (private),
//        "alg", "aud", "nonce", "iat"} -> {"presentation"}
//   node peer.mjs verify
//       {"presentation", "issuer_jwk" (public), "alg", "nonce",
//        "require_kb", "now"} -> {"ok", "payload", "kb", "error"}
//
// With "vc": true in the request, each command uses @sd-jwt/sd-jwt-vc's
// SDJwtVcInstance (SD-JWT VC: typ dc+sd-jwt, vct) instead. The key binding
// JWT is checked against the issuer JWT's cnf.jwk.
import { SDJwtInstance } from '@sd-jwt/core'
import { ES256, ES384, ES512, digest, generateSalt } from '@sd-jwt/crypto-nodejs'
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc'

const algs = { ES256, ES384, ES512 }

function alg(name) {
  const a = algs[name || 'ES256']
  if (!a) throw new Error('unsupported alg ' + name)
  return a
}

async function readStdin() {
  const chunks = []
  for await (const c of process.stdin) chunks.push(c)
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

function instance(cfg, vc) {
  const Class = vc ? SDJwtVcInstance : SDJwtInstance
  return new Class({
    hasher: digest,
    saltGenerator: generateSalt,
    hashAlg: cfg.hash_alg || 'sha-256',
    ...cfg.extra,
  })
}

async function issue(req) {
  const a = alg(req.alg)
  const sdjwt = instance({
    hash_alg: req.hash_alg,
    extra: { signer: await a.getSigner(req.issuer_jwk), signAlg: a.alg },
  }, req.vc)
  const payload = { ...req.payload }
  if (req.holder_jwk) payload.cnf = { jwk: req.holder_jwk }
  const header = req.typ ? { typ: req.typ } : undefined
  return { sdjwt: await sdjwt.issue(payload, req.frame, header ? { header } : undefined) }
}

async function present(req) {
  const a = alg(req.alg)
  const sdjwt = instance({
    extra: { kbSigner: await a.getSigner(req.holder_jwk), kbSignAlg: a.alg },
  }, req.vc)
  const kb = req.aud ? { payload: { aud: req.aud, nonce: req.nonce, iat: req.iat || Math.floor(Date.now() / 1000) } } : undefined
  return { presentation: await sdjwt.present(req.sdjwt, req.frame, kb ? { kb } : undefined) }
}

async function verify(req) {
  const a = alg(req.alg)
  const sdjwt = instance({
    extra: {
      verifier: await a.getVerifier(req.issuer_jwk),
      kbVerifier: async (data, sig, payload) => {
        const jwk = payload && payload.cnf && payload.cnf.jwk
        if (!jwk) throw new Error('no cnf.jwk in the issuer JWT')
        return (await alg(jwk.crv === 'P-384' ? 'ES384' : jwk.crv === 'P-521' ? 'ES512' : 'ES256').getVerifier(jwk))(data, sig)
      },
    },
  }, req.vc)
  try {
    const opts = { keyBindingNonce: req.require_kb ? req.nonce : undefined }
    if (req.now) opts.currentDate = req.now
    const out = await sdjwt.verify(req.presentation, opts)
    if (req.require_kb && !out.kb) throw new Error('no key binding JWT')
    return { ok: true, payload: out.payload, kb: out.kb ? out.kb.payload : null }
  } catch (e) {
    return { ok: false, error: String(e && e.message ? e.message : e) }
  }
}

const commands = { issue, present, verify }
const cmd = commands[process.argv[2]]
if (!cmd) {
  console.error('usage: node peer.mjs issue|present|verify < request.json')
  process.exit(2)
}
try {
  process.stdout.write(JSON.stringify(await cmd(await readStdin())) + '\n')
} catch (e) {
  console.error(e && e.stack ? e.stack : String(e))
  process.exit(1)
}
