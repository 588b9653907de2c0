package taxonomy

import (
	"context"
	"net/http"
	"strings"

	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the categories and brands actions of the marketplace
// resource (internal/app registers them with the catalog's): with
// data.mode omitted they list (public, cached); modes create, update and
// delete need an admin.
func (s *Service) Actions() httpapi.Actions {
	categories := taxonomy[Category, CategoryCreateRequest, CategoryUpdateRequest]{one: "category", many: "categories",
		list: s.Categories, save: s.saveCategory, remove: s.deleteCategory,
		listed: func(cs []Category) any { return CategoryList{Categories: cs, Count: len(cs)} },
		answer: func(c Category) any { return CategoryAnswer{Category: c} }}
	brands := taxonomy[Brand, BrandCreateRequest, BrandUpdateRequest]{one: "brand", many: "brands",
		list: s.Brands, save: s.saveBrand, remove: s.deleteBrand,
		listed: func(bs []Brand) any { return BrandList{Brands: bs, Count: len(bs)} },
		answer: func(b Brand) any { return BrandAnswer{Brand: b} }}
	return httpapi.Actions{
		"categories": categories.action(s),
		"brands":     brands.action(s),
	}
}

// taxonomy is the categories or the brands action: T is the record, C
// the create mode's data, U the update mode's (which names the record
// and gives its changes as a create's data).
type taxonomy[T, C any, U interface {
	id() *string
	fields() *C
}] struct {
	one, many string // "category", "categories"
	list      func(ctx context.Context) ([]T, error)
	save      func(ctx context.Context, id string, in *C) (*T, error) // id "": create
	remove    func(ctx context.Context, id string) error
	listed    func([]T) any // the list's answer
	answer    func(T) any   // a saved record's answer
}

// action declares the categories or brands action. Its data are C and
// U; its answers are what listed and answer make (the values here only
// give their types).
func (t taxonomy[T, C, U]) action(s *Service) httpapi.Action {
	var create C
	var update U
	var record T
	list, answer := t.listed(nil), t.answer(record)
	return httpapi.Action{Access: httpapi.Public, Handle: t.modes(s),
		Summary: "List the " + t.many + " (mode omitted), or create, update or delete a " + t.one + " (admins)",
		ID:      "The " + t.one + " to update or delete (instead of data.id).", IDOptional: true,
		Request:  field.Modes{"": nil, "create": create, "update": update, "delete": TaxonomyRef{}},
		Response: field.Modes{"": list, "create": answer, "update": answer, "delete": httpapi.Removed{}},
		Status:   http.StatusOK, AlsoStatus: []int{http.StatusCreated}, Idempotent: true,
		Errors: []string{apperr.CodeUnauthorized, apperr.CodeForbidden, apperr.CodeNotFound}}
}

// modes serves one taxonomy action, one handler per data.mode. Each
// write mode binds its data (type errors answered) before the admin
// check, as one bind of every field did before modes had their own types.
func (t taxonomy[T, C, U]) modes(s *Service) httpapi.Handler {
	return httpapi.ModeTable{
		"": func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
			b, err := s.catalog.Cached(ctx, t.many, func() (any, error) {
				xs, err := t.list(ctx)
				return t.listed(xs), err
			})
			if err != nil {
				return nil, err
			}
			return httpapi.OK(b), nil
		},
		"create": func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
			var in C
			if err := bindAdmin(r, &in); err != nil {
				return nil, err
			}
			v, err := t.save(ctx, "", &in)
			if err != nil {
				return nil, err
			}
			return httpapi.Created(t.answer(*v)), nil
		},
		"update": func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
			var in U
			if err := bindAdmin(r, &in); err != nil {
				return nil, err
			}
			id, err := targetID(r, in.id(), t.one)
			if err != nil {
				return nil, err
			}
			v, err := t.save(ctx, id, in.fields())
			if err != nil {
				return nil, err
			}
			return httpapi.OK(t.answer(*v)), nil
		},
		"delete": func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
			var in TaxonomyRef
			if err := bindAdmin(r, &in); err != nil {
				return nil, err
			}
			id, err := targetID(r, in.ID, t.one)
			if err != nil {
				return nil, err
			}
			if err := t.remove(ctx, id); err != nil {
				return nil, err
			}
			return httpapi.OK(httpapi.Gone(id)), nil
		},
	}.Dispatch("create, update or delete (or omitted to list)")
}

// bindAdmin binds a write mode's data, then checks that the caller is an
// admin.
func bindAdmin(r *httpapi.Request, dst any) error {
	if err := r.Bind(dst); err != nil {
		return err
	}
	return r.Require(httpapi.AdminOnly)
}

// targetID is the record of an update or delete: the request id, else
// data.id.
func targetID(r *httpapi.Request, dataID *string, what string) (string, error) {
	id := strings.TrimSpace(r.ID)
	if id == "" && dataID != nil {
		id = strings.TrimSpace(*dataID)
	}
	if id == "" {
		return "", apperr.Required("id")
	}
	if !field.IsUUID(id) {
		return "", apperr.NotFound(what)
	}
	return id, nil
}
