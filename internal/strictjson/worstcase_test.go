package strictjson_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/jotlib/jwt/internal/strictjson"
)

// worstObjects builds an object of about size bytes that is as costly as we
// know for the strict pass: an array of objects of 16 escaped names each,
// all of one length and with the same first and last bytes (so they land on
// one filter bit), differing only near their end.
func worstObjects(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"x":[`)
	prefix := strings.Repeat(`\u0061`, 8)
	for i := 0; b.Len() < size-200; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('{')
		for j := range 16 {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"` + prefix + string(rune('a'+j)) + `\u0061":1`)
		}
		b.WriteByte('}')
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// manyNames builds one object of about size bytes with distinct escaped
// names, past the flat list of 16.
func manyNames(size int) []byte {
	var b strings.Builder
	b.WriteString(`{`)
	for i := 0; b.Len() < size-40; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"\u006e` + strconv.Itoa(i) + `":1`)
	}
	b.WriteString(`}`)
	return []byte(b.String())
}

// longNumbers builds an object of about size bytes holding an array of
// numbers of over 300 digits, each of which the pass range-checks.
func longNumbers(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"x":[`)
	num := "1" + strings.Repeat("0", 301)
	for i := 0; b.Len() < size-len(num)-2; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(num)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// TestStrict_WorstCaseIsLinear_EachEscapedNameIsDecodedOnceWithBoundedAllocations:
// the strict pass over attacker-chosen input of any shape costs a bounded
// number of allocations per call (escaped names are decoded once into a
// scratch arena the pass owns; long numbers are range-checked in place),
// not allocations per name, per number or per comparison.
func TestStrict_WorstCaseIsLinear_EachEscapedNameIsDecodedOnceWithBoundedAllocations(t *testing.T) {
	inputs := map[string][]byte{
		"16 escaped names per object": worstObjects(768 << 10),
		"one object of many names":    manyNames(768 << 10),
		"many names, a quarter":       manyNames(192 << 10),
		"nested escaped names":        []byte(strings.Repeat(`{"\u0061":1,"\u0062":`, 63) + "1" + strings.Repeat("}", 63)),
		"long numbers":                longNumbers(768 << 10),
		"one long escaped name":       []byte(`{"` + strings.Repeat(`\u00e9`, 100_000) + `":1,"` + strings.Repeat(`\u00e9`, 99_999) + `x":1}`),
	}
	for name, in := range inputs {
		if err := strictjson.Object(in, sjNoop); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// Arena, name list and hash table each grow by doubling: a few
		// dozen allocations for a 768 KiB input at most.
		if n := testing.AllocsPerRun(3, func() { _ = strictjson.Object(in, sjNoop) }); n > 80 {
			t.Errorf("%s: %v allocations per pass, want at most 80", name, n)
		}
	}
	// Four times the names cost a few more allocations, not four times as many.
	quarter := testing.AllocsPerRun(3, func() { _ = strictjson.Object(inputs["many names, a quarter"], sjNoop) })
	whole := testing.AllocsPerRun(3, func() { _ = strictjson.Object(inputs["one object of many names"], sjNoop) })
	if whole > quarter+12 {
		t.Errorf("allocations grow with the number of names: %v for 192 KiB, %v for 768 KiB", quarter, whole)
	}
	// Objects of up to 16 names, escaped or not, allocate nothing.
	small := []byte(`{"\u0061":1,"\u0062":{"\u0063":[{"\u0064":1,"\u00e9":2}]},"c\u0064":3,"é":4}`)
	if n := testing.AllocsPerRun(10, func() { _ = strictjson.Object(small, sjNoop) }); n != 0 {
		t.Errorf("small escaped object: %v allocations, want 0", n)
	}
	small = worstObjects(4096)
	if n := testing.AllocsPerRun(10, func() { _ = strictjson.Object(small, sjNoop) }); n > 8 {
		t.Errorf("worst objects, 4 KiB: %v allocations", n)
	}
}

// TestStrict_DuplicatesAreStillFoundPastTheFlatList_WithEscapesAndFilterCollisions:
// the arena and hash table find duplicates wherever they are.
func TestStrict_DuplicatesAreStillFoundPastTheFlatList_WithEscapesAndFilterCollisions(t *testing.T) {
	for _, n := range []int{15, 16, 17, 33, 1000} {
		for _, dup := range []int{0, 7, n - 1} {
			var b strings.Builder
			b.WriteString(`{`)
			for i := range n {
				b.WriteString(`"\u0061` + strconv.Itoa(i) + `z":{"\u0061` + strconv.Itoa(i) + `z":1},`)
			}
			b.WriteString(`"a` + strconv.Itoa(dup) + `\u007a":1}`)
			err := strictjson.Object([]byte(b.String()), sjNoop)
			if !errors.Is(err, strictjson.ErrInvalid) || !strings.Contains(err.Error(), "duplicate") {
				t.Errorf("%d names, duplicate of %d: got %v", n, dup, err)
			}
		}
	}
}
