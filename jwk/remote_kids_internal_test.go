package jwk

import (
	"fmt"
	"reflect"
	"testing"
	"time"
)

// hitKid counts one verification of kid.
func (c *kidTable) hitKid(kid string, now time.Time) uint32 { return c.hit(c.sum(kid), now) }

// TestKidTable_FullOfForgedKidsSeenTwice_RotatedKidCountedByItsThirdHit:
// the red team's attack on the first table (64 kids sent twice each left
// no place, and a rotated kid stayed at count 1 after 100 tokens). However
// many kids fill the table, twice each, the rotated kid's third hit counts
// at least three.
func TestKidTable_FullOfForgedKidsSeenTwice_RotatedKidCountedByItsThirdHit(t *testing.T) {
	now := time.Now()
	for _, forged := range []int{repeatedKidSlots / 2, repeatedKidSlots, 10 * repeatedKidSlots} {
		var c kidTable
		for i := 0; i < forged; i++ {
			c.hitKid(fmt.Sprint("twice-", i), now)
			c.hitKid(fmt.Sprint("twice-", i), now)
		}
		var n uint32
		for range repeatedKidHits {
			n = c.hitKid("rotated", now)
		}
		if n < repeatedKidHits {
			t.Errorf("%d forged kids twice each: the rotated kid counted %d by its third hit, want at least %d", forged, n, repeatedKidHits)
		}
	}
}

// TestKidTable_RotatedKidAmongAHundredTimesAsManyFreshKids_NeverUndercounted:
// fresh forged kids at a hundred times the rotated kid's rate push it out
// of the table again and again; its count still never falls below its
// verifications (Space-Saving's guarantee).
func TestKidTable_RotatedKidAmongAHundredTimesAsManyFreshKids_NeverUndercounted(t *testing.T) {
	var c kidTable
	now := time.Now()
	for i := 1; i <= 100; i++ {
		for j := 0; j < 100; j++ {
			c.hitKid(fmt.Sprint("fresh-", i, "-", j), now)
		}
		if n := c.hitKid("rotated", now); n < uint32(i) {
			t.Fatalf("hit %d of the rotated kid counted %d", i, n)
		}
	}
}

// TestKidTable_KidsSeenOnce_NotRepeatedWithinTwiceTheSlots: random kids,
// each asked for once, never count as repeated while at most twice the
// table's slots came since the latest fetch; past that the table errs on
// fetching; a reset forgets.
func TestKidTable_KidsSeenOnce_NotRepeatedWithinTwiceTheSlots(t *testing.T) {
	var c kidTable
	now := time.Now()
	for i := 0; i < 2*repeatedKidSlots; i++ {
		if n := c.hitKid(fmt.Sprint("once-", i), now); n >= repeatedKidHits {
			t.Fatalf("kid %d, seen once, counted %d", i, n)
		}
	}
	if n := c.hitKid("once-more", now); n < repeatedKidHits {
		t.Fatalf("past %d kids seen once: %d, want the table to err on fetching", 2*repeatedKidSlots, n)
	}
	c.reset()
	if n := c.hitKid("once-more", now); n != 1 {
		t.Fatalf("after a reset: %d", n)
	}
}

// TestKidTable_HeldKidNotCountedUntilItsHoldEnds: a kid its fetch did not
// bring counts 0 until its hold ends, and holds no other kid; holds
// survive a reset; the slots are reused, the one ending first first.
func TestKidTable_HeldKidNotCountedUntilItsHoldEnds(t *testing.T) {
	var c kidTable
	now := time.Now()
	c.hold(c.sum("forged"), now.Add(time.Second))
	c.reset()
	for range 10 {
		if n := c.hitKid("forged", now); n != 0 {
			t.Fatalf("a held kid counted %d", n)
		}
	}
	if c.hitKid("other", now) != 1 || c.hitKid("other", now) != 2 {
		t.Fatal("another kid is held too")
	}
	if n := c.hitKid("forged", now.Add(time.Second)); n != 1 {
		t.Fatalf("after its hold: %d", n)
	}
	for i := range heldKidSlots {
		c.hold(c.sum(fmt.Sprint("k", i)), now.Add(time.Duration(i+2)*time.Second))
	}
	c.hold(c.sum("last"), now.Add(time.Hour)) // replaces k0, the first to end
	if c.isHeld(c.sum("k0"), now) || !c.isHeld(c.sum("k1"), now) || !c.isHeld(c.sum("last"), now) {
		t.Fatal("the hold that ends first was not the one replaced")
	}
}

// TestKidTable_StoresNoKidString: unverified kids are kept as hashes in
// fixed memory (no string, slice or map in the table).
func TestKidTable_StoresNoKidString(t *testing.T) {
	var walk func(reflect.Type)
	walk = func(ty reflect.Type) {
		switch ty.Kind() {
		case reflect.String, reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface:
			if ty.PkgPath() != "hash/maphash" {
				t.Errorf("kidTable holds a %v", ty)
			}
		case reflect.Array:
			walk(ty.Elem())
		case reflect.Struct:
			if ty.PkgPath() == "hash/maphash" || ty.PkgPath() == "time" {
				return
			}
			for i := range ty.NumField() {
				walk(ty.Field(i).Type)
			}
		}
	}
	walk(reflect.TypeFor[kidTable]())
}
