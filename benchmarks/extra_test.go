package benchmarks

import "github.com/jotlib/jwt/jsoniterext"

// extraJotImpls lists this library with encoders other than encoding/json.
func extraJotImpls() []impl {
	return []impl{jotImpl("jotlib-jsoniter", jsoniterext.New())}
}

// extraCodecs lists codecs other than encoding/json.
func extraCodecs() []codec {
	return []codec{{"jsoniter", jsoniterext.New()}}
}
