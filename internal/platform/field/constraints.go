package field

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// Check enforces the constraints a request type declares in its schema
// tags — the same tags the published document is built from, so that a
// rule is declared once and holds both in the description and at the
// door: required (present and not null), min and max (numbers),
// minLength and maxLength (characters), minItems, maxItems and unique,
// enum, format (email, uri, date-time, uuid: see CheckFormat) and
// pattern, on fields, through pointers, Optional values, nested structs
// and slices. Services keep the rules a schema cannot say (a record that
// must exist, one field against another) and normalise what they store
// (trimmed names, lower-cased addresses). The first broken constraint, in
// field order, is a VALIDATION_ERROR naming the field by its JSON path.
func Check(v any) error { return check(v, true) }

func check(v any, required bool) error {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil
		}
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return nil
	}
	return checkStruct(rv, "", required)
}

// rule is one field's compiled constraints.
type rule struct {
	index              []int
	name               string
	min, max           *int64
	minLen, maxLen     int // -1: none
	minItems, maxItems int // -1: none
	required, unique   bool
	format             string
	enum               []string
	pattern            *regexp.Regexp
	patternText        string
	nested             bool // a struct, slice or pointer worth walking into
}

var rulesCache sync.Map // reflect.Type -> []rule

func rulesOf(t reflect.Type) []rule {
	if r, ok := rulesCache.Load(t); ok {
		return r.([]rule)
	}
	rulesCache.Store(t, []rule(nil)) // a type that holds itself is not walked twice
	var out []rule
	// fn never fails, so neither does the walk.
	_ = jsonFields(t, nil, func(f reflect.StructField, index []int, name, _ string) error {
		r := rule{index: index, name: name, minLen: -1, maxLen: -1, minItems: -1, maxItems: -1, nested: walkable(f.Type)}
		parseRules(&r, f.Tag.Get("schema"))
		if r.required || r.unique || r.format != "" || r.min != nil || r.max != nil || r.minLen >= 0 || r.maxLen >= 0 ||
			r.minItems >= 0 || r.maxItems >= 0 || r.enum != nil || r.pattern != nil || r.nested {
			out = append(out, r)
		}
		return nil
	})
	rulesCache.Store(t, out)
	return out
}

func parseRules(r *rule, rules string) {
	if i := strings.Index(rules, "pattern="); i >= 0 {
		r.patternText = rules[i+len("pattern="):]
		r.pattern = regexp.MustCompile(r.patternText)
		rules = strings.TrimSuffix(rules[:i], ",")
	}
	for part := range strings.SplitSeq(rules, ",") {
		k, v, _ := strings.Cut(part, "=")
		n, _ := strconv.ParseInt(v, 10, 64)
		switch k {
		case "min":
			r.min = &n
		case "max":
			r.max = &n
		case "minLength":
			r.minLen = int(n)
		case "maxLength":
			r.maxLen = int(n)
		case "minItems":
			r.minItems = int(n)
		case "maxItems":
			r.maxItems = int(n)
		case "enum":
			r.enum = strings.Split(v, "|")
		case "required":
			r.required = true
		case "unique":
			r.unique = true
		case "format":
			r.format = v
		}
	}
}

// walkable reports whether values of t can hold constrained fields.
func walkable(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Implements(optType) {
		return true
	}
	switch t.Kind() {
	case reflect.Struct:
		return t != timeType && len(rulesOf(t)) > 0
	case reflect.Slice, reflect.Array:
		return walkable(t.Elem())
	}
	return false
}

func checkStruct(v reflect.Value, path string, required bool) error {
	for _, r := range rulesOf(v.Type()) {
		fv, ok := fieldByIndex(v, r.index)
		if !ok {
			continue
		}
		if err := r.check(fv, joinPath(path, r.name), required); err != nil {
			return err
		}
	}
	return nil
}

// fieldByIndex is FieldByIndex that stops at a nil embedded pointer.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}

// deref follows pointers and Optional values to the value they hold; ok
// is false for nil, omitted or null.
func deref(v reflect.Value) (reflect.Value, bool) {
	for {
		switch {
		case v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface:
			if v.IsNil() {
				return v, false
			}
			v = v.Elem()
		case v.Type().Implements(optType):
			if !v.FieldByName("Set").Bool() || v.FieldByName("Null").Bool() {
				return v, false
			}
			v = v.FieldByName("Value")
		default:
			return v, true
		}
	}
}

// presentNull reports whether v, where deref stopped, is an Optional
// given as null: present, as a required field that takes null must be.
func presentNull(v reflect.Value) bool {
	return v.IsValid() && v.Kind() == reflect.Struct && v.Type().Implements(optType) && v.FieldByName("Set").Bool()
}

func (r *rule) check(fv reflect.Value, path string, required bool) error {
	v, ok := deref(fv)
	if !ok {
		if r.required && required && !presentNull(v) {
			return apperr.Required(path)
		}
		return nil
	}
	switch v.Kind() {
	case reflect.String:
		return r.checkString(v.String(), path)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return r.checkNumber(v.Int(), path)
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if (r.min != nil && f < float64(*r.min)) || (r.max != nil && f > float64(*r.max)) {
			return r.rangeError(path)
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return nil
		}
		n := v.Len()
		if r.minItems >= 0 && n < r.minItems {
			return apperr.Invalid(path, "%s must list at least %d %s", path, r.minItems, plural(r.minItems, "item"))
		}
		if r.maxItems >= 0 && n > r.maxItems {
			return apperr.Invalid(path, "%s may list at most %d %s", path, r.maxItems, plural(r.maxItems, "item"))
		}
		if r.unique {
			if err := checkUnique(v, path); err != nil {
				return err
			}
		}
		if !r.nested && r.format == "" {
			return nil
		}
		item := rule{minLen: -1, maxLen: -1, minItems: -1, maxItems: -1, nested: r.nested, format: r.format}
		for i := range n {
			if err := item.check(v.Index(i), fmt.Sprintf("%s[%d]", path, i), required); err != nil {
				return err
			}
		}
	case reflect.Struct:
		if r.nested {
			return checkStruct(v, path, required)
		}
	}
	return nil
}

// checkString checks a string the way the services read it: an enum
// value must be exactly one of the values (" pending " is not pending);
// names, slugs and the like are trimmed by the services before their own
// checks, so the longest length and the pattern are checked on the
// trimmed text (never refusing what a service accepts), the shortest on
// the text as sent.
func (r *rule) checkString(s, path string) error {
	if r.enum != nil && !slices.Contains(r.enum, s) {
		return apperr.Invalid(path, "%s must be one of %s", path, strings.Join(r.enum, ", "))
	}
	if r.minLen >= 0 {
		n := utf8.RuneCountInString(s)
		if r.minLen == 1 && n == 0 {
			return apperr.Invalid(path, "%s must not be empty", path)
		}
		if n < r.minLen {
			return apperr.Invalid(path, "%s must be at least %d characters", path, r.minLen)
		}
	}
	s = strings.TrimSpace(s)
	if r.maxLen >= 0 && utf8.RuneCountInString(s) > r.maxLen {
		return apperr.Invalid(path, "%s must be at most %d characters", path, r.maxLen)
	}
	if err := CheckFormat(path, r.format, s); err != nil {
		return err
	}
	return r.checkPattern(s, path)
}

// checkUnique refuses a list that holds one value twice (uniqueItems);
// only lists of comparable values are declared unique.
func checkUnique(v reflect.Value, path string) error {
	seen := make(map[any]int, v.Len())
	for i := range v.Len() {
		x, ok := deref(v.Index(i))
		if !ok || !x.Comparable() {
			continue
		}
		k := x.Interface()
		if j, dup := seen[k]; dup {
			return apperr.Invalid(path, "%s[%d] repeats %s[%d]: each value may be listed once", path, i, path, j)
		}
		seen[k] = i
	}
	return nil
}

func (r *rule) checkPattern(s, path string) error {
	if r.pattern != nil && !r.pattern.MatchString(s) {
		return apperr.Invalid(path, "%s is not valid: it must match %s", path, r.patternText)
	}
	return nil
}

func (r *rule) checkNumber(n int64, path string) error {
	if (r.min != nil && n < *r.min) || (r.max != nil && n > *r.max) {
		return r.rangeError(path)
	}
	return nil
}

func (r *rule) rangeError(path string) error {
	switch {
	case r.min != nil && r.max != nil:
		return apperr.Invalid(path, "%s must be between %d and %d", path, *r.min, *r.max)
	case r.min != nil:
		return apperr.Invalid(path, "%s must be %d or more", path, *r.min)
	}
	return apperr.Invalid(path, "%s must be at most %d", path, *r.max)
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
