// Package openapi builds the published description of the v1 interface
// (OpenAPI 3.1) from the actions' declarations, and serves it with the
// reference pages rendered from it (GET /v1/openapi.json, GET /docs) and
// the JSON index (GET /).
package openapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/geniehq/genie/internal/httpapi"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// DocInfo is what the published description says about the service
// itself.
type DocInfo struct {
	Title   string
	Version string // the build's version (GET / says it; the document does not, so that it is the same for every build of the same code)
	// Tags describe the resources (and the other groups of operations).
	Tags map[string]string
	// Extra adds path items (the sign-in provider's, the health checks)
	// and their component schemas.
	Extra func(doc *Document)
}

// Document is an OpenAPI 3.1 document under construction.
type Document struct {
	Paths      map[string]map[string]any
	Components map[string]map[string]any
	schemas    *schemas
}

// Schema returns the schema of a Go value under the response rules
// (registering its named structs as components), for Extra to use.
func (d *Document) Schema(v any) field.Schema { return d.schemas.of(v, true) }

// RequestSchema returns the schema of a Go value under the request rules.
func (d *Document) RequestSchema(v any) field.Schema { return d.schemas.of(v, false) }

// ErrorCodes are the spec's error codes with their statuses, in the order
// of its table.
var ErrorCodes = []string{
	apperr.CodeUnauthorized, apperr.CodeInvalidKeyPrefix, apperr.CodeKeyNotFound, apperr.CodeInvalidToken,
	apperr.CodeForbidden, apperr.CodeNotFound, apperr.CodeAgentNotFound, apperr.CodeValidation,
	apperr.CodeInvalidAction, apperr.CodeRateLimited, apperr.CodeInternal,
}

// OperationID is the operationId of an action's own path:
// agent-mailboxes-self + provision gives agentMailboxesSelfProvision.
func OperationID(resource, action string) string {
	var b strings.Builder
	up := false
	for _, r := range resource + "-" + action {
		if r == '-' || r == '_' {
			up = true
			continue
		}
		if up && b.Len() > 0 {
			r = unicode.ToUpper(r)
		}
		up = false
		b.WriteRune(r)
	}
	return b.String()
}

// ActionPath is the path of an action's own form.
func ActionPath(resource, action string) string { return "/v1/" + resource + "/" + action }

// Build builds the OpenAPI 3.1 description of every registered action
// from the actions' declarations.
func Build(s *httpapi.Server, info DocInfo) map[string]any {
	resources := s.Registered()
	d := &Document{Paths: map[string]map[string]any{}, Components: map[string]map[string]any{}, schemas: newSchemas()}
	envelopePaths(d, resources)
	for _, res := range slices.Sorted(maps.Keys(resources)) {
		actions := resources[res]
		for _, name := range slices.Sorted(maps.Keys(actions)) {
			d.Paths[ActionPath(res, name)] = map[string]any{"post": operation(d, res, name, actions[name])}
		}
	}
	restPaths(d, resources)
	if info.Extra != nil {
		info.Extra(d)
	}
	comps := commonComponents()
	schemasOut := map[string]any{"Error": errorSchema(), "ErrorBody": errorBodySchema(), "Envelope": envelopeSchema(), "Success": field.Schema{
		"type": "object", "required": []string{"success", "data"},
		"properties": field.Schema{"success": field.Schema{"const": true}, "data": field.Schema{}},
	}}
	for name, sc := range d.schemas.components {
		schemasOut[name] = sc
	}
	for k, v := range d.Components {
		if k == "schemas" {
			for n, sc := range v {
				schemasOut[n] = sc
			}
			continue
		}
		comps[k] = v
	}
	comps["schemas"] = schemasOut
	paths := map[string]any{}
	for p, item := range d.Paths {
		paths[p] = item
	}
	return document(info, tagsOf(resources, info.Tags), paths, comps)
}

// commonComponents are the components every document has: the security
// schemes, headers, the Idempotency-Key parameter and the error answers.
func commonComponents() map[string]any {
	return map[string]any{
		"securitySchemes": map[string]any{
			"bearer": field.Schema{"type": "http", "scheme": "bearer",
				"description": "An API key (svc_live_… or svc_admin_…) or a session access token (a JWT from the sign-in provider at /auth/v1)."},
			"apiKeyHeader": field.Schema{"type": "apiKey", "in": "header", "name": "X-API-Key",
				"description": "An API key in its own header; API keys are limited to 60 requests a minute each."},
		},
		"headers": map[string]any{
			"X-RateLimit-Limit":     field.Schema{"description": "Requests allowed a minute for the API key used (only on calls made with an API key).", "schema": field.Schema{"type": "integer"}},
			"X-RateLimit-Remaining": field.Schema{"description": "Requests left in the current minute for the API key.", "schema": field.Schema{"type": "integer"}},
			"X-RateLimit-Reset":     field.Schema{"description": "When the API key's window resets, in Unix seconds.", "schema": field.Schema{"type": "integer"}},
			"Retry-After":           field.Schema{"description": "Seconds to wait before retrying (on 429).", "schema": field.Schema{"type": "integer"}},
			"Idempotent-Replayed":   field.Schema{"description": "true when the answer is the stored answer of an earlier request with the same Idempotency-Key.", "schema": field.Schema{"type": "string", "enum": []string{"true"}}},
			"X-Request-Id":          field.Schema{"description": "Identifies the request in the server's log.", "schema": field.Schema{"type": "string"}},
		},
		"parameters": map[string]any{
			"IdempotencyKey": field.Schema{"name": "Idempotency-Key", "in": "header", "required": false,
				"description": "Makes a retry safe: for 24 hours, a request with the same key from the same caller gets the first request's answer (status and body) instead of running again. The same key with a different request is a 400; a retry while the first still runs waits for it (up to 10 s, then 429 with Retry-After). 1 to 255 printable ASCII characters; a random UUID is a good key.",
				"schema":      field.Schema{"type": "string", "minLength": 1, "maxLength": 255}},
		},
		"responses": errorResponses(),
	}
}

// tagsOf lists the resources' tags, then the envelope's, then the other
// groups the info describes.
func tagsOf(resources map[string]httpapi.Actions, descriptions map[string]string) []any {
	var tags []any
	names := slices.Sorted(maps.Keys(resources))
	names = append(names, "envelope")
	for _, name := range slices.Sorted(maps.Keys(descriptions)) {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	for _, name := range names {
		tag := field.Schema{"name": name}
		if d := descriptions[name]; d != "" {
			tag["description"] = d
		}
		tags = append(tags, tag)
	}
	return tags
}

// document is the OpenAPI object around the paths and components.
func document(info DocInfo, tags []any, paths, comps map[string]any) map[string]any {
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":   info.Title,
			"version": "1",
			"summary": "Genies (conversational assistants) and everything around them: API keys, mailboxes, edit links, voices, groups, a marketplace, generated documents, QR codes.",
			"description": "Every operation is an action of a resource. Each action has its own path, POST /v1/{resource}/{action}, whose body is the action's data " +
				"(and whose record id, for single-record actions, is the id query parameter); the envelope forms of the specification, POST /v1 and POST /v1/{resource} " +
				"with a {resource, action, id, data} body, reach the same actions and answer the same way. Successful answers are {success: true, data}; errors are " +
				"{success: false, error: {code, message, status}}, where code is stable and message is for people. Retry only 429 and 500, with exponential backoff; " +
				"send an Idempotency-Key header on actions that create something so that a retry cannot do it twice.",
			"license":          field.Schema{"name": "Proprietary", "identifier": "LicenseRef-Proprietary"},
			"x-action-forms":   "POST /v1/{resource}/{action} (one operation per action, documented here); POST /v1 and POST /v1/{resource} (the envelope).",
			"x-rate-limit":     "60 requests a minute per API key; X-RateLimit-* headers on every answer to an API-key call.",
			"x-generated-from": "the action registry: the same declarations the server dispatches and validates with",
		},
		"servers":    []any{field.Schema{"url": "/", "description": "this server"}},
		"security":   []any{field.Schema{"bearer": []string{}}, field.Schema{"apiKeyHeader": []string{}}},
		"tags":       tags,
		"paths":      paths,
		"components": comps,
	}
}

// operation describes one action's own path.
func operation(d *Document, res, name string, a httpapi.Action) map[string]any {
	op := map[string]any{
		"operationId": OperationID(res, name),
		"tags":        []string{res},
		"summary":     a.Summary,
		"description": accessText(a.Access),
		"x-resource":  res,
		"x-action":    name,
		"x-access":    accessName(a.Access),
	}
	switch a.Access {
	case httpapi.Public:
		op["security"] = []any{field.Schema{}, field.Schema{"bearer": []string{}}, field.Schema{"apiKeyHeader": []string{}}}
	case httpapi.SessionOnly:
		op["security"] = []any{field.Schema{"bearer": []string{}}}
	}
	var params []any
	if a.ID != "" {
		params = append(params, idParameter(a))
	}
	if a.Idempotent {
		params = append(params, field.Schema{"$ref": "#/components/parameters/IdempotencyKey"})
	}
	if len(params) > 0 {
		op["parameters"] = params
	}
	req := d.schemas.of(a.Request, false)
	if _, isObj := req["type"]; isObj && a.Request == nil {
		req = field.Schema{"type": "object", "description": "This action takes no data: send {} or no body."}
	}
	op["requestBody"] = field.Schema{"required": false, "content": field.Schema{"application/json": field.Schema{"schema": req}}}
	ok := successSchema(d.schemas.of(a.Response, true))
	headers := field.Schema{
		"X-RateLimit-Limit":     field.Schema{"$ref": "#/components/headers/X-RateLimit-Limit"},
		"X-RateLimit-Remaining": field.Schema{"$ref": "#/components/headers/X-RateLimit-Remaining"},
		"X-RateLimit-Reset":     field.Schema{"$ref": "#/components/headers/X-RateLimit-Reset"},
		"X-Request-Id":          field.Schema{"$ref": "#/components/headers/X-Request-Id"},
	}
	if a.Idempotent {
		headers["Idempotent-Replayed"] = field.Schema{"$ref": "#/components/headers/Idempotent-Replayed"}
	}
	responses := map[string]any{}
	for _, st := range successStatuses(a) {
		responses[strconv.Itoa(st)] = field.Schema{"description": http.StatusText(st), "headers": headers,
			"content": field.Schema{"application/json": field.Schema{"schema": ok}}}
	}
	for _, st := range errorStatuses(a) {
		responses[strconv.Itoa(st)] = field.Schema{"$ref": "#/components/responses/Error" + strconv.Itoa(st)}
	}
	op["responses"] = responses
	op["x-error-codes"] = errorCodes(a)
	if a.MaxBody > 0 {
		op["x-max-body-bytes"] = a.MaxBody
	}
	return op
}

// successStatuses are the action's success statuses: its Status, plus 200
// for a create that can also answer an existing record (AlsoOK).
func successStatuses(a httpapi.Action) []int {
	st := a.Status
	if st == 0 {
		st = http.StatusOK
	}
	out := []int{st}
	for _, o := range a.AlsoStatus {
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	slices.Sort(out)
	return out
}

// errorCodes are every error code the action can answer: its declared
// ones plus those of every action at its access level.
func errorCodes(a httpapi.Action) []string {
	codes := []string{apperr.CodeValidation, apperr.CodeInvalidAction, apperr.CodeRateLimited, apperr.CodeInternal,
		apperr.CodeInvalidKeyPrefix, apperr.CodeKeyNotFound, apperr.CodeInvalidToken}
	if a.Access != httpapi.Public {
		codes = append(codes, apperr.CodeUnauthorized)
	}
	if a.Access == httpapi.AdminOnly {
		codes = append(codes, apperr.CodeForbidden)
	}
	codes = append(codes, a.Errors...)
	var out []string
	for _, c := range ErrorCodes {
		if slices.Contains(codes, c) {
			out = append(out, c)
		}
	}
	return out
}

func errorStatuses(a httpapi.Action) []int {
	var out []int
	for _, c := range errorCodes(a) {
		st := (&apperr.Error{Code: c}).Status()
		if !slices.Contains(out, st) {
			out = append(out, st)
		}
	}
	out = append(out, http.StatusRequestEntityTooLarge)       // any body past the action's limit
	out = append(out, http.StatusRequestHeaderFieldsTooLarge) // a request line and headers past 64 KiB
	slices.Sort(out)
	return out
}

func accessName(a httpapi.Access) string {
	return [...]string{"public", "authenticated", "session", "admin"}[a]
}

func accessText(a httpapi.Access) string {
	switch a {
	case httpapi.Public:
		return "Public: needs no credential (a valid one is still used; a bad one is refused)."
	case httpapi.SessionOnly:
		return "Needs a session token; an API key cannot call it."
	case httpapi.AdminOnly:
		return "Admin only: needs the internal_admin role; others get 403 FORBIDDEN."
	}
	return "Needs an API key or a session token."
}

func successSchema(data field.Schema) field.Schema {
	return field.Schema{"type": "object", "required": []string{"success", "data"},
		"properties": field.Schema{"success": field.Schema{"const": true}, "data": data}}
}

func errorSchema() field.Schema {
	return field.Schema{
		"type": "object", "required": []string{"code", "message", "status"},
		"properties": field.Schema{
			"code":              field.Schema{"type": "string", "enum": ErrorCodes, "description": "Stable, for programs."},
			"message":           field.Schema{"type": "string", "description": "For people; not stable."},
			"status":            field.Schema{"type": "integer", "description": "The HTTP status."},
			"field":             field.Schema{"type": "string", "description": "On VALIDATION_ERROR: the request field at fault (a JSON path such as data.name or submission_data.slug)."},
			"attemptsRemaining": field.Schema{"type": "integer", "description": "On a wrong edit-link PIN: attempts left before the lock."},
		},
	}
}

func errorBodySchema() field.Schema {
	return field.Schema{"type": "object", "required": []string{"success", "error"},
		"properties": field.Schema{"success": field.Schema{"const": false}, "error": field.Schema{"$ref": "#/components/schemas/Error"}}}
}

func envelopeSchema() field.Schema {
	return field.Schema{
		"type": "object", "required": []string{"action"},
		"properties": field.Schema{
			"resource": field.Schema{"type": "string", "description": "The resource; required on POST /v1, optional (and must match) on POST /v1/{resource}."},
			"action":   field.Schema{"type": "string"},
			"id":       field.Schema{"type": "string", "description": "The record id of single-record actions."},
			"data":     field.Schema{"type": "object", "description": "The action's data: the request body of the action's own path."},
		},
	}
}

func errorResponses() map[string]any {
	out := map[string]any{}
	for _, st := range []int{400, 401, 403, 404, 413, 429, 431, 500} {
		desc := map[int]string{
			400: "VALIDATION_ERROR (error.field names the field) or INVALID_ACTION.",
			401: "UNAUTHORIZED, INVALID_KEY_PREFIX, KEY_NOT_FOUND or INVALID_TOKEN.",
			403: "FORBIDDEN.",
			404: "NOT_FOUND or AGENT_NOT_FOUND.",
			413: "VALIDATION_ERROR: the body is larger than the action's limit.",
			429: "RATE_LIMIT_EXCEEDED; Retry-After says when to retry.",
			431: "VALIDATION_ERROR: the request line and headers (an over-long URL) are larger than 64 KiB. The body also carries the sign-in provider's fields (code, error_code request_too_large, msg), since it is written before the path is known.",
			500: "INTERNAL_ERROR; X-Request-Id identifies it in the server log.",
		}[st]
		r := field.Schema{"description": desc, "content": field.Schema{"application/json": field.Schema{"schema": field.Schema{"$ref": "#/components/schemas/ErrorBody"}}}}
		if st == 429 {
			r["headers"] = field.Schema{"Retry-After": field.Schema{"$ref": "#/components/headers/Retry-After"}}
		}
		out["Error"+strconv.Itoa(st)] = r
	}
	return out
}

// envelopePaths describes the specification's envelope forms.
func envelopePaths(d *Document, registered map[string]httpapi.Actions) {
	resources := slices.Sorted(maps.Keys(registered))
	generic := func(id, summary string, params []any) map[string]any {
		op := map[string]any{
			"operationId": id,
			"tags":        []string{"envelope"},
			"summary":     summary,
			"description": "The specification's envelope form: the body names the action (and, on POST /v1, the resource). Each action is also its own operation under /v1/{resource}/{action}, with typed data and answer; see those for what each action takes and answers.",
			"requestBody": field.Schema{"required": true, "content": field.Schema{"application/json": field.Schema{"schema": field.Schema{"$ref": "#/components/schemas/Envelope"}}}},
			"responses": map[string]any{
				"200": field.Schema{"description": "The action's answer (201 for creates).", "content": field.Schema{"application/json": field.Schema{"schema": field.Schema{"$ref": "#/components/schemas/Success"}}}},
				"201": field.Schema{"description": "Created.", "content": field.Schema{"application/json": field.Schema{"schema": field.Schema{"$ref": "#/components/schemas/Success"}}}},
				"400": field.Schema{"$ref": "#/components/responses/Error400"}, "401": field.Schema{"$ref": "#/components/responses/Error401"},
				"403": field.Schema{"$ref": "#/components/responses/Error403"}, "404": field.Schema{"$ref": "#/components/responses/Error404"},
				"413": field.Schema{"$ref": "#/components/responses/Error413"}, "429": field.Schema{"$ref": "#/components/responses/Error429"},
				"431": field.Schema{"$ref": "#/components/responses/Error431"}, "500": field.Schema{"$ref": "#/components/responses/Error500"},
			},
			"security": []any{field.Schema{}, field.Schema{"bearer": []string{}}, field.Schema{"apiKeyHeader": []string{}}},
		}
		if params != nil {
			op["parameters"] = params
		}
		return op
	}
	d.Paths["/v1"] = map[string]any{"post": generic("callAction", "Call any action (envelope with resource)", nil)}
	d.Paths["/v1/{resource}"] = map[string]any{"post": generic("callResourceAction", "Call an action of a resource (envelope)", []any{field.Schema{"name": "resource", "in": "path", "required": true, "schema": field.Schema{"type": "string", "enum": resources}}})}
}

// restPaths describes the REST forms the actions declare.
func restPaths(d *Document, resources map[string]httpapi.Actions) {
	for _, res := range slices.Sorted(maps.Keys(resources)) {
		for _, name := range slices.Sorted(maps.Keys(resources[res])) {
			a := resources[res][name]
			for _, rt := range a.REST {
				op := operation(d, res, name, a)
				op["operationId"], op["summary"] = rt.OperationID, rt.Summary
				delete(op, "requestBody")
				delete(op, "parameters")
				if strings.Contains(rt.Path, "{id}") {
					op["parameters"] = []any{field.Schema{"name": "id", "in": "path", "required": true, "description": rt.IDDoc, "schema": field.Schema{"type": "string"}}}
				}
				item := d.Paths[rt.Path]
				if item == nil {
					item = map[string]any{}
					d.Paths[rt.Path] = item
				}
				item[strings.ToLower(rt.Method)] = op
			}
		}
	}
}

// JSON is the document as indented JSON.
func JSON(s *httpapi.Server, info DocInfo) []byte {
	b, err := json.MarshalIndent(Build(s, info), "", "  ")
	if err != nil {
		panic(fmt.Sprintf("api: encode the OpenAPI document: %v", err))
	}
	return append(b, '\n')
}

// idParameter declares the id query parameter of an action's own path.
func idParameter(a httpapi.Action) field.Schema {
	schema := field.Schema{"type": "string"}
	if a.IDPattern != "" {
		schema["pattern"] = a.IDPattern
	}
	return field.Schema{"name": "id", "in": "query", "required": !a.IDOptional, "description": a.ID, "schema": schema}
}
