package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/geniehq/genie/internal/httpapi"
)

// Discovery serves what lets a newcomer find the API: GET / (a small JSON
// index), GET /v1/openapi.json (the OpenAPI 3.1 document) and GET /docs
// (reference pages rendered from that same document). The document is
// built once, on first use, after every resource is registered.
type Discovery struct {
	Server *httpapi.Server
	Info   DocInfo
	// Page, when set, may answer GET / itself (a browser's landing page);
	// it returns false to leave the request to the JSON index.
	Page func(w http.ResponseWriter, r *http.Request) bool

	once sync.Once
	doc  map[string]any
	json []byte
	html []byte
	err  error
}

// Mount adds the three routes.
func (d *Discovery) Mount(mux *http.ServeMux) {
	mux.HandleFunc("GET /{$}", d.index)
	mux.HandleFunc("GET /v1/openapi.json", d.openapi)
	mux.HandleFunc("GET /docs", d.docs)
	mux.HandleFunc("GET /docs/{$}", d.docs)
}

func (d *Discovery) build() {
	d.once.Do(func() {
		defer func() {
			if p := recover(); p != nil {
				d.err = fmt.Errorf("build the API description: %v", p)
			}
		}()
		d.doc = Build(d.Server, d.Info)
		d.json = JSON(d.Server, d.Info)
		var b bytes.Buffer
		if err := renderDocs(&b, d.json); err != nil {
			d.err = err
			return
		}
		d.html = b.Bytes()
	})
}

// JSON is the OpenAPI document as served, or the error that kept it from
// being built.
func (d *Discovery) JSON() ([]byte, error) {
	d.build()
	if d.json == nil {
		return nil, d.err
	}
	return d.json, nil
}

func (d *Discovery) index(w http.ResponseWriter, r *http.Request) {
	if d.Page != nil && d.Page(w, r) {
		return
	}
	w.Header().Add("Vary", "Accept")
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{
		"name":    d.Info.Title,
		"version": d.Info.Version,
		"api":     "v1",
		"links": map[string]string{
			"docs":    "/docs",
			"openapi": "/v1/openapi.json",
			"healthz": "/healthz",
			"readyz":  "/readyz",
			"auth":    "/auth/v1/settings",
		},
	})
}

func (d *Discovery) openapi(w http.ResponseWriter, r *http.Request) {
	d.build()
	if d.json == nil {
		httpapi.WriteError(r.Context(), w, d.Server.Log(), d.err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(d.json) //nolint:errcheck
}

func (d *Discovery) docs(w http.ResponseWriter, r *http.Request) {
	d.build()
	if d.err != nil {
		httpapi.WriteError(r.Context(), w, d.Server.Log(), fmt.Errorf("render docs: %w", d.err))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
	w.Write(d.html) //nolint:errcheck
}

// The reference pages are rendered from the JSON document itself (not
// from the registry), so that what people read is what generators read.

type docOp struct {
	Method, Path, ID, Summary, Description, Access string
	Anchor                                         string
	IDParam                                        *docField
	Idempotent                                     bool
	Request                                        []docVariant
	Responses                                      []docResponse
	Codes                                          []string
	Example                                        string
}

type docVariant struct {
	Title  string
	Fields []docField
}

type docField struct {
	Name, Type, Notes string
	Required          bool
	Depth             int
}

type docResponse struct {
	Status string
	Data   []docVariant
	Error  bool
}

type docGroup struct {
	Name, Description string
	Ops               []docOp
}

func renderDocs(w *bytes.Buffer, raw []byte) error {
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return err
	}
	comps, _ := doc["components"].(map[string]any)
	schemas, _ := comps["schemas"].(map[string]any)
	r := &schemaReader{schemas: schemas}
	groups := map[string]*docGroup{}
	paths, _ := doc["paths"].(map[string]any)
	for _, p := range slices.Sorted(maps.Keys(paths)) {
		item, _ := paths[p].(map[string]any)
		for _, method := range slices.Sorted(maps.Keys(item)) {
			op, _ := item[method].(map[string]any)
			tag := "other"
			if tags, _ := op["tags"].([]any); len(tags) > 0 {
				tag, _ = tags[0].(string)
			}
			g := groups[tag]
			if g == nil {
				g = &docGroup{Name: tag}
				groups[tag] = g
			}
			g.Ops = append(g.Ops, r.op(strings.ToUpper(method), p, op))
		}
	}
	var list []*docGroup
	for _, name := range slices.Sorted(maps.Keys(groups)) {
		if name != "envelope" && name != "other" {
			list = append(list, groups[name])
		}
	}
	for _, name := range []string{"envelope", "other"} {
		if g := groups[name]; g != nil {
			list = append(list, g)
		}
	}
	tags, _ := doc["tags"].([]any)
	for _, tg := range tags {
		tm, _ := tg.(map[string]any)
		name, _ := tm["name"].(string)
		if g := groups[name]; g != nil {
			g.Description, _ = tm["description"].(string)
		}
	}
	info, _ := doc["info"].(map[string]any)
	return docsPage.Execute(w, map[string]any{"Info": info, "Groups": list})
}

type schemaReader struct{ schemas map[string]any }

func (r *schemaReader) resolve(s map[string]any) (map[string]any, string) {
	for range 8 {
		ref, ok := s["$ref"].(string)
		if !ok {
			if all, ok := s["allOf"].([]any); ok && len(all) == 1 {
				if inner, ok := all[0].(map[string]any); ok {
					s = inner
					continue
				}
			}
			return s, ""
		}
		name := strings.TrimPrefix(ref, "#/components/schemas/")
		next, _ := r.schemas[name].(map[string]any)
		if next == nil {
			return s, name
		}
		if _, isRef := next["$ref"]; !isRef {
			return next, name
		}
		s = next
	}
	return s, ""
}

// typeName says a schema's type in a few words.
func (r *schemaReader) typeName(s map[string]any) string {
	s, name := r.resolve(s)
	if branches, ok := s["anyOf"].([]any); ok {
		var parts []string
		for _, b := range branches {
			if bs, ok := b.(map[string]any); ok {
				parts = append(parts, r.typeName(bs))
			}
		}
		return strings.Join(parts, " or ")
	}
	if c, ok := s["const"]; ok {
		return fmt.Sprintf("%v", c)
	}
	var t string
	switch v := s["type"].(type) {
	case string:
		t = v
	case []any:
		var parts []string
		for _, p := range v {
			parts = append(parts, fmt.Sprint(p))
		}
		t = strings.Join(parts, " or ")
	default:
		t = "any"
	}
	if strings.HasPrefix(t, "array") {
		if items, ok := s["items"].(map[string]any); ok {
			t = "array of " + r.typeName(items) + strings.TrimPrefix(t, "array")
		}
	}
	if name != "" && strings.HasPrefix(t, "object") {
		t = name + strings.TrimPrefix(t, "object")
	}
	return t
}

func notes(s map[string]any) string {
	var out []string
	if d, ok := s["description"].(string); ok {
		out = append(out, d)
	}
	if e, ok := s["enum"].([]any); ok {
		var vals []string
		for _, v := range e {
			if v == nil {
				continue
			}
			vals = append(vals, fmt.Sprint(v))
		}
		out = append(out, "one of: "+strings.Join(vals, ", "))
	}
	for _, k := range []string{"minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "format", "pattern"} {
		if v, ok := s[k]; ok {
			out = append(out, fmt.Sprintf("%s %v", k, v))
		}
	}
	return strings.Join(out, "; ")
}

// fields flattens an object schema into rows, nested objects indented,
// down to depth 3.
func (r *schemaReader) fields(s map[string]any, depth int, out *[]docField) {
	s, _ = r.resolve(s)
	if branches, ok := s["anyOf"].([]any); ok && len(branches) == 2 { // T or null
		if inner, ok := branches[0].(map[string]any); ok {
			s, _ = r.resolve(inner)
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		s, _ = r.resolve(items)
	}
	props, _ := s["properties"].(map[string]any)
	required := map[string]bool{}
	if req, ok := s["required"].([]any); ok {
		for _, n := range req {
			required[fmt.Sprint(n)] = true
		}
	}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		p, _ := props[name].(map[string]any)
		rp, _ := r.resolve(p)
		*out = append(*out, docField{Name: name, Type: r.typeName(p), Notes: notes(mergeNotes(p, rp)), Required: required[name], Depth: depth})
		if depth < 3 {
			r.fields(p, depth+1, out)
		}
	}
}

func mergeNotes(a, b map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range b {
		out[k] = v
	}
	for k, v := range a {
		out[k] = v
	}
	return out
}

func (r *schemaReader) variants(s map[string]any) []docVariant {
	if branches, ok := s["anyOf"].([]any); ok && len(branches) > 2 || isModes(s) {
		var out []docVariant
		for _, b := range s["anyOf"].([]any) {
			bs, _ := b.(map[string]any)
			title, _ := bs["title"].(string)
			v := docVariant{Title: "mode " + title}
			r.fields(bs, 0, &v.Fields)
			out = append(out, v)
		}
		return out
	}
	v := docVariant{}
	r.fields(s, 0, &v.Fields)
	return []docVariant{v}
}

func isModes(s map[string]any) bool {
	branches, ok := s["anyOf"].([]any)
	if !ok || len(branches) == 0 {
		return false
	}
	first, _ := branches[0].(map[string]any)
	_, titled := first["title"]
	return titled
}

func (r *schemaReader) op(method, path string, op map[string]any) docOp {
	str := func(k string) string { s, _ := op[k].(string); return s }
	o := docOp{Method: method, Path: path, ID: str("operationId"), Summary: str("summary"), Description: str("description"),
		Access: str("x-access"), Anchor: str("operationId")}
	params, _ := op["parameters"].([]any)
	for _, p := range params {
		pm, _ := p.(map[string]any)
		if ref, _ := pm["$ref"].(string); strings.HasSuffix(ref, "/IdempotencyKey") {
			o.Idempotent = true
			continue
		}
		if pm["name"] == "id" {
			req, _ := pm["required"].(bool)
			d, _ := pm["description"].(string)
			o.IDParam = &docField{Name: "id (" + fmt.Sprint(pm["in"]) + ")", Type: "string", Notes: d, Required: req}
		}
	}
	if rb, ok := op["requestBody"].(map[string]any); ok {
		if s := jsonSchemaOf(rb); s != nil {
			o.Request = r.variants(s)
		}
	}
	resps, _ := op["responses"].(map[string]any)
	for _, st := range slices.Sorted(maps.Keys(resps)) {
		resp, _ := resps[st].(map[string]any)
		if _, isRef := resp["$ref"]; isRef || st >= "400" {
			o.Responses = append(o.Responses, docResponse{Status: st, Error: true})
			continue
		}
		dr := docResponse{Status: st}
		if s := jsonSchemaOf(resp); s != nil {
			if props, ok := s["properties"].(map[string]any); ok {
				if data, ok := props["data"].(map[string]any); ok {
					dr.Data = r.variants(data)
				}
			}
		}
		o.Responses = append(o.Responses, dr)
	}
	if codes, ok := op["x-error-codes"].([]any); ok {
		for _, c := range codes {
			o.Codes = append(o.Codes, fmt.Sprint(c))
		}
	}
	sort.Strings(o.Codes)
	if method == "POST" && strings.Count(path, "/") == 3 {
		q := ""
		if o.IDParam != nil {
			q = "?id=…"
		}
		o.Example = fmt.Sprintf("curl -X POST \"$BASE%s%s\" -H \"Authorization: Bearer $KEY\" -H 'Content-Type: application/json' -d '{…}'", path, q)
	}
	return o
}

func jsonSchemaOf(m map[string]any) map[string]any {
	content, _ := m["content"].(map[string]any)
	js, _ := content["application/json"].(map[string]any)
	s, _ := js["schema"].(map[string]any)
	return s
}

var docsPage = template.Must(template.New("docs").Funcs(template.FuncMap{
	"indent": func(n int) string { return strings.Repeat("\u00a0\u00a0\u00a0", n) },
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{index .Info "title"}} — API reference</title>
<style>
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1d2433;display:flex}
nav{width:260px;flex:none;height:100vh;overflow:auto;position:sticky;top:0;background:#f6f7f9;border-right:1px solid #e3e6ea;padding:16px;box-sizing:border-box;font-size:14px}
nav a{color:#1d2433;text-decoration:none;display:block;padding:1px 0}nav a:hover{text-decoration:underline}
nav h3{font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#667085;margin:14px 0 4px}
main{flex:1;max-width:980px;padding:24px 40px;min-width:0}
h1{margin-top:0}section.op{border-top:1px solid #e3e6ea;padding:18px 0}
code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}pre{background:#f6f7f9;padding:10px;overflow:auto;border-radius:6px}
.m{display:inline-block;font-weight:600;font-size:12px;padding:1px 6px;border-radius:4px;background:#e6f0ff;color:#1849a9;margin-right:6px}
table{border-collapse:collapse;width:100%;margin:6px 0 12px;font-size:14px}td,th{border-bottom:1px solid #eef0f3;padding:4px 8px;text-align:left;vertical-align:top}
th{font-size:12px;color:#667085;font-weight:600}.req{color:#b42318;font-size:12px}.tag{font-size:12px;color:#667085}
@media (max-width:800px){nav{display:none}main{padding:16px}}
</style></head>
<body>
<nav aria-label="Operations"><strong>{{index .Info "title"}}</strong>
{{range .Groups}}<h3>{{.Name}}</h3>{{range .Ops}}<a href="#{{.Anchor}}">{{if eq .Method "POST"}}{{.Summary}}{{else}}{{.Method}} {{.Path}}{{end}}</a>{{end}}{{end}}
</nav>
<main>
<h1>{{index .Info "title"}}</h1>
<p>{{index .Info "summary"}}</p>
<p>{{index .Info "description"}}</p>
<p>Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Errors</h2>
<p>Every error is <code>{"success": false, "error": {"code", "message", "status"}}</code>; a validation error also names the <code>field</code>. Codes: UNAUTHORIZED, INVALID_KEY_PREFIX, KEY_NOT_FOUND, INVALID_TOKEN (401); FORBIDDEN (403); NOT_FOUND, AGENT_NOT_FOUND (404); VALIDATION_ERROR, INVALID_ACTION (400; 413 for a body past the action's limit); RATE_LIMIT_EXCEEDED (429, with Retry-After); INTERNAL_ERROR (500). Retry only 429 and 500, with exponential backoff, and send an <code>Idempotency-Key</code> on actions marked idempotent so that a retry cannot act twice.</p>
{{range .Groups}}<h2 id="tag-{{.Name}}">{{.Name}}</h2>
{{if .Description}}<p>{{.Description}}</p>{{end}}
{{range .Ops}}<section class="op" id="{{.Anchor}}">
<h3>{{.Summary}}</h3>
<p><span class="m">{{.Method}}</span><code>{{.Path}}</code> <span class="tag">operationId {{.ID}}{{if .Access}} · {{.Access}}{{end}}{{if .Idempotent}} · accepts Idempotency-Key{{end}}</span></p>
<p>{{.Description}}</p>
{{if .IDParam}}<table><tr><th>Parameter</th><th>Type</th><th>Notes</th></tr><tr><td><code>{{.IDParam.Name}}</code>{{if .IDParam.Required}} <span class="req">required</span>{{end}}</td><td>{{.IDParam.Type}}</td><td>{{.IDParam.Notes}}</td></tr></table>{{end}}
{{range .Request}}{{if .Fields}}<p><strong>Request{{if .Title}} — {{.Title}}{{end}}</strong></p>
<table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>{{range .Fields}}<tr><td>{{indent .Depth}}<code>{{.Name}}</code>{{if .Required}} <span class="req">required</span>{{end}}</td><td>{{.Type}}</td><td>{{.Notes}}</td></tr>{{end}}</table>{{end}}{{end}}
{{range .Responses}}{{if not .Error}}<p><strong>{{.Status}}</strong> — <code>data</code>:</p>{{range .Data}}{{if .Title}}<p>{{.Title}}</p>{{end}}<table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>{{range .Fields}}<tr><td>{{indent .Depth}}<code>{{.Name}}</code></td><td>{{.Type}}</td><td>{{.Notes}}</td></tr>{{end}}</table>{{end}}{{end}}{{end}}
{{if .Codes}}<p>Error codes: {{range $i, $c := .Codes}}{{if $i}}, {{end}}<code>{{$c}}</code>{{end}}</p>{{end}}
{{if .Example}}<pre>{{.Example}}</pre>{{end}}
</section>{{end}}{{end}}
</main></body></html>
`))
