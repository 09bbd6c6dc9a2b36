package jwk

// readOct reads a symmetric key (RFC 7518 section 6.4): "k", the secret.
func (k *Key) readOct(m *members) error {
	s, err := m.need("k")
	if err != nil {
		return err
	}
	secret, err := decodeB64("k", s)
	if err != nil {
		return err
	}
	return k.setOct(secret)
}

// setOct stores a secret; its strength is checked when the key is prepared,
// against its "alg" and "use".
func (k *Key) setOct(secret []byte) error {
	if len(secret) == 0 {
		return invalid(`empty "oct" key`)
	}
	k.priv = secret
	return nil
}
