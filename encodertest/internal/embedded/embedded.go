// Package embedded holds the exported struct types the conformance kit's
// probes embed. An embedded field's type must be exported for the probe to
// test the case encoding/json users write (codecs treat embedded exported
// and unexported structs differently), and a type here is exported without
// being part of package encodertest's API.
package embedded

// Audit is embedded by the kit's wide struct, with omitempty members.
type Audit struct {
	CreatedBy string `json:"created_by,omitempty"`
	UpdatedBy string `json:"updated_by,omitempty"`
	Version   int    `json:"version,omitempty"`
}
