package jsoniterext

import (
	"reflect"
	"slices"
)

// anyField reports whether found holds for a field of struct t or of a
// struct t embeds, directly or through a pointer, leaving out fields tagged
// "-". Embedded structs with a JSON name of their own are looked into too:
// the callers hand a type to encoding/json when found holds, and handing it
// more often never changes a result, only the speed.
func anyField(t reflect.Type, found func(reflect.StructField) bool) bool {
	return anyFieldOf(t, nil, found)
}

func anyFieldOf(t reflect.Type, seen []reflect.Type, found func(reflect.StructField) bool) bool {
	if slices.Contains(seen, t) {
		return false
	}
	seen = append(seen, t)
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Tag.Get("json") == "-" {
			continue
		}
		if found(f) {
			return true
		}
		if f.Anonymous {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct && anyFieldOf(ft, seen, found) {
				return true
			}
		}
	}
	return false
}
