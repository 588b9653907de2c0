package openapi

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/platform/field"
)

// schemas turns the Go types of the declarations into JSON Schema. The
// rules are this service's conventions, which is why they are written
// here rather than taken from a general reflector:
//   - request fields are optional unless tagged schema:"required"; an
//     Optional[T] also accepts null (it tells null from omitted);
//   - response fields are always present unless tagged omitempty; a
//     pointer may be null;
//   - named response structs become components (#/components/schemas/X),
//     so generated clients get one type per model; request types are
//     inlined into their operation;
//   - a request *T tagged schema:"nullable" takes null (as omitted), which
//     the binder accepts too (see checkNulls); any other null is refused;
//   - the schema tag adds constraints: required, min=, max=, minLength=,
//     maxLength=, minItems=, maxItems=, unique (uniqueItems), fixed (a
//     field a patch may not give: {"not": {}}), enum=a|b,
//     format= (on a list: its items'), and last
//     pattern= (which may hold commas); the
//     doc tag adds a description.
type schemas struct {
	components map[string]field.Schema
	names      map[reflect.Type]string
}

func newSchemas() *schemas {
	return &schemas{components: map[string]field.Schema{}, names: map[reflect.Type]string{}}
}

var (
	timeType    = reflect.TypeFor[time.Time]()
	rawType     = reflect.TypeFor[json.RawMessage]()
	schemaType  = reflect.TypeFor[field.Schema]()
	schemerType = reflect.TypeFor[field.Schemer]()
	optType     = reflect.TypeFor[field.OptionalType]()
	anyType     = reflect.TypeFor[any]()
)

// of returns the schema of a declaration value (a Go value, a Schema or
// Modes); response selects the response rules.
func (g *schemas) of(v any, response bool) field.Schema {
	switch v := v.(type) {
	case nil:
		return field.Schema{"type": "object"}
	case field.Schema:
		return v
	case field.Modes:
		return g.modes(v, response)
	}
	return g.typ(reflect.TypeOf(v), response)
}

func (g *schemas) modes(m field.Modes, response bool) field.Schema {
	var branches []any
	for _, name := range slices.Sorted(keys(m)) {
		s := g.of(m[name], response)
		if !response {
			s = withMode(s, name)
		}
		if name == "" {
			s = annotated(s, "title", "list (mode omitted)")
		} else {
			s = annotated(s, "title", name)
		}
		branches = append(branches, s)
	}
	return field.Schema{"anyOf": branches}
}

func keys[M ~map[string]V, V any](m M) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// withMode adds the mode property to an inlined request schema: the mode's
// name, required; for the unnamed mode, absent or empty.
func withMode(s field.Schema, name string) field.Schema {
	out := field.Schema{}
	for k, v := range s {
		out[k] = v
	}
	props := field.Schema{}
	if p, ok := s["properties"].(field.Schema); ok {
		for k, v := range p {
			props[k] = v
		}
	}
	var req []string
	if r, ok := s["required"].([]string); ok {
		req = slices.Clone(r)
	}
	if name == "" {
		props["mode"] = field.Schema{"const": "", "description": "Omitted (or empty) for this operation."}
	} else {
		props["mode"] = field.Schema{"const": name}
		req = append(req, "mode")
	}
	out["properties"] = props
	delete(out, "required")
	if len(req) > 0 {
		out["required"] = req
	}
	return out
}

func nullable(s field.Schema) field.Schema {
	if t, ok := s["type"].(string); ok && len(s) > 0 {
		out := field.Schema{}
		for k, v := range s {
			out[k] = v
		}
		out["type"] = []string{t, "null"}
		if e, ok := s["enum"].([]any); ok {
			out["enum"] = append(slices.Clone(e), nil)
		}
		return out
	}
	return field.Schema{"anyOf": []any{s, field.Schema{"type": "null"}}}
}

func (g *schemas) typ(t reflect.Type, response bool) field.Schema {
	if t.Implements(schemerType) && t.Kind() != reflect.Pointer {
		return reflect.Zero(t).Interface().(field.Schemer).JSONSchema()
	}
	if t.Implements(optType) {
		return nullable(g.typ(reflect.Zero(t).Interface().(field.OptionalType).ElemType(), response))
	}
	switch t {
	case timeType:
		return field.Schema{"type": "string", "format": "date-time"}
	case rawType, anyType, schemaType:
		return field.Schema{}
	}
	switch t.Kind() {
	case reflect.Pointer:
		// An answer's pointer may be null; a request's pointer is an
		// optional field (Optional[T] is the one that takes null).
		if !response {
			return g.typ(t.Elem(), response)
		}
		return nullable(g.typ(t.Elem(), response))
	case reflect.Bool:
		return field.Schema{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return field.Schema{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return field.Schema{"type": "number"}
	case reflect.String:
		return field.Schema{"type": "string"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return field.Schema{"type": "string", "contentEncoding": "base64"}
		}
		return field.Schema{"type": "array", "items": g.typ(t.Elem(), response)}
	case reflect.Map:
		return field.Schema{"type": "object", "additionalProperties": g.typ(t.Elem(), response)}
	case reflect.Interface:
		return field.Schema{}
	case reflect.Struct:
		if response && t.Name() != "" && !strings.Contains(t.Name(), "[") {
			return g.component(t)
		}
		obj := g.object(t, response)
		if c, ok := reflect.Zero(t).Interface().(field.Constrainer); ok && !response {
			for k, v := range c.SchemaConstraints() {
				obj[k] = v
			}
		}
		return obj
	}
	return field.Schema{}
}

// component registers a named response struct once and refers to it.
func (g *schemas) component(t reflect.Type) field.Schema {
	name, ok := g.names[t]
	if !ok {
		name = componentName(t)
		for n := 2; ; n++ {
			if _, taken := g.components[name]; !taken {
				break
			}
			name = componentName(t) + strconv.Itoa(n)
		}
		g.names[t] = name
		g.components[name] = field.Schema{} // placeholder: recursive types refer to it
		g.components[name] = g.object(t, true)
	}
	return field.Schema{"$ref": "#/components/schemas/" + name}
}

// componentName is the type's name, with its package's for the generic
// names several packages use (Record, Item...). A package inside a
// resource's package (internal/marketplace/community) names its types
// after the resource's package, so that moving types between the rooms of
// one resource does not rename them in the published document.
func componentName(t reflect.Type) string {
	name := t.Name()
	pkg := t.PkgPath()
	if _, in, ok := strings.Cut(pkg, "/internal/"); ok {
		// The published names do not follow the code's layout: a platform
		// package is named by itself ("mail", not "platform"), and the
		// transport's shared answers keep the prefix they were published
		// under ("Api").
		in = strings.TrimPrefix(in, "platform/")
		pkg, _, _ = strings.Cut(in, "/")
		if pkg == "httpapi" {
			pkg = "api"
		}
	} else if i := strings.LastIndexByte(pkg, '/'); i >= 0 {
		pkg = pkg[i+1:]
	}
	if pkg == "" || strings.HasPrefix(strings.ToLower(name), strings.ToLower(strings.TrimSuffix(pkg, "s"))) {
		return name
	}
	return strings.ToUpper(pkg[:1]) + pkg[1:] + name
}

func (g *schemas) object(t reflect.Type, response bool) field.Schema {
	props := field.Schema{}
	var required []string
	g.fields(t, response, props, &required)
	s := field.Schema{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// jsonFields calls fn with each field of struct type t that encoding/json
// reads or writes, embedded structs' fields included, with its JSON name
// and the options of its json tag.
func (g *schemas) fields(t reflect.Type, response bool, props field.Schema, required *[]string) {
	field.JSONFields(t, func(f reflect.StructField, name, opts string) error { //nolint:errcheck // fn never fails
		s := g.typ(f.Type, response)
		rules := f.Tag.Get("schema")
		if !response && field.HasRule(rules, "nullable") {
			s = nullable(s) // a request *T whose null the service takes (as omitted)
		}
		s = constrain(s, rules)
		if d := f.Tag.Get("doc"); d != "" {
			s = annotated(s, "description", d)
		}
		props[name] = s
		if response {
			if !strings.Contains(opts, "omitempty") && !field.HasRule(rules, "optional") {
				*required = append(*required, name)
			}
		} else if field.HasRule(rules, "required") {
			*required = append(*required, name)
		}
		return nil
	})
}

// annotated is s with one more annotation (a title, a description): a
// copy of s with key set, or, for a $ref, an allOf around it.
func annotated(s field.Schema, key, text string) field.Schema {
	if _, isRef := s["$ref"]; isRef {
		return field.Schema{key: text, "allOf": []any{s}}
	}
	out := field.Schema{key: text}
	for k, v := range s {
		out[k] = v
	}
	return out
}

// constrain applies the schema tag's rules to s (to the non-null branch
// of a nullable schema).
func constrain(s field.Schema, rules string) field.Schema {
	if rules == "" {
		return s
	}
	if field.HasRule(rules, "fixed") {
		// A field a patch may not give (it cannot change): any value,
		// null too, is refused, by the service, which says why.
		return field.Schema{"not": field.Schema{}}
	}
	target := s
	if branches, ok := s["anyOf"].([]any); ok && len(branches) == 2 {
		if inner, ok := branches[0].(field.Schema); ok {
			target = field.Schema{}
			for k, v := range inner {
				target[k] = v
			}
			s = field.Schema{"anyOf": []any{target, branches[1]}}
		}
	} else {
		out := field.Schema{}
		for k, v := range s {
			out[k] = v
		}
		s, target = out, out
	}
	// pattern= is last and takes the rest of the tag (a pattern may hold
	// commas).
	if i := strings.Index(rules, "pattern="); i >= 0 {
		target["pattern"] = rules[i+len("pattern="):]
		rules = strings.TrimSuffix(rules[:i], ",")
	}
	for r := range strings.SplitSeq(rules, ",") {
		applyRule(target, r)
	}
	return s
}

// applyRule adds one rule of a schema tag (k=v, or a bare name) to the
// schema target.
func applyRule(target field.Schema, r string) {
	k, v, _ := strings.Cut(r, "=")
	switch k {
	case "min", "max", "minLength", "maxLength", "minItems", "maxItems":
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			panic("api: bad schema rule " + r)
		}
		key := map[string]string{"min": "minimum", "max": "maximum"}[k]
		if key == "" {
			key = k
		}
		target[key] = n
	case "enum":
		var vals []any
		for e := range strings.SplitSeq(v, "|") {
			vals = append(vals, e)
		}
		if isNullableType(target) {
			vals = append(vals, nil)
		}
		target["enum"] = vals
	case "format":
		// On a list, the format is its items' (as field.Check reads it).
		if items, ok := target["items"].(field.Schema); ok {
			withFormat := field.Schema{k: v}
			for ik, iv := range items {
				withFormat[ik] = iv
			}
			target["items"] = withFormat
			break
		}
		target[k] = v
	case "unique":
		target["uniqueItems"] = true
	case "fixed":
	case "required", "optional", "nullable", "":
	default:
		panic("api: unknown schema rule " + r)
	}
}

func isNullableType(s field.Schema) bool {
	t, ok := s["type"].([]string)
	return ok && slices.Contains(t, "null")
}
