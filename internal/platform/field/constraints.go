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
// limit is declared once and holds both in the description and at the
// door: min and max (numbers), minLength and maxLength (characters),
// minItems and maxItems, enum and pattern, on fields, through pointers,
// Optional values, nested structs and slices. "required" and "format" are
// left to the services, whose messages and order of checks say more (an
// id may come from the envelope instead of data; an email is normalised).
// The first broken constraint, in field order, is a VALIDATION_ERROR
// naming the field by its JSON path.
func Check(v any) error {
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
	return checkStruct(rv, "")
}

// rule is one field's compiled constraints.
type rule struct {
	index              []int
	name               string
	min, max           *int64
	minLen, maxLen     int // -1: none
	minItems, maxItems int // -1: none
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
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			idx := append(append([]int(nil), index...), i)
			if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
				walk(f.Type, idx)
				continue
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			r := rule{index: idx, name: name, minLen: -1, maxLen: -1, minItems: -1, maxItems: -1, nested: walkable(f.Type)}
			parseRules(&r, f.Tag.Get("schema"))
			if r.min != nil || r.max != nil || r.minLen >= 0 || r.maxLen >= 0 || r.minItems >= 0 || r.maxItems >= 0 || r.enum != nil || r.pattern != nil || r.nested {
				out = append(out, r)
			}
		}
	}
	walk(t, nil)
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

func checkStruct(v reflect.Value, path string) error {
	for _, r := range rulesOf(v.Type()) {
		fv, ok := fieldByIndex(v, r.index)
		if !ok {
			continue
		}
		if err := r.check(fv, joinPath(path, r.name)); err != nil {
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

func (r *rule) check(fv reflect.Value, path string) error {
	v, ok := deref(fv)
	if !ok {
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
		if !r.nested {
			return nil
		}
		item := rule{minLen: -1, maxLen: -1, minItems: -1, maxItems: -1, nested: true}
		for i := range n {
			if err := item.check(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Struct:
		if r.nested {
			return checkStruct(v, path)
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
	return r.checkPattern(s, path)
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
