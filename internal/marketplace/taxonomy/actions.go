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
	return httpapi.Actions{
		"categories": action("categories", "category", s.categories().modes(s),
			CategoryCreateRequest{}, CategoryUpdateRequest{}, CategoryList{}, CategoryAnswer{}),
		"brands": action("brands", "brand", s.brands().modes(s),
			BrandCreateRequest{}, BrandUpdateRequest{}, BrandList{}, BrandAnswer{}),
	}
}

// action declares the categories or brands action.
func action(name, one string, h httpapi.Handler, create, update, list, answer any) httpapi.Action {
	return httpapi.Action{Access: httpapi.Public, Handle: h,
		Summary: "List the " + name + " (mode omitted), or create, update or delete a " + one + " (admins)",
		ID:      "The " + one + " to update or delete (instead of data.id).", IDOptional: true,
		Request:  field.Modes{"": nil, "create": create, "update": update, "delete": TaxonomyRef{}},
		Response: field.Modes{"": list, "create": answer, "update": answer, "delete": httpapi.Removed{}},
		Status:   http.StatusOK, AlsoStatus: []int{http.StatusCreated}, Idempotent: true,
		Errors: []string{apperr.CodeUnauthorized, apperr.CodeForbidden, apperr.CodeNotFound}}
}

// taxonomy is the categories or the brands action: C is the create
// mode's data, U the update mode's.
type taxonomy[C any, U interface{ id() *string }] struct {
	one, many string // "category", "categories"
	list      func(ctx context.Context) (any, error)
	create    func(ctx context.Context, in *C) (any, error)
	update    func(ctx context.Context, id string, in *U) (any, error)
	remove    func(ctx context.Context, id string) error
}

func (s *Service) categories() taxonomy[CategoryCreateRequest, CategoryUpdateRequest] {
	answer := func(c *Category, err error) (any, error) {
		if err != nil {
			return nil, err
		}
		return CategoryAnswer{Category: *c}, nil
	}
	return taxonomy[CategoryCreateRequest, CategoryUpdateRequest]{one: "category", many: "categories",
		list: func(ctx context.Context) (any, error) {
			cs, err := s.Categories(ctx)
			return CategoryList{Categories: cs, Count: len(cs)}, err
		},
		create: func(ctx context.Context, in *CategoryCreateRequest) (any, error) {
			return answer(s.saveCategory(ctx, "", in))
		},
		update: func(ctx context.Context, id string, in *CategoryUpdateRequest) (any, error) {
			return answer(s.saveCategory(ctx, id, in.fields()))
		},
		remove: s.deleteCategory}
}

func (s *Service) brands() taxonomy[BrandCreateRequest, BrandUpdateRequest] {
	answer := func(b *Brand, err error) (any, error) {
		if err != nil {
			return nil, err
		}
		return BrandAnswer{Brand: *b}, nil
	}
	return taxonomy[BrandCreateRequest, BrandUpdateRequest]{one: "brand", many: "brands",
		list: func(ctx context.Context) (any, error) {
			bs, err := s.Brands(ctx)
			return BrandList{Brands: bs, Count: len(bs)}, err
		},
		create: func(ctx context.Context, in *BrandCreateRequest) (any, error) {
			return answer(s.saveBrand(ctx, "", in.Name, in.Slug))
		},
		update: func(ctx context.Context, id string, in *BrandUpdateRequest) (any, error) {
			return answer(s.saveBrand(ctx, id, in.Name, in.Slug))
		},
		remove: s.deleteBrand}
}

// modes serves one taxonomy action, one handler per data.mode. Each
// write mode binds its data (type errors answered) before the admin
// check, as one bind of every field did before modes had their own types.
func (t taxonomy[C, U]) modes(s *Service) httpapi.Handler {
	return httpapi.ModeTable{
		"": func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
			b, err := s.catalog.Cached(ctx, t.many, func() (any, error) { return t.list(ctx) })
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
			v, err := t.create(ctx, &in)
			if err != nil {
				return nil, err
			}
			return httpapi.Created(v), nil
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
			v, err := t.update(ctx, id, &in)
			if err != nil {
				return nil, err
			}
			return httpapi.OK(v), nil
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
