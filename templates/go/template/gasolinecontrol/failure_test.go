package gasolinecontrol

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

func TestASimulatedFailureEndsByItself(t *testing.T) {
	e := newTestEndpoint(t)
	start := time.Date(2026, 1, 31, 10, 20, 20, 456_000_000, time.UTC)
	now = func() time.Time { return start }

	status, response := e.execute(map[string]any{"operation": "simulate_failure", "params": map[string]any{"target": "checkout", "duration_ms": 3000}})
	expires := start.Add(3 * time.Second)
	if status != http.StatusOK || !*response.Applied || !response.ExpiresAt.Equal(expires) || response.Result["status"] != json.Number("503") {
		t.Fatalf("%d %+v", status, response)
	}
	if response.Result["expires_at"] != "2026-01-31T10:20:23.456Z" {
		t.Errorf("expires_at in the result %v", response.Result["expires_at"])
	}
	if status, failing := ActiveFailure("checkout"); !failing || status != 503 {
		t.Errorf("during the fault: %d %v", status, failing)
	}
	if _, failing := ActiveFailure("search"); failing {
		t.Error("another target fails too")
	}
	failures := e.succeed("state", map[string]any{"keys": []string{"active_failures"}}).Result["values"].(map[string]any)["active_failures"].([]any)
	if len(failures) != 1 || failures[0].(map[string]any)["target"] != "checkout" {
		t.Errorf("active_failures %v", failures)
	}

	now = func() time.Time { return expires }
	if _, failing := ActiveFailure("checkout"); failing {
		t.Error("the fault outlived its duration")
	}
	failures = e.succeed("state", map[string]any{"keys": []string{"active_failures"}}).Result["values"].(map[string]any)["active_failures"].([]any)
	if len(failures) != 0 {
		t.Errorf("active_failures after the end %v", failures)
	}
}
