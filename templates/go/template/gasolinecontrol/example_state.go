package gasolinecontrol

import "sort"

var stateOperation = Operation{
	Name:        "state",
	Category:    ControlOperationCategoryInspection,
	ReadOnly:    true,
	Idempotent:  true,
	Description: "Read named values of the service's state: user_count, users, tables (rows per table), active_failures; all of them when no keys are given.",
	Params: MustSchema(`{
		"type": "object",
		"additionalProperties": false,
		"properties": {"keys": {"type": "array", "items": {"type": "string"}}}
	}`),
	Returns: MustSchema(`{
		"type": "object",
		"required": ["values"],
		"properties": {"values": {"type": "object"}, "missing_keys": {"type": "array", "items": {"type": "string"}}}
	}`),
	Examples: []map[string]any{{"keys": []string{"user_count", "active_failures"}}},
	Run:      runState,
}

// stateValues are the keys the state operation knows and how each is read.
var stateValues = map[string]func(tx *Tx) (any, error){
	"user_count": func(tx *Tx) (any, error) {
		users, err := tx.Rows(usersTable)
		return len(users), err
	},
	"users": func(tx *Tx) (any, error) { return tx.Rows(usersTable) },
	"tables": func(tx *Tx) (any, error) {
		counts := map[string]int{}
		for _, table := range tx.Tables() {
			rows, _ := tx.Rows(table)
			counts[table] = len(rows)
		}
		return counts, nil
	},
	"active_failures": func(*Tx) (any, error) { return faults.active(), nil },
}

func runState(call *Call) (any, error) {
	var params struct {
		Keys []string `json:"keys"`
	}
	if err := call.DecodeParams(&params); err != nil {
		return nil, err
	}
	if params.Keys == nil {
		for key := range stateValues {
			params.Keys = append(params.Keys, key)
		}
		sort.Strings(params.Keys)
	}
	values, missing := map[string]any{}, []string{}
	for _, key := range params.Keys {
		read, known := stateValues[key]
		if !known {
			missing = append(missing, key)
			continue
		}
		value, err := read(call.Tx)
		if err != nil {
			return nil, err
		}
		values[key] = value
	}
	result := map[string]any{"values": values} // a ControlStateValues
	if len(missing) > 0 {
		result["missing_keys"] = missing
	}
	return result, nil
}
