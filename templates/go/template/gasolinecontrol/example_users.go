package gasolinecontrol

import (
	"fmt"
	"strings"
)

var createTestUser = Operation{
	Name:        "create_test_user",
	Category:    ControlOperationCategoryDataInjection,
	Description: "Create a user for tests, with a plan and credits; its email must be new.",
	Params: MustSchema(`{
		"type": "object",
		"additionalProperties": false,
		"required": ["email"],
		"properties": {
			"email": {"type": "string", "pattern": "^[^@\\s]+@[^@\\s]+$", "maxLength": 254},
			"name": {"type": "string", "minLength": 1, "maxLength": 200, "description": "The email's local part when left out."},
			"plan": {"type": "string", "enum": ["free", "pro", "team"], "default": "free"},
			"credits": {"type": "integer", "minimum": 0, "maximum": 1000000000, "default": 0}
		}
	}`),
	Returns: MustSchema(`{
		"type": "object",
		"required": ["user_id", "email"],
		"properties": {"user_id": {"type": "integer"}, "email": {"type": "string"}}
	}`),
	Examples: []map[string]any{{"email": "test@example.com", "plan": "pro", "credits": 100}},
	Run:      runCreateTestUser,
}

func runCreateTestUser(call *Call) (any, error) {
	params := struct {
		Email   string `json:"email"`
		Name    string `json:"name"`
		Plan    string `json:"plan"`
		Credits int    `json:"credits"`
	}{Plan: "free"}
	if err := call.DecodeParams(&params); err != nil {
		return nil, err
	}
	if params.Name == "" {
		params.Name = params.Email[:strings.Index(params.Email, "@")]
	}
	users, err := call.Tx.Rows(usersTable)
	if err != nil {
		return nil, err
	}
	for _, user := range users {
		if email, _ := user["email"].(string); strings.EqualFold(email, params.Email) {
			return nil, fmt.Errorf("a user with the email %q exists", params.Email)
		}
	}
	id, err := call.Tx.Insert(usersTable, Row{
		"email": params.Email, "name": params.Name, "plan": params.Plan, "credits": params.Credits,
	})
	if err != nil {
		return nil, err
	}
	return map[string]any{"user_id": id, "email": params.Email}, nil
}
