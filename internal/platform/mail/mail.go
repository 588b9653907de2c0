// Package mail is the service's mail capability below the resources: the
// MailSystem interface that models the external mail provider (tenants with
// API keys; inboxes with an account and a grant; suspension; test mail), the
// embedded implementation that needs no setup (inboxes kept in the database
// and an SMTP server that receives their mail), the outbound Sender (an SMTP
// relay, local delivery, or a database outbox), MIME message building and
// the system email templates.
package mail

import (
	"context"
	"errors"
	"time"
)

// Tenant is a team's credentials at the mail provider. The APIKey is a
// secret: never log it or return it to a caller.
type Tenant struct {
	TenantID string
	APIKey   string
}

// Inbox is what the provider returns for a created inbox.
type Inbox struct {
	AccountID string
	GrantID   string
}

// KeyStatus is the provider's view of a tenant key. Status is "unknown"
// when the provider gives none; RevokedAt is set for a revoked key.
type KeyStatus struct {
	Status    string
	RevokedAt *time.Time
	TenantID  string
}

// TestResult is the provider's answer to a test message: its shape varies
// by provider, so it is passed to the caller as is.
type TestResult map[string]any

// Errors a MailSystem returns; others are failures of the provider itself.
var (
	// ErrNoInbox: the account does not exist (deletes treat it as done).
	ErrNoInbox = errors.New("mail: no such inbox")
	// ErrAddressTaken: another inbox has the address.
	ErrAddressTaken = errors.New("mail: address already in use")
	// ErrBadKey: the tenant key is unknown, invalid or revoked.
	ErrBadKey = errors.New("mail: tenant key is invalid or revoked")
	// ErrSuspended: the inbox is suspended and cannot send.
	ErrSuspended = errors.New("mail: inbox is suspended")
)

// MailSystem is the mail provider. A nil tenant means the provider's default
// tenant (the embedded system has one; an external provider may refuse).
// Every method may fail with ErrBadKey when the tenant's key is not the
// current one.
type MailSystem interface {
	// CreateInbox creates an inbox for the full address.
	CreateInbox(ctx context.Context, t *Tenant, address string) (Inbox, error)
	// DeleteInbox removes an inbox and its mail; ErrNoInbox if absent.
	DeleteInbox(ctx context.Context, t *Tenant, accountID string) error
	// Suspend stops an inbox from receiving and sending; Resume undoes it.
	// Both are idempotent.
	Suspend(ctx context.Context, t *Tenant, accountID string) error
	Resume(ctx context.Context, t *Tenant, accountID string) error
	// SendTest sends a test message from the inbox to the address `to`.
	SendTest(ctx context.Context, t *Tenant, accountID, to string) (TestResult, error)
	// KeyStatus reports the state of the tenant's key.
	KeyStatus(ctx context.Context, t Tenant) (KeyStatus, error)
	// ReprovisionKey replaces the tenant's key: the returned credentials
	// carry the same TenantID and a new APIKey; the old key stops working
	// at once.
	ReprovisionKey(ctx context.Context, t Tenant) (Tenant, error)
}
