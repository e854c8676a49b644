package gasolinecontrol

var resetDatabase = Operation{
	Name:        "reset_database",
	Category:    ControlOperationCategoryStateManagement,
	Destructive: true,
	Idempotent:  true,
	Description: "Delete every row of the given tables (all of them by default), then put their seed rows back unless exclude_seed_data.",
	Params: MustSchema(`{
		"type": "object",
		"additionalProperties": false,
		"properties": {
			"tables": {"type": "array", "items": {"type": "string", "minLength": 1}, "description": "The tables to reset; all of them when left out."},
			"exclude_seed_data": {"type": "boolean", "default": false, "description": "Leave the tables empty, without their seed rows."}
		}
	}`),
	Returns: MustSchema(`{
		"type": "object",
		"required": ["rows_deleted", "tables"],
		"properties": {
			"rows_deleted": {"type": "integer", "description": "How many rows were deleted."},
			"tables": {"type": "object", "description": "Each table reset and the rows it holds now."}
		}
	}`),
	Examples: []map[string]any{{"tables": []string{usersTable}}, {"exclude_seed_data": true}},
	Run:      runResetDatabase,
}

func runResetDatabase(call *Call) (any, error) {
	var params struct {
		Tables          []string `json:"tables"`
		ExcludeSeedData bool     `json:"exclude_seed_data"`
	}
	if err := call.DecodeParams(&params); err != nil {
		return nil, err
	}
	if params.Tables == nil {
		params.Tables = call.Tx.Tables()
	}
	deleted, counts := 0, map[string]int{}
	for _, table := range params.Tables {
		rows, err := call.Tx.Reset(table, !params.ExcludeSeedData)
		if err != nil {
			return nil, err
		}
		deleted += rows
		left, _ := call.Tx.Rows(table)
		counts[table] = len(left)
	}
	return map[string]any{"rows_deleted": deleted, "tables": counts}, nil
}
