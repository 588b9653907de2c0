package gendocs_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

func read(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type fixture struct {
	s                         *apitest.Server
	u, other, admin, consumer *apitest.User
	genie, otherGenie         string
	bistro, booking, empty    string // u's private documents
	othersPrivate             string
	othersPublic              string
}

func setup(t *testing.T, s *apitest.Server) *fixture {
	t.Helper()
	f := &fixture{s: s, u: s.NewUser(t, auth.RoleUser), other: s.NewUser(t, auth.RoleUser),
		admin: s.NewUser(t, auth.RoleAdmin), consumer: s.NewUser(t, auth.RoleConsumer)}
	f.genie = f.newGenie(t, f.u)
	f.otherGenie = f.newGenie(t, f.other)
	f.bistro = f.newDoc(t, f.u, "About Bella's Bistro", read(t, "bistro.md"), false)
	f.booking = f.newDoc(t, f.u, "Booking a table", read(t, "booking.txt"), false)
	f.empty = f.newDoc(t, f.u, "Draft", " \n\t\n ", false)
	f.othersPrivate = f.newDoc(t, f.other, "Secret plans", read(t, "clinic.txt"), false)
	f.othersPublic = f.newDoc(t, f.other, "Smile Dental Care", read(t, "clinic.txt"), true)
	return f
}

func (f *fixture) newGenie(t *testing.T, u *apitest.User) string {
	t.Helper()
	r := f.s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "Front desk"}).Expect(t, 201, "")
	return apitest.Str(r.Data(), "genie", "id")
}

func (f *fixture) newDoc(t *testing.T, u *apitest.User, name, content string, public bool) string {
	t.Helper()
	r := f.s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": name, "content": content, "is_public": public}).Expect(t, 201, "")
	return apitest.Str(r.Data(), "document", "id")
}

func (f *fixture) gen(t *testing.T, tok string, data map[string]any) *apitest.Resp {
	t.Helper()
	return f.s.Call(t, tok, "genie-documents", "generate", "", data)
}

func req(agent, template string, ids ...string) map[string]any {
	return map[string]any{"agentId": agent, "template": template, "documentIds": ids}
}

func strs(v any) []string {
	out := []string{}
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

const missingID = "00000000-0000-4000-8000-000000000000"

func manyIDs(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("00000000-0000-4000-8000-%012d", i)
	}
	return out
}

func TestGenerateValidation(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		f := setup(t, s)
		with := func(k string, v any) map[string]any {
			d := req(f.genie, "faq", f.bistro)
			if v == nil {
				delete(d, k)
			} else {
				d[k] = v
			}
			return d
		}
		for _, c := range []struct {
			name  string
			data  map[string]any
			field string
		}{
			{"no agentId", with("agentId", nil), "agentId"},
			{"empty agentId", with("agentId", " "), "agentId"},
			{"numeric agentId", with("agentId", 7), "agentId"},
			{"no template", with("template", nil), "template"},
			{"unknown template", with("template", "memo"), "template"},
			{"template case", with("template", "FAQ"), "template"},
			{"template not a string", with("template", []string{"faq"}), "template"},
			{"no documentIds", with("documentIds", nil), "documentIds"},
			{"null documentIds", map[string]any{"agentId": f.genie, "template": "faq", "documentIds": nil}, "documentIds"},
			{"empty documentIds", with("documentIds", []string{}), "documentIds"},
			{"documentIds a string", with("documentIds", f.bistro), "documentIds"},
			{"documentIds numbers", with("documentIds", []int{1, 2}), "documentIds"},
			{"documentIds an object", with("documentIds", map[string]any{"id": f.bistro}), "documentIds"},
			{"documentIds not UUIDs", with("documentIds", []string{"doc-1"}), "documentIds"},
			{"documentIds null item", with("documentIds", []any{f.bistro, nil}), "documentIds"},
			{"too many documentIds", with("documentIds", manyIDs(101)), "documentIds"},
			{"purpose not a string", with("purpose", 3), "purpose"},
			{"purpose too long", with("purpose", strings.Repeat("p", 1001)), "purpose"},
			{"genieName not a string", with("genieName", true), "genieName"},
			{"genieName too long", with("genieName", strings.Repeat("n", 101)), "genieName"},
		} {
			t.Run(c.name, func(t *testing.T) {
				r := f.gen(t, f.u.Token, c.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != c.field {
					t.Fatalf("field %v, want %s: %s", r.Err()["field"], c.field, r.Raw)
				}
			})
		}
		// No data at all, and data that is not an object.
		f.gen(t, f.u.Token, nil).Expect(t, 400, "VALIDATION_ERROR")
		s.Do(t, "POST", "/v1", f.u.Token, map[string]any{"resource": "genie-documents", "action": "generate", "data": []int{1}}).Expect(t, 400, "VALIDATION_ERROR")
		// Wrong action; no credential; an API key works.
		s.Call(t, f.u.Token, "genie-documents", "list", "", nil).Expect(t, 400, "INVALID_ACTION")
		f.gen(t, "", req(f.genie, "faq", f.bistro)).Expect(t, 401, "UNAUTHORIZED")
		s.Do(t, "POST", "/v1/genie-documents", "", map[string]any{"action": "generate", "data": req(f.genie, "faq", f.bistro)}).Expect(t, 401, "UNAUTHORIZED")
		f.gen(t, "svc_live_nope", req(f.genie, "faq", f.bistro)).Expect(t, 401, "KEY_NOT_FOUND")
		key := s.NewKey(t, f.u, "gen")
		s.Do(t, "POST", "/v1/genie-documents", key, map[string]any{"action": "generate", "data": req(f.genie, "faq", f.bistro, f.booking)}).Expect(t, 200, "")
	})
}

func TestGenerateOwnershipAndSources(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		f := setup(t, s)

		// The genie must be the caller's.
		f.gen(t, f.u.Token, req(f.otherGenie, "faq", f.bistro)).Expect(t, 404, "AGENT_NOT_FOUND")
		f.gen(t, f.u.Token, req(missingID, "faq", f.bistro)).Expect(t, 404, "AGENT_NOT_FOUND")
		f.gen(t, f.u.Token, req("not-a-uuid", "faq", f.bistro)).Expect(t, 404, "AGENT_NOT_FOUND")
		f.gen(t, f.consumer.Token, req(f.genie, "faq", f.bistro)).Expect(t, 404, "AGENT_NOT_FOUND")
		// The genie check comes before the documents.
		f.gen(t, f.other.Token, req(f.genie, "faq", missingID)).Expect(t, 404, "AGENT_NOT_FOUND")

		// None of the IDs exist: 404. Only someone else's private documents: 403.
		r := f.gen(t, f.u.Token, req(f.genie, "faq", missingID)).Expect(t, 404, "NOT_FOUND")
		if r.Err()["field"] != "documentIds" {
			t.Errorf("not found names field %v", r.Err()["field"])
		}
		f.gen(t, f.u.Token, req(f.genie, "faq", f.othersPrivate)).Expect(t, 403, "FORBIDDEN")
		f.gen(t, f.u.Token, req(f.genie, "faq", f.othersPrivate, missingID)).Expect(t, 403, "FORBIDDEN")
		// A consumer's own documents still need a genie of theirs.
		f.gen(t, f.consumer.Token, req(f.genie, "faq", f.othersPublic)).Expect(t, 404, "AGENT_NOT_FOUND")

		// Usable documents with others: the others are skipped, by ID.
		m := f.gen(t, f.u.Token, req(f.genie, "faq", f.bistro, f.othersPrivate, missingID, f.empty, f.booking)).Expect(t, 200, "").Data()["meta"].(map[string]any)
		if got, want := strs(m["sourceDocuments"]), []string{"About Bella's Bistro", "Booking a table"}; !reflect.DeepEqual(got, want) {
			t.Errorf("sourceDocuments %v, want %v", got, want)
		}
		if got, want := strs(m["skippedDocuments"]), []string{f.othersPrivate, missingID, "Draft"}; !reflect.DeepEqual(got, want) {
			t.Errorf("skippedDocuments %v, want %v (never the private name)", got, want)
		}
		if m["truncated"] != false {
			t.Errorf("truncated %v", m["truncated"])
		}

		// Public documents of others may be sources; repeats count once.
		m = f.gen(t, f.u.Token, req(f.genie, "faq", f.othersPublic, f.othersPublic)).Expect(t, 200, "").Data()["meta"].(map[string]any)
		if got := strs(m["sourceDocuments"]); !reflect.DeepEqual(got, []string{"Smile Dental Care"}) || len(strs(m["skippedDocuments"])) != 0 {
			t.Errorf("public source: %v", m)
		}

		// Admins: any genie, any document.
		m = f.gen(t, f.admin.Token, req(f.genie, "faq", f.othersPrivate)).Expect(t, 200, "").Data()["meta"].(map[string]any)
		if got := strs(m["sourceDocuments"]); !reflect.DeepEqual(got, []string{"Secret plans"}) {
			t.Errorf("admin sources %v", got)
		}

		// No readable content: 400, naming documentIds.
		for _, ids := range [][]string{{f.empty}, {f.empty, f.othersPrivate}} {
			r := f.gen(t, f.u.Token, req(f.genie, "faq", ids...)).Expect(t, 400, "VALIDATION_ERROR")
			if r.Err()["field"] != "documentIds" || !strings.Contains(r.Err()["message"].(string), "no readable content") {
				t.Errorf("no readable content: %s", r.Raw)
			}
		}
		punct := f.newDoc(t, f.u, "Dashes", "--- *** ---", false)
		f.gen(t, f.u.Token, req(f.genie, "faq", punct)).Expect(t, 400, "VALIDATION_ERROR")

		// Too little material for the template.
		tiny := f.newDoc(t, f.u, "Note", "We sell bread. Our bakery opens at seven.", false)
		r = f.gen(t, f.u.Token, req(f.genie, "faq", tiny)).Expect(t, 400, "VALIDATION_ERROR")
		if !strings.Contains(r.Err()["message"].(string), "not enough content") {
			t.Errorf("message %v", r.Err()["message"])
		}
	})
}

var numberedLine = regexp.MustCompile(`^(\d+)\. \S`)

func TestGenerateTemplates(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		f := setup(t, s)
		sections := func(d map[string]any) []map[string]string {
			var out []map[string]string
			for _, x := range d["sections"].([]any) {
				m := x.(map[string]any)
				out = append(out, map[string]string{"heading": m["heading"].(string), "body": m["body"].(string)})
			}
			return out
		}
		newPatient := f.newDoc(t, f.u, "New patients", read(t, "newpatient.txt"), false)
		for _, sources := range [][]string{{f.bistro, f.booking}, {f.othersPublic, newPatient}} {
			// FAQ: 6 to 12 questions.
			d := f.gen(t, f.u.Token, req(f.genie, "faq", sources...)).Expect(t, 200, "").Data()["document"].(map[string]any)
			secs := sections(d)
			if d["template"] != "faq" || len(secs) < 6 || len(secs) > 12 || d["title"] != "Frequently asked questions about your business" {
				t.Fatalf("faq: %v", d)
			}
			for _, sec := range secs {
				if !strings.HasSuffix(sec["heading"], "?") || sec["body"] == "" {
					t.Errorf("faq pair %v", sec)
				}
			}

			// How-to: intro, numbered steps, optional next steps.
			d = f.gen(t, f.u.Token, req(f.genie, "how-to", sources...)).Expect(t, 200, "").Data()["document"].(map[string]any)
			secs = sections(d)
			if d["template"] != "how-to" || len(secs) < 2 || len(secs) > 3 || secs[0]["body"] == "" {
				t.Fatalf("how-to: %v", d)
			}
			steps := strings.Split(secs[1]["body"], "\n")
			for i, l := range steps {
				m := numberedLine.FindStringSubmatch(l)
				if m == nil || m[1] != strconv.Itoa(i+1) {
					t.Errorf("step %d: %q", i+1, l)
				}
			}
			if len(steps) < 3 {
				t.Errorf("%d steps", len(steps))
			}

			// One-pager: 4 to 6 sections, offers and audience first.
			d = f.gen(t, f.u.Token, req(f.genie, "one-pager", sources...)).Expect(t, 200, "").Data()["document"].(map[string]any)
			secs = sections(d)
			if d["template"] != "one-pager" || len(secs) < 4 || len(secs) > 6 ||
				secs[0]["heading"] != "What your business offers" || secs[1]["heading"] != "Who it is for" || d["title"] != "Your business at a glance" {
				t.Fatalf("one-pager: %v", d)
			}
		}

		// genieName and purpose.
		data := req(f.genie, "how-to", f.booking)
		data["genieName"] = "Bella's Bistro"
		data["purpose"] = "booking a table"
		d := f.gen(t, f.u.Token, data).Expect(t, 200, "").Data()["document"].(map[string]any)
		secs := sections(d)
		if d["title"] != "Booking a table: step by step" || d["subtitle"] != "Focus: booking a table" ||
			!strings.HasPrefix(secs[0]["body"], "Here are the steps for booking a table.\n\nBooking ahead is the best way") ||
			!strings.HasPrefix(secs[1]["body"], "1. Open bellasbistro.example/book in your browser.\n2. Choose the date") ||
			len(secs) != 3 || secs[2]["heading"] != "Next steps" {
			t.Fatalf("how-to with genieName and purpose: %v", d)
		}
		data = req(f.genie, "faq", f.bistro)
		data["genieName"] = strings.Repeat("n", 100)
		f.gen(t, f.u.Token, data).Expect(t, 200, "")
		data = req(f.genie, "one-pager", f.bistro)
		data["genieName"] = "  "
		if d := f.gen(t, f.u.Token, data).Expect(t, 200, "").Data()["document"].(map[string]any); d["title"] != "Your business at a glance" {
			t.Errorf("blank genieName: title %v", d["title"])
		}
	})
}

func TestGenerateTruncation(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		f := setup(t, s)
		// About 90,000 characters of realistic sections, over the 60,000 limit.
		var big strings.Builder
		for i := 1; big.Len() < 90_000; i++ {
			fmt.Fprintf(&big, "## Meeting room %d\n\nMeeting room %d is on floor %d and seats %d guests. It costs %d pounds an hour to hire, "+
				"and the price includes coffee, tea and a projector.\n\n", i, i, i%7, 8+i%20, 20+i)
		}
		large := f.newDoc(t, f.u, "Everything", big.String(), false)
		m := f.gen(t, f.u.Token, req(f.genie, "faq", large, f.booking)).Expect(t, 200, "").Data()["meta"].(map[string]any)
		if m["truncated"] != true || !reflect.DeepEqual(strs(m["sourceDocuments"]), []string{"Everything", "Booking a table"}) {
			t.Fatalf("meta %v", m)
		}
		m = f.gen(t, f.u.Token, req(f.genie, "faq", f.bistro, f.booking)).Expect(t, 200, "").Data()["meta"].(map[string]any)
		if m["truncated"] != false {
			t.Fatalf("small sources truncated: %v", m)
		}
	})
}

// lockedBuffer collects the server log across goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestGenerateWithModel configures the service with an OpenAI-compatible
// server (a canned one on loopback) instead of the embedded generator.
func TestGenerateWithModel(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		var content atomic.Value
		var calls atomic.Int32
		model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer sk-model-secret" {
				http.Error(w, "bad request", http.StatusUnauthorized)
				return
			}
			json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{ //nolint:errcheck
				"finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": content.Load().(string)}}}})
		}))
		defer model.Close()
		var logs lockedBuffer
		s := apitest.Start(t, store, func(c *app.Config) {
			c.ModelURL, c.ModelAPIKey, c.ModelName = model.URL+"/v1", "sk-model-secret", "test-model"
			c.Log = slog.New(slog.NewJSONHandler(&logs, nil))
		})
		f := setup(t, s)

		content.Store(`{"title":"Bella's Bistro at a glance","subtitle":"","sections":[
			{"heading":"What we offer","body":"Fresh pasta, wood-fired pizza and seasonal salads made from local produce."},
			{"heading":"Who it is for","body":"Families, couples and groups of friends."},
			{"heading":"Opening hours","body":"Open Tuesday to Sunday from 12:00 to 22:00. Closed on Mondays."},
			{"heading":"Key points","body":"- Free parking behind the restaurant for up to 20 cars.\n- Pay by card, cash or Apple Pay."}]}`)
		d := f.gen(t, f.u.Token, req(f.genie, "one-pager", f.bistro)).Expect(t, 200, "").Data()
		if apitest.Str(d, "document", "title") != "Bella's Bistro at a glance" || apitest.Str(d, "document", "template") != "one-pager" ||
			len(apitest.Dig(d, "document", "sections").([]any)) != 4 {
			t.Fatalf("document %v", d)
		}

		// Invalid output (three sections) and malformed output: 500.
		for _, bad := range []string{
			`{"title":"t","sections":[{"heading":"a","body":"Fresh pasta."},{"heading":"b","body":"Free parking."},{"heading":"c","body":"Closed on Mondays."}]}`,
			`{"title": "t", "sections": [`,
		} {
			content.Store(bad)
			r := f.gen(t, f.u.Token, req(f.genie, "one-pager", f.bistro)).Expect(t, 500, "INTERNAL_ERROR")
			if r.Err()["message"] != "failed generation or empty generated content" {
				t.Errorf("message %v", r.Err()["message"])
			}
		}
		// Source rules still come first: no model call for a bad request.
		before := calls.Load()
		f.gen(t, f.u.Token, req(f.genie, "faq", f.empty)).Expect(t, 400, "VALIDATION_ERROR")
		f.gen(t, f.u.Token, req(f.otherGenie, "faq", f.bistro)).Expect(t, 404, "AGENT_NOT_FOUND")
		if calls.Load() != before {
			t.Error("the model was called for a refused request")
		}
		if strings.Contains(logs.String(), "sk-model-secret") {
			t.Error("the model API key is in the log")
		}
		if !strings.Contains(logs.String(), "generate document") {
			t.Error("failed generations are not logged")
		}
	})
}
