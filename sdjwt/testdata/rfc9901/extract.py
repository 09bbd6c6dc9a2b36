# Extracts the examples of draft-ietf-oauth-selective-disclosure-jwt-22 (the text RFC 9901 was published from).
import json, re, sys, hashlib, base64
lines = open(sys.argv[1], encoding='utf-8').read().split('\n')
out = sys.argv[2]
head = re.compile(r'^((\d+(\.\d+)*)|([A-Z]\.\d+(\.\d+)*))\.  (.*)$')
secs = []; cur = None
for ln in lines:
    m = head.match(ln)
    if m:
        cur = {'id': m.group(1), 'title': m.group(6), 'lines': []}; secs.append(cur); continue
    if cur: cur['lines'].append(ln)
B64 = re.compile(r'^   [A-Za-z0-9_.~-]+$')
def b64d(s): return base64.urlsafe_b64decode(s + '=' * (-len(s) % 4))
def dig(s): return base64.urlsafe_b64encode(hashlib.sha256(s.encode()).digest()).decode().rstrip('=')
res = []
for s in secs:
    L = s['lines']; i = 0; items = []; para = []
    while i < len(L):
        ln = L[i]
        if ln in ('   {', '   ['):
            close = '   }' if ln == '   {' else '   ]'
            j = i
            while L[j] != close: j += 1
            try: v = json.loads('\n'.join(L[i:j+1]))
            except ValueError: print("skip json in", s["id"], L[i+1][:60]); para = []; i = j + 1; continue
            items.append(('json', ' '.join(para), v)); para = []; i = j + 1; continue
        if ln.startswith('   eyJ') and B64.match(ln):
            j = i; buf = ''
            while j < len(L) and B64.match(L[j]): buf += L[j].strip(); j += 1
            items.append(('compact', ' '.join(para), buf)); para = []; i = j; continue
        m = re.match(r'^   \*(Claim (.*)|Array Entry)\*:$', ln)
        if m:
            h = re.match(r'^   \*  SHA-256 Hash: (\S+)$', L[i+2]).group(1)
            assert L[i+3] == '   *  Disclosure:', L[i+3]
            j = i + 4; enc = ''
            while re.match(r'^      [A-Za-z0-9_-]+$', L[j]): enc += L[j].strip(); j += 1
            items.append(('disclosure', m.group(2), h, enc)); i = j; continue
        if ln.strip() == 'The following decoy digests are added:':
            j = i + 2; ds = []
            while L[j].startswith('   *  '): ds.append(L[j][6:].strip()); j += 1
            items.append(('decoys', ds)); i = j; continue
        if ln.strip() == '': para = [] if para and para[-1] == '' else para + ['']
        else:
            if para == [''] or (para and para[-1] == ''): para = []
            para.append(ln.strip())
        i += 1
    if not any(it[0] in ('disclosure', 'compact') for it in items): continue
    ex = {'section': s['id'], 'title': s['title'], 'disclosures': []}
    for it in items:
        if it[0] == 'disclosure':
            ex['disclosures'].append({'claim': it[1], 'digest': it[2], 'encoded': it[3]})
        elif it[0] == 'decoys': ex['decoy_digests'] = it[1]
        elif it[0] == 'json':
            c = it[1].lower()
            k = ('user_claims' if 'input jwt claims set' in c or 'user data' in c or 'citizen data' in c else
                 'sd_jwt_payload' if 'payload is used for the sd-jwt' in c or 'following data in the sd-jwt payload' in c or 'payload of the sd-jwt' in c else
                 'kb_jwt_payload' if 'key binding jwt payload' in c else
                 'processed_payload' if 'processed sd-jwt payload' in c.replace('sd- jwt', 'sd-jwt') else None)
            if k is None: k = 'json_' + str(len([x for x in ex if x.startswith('json_')]))
            if k in ex: k = k + '_2'
            ex[k] = it[2]; ex[k + '_caption'] = it[1]
        elif it[0] == 'compact':
            c = it[1].lower()
            k = ('issuer_jwt' if 'issuer-signed jwt' in c and '~' not in it[2] else
                 'issued' if 'produces the sd-jwt' in c or 'issued sd-jwt' in c else
                 'presentation' if 'presentation' in c or 'sd-jwt+kb' in c else 'compact')
            ex[k] = it[2]; ex[k + '_caption'] = it[1]
    res.append(ex)
# Section 5.2 presents the SD-JWT of section 5.1: one example.
for a, b in zip(res, res[1:]):
    if a['section'] == '5.1' and b['section'] == '5.2':
        for k, v in b.items():
            if k not in ('section', 'title', 'disclosures'): a[k] = v
        a['title'] = 'Issuance and Presentation'; a['section'] = '5'
        res.remove(b); break
for ex in res:
    if 'json_0' in ex:
        ex['kb_jwt_payload' if 'key binding jwt' in ex['json_0_caption'].lower() else 'sd_jwt_payload'] = ex.pop('json_0')
    if 'json_2' in ex: ex['sd_jwt_payload_one_open'] = ex.pop('json_2')
# Self-checks of the extraction (the Go tests do the real checks).
for ex in res:
    for d in ex['disclosures']:
        assert dig(d['encoded']) == d['digest'], (ex['section'], d)
        json.loads(b64d(d['encoded']))
    for k in ('issued', 'presentation', 'issuer_jwt'):
        if k in ex:
            jwt = ex[k].split('~')[0]
            p = json.loads(b64d(jwt.split('.')[1]))
            if 'sd_jwt_payload' in ex: assert p == ex['sd_jwt_payload'], (ex['section'], k)
            for part in ex[k].split('~')[1:]:
                if part and not part.startswith('eyJ'):
                    assert part in [d['encoded'] for d in ex['disclosures']], (ex['section'], k, part)
    slug = re.sub(r'[^a-z0-9]+', '_', ex['title'].lower()).strip('_')
    fn = '%s/%s_%s.json' % (out, ex['section'].replace('.', '_'), slug)
    for k in [k for k in ex if k.endswith("_caption")]:
        if k.startswith("json"): print("  caption", k, ex[k][:120])
        del ex[k]
    ex['source'] = 'draft-ietf-oauth-selective-disclosure-jwt-22 (published as RFC 9901) section ' + ex['section']
    with open(fn, 'w', encoding='utf-8') as f: json.dump(ex, f, ensure_ascii=False, indent=1); f.write('\n')
    print(fn, len(ex['disclosures']), sorted(k for k in ex if k not in ('disclosures',)))
