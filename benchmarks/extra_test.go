package benchmarks

import (
	"encoding/json"

	"github.com/jotlib/jwt/jsoniterext"
)

// extraJotImpls lists this library with encoders other than the default:
// jsoniterext, and an Encoder that calls encoding/json directly, which
// shows what the default StdEncoder's compiled plans save.
func extraJotImpls() []impl {
	return []impl{jotImpl("jotlib-jsoniter", jsoniterext.New()), jotImpl("jotlib-encjson", encodingJSON{})}
}

// extraCodecs lists codecs other than the default.
func extraCodecs() []codec {
	return []codec{{"jsoniter", jsoniterext.New()}, {"encjson", encodingJSON{}}}
}

// encodingJSON is a jwt.Encoder that calls encoding/json and nothing else.
type encodingJSON struct{}

func (encodingJSON) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (encodingJSON) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
