package httpapi

import (
	"context"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// ModeTable is the handler of an action whose data.mode selects the
// operation: one handler per mode, by mode name; the empty name is the
// operation when mode is omitted (or empty). It is the dispatch side of
// Modes, which declares each mode's request and response types.
//
//	"favorites": {Handle: httpapi.ModeTable{"": s.list, "add": s.add, "remove": s.remove}.
//		Dispatch("add or remove (or omitted to list)"), Request: field.Modes{...}, ...}
type ModeTable map[string]Handler

// modeData is data.mode, read before the mode's handler binds its own
// data type.
type modeData struct {
	Mode string `json:"mode"`
}

// Mode returns data.mode ("" when omitted). A mode that is not a string
// is a VALIDATION_ERROR naming mode.
func (r *Request) Mode() (string, error) {
	var m modeData
	err := r.Bind(&m)
	return m.Mode, err
}

// Dispatch returns a handler that reads data.mode and runs that mode's
// handler. An unknown mode is a VALIDATION_ERROR naming mode: "mode must
// be " followed by allowed, for example "add or remove (or omitted to
// list)".
func (t ModeTable) Dispatch(allowed string) Handler {
	return func(ctx context.Context, r *Request) (*Response, error) {
		mode, err := r.Mode()
		if err != nil {
			return nil, err
		}
		h, ok := t[mode]
		if !ok {
			return nil, apperr.Invalid("mode", "mode must be %s", allowed)
		}
		return h(ctx, r)
	}
}
