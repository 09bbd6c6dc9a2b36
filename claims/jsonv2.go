//go:build go1.27 && goexperiment.jsonv2

package claims

import (
	"encoding/json/jsontext"
)

// These methods let the encoding/json v2 engine (the default from Go 1.27)
// stream NumericDate and Audience without an allocation per value. They
// write and read exactly what MarshalJSON and UnmarshalJSON do.

// MarshalJSONTo writes d as MarshalJSON does.
func (d NumericDate) MarshalJSONTo(enc *jsontext.Encoder) error {
	var buf [40]byte
	return enc.WriteValue(AppendNumericDate(buf[:0], d.Time))
}

// UnmarshalJSONFrom reads d as UnmarshalJSON does.
func (d *NumericDate) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := dec.ReadValue()
	if err != nil {
		return err
	}
	return d.UnmarshalJSON(v)
}

// MarshalJSONTo writes a as MarshalJSON does.
func (a Audience) MarshalJSONTo(enc *jsontext.Encoder) error {
	if len(a) == 1 {
		return enc.WriteToken(jsontext.String(a[0]))
	}
	if err := enc.WriteToken(jsontext.BeginArray); err != nil {
		return err
	}
	for _, s := range a {
		if err := enc.WriteToken(jsontext.String(s)); err != nil {
			return err
		}
	}
	return enc.WriteToken(jsontext.EndArray)
}

// UnmarshalJSONFrom reads a as UnmarshalJSON does.
func (a *Audience) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := dec.ReadValue()
	if err != nil {
		return err
	}
	return a.UnmarshalJSON(v)
}
