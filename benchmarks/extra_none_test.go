package benchmarks

// extraJotImpls lists this library with other encoders (jsoniterext once
// its module exists).
func extraJotImpls() []impl { return nil }

// extraCodecs lists codecs other than encoding/json.
func extraCodecs() []codec { return nil }
