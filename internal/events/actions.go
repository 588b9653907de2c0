package events

import (
	"context"
	"net/http"
	"time"

	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// EventActions returns the events actions: a caller's own events, for
// clients that poll instead of receiving webhooks.
func (s *Store) EventActions() httpapi.Actions {
	list := httpapi.Action{Access: httpapi.Authenticated, Handle: s.list, Summary: "List your events, newest first (kept 30 days)",
		Request: EventsRequest{}, Response: EventList{}}
	all := list
	all.Summary = "List your events (same as list)"
	return httpapi.Actions{
		"list": list,
		"all":  all,
		"get": {Access: httpapi.Authenticated, Handle: s.get, Summary: "Get one of your events", ID: "The event's id (evt_…).",
			Response: Event{}, Errors: []string{apperr.CodeNotFound}},
	}
}

// EventsRequest is the data of list and all.
type EventsRequest struct {
	Type          *[]string `json:"types" doc:"Only these event types."`
	CreatedAfter  *string   `json:"created_after" schema:"format=date-time"`
	CreatedBefore *string   `json:"created_before" schema:"format=date-time"`
	Limit         *int      `json:"limit" schema:"min=1,max=100" doc:"Default 20."`
	Offset        *int      `json:"offset" schema:"min=0"`
}

// EventList is the answer of list and all.
type EventList struct {
	Events []Event `json:"events"`
	Count  int     `json:"count"`
	Limit  int     `json:"limit"`
	Offset int     `json:"offset"`
}

func parseTime(field string, v *string) (*time.Time, error) {
	if v == nil {
		return nil, nil
	}
	t, err := time.Parse(time.RFC3339Nano, *v)
	if err != nil {
		return nil, apperr.Invalid(field, "%s must be an RFC 3339 time such as 2026-11-25T10:00:00Z", field)
	}
	return &t, nil
}

func (s *Store) list(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in EventsRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	limit, offset, err := field.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(20, 100)
	if err != nil {
		return nil, err
	}
	o := ListOptions{Limit: limit, Offset: offset, IncludePlatform: r.Caller.IsAdmin()}
	if in.Type != nil {
		if len(*in.Type) > 32 {
			return nil, apperr.Invalid("types", "types may list at most 32 event types")
		}
		o.Types = *in.Type
	}
	if o.After, err = parseTime("created_after", in.CreatedAfter); err != nil {
		return nil, err
	}
	if o.Before, err = parseTime("created_before", in.CreatedBefore); err != nil {
		return nil, err
	}
	evs, n, err := s.List(ctx, r.Caller.UserID, o)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(EventList{Events: evs, Count: n, Limit: limit, Offset: offset}), nil
}

func (s *Store) get(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	e, err := s.Get(ctx, r.Caller.UserID, id, r.Caller.IsAdmin())
	if err != nil {
		return nil, err
	}
	return httpapi.OK(e), nil
}

// Actions returns the webhooks actions (the caller's own endpoints).
func (w *Webhooks) Actions() httpapi.Actions {
	id := "The endpoint's id (we_…)."
	nf := []string{apperr.CodeNotFound}
	return httpapi.Actions{
		"create": {Access: httpapi.Authenticated, Handle: w.create, Summary: "Add a webhook endpoint (its signing secret is in this answer only)",
			Request: EndpointCreate{}, Response: OneEndpoint{}, Status: http.StatusCreated, Idempotent: true, Errors: []string{apperr.CodeForbidden}},
		"all":  {Access: httpapi.Authenticated, Handle: w.all, Summary: "List your webhook endpoints", Response: EndpointList{}},
		"list": {Access: httpapi.Authenticated, Handle: w.all, Summary: "List your webhook endpoints (same as all)", Response: EndpointList{}},
		"get":  {Access: httpapi.Authenticated, Handle: w.get, Summary: "Get a webhook endpoint", ID: id, Response: OneEndpoint{}, Errors: nf},
		"update": {Access: httpapi.Authenticated, Handle: w.update, Summary: "Change a webhook endpoint, or enable it again (only the fields given)",
			ID: id, Request: EndpointInput{}, Response: OneEndpoint{}, Errors: []string{apperr.CodeNotFound, apperr.CodeForbidden}},
		"delete": {Access: httpapi.Authenticated, Handle: w.delete, Summary: "Delete a webhook endpoint and its pending deliveries",
			ID: id, Response: httpapi.Removed{}, Errors: nf},
		"rotate-secret": {Access: httpapi.Authenticated, Handle: w.rotate, Summary: "Replace an endpoint's signing secret (the old one stops at once)",
			ID: id, Response: OneEndpoint{}, Errors: nf},
		"test": {Access: httpapi.Authenticated, Handle: w.test, Summary: "Send a webhook.test event to the endpoint",
			ID: id, Response: OneDelivery{}, Errors: nf, Idempotent: true},
		"redeliver": {Access: httpapi.Authenticated, Handle: w.redeliver, Summary: "Queue a failed or delivered delivery again, due now (its attempts are kept; a pending one is answered as it is)",
			ID: "The delivery's id (of your endpoint; admins: any).", Response: OneDelivery{}, Errors: nf, Idempotent: true},
		"deliveries": {Access: httpapi.Authenticated, Handle: w.deliveriesAction, Summary: "List an endpoint's deliveries with every attempt, newest first",
			ID: id, Request: DeliveriesRequest{}, Response: DeliveryList{}, Errors: nf},
	}
}

// OneEndpoint is {webhook}.
type OneEndpoint struct {
	Webhook *Endpoint `json:"webhook"`
}

// EndpointList is {webhooks, count}.
type EndpointList struct {
	Webhooks []Endpoint `json:"webhooks"`
	Count    int        `json:"count"`
}

// OneDelivery is {delivery}.
type OneDelivery struct {
	Delivery *Delivery `json:"delivery"`
}

// DeliveriesRequest is the data of deliveries.
type DeliveriesRequest struct {
	Status *string `json:"status" schema:"enum=pending|delivered|failed"`
	Limit  *int    `json:"limit" schema:"min=1,max=100" doc:"Default 20."`
	Offset *int    `json:"offset" schema:"min=0"`
}

// DeliveryList is the answer of deliveries.
type DeliveryList struct {
	Deliveries []Delivery `json:"deliveries"`
	Count      int        `json:"count"`
	Limit      int        `json:"limit"`
	Offset     int        `json:"offset"`
}

func (w *Webhooks) create(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in EndpointInput // EndpointCreate is its declaration; enabled is refused here
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	if in.Enabled != nil {
		return nil, apperr.Invalid("enabled", "enabled is set by update only (a new endpoint is enabled)")
	}
	e, err := w.Create(ctx, r.Caller, in)
	if err != nil {
		return nil, err
	}
	return httpapi.Created(OneEndpoint{Webhook: e}), nil
}

func (w *Webhooks) all(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	es, err := w.List(ctx, r.Caller)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(EndpointList{Webhooks: es, Count: len(es)}), nil
}

func endpointID(r *httpapi.Request) (string, error) { return r.RequireID() }

func (w *Webhooks) get(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := endpointID(r)
	if err != nil {
		return nil, err
	}
	e, err := w.Get(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(OneEndpoint{Webhook: e}), nil
}

func (w *Webhooks) update(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := endpointID(r)
	if err != nil {
		return nil, err
	}
	var in EndpointInput
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	e, err := w.Update(ctx, r.Caller, id, in)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(OneEndpoint{Webhook: e}), nil
}

func (w *Webhooks) delete(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := endpointID(r)
	if err != nil {
		return nil, err
	}
	if err := w.Delete(ctx, r.Caller, id); err != nil {
		return nil, err
	}
	return httpapi.OK(httpapi.Gone(id)), nil
}

func (w *Webhooks) rotate(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := endpointID(r)
	if err != nil {
		return nil, err
	}
	e, err := w.RotateSecret(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(OneEndpoint{Webhook: e}), nil
}

func (w *Webhooks) test(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := endpointID(r)
	if err != nil {
		return nil, err
	}
	d, err := w.Test(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(OneDelivery{Delivery: d}), nil
}

func (w *Webhooks) redeliver(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	d, err := w.Redeliver(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(OneDelivery{Delivery: d}), nil
}

func (w *Webhooks) deliveriesAction(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := endpointID(r)
	if err != nil {
		return nil, err
	}
	var in DeliveriesRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	limit, offset, err := field.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(20, 100)
	if err != nil {
		return nil, err
	}
	status := ""
	if in.Status != nil {
		switch *in.Status {
		case "pending", "delivered", "failed":
			status = *in.Status
		default:
			return nil, apperr.Invalid("status", "status must be pending, delivered or failed")
		}
	}
	ds, n, err := w.Deliveries(ctx, r.Caller, id, status, limit, offset)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(DeliveryList{Deliveries: ds, Count: n, Limit: limit, Offset: offset}), nil
}
