package events

import (
	"context"
	"net/http"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// EventActions returns the events actions: a caller's own events, for
// clients that poll instead of receiving webhooks.
func (s *Store) EventActions() httpapi.Actions {
	list := httpapi.Action{Access: httpapi.Authenticated, Handle: httpapi.Bind(s.list), Summary: "List your events, newest first (kept 30 days)",
		Request: EventsRequest{}, Response: EventList{}}
	return httpapi.Actions{
		"list": list,
		"all":  list.Alias("List your events (same as list)"),
		"get": {Access: httpapi.Authenticated, Handle: httpapi.BindID(s.get), Summary: "Get one of your events", ID: "The event's id (evt_…).",
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

func (s *Store) list(ctx context.Context, c *auth.Caller, in *EventsRequest) (EventList, error) {
	limit, offset, err := field.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(20, 100)
	if err != nil {
		return EventList{}, err
	}
	o := ListOptions{Limit: limit, Offset: offset, IncludePlatform: c.IsAdmin()}
	if in.Type != nil {
		if len(*in.Type) > 32 {
			return EventList{}, apperr.Invalid("types", "types may list at most 32 event types")
		}
		o.Types = *in.Type
	}
	if o.After, err = parseTime("created_after", in.CreatedAfter); err != nil {
		return EventList{}, err
	}
	if o.Before, err = parseTime("created_before", in.CreatedBefore); err != nil {
		return EventList{}, err
	}
	evs, n, err := s.List(ctx, c.UserID, o)
	return EventList{Events: evs, Count: n, Limit: limit, Offset: offset}, err
}

func (s *Store) get(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (*Event, error) {
	return s.Get(ctx, c.UserID, id, c.IsAdmin())
}

// Actions returns the webhooks actions (the caller's own endpoints).
func (w *Webhooks) Actions() httpapi.Actions {
	id := "The endpoint's id (we_…)."
	nf := []string{apperr.CodeNotFound}
	return httpapi.Actions{
		"create": {Access: httpapi.Authenticated, Handle: httpapi.Bind(w.create), Summary: "Add a webhook endpoint (its signing secret is in this answer only)",
			Request: EndpointCreate{}, Response: OneEndpoint{}, Status: http.StatusCreated, Idempotent: true, Errors: []string{apperr.CodeForbidden}},
		"all":  {Access: httpapi.Authenticated, Handle: httpapi.Bind(w.all), Summary: "List your webhook endpoints", Response: EndpointList{}},
		"list": {Access: httpapi.Authenticated, Handle: httpapi.Bind(w.all), Summary: "List your webhook endpoints (same as all)", Response: EndpointList{}},
		"get":  {Access: httpapi.Authenticated, Handle: httpapi.BindID(w.get), Summary: "Get a webhook endpoint", ID: id, Response: OneEndpoint{}, Errors: nf},
		"update": {Access: httpapi.Authenticated, Handle: httpapi.BindID(w.update), Summary: "Change a webhook endpoint, or enable it again (only the fields given)",
			ID: id, Request: EndpointInput{}, Response: OneEndpoint{}, Errors: []string{apperr.CodeNotFound, apperr.CodeForbidden}},
		"delete": {Access: httpapi.Authenticated, Handle: httpapi.BindID(w.delete), Summary: "Delete a webhook endpoint and its pending deliveries",
			ID: id, Response: httpapi.Removed{}, Errors: nf},
		"rotate-secret": {Access: httpapi.Authenticated, Handle: httpapi.BindID(w.rotate), Summary: "Replace an endpoint's signing secret (the old one stops at once)",
			ID: id, Response: OneEndpoint{}, Errors: nf},
		"test": {Access: httpapi.Authenticated, Handle: httpapi.BindID(w.test), Summary: "Send a webhook.test event to the endpoint",
			ID: id, Response: OneDelivery{}, Errors: nf, Idempotent: true},
		"redeliver": {Access: httpapi.Authenticated, Handle: httpapi.BindID(w.redeliver), Summary: "Queue a failed or delivered delivery again, due now (its attempts are kept; a pending one is answered as it is)",
			ID: "The delivery's id (of your endpoint; admins: any).", Response: OneDelivery{}, Errors: nf, Idempotent: true},
		"deliveries": {Access: httpapi.Authenticated, Handle: httpapi.BindID(w.deliveries), Summary: "List an endpoint's deliveries with every attempt, newest first",
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

// The endpoint actions, each a service call whose result is wrapped in
// its answer (httpapi.Bind and BindID read the data and the id).

func (w *Webhooks) create(ctx context.Context, c *auth.Caller, in *EndpointInput) (OneEndpoint, error) {
	// EndpointCreate is its declaration; enabled is refused here.
	if in.Enabled != nil {
		return OneEndpoint{}, apperr.Invalid("enabled", "enabled is set by update only (a new endpoint is enabled)")
	}
	e, err := w.Create(ctx, c, *in)
	return OneEndpoint{Webhook: e}, err
}

func (w *Webhooks) all(ctx context.Context, c *auth.Caller, _ *struct{}) (EndpointList, error) {
	es, err := w.List(ctx, c)
	return EndpointList{Webhooks: es, Count: len(es)}, err
}

func (w *Webhooks) get(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (OneEndpoint, error) {
	e, err := w.Get(ctx, c, id)
	return OneEndpoint{Webhook: e}, err
}

func (w *Webhooks) update(ctx context.Context, c *auth.Caller, id string, in *EndpointInput) (OneEndpoint, error) {
	e, err := w.Update(ctx, c, id, *in)
	return OneEndpoint{Webhook: e}, err
}

func (w *Webhooks) delete(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (httpapi.Removed, error) {
	return httpapi.Gone(id), w.Delete(ctx, c, id)
}

func (w *Webhooks) rotate(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (OneEndpoint, error) {
	e, err := w.RotateSecret(ctx, c, id)
	return OneEndpoint{Webhook: e}, err
}

func (w *Webhooks) test(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (OneDelivery, error) {
	d, err := w.Test(ctx, c, id)
	return OneDelivery{Delivery: d}, err
}

func (w *Webhooks) redeliver(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (OneDelivery, error) {
	d, err := w.Redeliver(ctx, c, id)
	return OneDelivery{Delivery: d}, err
}

func (w *Webhooks) deliveries(ctx context.Context, c *auth.Caller, id string, in *DeliveriesRequest) (DeliveryList, error) {
	limit, offset, err := field.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(20, 100)
	if err != nil {
		return DeliveryList{}, err
	}
	status := ""
	if in.Status != nil {
		switch *in.Status {
		case "pending", "delivered", "failed":
			status = *in.Status
		default:
			return DeliveryList{}, apperr.Invalid("status", "status must be pending, delivered or failed")
		}
	}
	ds, n, err := w.Deliveries(ctx, c, id, status, limit, offset)
	return DeliveryList{Deliveries: ds, Count: n, Limit: limit, Offset: offset}, err
}
