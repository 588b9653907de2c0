package field

import (
	"bytes"
	"encoding/json"
	"reflect"
)

// Optional is a request field that distinguishes "omitted" (Set false),
// "null" (Set true, Null true) and a value. UnmarshalJSON runs only for keys
// present in the object, which is what makes the distinction possible.
//
// Updates ("only the supplied fields change") use one convention across the
// service, in the request types and in the services' patch types alike: a
// field whose null means something (clear it, remove it) is an Optional[T];
// any other field is a *T, nil when omitted; a JSON null there is refused
// (VALIDATION_ERROR naming the field, see checkNulls), since its published
// schema has no null. A patch is applied with Assign and ApplyTo,
// field by field, never through names.
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

// ElemType is T: an Optional[T]'s schema is T's, or null.
func (Optional[T]) ElemType() reflect.Type { return reflect.TypeFor[T]() }

// OptionalType is implemented by every Optional[T].
type OptionalType interface{ ElemType() reflect.Type }

// Some is a supplied value.
func Some[T any](v T) Optional[T] { return Optional[T]{Set: true, Value: v} }

// Null is a supplied null.
func Null[T any]() Optional[T] { return Optional[T]{Set: true, Null: true} }

// OrNull is *v supplied, or a supplied null when v is nil.
func OrNull[T any](v *T) Optional[T] {
	if v == nil {
		return Null[T]()
	}
	return Some(*v)
}

// ApplyTo sets *dst to the value, or to nil for null, when the field was
// supplied; it leaves *dst alone otherwise.
func (o Optional[T]) ApplyTo(dst **T) {
	if o.Set {
		*dst = o.Ptr()
	}
}

// Assign sets *dst to *v when v is not nil (a supplied field of a patch);
// it leaves *dst alone otherwise.
func Assign[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
