package conversations

import (
	"testing"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// FuzzVisitorInput: whatever a visitor sends, the checks answer a
// validation error naming a field, or clean input within the limits; they
// never panic.
func FuzzVisitorInput(f *testing.F) {
	for _, s := range []string{"", "ada@example.com", "a@b", "Ada <ada@example.com>", "\x00", "é@é.fr", "\r\n", "x@y.z\nBcc: q@r.s"} {
		f.Add(s, "Ada", "note")
	}
	f.Fuzz(func(t *testing.T, email, name, note string) {
		in, err := EscalationInput{Email: email, Name: name, Note: note}.Check()
		if err != nil {
			if e, ok := apperr.As(err); !ok || e.Code != apperr.CodeValidation || e.Field == "" {
				t.Fatalf("error %v", err)
			}
		} else if utf8.RuneCountInString(in.Name) > MaxNameLen || utf8.RuneCountInString(in.Note) > MaxNoteLen || len(in.Email) > MaxEmailLen {
			t.Fatalf("accepted %+v", in)
		}
		q, err := CheckQuestion(&email)
		if err == nil && (q == "" || utf8.RuneCountInString(q) > MaxQuestionLen) {
			t.Fatalf("accepted question %q", q)
		}
		preferredLanguage(email)
	})
}
