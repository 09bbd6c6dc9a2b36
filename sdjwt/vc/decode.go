package vc

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/jotlib/jwt"
)

// decodeInto decodes payload, the processed payload of a verified SD-JWT
// (RFC 9901 section 7.1 step 5), into dst with enc: into a fresh value of
// dst's type first, which replaces *dst only when the decoding succeeded,
// so that a refusal never leaves dst partly written. dst has passed
// checkDst.
func decodeInto(enc jwt.Encoder, payload map[string]any, dst any) error {
	rv := reflect.ValueOf(dst)
	data, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("%w: the processed payload: %v", jwt.ErrEncoding, err)
	}
	fresh := reflect.New(rv.Type().Elem())
	if err := enc.Unmarshal(data, fresh.Interface()); err != nil {
		return fmt.Errorf("%w: %w: the processed payload into %T: %v", jwt.ErrTokenMalformed, jwt.ErrEncoding, dst, err)
	}
	rv.Elem().Set(fresh.Elem())
	return nil
}

// checkDst refuses a dst that is neither nil nor a non-nil pointer:
// ErrInvalidOption, as sdjwt's Verify.
func checkDst(dst any) error {
	if dst == nil {
		return nil
	}
	if rv := reflect.ValueOf(dst); rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("%w: dst must be nil or a non-nil pointer, not %T", ErrInvalidOption, dst)
	}
	return nil
}
