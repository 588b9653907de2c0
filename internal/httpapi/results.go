package httpapi

// Answers several actions share.

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
