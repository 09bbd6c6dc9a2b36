package jsoniterext_test

import (
	"testing"

	"github.com/jotlib/jwt/encodertest"
	"github.com/jotlib/jwt/jsoniterext"
)

// TestNewPassesTheEncoderKit: New decodes and encodes exactly as
// encoding/json on everything the core passes on, and no token's verdict
// changes with it (issue 3: "go test ./... in jsoniterext runs
// encodertest.Run against jsoniterext.New() and passes").
func TestNewPassesTheEncoderKit(t *testing.T) {
	rep := encodertest.Run(t, jsoniterext.New(), encodertest.WithName("jsoniterext.New()"))
	if rep.Tokens == 0 {
		t.Fatal("the kit compared no token")
	}
}
