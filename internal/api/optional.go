package api

import (
	"bytes"
	"encoding/json"
)

// Optional is a request field that distinguishes "omitted" (Set false),
// "null" (Set true, Null true) and a value. UnmarshalJSON runs only for keys
// present in the object, which is what makes the distinction possible.
type Optional[T any] struct {
	Set   bool
	Null  bool
	Value T
}

// UnmarshalJSON implements json.Unmarshaler.
func (o *Optional[T]) UnmarshalJSON(b []byte) error {
	o.Set = true
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		o.Null = true
		return nil
	}
	return json.Unmarshal(b, &o.Value)
}

// Ptr returns nil when the field is omitted or null, else the value.
func (o Optional[T]) Ptr() *T {
	if !o.Set || o.Null {
		return nil
	}
	v := o.Value
	return &v
}
