package userinfo

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/jotlib/jwt/internal/strictjson"
)

// readJSON checks a JSON response (OpenID Connect Core 1.0 section 5.3.2:
// "The UserInfo Claims MUST be returned as the members of a JSON object")
// with the core's strict pass (one object, no duplicate or case-folded
// look-alike member names, valid UTF-8, RFC 8259), "sub" present, a string
// (section 5.3.2: "MUST always be returned") and equal to subject (section
// 5.3.4), no member that only case-folds to a Claims member's name, then
// decodes it into dst.
func readJSON(body []byte, subject string, dst any) error {
	var sub string
	var hasSub bool
	err := strictjson.Object(body, func(key strictjson.Key, value []byte) error {
		if key.Is("sub") {
			s, ok := strictjson.String(value)
			if !ok {
				return refused(`"sub" is not a string`)
			}
			sub, hasSub = s, true
			return nil
		}
		if like := strictjson.LookAlike(key.Name(), memberNames...); like != "" {
			return refused("member %q is a case-folded look-alike of %q", key.Name(), like)
		}
		return nil
	})
	switch {
	case err != nil && isOurs(err):
		return err
	case err != nil:
		return refused("not one strict JSON object: %v", err)
	case !hasSub || sub == "":
		return refused(`no "sub" (OpenID Connect Core 1.0 section 5.3.2: it "MUST always be returned")`)
	case sub != subject:
		return fmt.Errorf("%w: %q, the ID token's is %q (OpenID Connect Core 1.0 section 5.3.4)", ErrSubjectMismatch, sub, subject)
	}
	// Decoded into a new value first, so that a decode error leaves dst as
	// it was.
	fresh := reflect.New(reflect.TypeOf(dst).Elem())
	if err := json.Unmarshal(body, fresh.Interface()); err != nil {
		return refused("decoding the claims: %v", err)
	}
	reflect.ValueOf(dst).Elem().Set(fresh.Elem())
	return nil
}
