package main

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jsoniterext"
)

// encoders are the claims codecs the service can run with, by name.
func encoders() []namedEncoder {
	return []namedEncoder{
		{"std", jwt.StdEncoder{}}, // the default: encoding/json
		{"jsoniterext", jsoniterext.New()},
	}
}

// namedEncoder is an Encoder with the name the -encoder flag selects it by.
type namedEncoder struct {
	name string
	enc  jwt.Encoder
}
