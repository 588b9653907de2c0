package mailboxes

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// The draft actions of agent-mailboxes-self (registered in actions.go):
// each decodes its data, calls one Service method (drafts.go) and wraps
// the answer.

// DraftsRequest is the data of drafts.
type DraftsRequest struct {
	listRef
	ThreadID    *string `json:"threadId" doc:"Only the drafts of this thread."`
	NeedsPerson *bool   `json:"needsPerson" doc:"true: only the messages the documents do not answer; false: only confident answers."`
}

// DraftList is the answer of drafts.
type DraftList struct {
	Drafts []Draft `json:"drafts"`
	Count  int     `json:"count"`
	Limit  int     `json:"limit"`
	Offset int     `json:"offset"`
}

// DraftRequest names one draft.
type DraftRequest struct {
	agentRef
	DraftID *string `json:"draftId" schema:"required,minLength=1"`
}

// DraftAnswer is one draft.
type DraftAnswer struct {
	Draft *Draft `json:"draft"`
}

// DraftUpdateRequest is the data of draft-update: omitted fields are kept.
type DraftUpdateRequest struct {
	DraftRequest
	To      addressList `json:"to" doc:"One address or a list."`
	Cc      addressList `json:"cc"`
	Subject *string     `json:"subject" schema:"maxLength=998,pattern=^\\s*[^\\r\\n]*\\s*$" doc:"One line."`
	Text    *string     `json:"text" schema:"pattern=\\S" doc:"Not only spaces."`
}

// SchemaConstraints: at least one field to change (edit's rule).
func (DraftUpdateRequest) SchemaConstraints() field.Schema {
	var anyOf []any
	for _, name := range []string{"to", "cc", "subject", "text"} {
		anyOf = append(anyOf, field.Schema{"required": []string{name}})
	}
	return field.Schema{"anyOf": anyOf}
}

func (in DraftRequest) draftID() (string, error) {
	if in.DraftID == nil || strings.TrimSpace(*in.DraftID) == "" {
		return "", apperr.Required("draftId")
	}
	return strings.TrimSpace(*in.DraftID), nil
}

// forDraft is forAgent for an action on one draft: after the agentId, the
// draftId is required.
func forDraft[Out any](fn func(ctx context.Context, c *auth.Caller, agent, id string) (Out, error)) httpapi.Handler {
	return forAgent(func(ctx context.Context, c *auth.Caller, agent string, in *DraftRequest) (Out, error) {
		id, err := in.draftID()
		if err != nil {
			var none Out
			return none, err
		}
		return fn(ctx, c, agent, id)
	})
}

func (s *Service) drafts(ctx context.Context, c *auth.Caller, agent string, in *DraftsRequest) (DraftList, error) {
	limit, offset, err := page(in.Limit, in.Offset)
	if err != nil {
		return DraftList{}, err
	}
	f := draftQuery{Limit: limit, Offset: offset, NeedsPerson: in.NeedsPerson}
	if in.ThreadID != nil {
		f.ThreadID = *in.ThreadID
	}
	list, n, err := s.Drafts(ctx, c, agent, f)
	return DraftList{Drafts: list, Count: n, Limit: limit, Offset: offset}, err
}

func (s *Service) draft(ctx context.Context, c *auth.Caller, agent, id string) (DraftAnswer, error) {
	d, err := s.Draft(ctx, c, agent, id)
	return DraftAnswer{Draft: d}, err
}

func (s *Service) draftUpdate(ctx context.Context, c *auth.Caller, agent string, in *DraftUpdateRequest) (DraftAnswer, error) {
	id, err := in.draftID()
	if err != nil {
		return DraftAnswer{}, err
	}
	e, err := in.edit()
	if err != nil {
		return DraftAnswer{}, err
	}
	d, err := s.EditDraft(ctx, c, agent, id, e)
	return DraftAnswer{Draft: d}, err
}

// edit checks the fields given and returns them as a DraftEdit.
func (in *DraftUpdateRequest) edit() (DraftEdit, error) {
	var e DraftEdit
	var err error
	if in.To.Set {
		if e.To, err = checkAddresses("to", in.To.Value); err != nil {
			return e, err
		}
		if e.To == nil {
			e.To = []string{}
		}
	}
	if in.Cc.Set {
		if e.Cc, err = checkAddresses("cc", in.Cc.Value); err != nil {
			return e, err
		}
		if e.Cc == nil {
			e.Cc = []string{}
		}
	}
	if in.Subject != nil && (strings.ContainsAny(*in.Subject, "\r\n") || utf8.RuneCountInString(*in.Subject) > maxSubjectLen) {
		return e, apperr.Invalid("subject", "subject must be one line of at most %d characters", maxSubjectLen)
	}
	if in.Text != nil && (strings.TrimSpace(*in.Text) == "" || len(*in.Text) > maxBodyLen) {
		return e, apperr.Invalid("text", "text must not be empty and at most %d bytes", maxBodyLen)
	}
	if !in.To.Set && !in.Cc.Set && in.Subject == nil && in.Text == nil {
		return e, apperr.Invalid("text", "give to, cc, subject and/or text")
	}
	e.Subject, e.Text = in.Subject, in.Text
	return e, nil
}

func (s *Service) draftSend(ctx context.Context, c *auth.Caller, agent, id string) (SentAnswer, error) {
	sent, err := s.SendDraft(ctx, c, agent, id)
	return SentAnswer{Message: sent}, err
}

func (s *Service) draftDiscard(ctx context.Context, c *auth.Caller, agent, id string) (httpapi.OKFlag, error) {
	return httpapi.OKFlag{OK: true}, s.DiscardDraft(ctx, c, agent, id)
}
