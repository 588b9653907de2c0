package genieclient_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/geniehq/genie/clients/go/genieclient"
	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestGeneratedClient runs the oapi-codegen client against the real
// server on each store: typed requests and answers, the id query
// parameter, typed errors, and the automatic Idempotency-Key.
func TestGeneratedClient(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		ctx := context.Background()
		session, err := genieclient.New(s.URL, u.Token)
		if err != nil {
			t.Fatal(err)
		}
		k, err := session.ApiKeysCreateWithResponse(ctx, &genieclient.ApiKeysCreateParams{}, genieclient.ApiKeysCreateJSONRequestBody{Name: "go client"})
		if err != nil || k.StatusCode() != http.StatusCreated || k.JSON201 == nil || k.JSON201.Data.ApiKey.Key == nil {
			t.Fatalf("create key: %v %d %s", err, k.StatusCode(), k.Body)
		}
		c, err := genieclient.New(s.URL, *k.JSON201.Data.ApiKey.Key)
		if err != nil {
			t.Fatal(err)
		}
		made, err := c.GeniesCreateWithResponse(ctx, &genieclient.GeniesCreateParams{}, genieclient.GeniesCreateJSONRequestBody{Name: "Typed"})
		if err != nil || made.JSON201 == nil || made.JSON201.Data.Genie == nil || made.JSON201.Data.Genie.Name != "Typed" {
			t.Fatalf("create genie: %v %d %s", err, made.StatusCode(), made.Body)
		}
		id := made.JSON201.Data.Genie.Id
		got, err := c.GeniesGetWithResponse(ctx, &genieclient.GeniesGetParams{Id: id}, genieclient.GeniesGetJSONRequestBody{})
		if err != nil || got.JSON200 == nil || got.JSON200.Data.Genie.Id != id {
			t.Fatalf("get genie: %v %d %s", err, got.StatusCode(), got.Body)
		}
		bad, err := c.GeniesCreateWithResponse(ctx, &genieclient.GeniesCreateParams{}, genieclient.GeniesCreateJSONRequestBody{Name: ""})
		if err != nil || bad.JSON400 == nil || bad.JSON400.Error.Code != genieclient.VALIDATIONERROR {
			t.Fatalf("bad create: %v %d %s", err, bad.StatusCode(), bad.Body)
		}
		// Retrying with one key acts once.
		key := genieclient.NewIdempotencyKey()
		var ids []string
		for range 2 {
			r, err := c.GeniesCreateWithResponse(ctx, &genieclient.GeniesCreateParams{}, genieclient.GeniesCreateJSONRequestBody{Name: "Once"},
				genieclient.WithIdempotencyKey(key))
			if err != nil || r.JSON201 == nil {
				t.Fatalf("idempotent create: %v %s", err, r.Body)
			}
			ids = append(ids, r.JSON201.Data.Genie.Id)
		}
		if ids[0] != ids[1] {
			t.Fatalf("retry made a second genie: %v", ids)
		}
		list, err := c.GeniesListWithResponse(ctx, genieclient.GeniesListJSONRequestBody{})
		if err != nil || list.JSON200 == nil || list.JSON200.Data.Count != 2 {
			t.Fatalf("list: %v %s", err, list.Body)
		}
		// A public action without a credential.
		anon, _ := genieclient.New(s.URL, "")
		st, err := anon.MarketplaceStatsWithResponse(ctx, genieclient.MarketplaceStatsJSONRequestBody{})
		if err != nil || st.JSON200 == nil {
			t.Fatalf("stats: %v %s", err, st.Body)
		}
	})
}
