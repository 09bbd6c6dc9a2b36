package corpus_test

import (
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/corpus"
)

func TestEveryCaseGetsItsVerdictFromParse(t *testing.T) {
	for _, c := range corpus.Cases() {
		_, err := jwt.Parse(c.Token, c.Key, c.Opts...)
		if e := c.Check(err); e != nil {
			t.Error(e)
		}
	}
}
