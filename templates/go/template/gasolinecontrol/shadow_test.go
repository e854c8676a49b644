package gasolinecontrol

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestShadowModeReportsThePredictedResultAndKeepsNothing(t *testing.T) {
	e := newTestEndpoint(t)
	before := e.checksum()
	_, response := e.execute(map[string]any{"operation": "create_test_user", "params": map[string]any{"email": "shadow@example.com"}, "shadow_mode": true})
	if response.Status != ControlResponseStatusSuccess || *response.Applied {
		t.Errorf("%+v", response)
	}
	if !reflect.DeepEqual(response.Result, map[string]any{"user_id": json.Number("2"), "email": "shadow@example.com"}) {
		t.Errorf("predicted result %v", response.Result)
	}
	if *response.Checksum != before || e.checksum() != before || len(emails(t, e.store)) != 1 {
		t.Errorf("shadow mode changed the store: %v", emails(t, e.store))
	}

	e.execute(map[string]any{"operation": "simulate_failure", "params": map[string]any{"target": "checkout", "duration_ms": 60000}, "shadow_mode": true})
	if _, failing := ActiveFailure("checkout"); failing {
		t.Error("a fault injected in shadow mode is in force")
	}
}

func TestADryRunChecksTheParamsLogsAndRunsNothing(t *testing.T) {
	e := newTestEndpoint(t)
	request := map[string]any{"operation": "reset_database", "params": map[string]any{"exclude_seed_data": true}, "dry_run": true, "correlation_id": "dry-1"}
	status, response := e.execute(request)
	if status != http.StatusOK || response.Status != ControlResponseStatusSuccess || *response.Applied || response.Result != nil {
		t.Errorf("%d %+v", status, response)
	}
	if len(emails(t, e.store)) != 1 {
		t.Error("the dry run reset the store")
	}
	if !strings.Contains(e.logs.String(), "operation=reset_database correlation_id=dry-1 status=success applied=false") {
		t.Errorf("log %q", e.logs.String())
	}
	request["params"] = map[string]any{"exclude_seed_data": "yes"}
	if status, response := e.execute(request); status != http.StatusBadRequest || errorCode(response) != codeInvalidParams {
		t.Errorf("a dry run with wrong params: %d %+v", status, response.Error)
	}
}
