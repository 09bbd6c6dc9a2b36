package benchmarks

import (
	"github.com/jotlib/jwt/jsoniterext"
)

// extraJotImpls lists this library with encoders other than the default:
// jsoniterext, the opt-in faster codec.
func extraJotImpls() []impl {
	return []impl{jotImpl("jotlib-jsoniter", jsoniterext.New())}
}

// extraCodecs lists codecs other than the default.
func extraCodecs() []codec {
	return []codec{{"jsoniter", jsoniterext.New()}}
}
