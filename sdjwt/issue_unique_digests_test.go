package sdjwt_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/jotlib/jwt/sdjwt"
)

// constantReader returns zero bytes: every salt is the same.
type constantReader struct{}

func (constantReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestRFC9901_7_1_Step4_IssueRefusesARepeatedDigest(t *testing.T) {
	for name, c := range map[string]struct {
		opts []sdjwt.IssuerOption
		obj  sdjwt.Object
	}{
		"same disclosure at two places": {
			[]sdjwt.IssuerOption{sdjwt.WithSaltReader(constantReader{})},
			sdjwt.Object{"a": sdjwt.Object{"x": sdjwt.SD(1)}, "b": sdjwt.Object{"x": sdjwt.SD(1)}},
		},
		"same array element twice": {
			[]sdjwt.IssuerOption{sdjwt.WithSaltReader(constantReader{})},
			sdjwt.Object{"a": sdjwt.Array{sdjwt.SD("x"), sdjwt.SD("x")}},
		},
		"decoys of a constant salt": {
			[]sdjwt.IssuerOption{sdjwt.WithSaltReader(constantReader{}), sdjwt.WithDecoys(2, 2)},
			sdjwt.Object{"a": sdjwt.SD(1)},
		},
	} {
		is, _ := testIssuer(t, nil, c.opts...)
		_, _, err := is.Issue(c.obj)
		if !errors.Is(err, sdjwt.ErrInvalidPayload) || !errors.Is(err, sdjwt.ErrDigestRepeated) {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

func TestRFC9901_7_1_Step4_IssueWithDistinctSaltsVerifies(t *testing.T) {
	is, key := testIssuer(t, nil, sdjwt.WithDecoys(2, 4), sdjwt.WithSaltReader(bytes.NewReader(bytes.Repeat([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}, 4096))))
	issued, _, err := is.Issue(sdjwt.Object{"a": sdjwt.Object{"x": sdjwt.SD(1)}, "b": sdjwt.Array{sdjwt.SD("x"), sdjwt.SD("x")}})
	if err != nil {
		t.Fatal(err)
	}
	v, err := sdjwt.NewVerifier(key, sdjwt.Config{KeyBinding: sdjwt.KeyBindingForbidden})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(t.Context(), issued, sdjwt.Checks{}, nil); err != nil {
		t.Error(err)
	}
}
