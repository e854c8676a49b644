package gasolinecontrol

import (
	"encoding/base64"
	"fmt"
)

// snapshotFormat names the form of a snapshot's data (a ControlSnapshot's): the store's canonical
// JSON, base64-encoded.
const snapshotFormat = "gasoline-json/1"

var snapshotOperation = Operation{
	Name:        "snapshot",
	Category:    ControlOperationCategoryStateManagement,
	ReadOnly:    true,
	Idempotent:  true,
	Description: "Take the store's whole state, which restore puts back; the response's checksum is that state's.",
	Params:      MustSchema(`{"type": "object", "additionalProperties": false}`),
	Returns: MustSchema(`{
		"type": "object",
		"required": ["format", "data"],
		"properties": {"format": {"type": "string"}, "data": {"type": "string"}, "rows": {"type": "integer"}}
	}`),
	Examples: []map[string]any{{}},
	Run:      runSnapshot,
}

var restoreOperation = Operation{
	Name:        "restore",
	Category:    ControlOperationCategoryStateManagement,
	Destructive: true,
	Idempotent:  true,
	Description: "Put back the state a snapshot took, replacing the store's whole state; the response's checksum equals the snapshot's.",
	Params: MustSchema(`{
		"type": "object",
		"additionalProperties": false,
		"required": ["format", "data"],
		"properties": {
			"format": {"type": "string", "enum": ["gasoline-json/1"]},
			"data": {"type": "string"},
			"rows": {"type": "integer", "minimum": 0}
		}
	}`),
	Returns: MustSchema(`{
		"type": "object",
		"required": ["rows_restored"],
		"properties": {"rows_restored": {"type": "integer"}}
	}`),
	Examples: []map[string]any{{"format": snapshotFormat, "data": "eyJ1c2VycyI6W119", "rows": 0}},
	Run:      runRestore,
}

func runSnapshot(call *Call) (any, error) {
	state, err := call.Tx.Snapshot()
	if err != nil {
		return nil, err
	}
	data := base64.StdEncoding.EncodeToString(state)
	return map[string]any{"format": snapshotFormat, "data": data, "rows": call.Tx.rowCount()}, nil
}

func runRestore(call *Call) (any, error) {
	var snapshot struct {
		Data string `json:"data"`
	}
	if err := call.DecodeParams(&snapshot); err != nil {
		return nil, err
	}
	state, err := base64.StdEncoding.DecodeString(snapshot.Data)
	if err != nil {
		return nil, fmt.Errorf("the snapshot's data is not base64: %v", err)
	}
	if err := call.Tx.Restore(state); err != nil {
		return nil, err
	}
	return map[string]any{"rows_restored": call.Tx.rowCount()}, nil
}
