package conversations_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
)

const res = "conversations"

// unlimited turns the public rate limits off, for tests that are not
// about them.
func unlimited(c *app.Config) { c.ChatAskLimit, c.ChatGenieLimit, c.ChatEscalateLimit = -1, -1, -1 }

// helpCentre is a small help-centre page, attached to the test genie.
const helpCentre = `# Returns and refunds

## How long do I have to return an item?
You can return any item within 30 days of delivery. The item must be unused and in its original packaging.

## How do I get a refund?
1. Sign in to your account.
2. Open your orders and choose the item.
3. Click "Return" and print the label.
4. Drop the parcel at any post office.

Refunds reach your card within 5 business days after we receive the parcel.

# Shipping
We ship to France, Germany, Spain and the United Kingdom. Standard delivery takes 3 to 5 business days.

## Can I track my parcel?
Yes. When your order leaves our warehouse, we email you a tracking link.

# Payment
We accept Visa, Mastercard, PayPal and bank transfers. Your card is charged when the order ships.

## Do you offer gift cards?
Gift cards from 10 to 200 euros are sold in our shops and online. They are valid for one year.

# Your account
To change your password, open Settings and choose "Security". You can delete your account at any time from the same page.

# Contact
Our customer service answers by phone from Monday to Friday.
`

// hours is a document of the same owner that the genie does not use.
const hours = "# Opening hours\n\nOur shop in Lyon is open from 9 am to 6 pm, Monday to Saturday.\n"

// newDoc creates a private document and returns its id.
func newDoc(t testing.TB, s *apitest.Server, cred, name, content string) string {
	return apitest.NewDoc(t, s, cred, name, content, false)
}

// newGenie creates a genie with the documents and returns its id.
func newGenie(t testing.TB, s *apitest.Server, cred, name string, docs ...string) string {
	return apitest.Str(apitest.NewGenie(t, s, cred, name, docs...), "id")
}

// enable turns the genie's page on with the language and returns the
// genie's conversation object.
func enable(t testing.TB, s *apitest.Server, cred, genie, lang string) map[string]any {
	t.Helper()
	r := s.Call(t, cred, "genies", "update", genie, map[string]any{"conversation": map[string]any{"enabled": true, "language": lang}}).Expect(t, 200, "")
	return r.Data()["genie"].(map[string]any)["conversation"].(map[string]any)
}

// ask calls ask without a credential.
func ask(t testing.TB, s *apitest.Server, genie, question, conv string) *apitest.Resp {
	t.Helper()
	data := map[string]any{"agentId": genie, "question": question}
	if conv != "" {
		data["conversationId"] = conv
	}
	return s.Call(t, "", res, "ask", "", data)
}

// shop is a server with an owner, a genie whose page is on (using the
// help-centre page) and the owner's other document.
type shop struct {
	s            *apitest.Server
	owner        *apitest.User
	genie        string
	doc, hoursID string
}

func newShop(t testing.TB, s *apitest.Server) *shop {
	t.Helper()
	sh := &shop{s: s, owner: s.NewUser(t, "user")}
	sh.doc = newDoc(t, s, sh.owner.Token, "Help centre", helpCentre)
	sh.hoursID = newDoc(t, s, sh.owner.Token, "Opening hours", hours)
	sh.genie = newGenie(t, s, sh.owner.Token, "Shop helper", sh.doc)
	enable(t, s, sh.owner.Token, sh.genie, "en")
	return sh
}

// noRedirect is a client that returns redirects instead of following
// them, keeping cookies in jar.
func noRedirect(jar http.CookieJar) *http.Client {
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// form posts a page form.
func form(t testing.TB, c *http.Client, u string, v url.Values, headers ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(v.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
