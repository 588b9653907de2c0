package field

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"
)

// Schema is a JSON Schema (2020-12, the dialect of OpenAPI 3.1) written out
// by hand, for the few declarations a Go type cannot say (a result whose
// shape the mail provider decides, for example). Anywhere a declaration
// takes a Go value, a Schema stands for itself.
type Schema map[string]any

// Modes declares an action whose data.mode selects the operation (the
// marketplace community actions): each mode's request or response type by
// mode name; the empty name is the operation when mode is omitted. It
// becomes an anyOf with one branch per mode.
type Modes map[string]any

// Schemer is implemented by types that describe themselves.
type Schemer interface {
	JSONSchema() Schema
}

// Constrainer is implemented by request types with rules across their
// fields that a JSON Schema can still say (one of two fields required):
// SchemaConstraints returns keywords (anyOf, allOf…) added to the type's
// object schema. The service enforces them; the API fuzzer checks that
// the two agree.
type Constrainer interface {
	SchemaConstraints() Schema
}

var (
	timeType    = reflect.TypeFor[time.Time]()
	rawType     = reflect.TypeFor[json.RawMessage]()
	schemaType  = reflect.TypeFor[Schema]()
	schemerType = reflect.TypeFor[Schemer]()
	optType     = reflect.TypeFor[OptionalType]()
	anyType     = reflect.TypeFor[any]()
)

// JSONFields calls fn for each field of struct type t as encoding/json
// sees it: embedded structs flattened, unexported and "-" fields skipped,
// name and options from the json tag.
func JSONFields(t reflect.Type, fn func(f reflect.StructField, name, opts string) error) error {
	return jsonFields(t, nil, func(f reflect.StructField, _ []int, name, opts string) error { return fn(f, name, opts) })
}

// jsonFields is JSONFields that also gives each field's index path from
// the outermost type (through the embedded structs, as FieldByIndex takes
// it); index is the path to t.
func jsonFields(t reflect.Type, index []int, fn func(f reflect.StructField, index []int, name, opts string) error) error {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		idx := append(append([]int(nil), index...), i)
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				if err := jsonFields(ft, idx, fn); err != nil {
					return err
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, ok := f.Tag.Lookup("schema"); !ok && strings.Contains(string(f.Tag), `schema:"`) {
			// A tag Go cannot read (a \s in it, say, which must be \\s)
			// would silently declare nothing.
			panic(fmt.Sprintf("field: the schema tag of %s.%s cannot be read: %s", t.Name(), f.Name, f.Tag))
		}
		if err := fn(f, idx, name, opts); err != nil {
			return err
		}
	}
	return nil
}

// HasRule reports whether a comma-separated rules tag holds name.
func HasRule(rules, name string) bool {
	for r := range strings.SplitSeq(rules, ",") {
		if r == name {
			return true
		}
	}
	return false
}
