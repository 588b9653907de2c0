package httpapi

// Answers several actions share.

// The answers of deletes take the shapes the interface gives each action:
// {success, message} (API keys, voices, groups, documents, genies),
// {ok} (the mailbox), {id, success} (the marketplace, webhook endpoints),
// {success} where the spec shows only that. These are their only types.

// SuccessMessage is {success, message}: the answer of deletes and revokes.
type SuccessMessage struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
}

// Done is {success: true, message}.
func Done(message string) SuccessMessage { return SuccessMessage{Success: true, Message: message} }

// Success is {success}.
type Success struct {
	Success bool `json:"success"`
}

// OKFlag is {ok}: the answer of the mailbox update and delete actions.
type OKFlag struct {
	OK bool `json:"ok"`
}

// Removed is {id, success}: the answer of the marketplace's deletes and
// removes and of a webhook endpoint's delete.
type Removed struct {
	ID      string `json:"id"`
	Success bool   `json:"success"`
}

// Gone is {id, success: true}.
func Gone(id string) Removed { return Removed{ID: id, Success: true} }
