package mailboxes

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
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
	Subject *string     `json:"subject" schema:"maxLength=998"`
	Text    *string     `json:"text"`
}

func (in DraftRequest) ids() (string, string, error) {
	id, err := in.id()
	if err != nil {
		return "", "", err
	}
	if in.DraftID == nil || strings.TrimSpace(*in.DraftID) == "" {
		return "", "", apperr.Required("draftId")
	}
	return id, strings.TrimSpace(*in.DraftID), nil
}

func bindDraft(r *httpapi.Request) (string, string, error) {
	var in DraftRequest
	if err := r.Bind(&in); err != nil {
		return "", "", err
	}
	return in.ids()
}

func (s *Service) drafts(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in DraftsRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id, limit, offset, err := in.resolve()
	if err != nil {
		return nil, err
	}
	f := draftQuery{Limit: limit, Offset: offset, NeedsPerson: in.NeedsPerson}
	if in.ThreadID != nil {
		f.ThreadID = *in.ThreadID
	}
	list, n, err := s.Drafts(ctx, r.Caller, id, f)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(DraftList{Drafts: list, Count: n, Limit: limit, Offset: offset}), nil
}

func (s *Service) draft(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	agent, id, err := bindDraft(r)
	if err != nil {
		return nil, err
	}
	d, err := s.Draft(ctx, r.Caller, agent, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(DraftAnswer{Draft: d}), nil
}

func (s *Service) draftUpdate(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in DraftUpdateRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	agent, id, err := in.ids()
	if err != nil {
		return nil, err
	}
	var e DraftEdit
	if in.To.Set {
		if e.To, err = checkAddresses("to", in.To.Value); err != nil {
			return nil, err
		}
		if e.To == nil {
			e.To = []string{}
		}
	}
	if in.Cc.Set {
		if e.Cc, err = checkAddresses("cc", in.Cc.Value); err != nil {
			return nil, err
		}
		if e.Cc == nil {
			e.Cc = []string{}
		}
	}
	if in.Subject != nil && (strings.ContainsAny(*in.Subject, "\r\n") || utf8.RuneCountInString(*in.Subject) > maxSubjectLen) {
		return nil, apperr.Invalid("subject", "subject must be one line of at most %d characters", maxSubjectLen)
	}
	if in.Text != nil && (strings.TrimSpace(*in.Text) == "" || len(*in.Text) > maxBodyLen) {
		return nil, apperr.Invalid("text", "text must not be empty and at most %d bytes", maxBodyLen)
	}
	if !in.To.Set && !in.Cc.Set && in.Subject == nil && in.Text == nil {
		return nil, apperr.Invalid("text", "give to, cc, subject and/or text")
	}
	e.Subject, e.Text = in.Subject, in.Text
	d, err := s.EditDraft(ctx, r.Caller, agent, id, e)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(DraftAnswer{Draft: d}), nil
}

func (s *Service) draftSend(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	agent, id, err := bindDraft(r)
	if err != nil {
		return nil, err
	}
	sent, err := s.SendDraft(ctx, r.Caller, agent, id)
	if err != nil {
		return nil, err
	}
	return httpapi.Created(SentAnswer{Message: sent}), nil
}

func (s *Service) draftDiscard(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	agent, id, err := bindDraft(r)
	if err != nil {
		return nil, err
	}
	if err := s.DiscardDraft(ctx, r.Caller, agent, id); err != nil {
		return nil, err
	}
	return httpapi.OK(httpapi.OKFlag{OK: true}), nil
}
