package gasolinecontrol

import "time"

var simulateFailure = Operation{
	Name:        "simulate_failure",
	Category:    ControlOperationCategoryFailureSimulation,
	Idempotent:  true,
	Description: "Make the service's routes of a target fail with an HTTP status for a while; the failure ends by itself.",
	Params: MustSchema(`{
		"type": "object",
		"additionalProperties": false,
		"required": ["target", "duration_ms"],
		"properties": {
			"target": {"type": "string", "minLength": 1, "maxLength": 200, "description": "What fails: the name the service's routes ask ActiveFailure about."},
			"status": {"type": "integer", "minimum": 500, "maximum": 599, "default": 503},
			"duration_ms": {"type": "integer", "minimum": 1, "maximum": 600000}
		}
	}`),
	Returns: MustSchema(`{
		"type": "object",
		"required": ["target", "status", "expires_at"],
		"properties": {"target": {"type": "string"}, "status": {"type": "integer"}, "expires_at": {"type": "string"}}
	}`),
	Examples: []map[string]any{{"target": "checkout", "status": 503, "duration_ms": 30000}},
	Run:      runSimulateFailure,
}

func runSimulateFailure(call *Call) (any, error) {
	params := struct {
		Target     string `json:"target"`
		Status     int    `json:"status"`
		DurationMs int    `json:"duration_ms"`
	}{Status: 503}
	if err := call.DecodeParams(&params); err != nil {
		return nil, err
	}
	injected := fault{
		Target:    params.Target,
		Status:    params.Status,
		ExpiresAt: now().Add(time.Duration(params.DurationMs) * time.Millisecond).UTC().Truncate(time.Millisecond),
	}
	call.Tx.OnCommit(func() { faults.inject(injected) })
	call.ExpiresAt = injected.ExpiresAt
	return injected, nil
}
