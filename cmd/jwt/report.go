package main

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/jotlib/jwt/claims"
)

// timeClaims are the registered NumericDate claims, in the order shown.
var timeClaims = []string{claims.NameIssuedAt, claims.NameNotBefore, claims.NameExpiresAt}

// writeReport renders a token as one indented JSON object:
//
//	{"header": {…}, "claims": {…}, "times": {"exp": "2026-… (expires in 54m)"}}
//
// The header and claims are the token's own JSON, re-indented (member
// order and number spelling kept). A payload that is not JSON is shown as
// a string under "payload"; "times" is present when any of iat, nbf, exp is.
func writeReport(seg *segments, now time.Time) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{\n  \"header\": ")
	if err := json.Indent(&b, bytes.TrimSpace(seg.header), "  ", "  "); err != nil {
		return nil, malformedError("header is not JSON: %v", err)
	}
	if isJSONObject(seg.payload) {
		b.WriteString(",\n  \"claims\": ")
		if err := json.Indent(&b, bytes.TrimSpace(seg.payload), "  ", "  "); err != nil {
			return nil, malformedError("claims: %v", err)
		}
	} else {
		s, _ := json.Marshal(string(seg.payload))
		b.WriteString(",\n  \"payload\": ")
		b.Write(s)
	}
	if times := registeredTimes(seg.payload, now); len(times) > 0 {
		b.WriteString(",\n  \"times\": {")
		for i, t := range times {
			if i > 0 {
				b.WriteByte(',')
			}
			name, _ := json.Marshal(t[0])
			text, _ := json.Marshal(t[1])
			b.WriteString("\n    ")
			b.Write(name)
			b.WriteString(": ")
			b.Write(text)
		}
		b.WriteString("\n  }")
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// isJSONObject reports whether data is one valid JSON object.
func isJSONObject(data []byte) bool {
	data = bytes.TrimSpace(data)
	return len(data) > 0 && data[0] == '{' && json.Valid(data)
}

// registeredTimes returns [name, text] pairs for iat, nbf and exp:
// "2026-11-30T09:38:00Z (expires in 54m)", or why the value is unusable.
func registeredTimes(payload []byte, now time.Time) [][2]string {
	return describeTimes(payload, now, timeText)
}

// describeTimes applies format to each of iat, nbf and exp present in
// payload.
func describeTimes(payload []byte, now time.Time, format func(name string, t, now time.Time) string) [][2]string {
	var m map[string]json.RawMessage
	if json.Unmarshal(payload, &m) != nil {
		return nil
	}
	var out [][2]string
	for _, name := range timeClaims {
		raw, ok := m[name]
		if !ok {
			continue
		}
		t, err := claims.ParseNumericDate(raw)
		if err != nil {
			out = append(out, [2]string{name, "not a valid NumericDate: " + string(raw)})
			continue
		}
		out = append(out, [2]string{name, format(name, t, now)})
	}
	return out
}

// timeText is "2026-11-30T09:38:00Z (expires in 54m)".
func timeText(name string, t, now time.Time) string {
	return formatTime(t) + " (" + relative(name, t, now) + ")"
}

// timeNote is "exp 2026-11-30T09:38:00Z, expired 3m ago", for error lines.
func timeNote(name string, t, now time.Time) string {
	return name + " " + formatTime(t) + ", " + relative(name, t, now)
}
