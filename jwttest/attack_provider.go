package jwttest

// Target is the attack Target of the provider's signing key: its issuer,
// audience, client, "kid" and clock. An empty Target (ErrInvalidTarget
// from Attacks) for a nil Provider.
func (p *Provider) Target() Target {
	k, err := p.signer()
	if err != nil {
		return Target{}
	}
	return Target{
		Issuer: p.Issuer(), Audience: p.cfg.audience, ClientID: p.cfg.clientID,
		Algorithm: k.alg, Key: k.priv, KeyID: k.kid, Now: p.Now,
	}
}

// Attacks is the catalogue of hostile tokens (the package function
// Attacks) for the provider's Target; an error fails the test (t.Fatal).
// Nil for a nil Provider.
func (p *Provider) Attacks() []Attack {
	if !p.ok() {
		return nil
	}
	p.t.Helper()
	a, err := Attacks(p.Target())
	if err != nil {
		p.t.Fatalf("jwttest: Attacks: %v", err)
	}
	return a
}
