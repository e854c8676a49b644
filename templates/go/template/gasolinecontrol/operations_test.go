package gasolinecontrol

import (
	"encoding/json"
	"net/http"
	"reflect"
	"regexp"
	"testing"
)

var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

func TestCreateTestUserAddsAUser(t *testing.T) {
	e := newTestEndpoint(t)
	response := e.succeed("create_test_user", map[string]any{"email": "ada@example.com", "plan": "pro", "credits": 5})
	if !reflect.DeepEqual(response.Result, map[string]any{"user_id": json.Number("2"), "email": "ada@example.com"}) {
		t.Errorf("result %v", response.Result)
	}
	if !*response.Applied || !sha256Hex.MatchString(*response.Checksum) || *response.DurationMs < 0 {
		t.Errorf("applied %v, checksum %v, duration %v", *response.Applied, *response.Checksum, *response.DurationMs)
	}
	if got := emails(t, e.store); !reflect.DeepEqual(got, []string{"seed@example.com", "ada@example.com"}) {
		t.Errorf("users %v", got)
	}
	status, again := e.execute(map[string]any{"operation": "create_test_user", "params": map[string]any{"email": "ADA@example.com"}})
	if status != http.StatusOK || again.Status != ControlResponseStatusError || errorCode(again) != codeFailed || *again.Applied {
		t.Errorf("a second user with the email: %d %+v", status, again)
	}
}

func TestResetDatabaseDeletesRowsAndKeepsSeedData(t *testing.T) {
	e := newTestEndpoint(t)
	e.succeed("create_test_user", map[string]any{"email": "one@example.com"})
	e.succeed("create_test_user", map[string]any{"email": "two@example.com"})

	kept := e.succeed("reset_database", map[string]any{"tables": []string{"users"}})
	want := map[string]any{"rows_deleted": json.Number("3"), "tables": map[string]any{"users": json.Number("1")}}
	if !reflect.DeepEqual(kept.Result, want) || !reflect.DeepEqual(emails(t, e.store), []string{"seed@example.com"}) {
		t.Errorf("result %v, users %v", kept.Result, emails(t, e.store))
	}

	emptied := e.succeed("reset_database", map[string]any{"exclude_seed_data": true})
	want = map[string]any{"rows_deleted": json.Number("1"), "tables": map[string]any{"users": json.Number("0"), "orders": json.Number("0")}}
	if !reflect.DeepEqual(emptied.Result, want) || len(emails(t, e.store)) != 0 {
		t.Errorf("result %v, users %v", emptied.Result, emails(t, e.store))
	}

	status, unknown := e.execute(map[string]any{"operation": "reset_database", "params": map[string]any{"tables": []string{"payments"}}})
	if status != http.StatusOK || errorCode(unknown) != codeFailed {
		t.Errorf("an unknown table: %d %+v", status, unknown)
	}
}

func TestStateReadsTheValuesAskedFor(t *testing.T) {
	e := newTestEndpoint(t)
	e.succeed("create_test_user", map[string]any{"email": "ada@example.com"})
	response := e.succeed("state", map[string]any{"keys": []string{"user_count", "tables", "active_failures", "weather"}})
	want := map[string]any{
		"values": map[string]any{
			"user_count":      json.Number("2"),
			"tables":          map[string]any{"users": json.Number("2"), "orders": json.Number("0")},
			"active_failures": []any{},
		},
		"missing_keys": []any{"weather"},
	}
	if !reflect.DeepEqual(response.Result, want) || *response.Applied {
		t.Errorf("result %v, applied %v", response.Result, *response.Applied)
	}
	all := e.succeed("state", nil)
	users := all.Result["values"].(map[string]any)["users"].([]any)
	if len(users) != 2 || users[1].(map[string]any)["email"] != "ada@example.com" {
		t.Errorf("users %v", users)
	}
}
