package field

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// checkNulls refuses a JSON null where the request's declaration (the
// same Go type its published schema is generated from) does not take one:
// only an Optional[T] field, a field tagged schema:"nullable", and fields
// of any type (json.RawMessage, any, Schema) or of a type that describes
// itself may be null. Without
// this, encoding/json would read a null as "omitted", accepting what the
// document says is refused. path is the JSON path of data ("" for the
// top).
func checkNulls(data []byte, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' && data[0] != '[' {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		if data[0] != '{' || t == timeType {
			return nil
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return nil // the decoder reports it
		}
		return checkFieldNulls(obj, t, path)
	case reflect.Slice, reflect.Array:
		if data[0] != '[' || t.Elem().Kind() == reflect.Uint8 {
			return nil
		}
		var items []json.RawMessage
		if json.Unmarshal(data, &items) != nil {
			return nil
		}
		for i, it := range items {
			p := path + "[" + strconv.Itoa(i) + "]"
			if isNull(it) && !takesNull(t.Elem()) {
				// Named by the list, as the other checks of its items are.
				return apperr.Invalid(orData(path), "%s must not be null", orData(p))
			}
			if err := checkNulls(it, t.Elem(), p); err != nil {
				return err
			}
		}
	case reflect.Map:
		if data[0] != '{' {
			return nil
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return nil
		}
		for k, v := range obj {
			p := joinPath(path, k)
			if isNull(v) && !takesNull(t.Elem()) {
				return apperr.Invalid(p, "%s must not be null", p)
			}
			if err := checkNulls(v, t.Elem(), p); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkFieldNulls checks the fields of struct type t (embedded structs
// included) present in obj.
func checkFieldNulls(obj map[string]json.RawMessage, t reflect.Type, path string) error {
	return JSONFields(t, func(f reflect.StructField, name, _ string) error {
		v, ok := lookupKey(obj, name)
		if !ok {
			return nil
		}
		p := joinPath(path, name)
		if isNull(v) {
			if !takesNull(f.Type) && !HasRule(f.Tag.Get("schema"), "nullable") {
				return apperr.Invalid(p, "%s must not be null: omit it to leave it unset", p)
			}
			return nil
		}
		inner := f.Type
		if inner.Implements(optType) {
			inner = reflect.Zero(inner).Interface().(OptionalType).ElemType()
		} else if takesNull(inner) {
			return nil
		}
		return checkNulls(v, inner, p)
	})
}

// lookupKey finds a field's key as encoding/json does: exactly, else
// case-insensitively.
func lookupKey(obj map[string]json.RawMessage, name string) (json.RawMessage, bool) {
	if v, ok := obj[name]; ok {
		return v, true
	}
	for k, v := range obj {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return nil, false
}

// takesNull reports whether a value of type t may be null in a request.
func takesNull(t reflect.Type) bool {
	if t.Implements(optType) {
		return true
	}
	// A type that describes itself takes null when its schema says so.
	if t.Kind() != reflect.Pointer && t.Implements(schemerType) {
		return schemaTakesNull(reflect.Zero(t).Interface().(Schemer).JSONSchema())
	}
	if reflect.PointerTo(t).Implements(schemerType) {
		return schemaTakesNull(reflect.New(t).Interface().(Schemer).JSONSchema())
	}
	switch t {
	case rawType, anyType, schemaType:
		return true
	}
	return t.Kind() == reflect.Interface
}

// schemaTakesNull says whether a declared schema allows null: a type of
// "null" (alone or in a list), "nullable", or an anyOf/oneOf branch that
// does; a schema with no type (any value) takes it too.
func schemaTakesNull(s Schema) bool {
	if s == nil {
		return true
	}
	if s["nullable"] == true {
		return true
	}
	switch ty := s["type"].(type) {
	case string:
		return ty == "null"
	case []string:
		return slices.Contains(ty, "null")
	case []any:
		return slices.Contains(ty, any("null"))
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		switch branches := s[k].(type) {
		case []Schema:
			if slices.ContainsFunc(branches, schemaTakesNull) {
				return true
			}
			return false
		case []any:
			for _, b := range branches {
				if m, ok := asSchema(b); ok && schemaTakesNull(m) {
					return true
				}
			}
			return false
		}
	}
	_, typed := s["type"]
	_, ref := s["$ref"]
	return !typed && !ref
}

func asSchema(v any) (Schema, bool) {
	switch m := v.(type) {
	case Schema:
		return m, true
	case map[string]any:
		return Schema(m), true
	}
	return nil, false
}

func isNull(b json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(b), []byte("null")) }

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func orData(p string) string {
	if p == "" || p[0] == '[' {
		return "data" + p
	}
	return p
}
