package jwttest

import "encoding/pem"

// CertificatePEM is the PEM encoding (RFC 7468 section 5) of the server's
// TLS certificate, for clients outside the Go process that must trust it
// (Node.js's NODE_EXTRA_CA_CERTS, curl --cacert). Nil with WithPlainHTTP
// and for a nil Provider.
func (p *Provider) CertificatePEM() []byte {
	if !p.ok() {
		return nil
	}
	c := p.srv.Certificate()
	if c == nil {
		return nil
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})
}
