//go:build go1.27 && goexperiment.jsonv2

package jwt_test

import (
	"encoding/json/jsontext"
)

// keepsFrom keeps the value its UnmarshalJSONFrom reads: with Go 1.27's
// encoding/json, a view of the bytes given to json.Unmarshal.
type keepsFrom struct{ raw []byte }

func (k *keepsFrom) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := dec.ReadValue()
	k.raw = v
	return err
}

// keepingClaimsTypesGo127 are the claims types that keep their input
// through Go 1.27's encoding/json only.
func keepingClaimsTypesGo127() []keptBy {
	type from struct {
		Sub keepsFrom `json:"sub"`
	}
	return []keptBy{{"an UnmarshalJSONFrom field", parseKept(func(c *from) []byte { return c.Sub.raw })}}
}
