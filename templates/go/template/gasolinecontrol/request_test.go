package gasolinecontrol

import (
	"net/http"
	"strings"
	"testing"
)

func TestARequestThatIsNotAControlRequestIs400InvalidRequest(t *testing.T) {
	e := newTestEndpoint(t)
	for _, body := range []string{
		``,
		`not json`,
		`[]`,
		`null`,
		`{"operation": "state"} {}`,
		`{"params": {}}`,
		`{"operation": "Reset-DB"}`,
		`{"operation": "state", "params": null}`,
		`{"operation": "state", "dry_run": "no"}`,
		`{"operation": "state", "idempotency_key": ""}`,
		`{"operation": "state", "idempotency_key": "` + strings.Repeat("k", 201) + `"}`,
		`{"operation": "state", "correlation_id": ""}`,
		`{"operation": "state", "safe": true}`,
	} {
		recorder := e.request(http.MethodPost, body)
		response := decodeResponse(t, recorder)
		if recorder.Code != http.StatusBadRequest || errorCode(response) != codeInvalidRequest {
			t.Errorf("%s: %d %s", body, recorder.Code, recorder.Body.String())
		}
	}
}

func TestAnUnknownOperationIs404(t *testing.T) {
	status, response := newTestEndpoint(t).execute(map[string]any{"operation": "reset_everything"})
	if status != http.StatusNotFound || errorCode(response) != codeUnknownOperation {
		t.Errorf("%d %+v", status, response.Error)
	}
}

func TestParamsThatDoNotFitTheOperationAre400InvalidParams(t *testing.T) {
	e := newTestEndpoint(t)
	for _, bad := range []struct {
		operation string
		params    map[string]any
		message   string
	}{
		{"create_test_user", map[string]any{}, `params: "email" is required`},
		{"create_test_user", map[string]any{"email": "no-at-sign"}, "params.email: must match"},
		{"create_test_user", map[string]any{"email": "a@example.com", "plan": "gold"}, "params.plan: must be one of"},
		{"create_test_user", map[string]any{"email": "a@example.com", "credits": -1}, "params.credits: must be at least 0"},
		{"create_test_user", map[string]any{"email": "a@example.com", "credits": 1.5}, "params.credits: must be of type"},
		{"create_test_user", map[string]any{"email": "a@example.com", "admin": true}, `params: unknown field "admin"`},
		{"reset_database", map[string]any{"tables": "users"}, "params.tables: must be of type"},
		{"reset_database", map[string]any{"tables": []any{"users", 7}}, "params.tables[1]: must be of type"},
		{"simulate_failure", map[string]any{"target": "checkout", "status": 404, "duration_ms": 10}, "params.status: must be at least 500"},
		{"simulate_failure", map[string]any{"target": "", "duration_ms": 10}, "params.target: must be at least 1 characters long"},
		{"simulate_failure", map[string]any{"target": "checkout", "duration_ms": 600001}, "params.duration_ms: must be at most 600000"},
		{"restore", map[string]any{"format": "sqlite-json/1", "data": ""}, "params.format: must be one of"},
	} {
		status, response := e.execute(map[string]any{"operation": bad.operation, "params": bad.params})
		if status != http.StatusBadRequest || errorCode(response) != codeInvalidParams || !strings.Contains(response.Error.Message, bad.message) {
			t.Errorf("%s %v: %d %+v, want a message with %q", bad.operation, bad.params, status, response.Error, bad.message)
		}
	}
}

func TestEachOperationIsLoggedWithItsCorrelationID(t *testing.T) {
	e := newTestEndpoint(t)
	e.execute(map[string]any{"operation": "create_test_user", "params": map[string]any{"email": "log@example.com"}, "correlation_id": "run-42"})
	e.execute(map[string]any{"operation": "state", "correlation_id": "two words\nand a line"})
	e.execute(map[string]any{"operation": "state"})
	want := strings.Join([]string{
		"gasoline-control operation=create_test_user correlation_id=run-42 status=success applied=true",
		`gasoline-control operation=state correlation_id="two words\nand a line" status=success applied=false`,
		"gasoline-control operation=state correlation_id=- status=success applied=false",
	}, "\n") + "\n"
	if e.logs.String() != want {
		t.Errorf("log:\n%s\nwant:\n%s", e.logs.String(), want)
	}
}
