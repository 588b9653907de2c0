package editlinks_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/editlinks"
)

// TestBadInput: every field with wrong types and bad values.
func TestBadInput(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		doc := apitest.NewDoc(t, s, u.Token, "Doc", "text", false)
		token := generate(t, s, u.Token, doc)
		pinDoc := apitest.NewDoc(t, s, u.Token, "PIN doc", "text", false)
		pinToken := generate(t, s, u.Token, pinDoc)
		link(t, s, u.Token, "set-pin", pinDoc, map[string]any{"pin": "1357"}).Expect(t, 200, "")

		badPINs := []any{"", "123", "123456789", "12a4", "abcd", " 1234", "1234 ", "12.4", "-123", "١٢٣٤",
			1234, 12345678, 1.5, true, []any{"1234"}, map[string]any{"pin": "1234"}}
		type tc struct {
			name, action, id string
			data             any
			field            string
		}
		var cases []tc
		for _, p := range badPINs {
			cases = append(cases,
				tc{"set-pin", "set-pin", doc, map[string]any{"pin": p}, "pin"},
				tc{"update pin link", "public-update", "", map[string]any{"token": pinToken, "content": "x", "pin": p}, "pin"},
				tc{"update no-pin link", "public-update", "", map[string]any{"token": token, "content": "x", "pin": p}, "pin"})
		}
		for _, rot := range []any{"yes", "true", 1, 0, []any{true}, map[string]any{}} {
			cases = append(cases, tc{"rotate", "generate", doc, map[string]any{"rotate": rot}, "rotate"})
		}
		for _, tok := range []any{nil, 43, true, []any{token}, map[string]any{"token": token}} {
			cases = append(cases,
				tc{"public-get token", "public-get", "", map[string]any{"token": tok}, "token"},
				tc{"public-update token", "public-update", "", map[string]any{"token": tok, "content": "x"}, "token"})
		}
		cases = append(cases,
			tc{"public-get no data", "public-get", "", nil, "token"},
			tc{"public-update no data", "public-update", "", nil, "token"},
			tc{"public-update no token", "public-update", "", map[string]any{"content": "x"}, "token"})
		for _, c := range []any{nil, "", " \n ", "a\x00b", 5, true, []any{"x"}, map[string]any{}, strings.Repeat("a", editlinks.MaxContentLen+1), strings.Repeat("ü", editlinks.MaxContentLen+1)} {
			cases = append(cases, tc{"content", "public-update", "", map[string]any{"token": token, "content": c}, "content"})
		}
		cases = append(cases, tc{"content missing", "public-update", "", map[string]any{"token": token}, "content"})
		for _, action := range []string{"get", "generate", "set-pin", "revoke"} {
			cases = append(cases, tc{"no id", action, "", nil, "id"})
		}
		for _, c := range cases {
			r := link(t, s, u.Token, c.action, c.id, c.data)
			if r.Status != 400 || r.Code() != "VALIDATION_ERROR" || r.Err()["field"] != c.field {
				t.Errorf("%s %s %.80v: got %d %s field %v, want 400 VALIDATION_ERROR on %s", c.name, c.action, c.data, r.Status, r.Code(), r.Err()["field"], c.field)
			}
		}
		// A numeric id is refused by the envelope.
		for _, action := range []string{"get", "generate", "set-pin", "revoke"} {
			s.Do(t, "POST", "/v1", u.Token, map[string]any{"resource": resource, "action": action, "id": 7}).Expect(t, 400, "VALIDATION_ERROR")
		}
		// Nothing changed, and no bad PIN counted as a wrong attempt.
		if got := docContent(t, s, u.Token, doc); got != "text" {
			t.Fatalf("content changed to %.40q", got)
		}
		if r := update(t, s, pinToken, "x", "0000").Expect(t, 403, "FORBIDDEN"); attempts(r) != 4 {
			t.Fatalf("attemptsRemaining %d after bad input, want 4", attempts(r))
		}
		if link(t, s, u.Token, "get", pinDoc, nil).Data()["link"].(map[string]any)["requiresPin"] != true {
			t.Fatalf("a bad set-pin changed the PIN")
		}
		// Boundary values that are fine: 4 and 8 digits, leading zeros, and
		// content of exactly 1,000,000 characters, multi-byte ones included.
		for _, p := range []string{"0000", "00000000", "1234", "12345678"} {
			link(t, s, u.Token, "set-pin", doc, map[string]any{"pin": p}).Expect(t, 200, "")
			update(t, s, token, "pin "+p, p).Expect(t, 200, "")
		}
		link(t, s, u.Token, "set-pin", doc, nil).Expect(t, 200, "")
		for _, ch := range []string{"a", "é", "€", "😀"} {
			big := strings.Repeat(ch, editlinks.MaxContentLen)
			update(t, s, token, big, nil).Expect(t, 200, "")
			if got := docContent(t, s, u.Token, doc); got != big {
				t.Fatalf("%q x 1,000,000: stored %d bytes, want %d", ch, len(got), len(big))
			}
		}
	})
}

// TestUnknownTokens: every unknown, malformed, rotated or revoked token
// gets the very same 404 body, on both public actions.
func TestUnknownTokens(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		doc := apitest.NewDoc(t, s, u.Token, "Doc", "text", false)
		old := generate(t, s, u.Token, doc)
		cur := apitest.Str(link(t, s, u.Token, "generate", doc, map[string]any{"rotate": true}).Data(), "link", "token")
		doc2 := apitest.NewDoc(t, s, u.Token, "Doc 2", "text", false)
		revoked := generate(t, s, u.Token, doc2)
		link(t, s, u.Token, "revoke", doc2, nil).Expect(t, 200, "")

		tokens := []string{old, revoked, editlinks.NewToken(), cur + "=", cur[:42], cur + "A", strings.ToUpper(cur), strings.ToLower(cur),
			" " + cur, cur + "\n", "../" + cur, "%", "'; DROP TABLE doc_edit_links; --", "ü€😀", "\x00", strings.Repeat("x", 100_000)}
		for n := 0; n <= 130; n++ {
			tokens = append(tokens, strings.Repeat("A", n))
		}
		if cur[0] != 'B' {
			tokens = append(tokens, "B"+cur[1:])
		} else {
			tokens = append(tokens, "C"+cur[1:])
		}
		var want []byte
		for _, tok := range tokens {
			for _, r := range []*apitest.Resp{
				link(t, s, "", "public-get", "", map[string]any{"token": tok}),
				update(t, s, tok, "hijack", nil),
				update(t, s, tok, "hijack", "1234"),
				link(t, s, u.Token, "public-update", "", map[string]any{"token": tok, "content": "hijack"}),
			} {
				r.Expect(t, 404, "NOT_FOUND")
				if want == nil {
					want = r.Raw
				}
				if !bytes.Equal(r.Raw, want) {
					t.Fatalf("token %.50q: body %s differs from %s", tok, r.Raw, want)
				}
			}
		}
		if got := docContent(t, s, u.Token, doc); got != "text" {
			t.Fatalf("content changed to %q", got)
		}
		link(t, s, "", "public-get", "", map[string]any{"token": cur}).Expect(t, 200, "")
	})
}
