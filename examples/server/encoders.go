package main

import "github.com/jotlib/jwt"

// encoders are the claims codecs the service can run with, by name.
func encoders() []namedEncoder {
	return []namedEncoder{{"encoding/json", jwt.StdEncoder{}}}
}

type namedEncoder struct {
	name string
	enc  jwt.Encoder
}
