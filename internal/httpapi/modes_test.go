package httpapi

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
)

func TestModeTableDispatch(t *testing.T) {
	answer := func(name string) Handler {
		return func(ctx context.Context, r *Request) (*Response, error) { return OK(name), nil }
	}
	h := ModeTable{"": answer("list"), "add": answer("add")}.Dispatch("add (or omitted to list)")
	for _, c := range []struct {
		data  string
		want  string
		field string
		msg   string
	}{
		{``, "list", "", ""},
		{`{}`, "list", "", ""},
		{`{"mode":""}`, "list", "", ""},
		{`{"mode":"add","other":1}`, "add", "", ""},
		{`{"mode":"Add"}`, "", "mode", "mode must be add (or omitted to list)"},
		{`{"mode":"remove"}`, "", "mode", "mode must be add (or omitted to list)"},
		{`{"mode":1}`, "", "mode", ""},
	} {
		res, err := h(context.Background(), &Request{Data: json.RawMessage(c.data)})
		if c.field != "" {
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.CodeValidation || e.Field != c.field || c.msg != "" && e.Message != c.msg {
				t.Errorf("%s: err %v, want VALIDATION_ERROR on %s %q", c.data, err, c.field, c.msg)
			}
			continue
		}
		if err != nil || res.Data != c.want {
			t.Errorf("%s: got %v %v, want %s", c.data, res, err, c.want)
		}
	}
}
