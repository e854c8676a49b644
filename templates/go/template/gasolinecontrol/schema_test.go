package gasolinecontrol

import (
	"strings"
	"testing"
)

func TestTheValidatorChecksEachKeywordOfItsSubset(t *testing.T) {
	schema := MustSchema(`{
		"type": "object",
		"additionalProperties": false,
		"required": ["name"],
		"properties": {
			"name": {"type": "string", "minLength": 2, "maxLength": 4, "pattern": "^[a-z]+$"},
			"size": {"type": "integer", "minimum": 1, "maximum": 10},
			"ratio": {"type": "number", "minimum": 0.5},
			"color": {"enum": ["red", 7]},
			"tags": {"type": "array", "items": {"type": "string"}},
			"note": {"type": ["string", "null"]},
			"extra": {"type": "object", "additionalProperties": {"type": "boolean"}}
		}
	}`)
	for text, want := range map[string]string{
		`{"name": "abc"}`: "",
		`{"name": "abc", "size": 10, "ratio": 0.5}`:   "",
		`{"name": "abc", "color": 7.0, "note": null}`: "",
		`{"name": "abc", "extra": {"x": true}}`:       "",
		`{"name": "abc", "tags": ["a", "b"]}`:         "",
		`[]`:                                          "value: must be of type",
		`{}`:                                          `value: "name" is required`,
		`{"name": "a"}`:                               "value.name: must be at least 2 characters long",
		`{"name": "abcde"}`:                           "value.name: must be at most 4 characters long",
		`{"name": "ab1"}`:                             "value.name: must match ^[a-z]+$",
		`{"name": "ab", "size": 0}`:                   "value.size: must be at least 1",
		`{"name": "ab", "size": 11}`:                  "value.size: must be at most 10",
		`{"name": "ab", "size": 2.0}`:                 "value.size: must be of type",
		`{"name": "ab", "size": 1e1}`:                 "value.size: must be of type",
		`{"name": "ab", "ratio": 0.25}`:               "value.ratio: must be at least 1/2",
		`{"name": "ab", "color": "blue"}`:             "value.color: must be one of",
		`{"name": "ab", "tags": ["a", 1]}`:            "value.tags[1]: must be of type",
		`{"name": "ab", "note": 1}`:                   "value.note: must be of type",
		`{"name": "ab", "extra": {"x": 1}}`:           "value.extra.x: must be of type",
		`{"name": "ab", "other": 1}`:                  `value: unknown field "other"`,
	} {
		err := schema.Validate("value", decoded(t, text))
		if (want == "") != (err == nil) || (err != nil && !strings.HasPrefix(err.Error(), want)) {
			t.Errorf("%s: %v, want %q", text, err, want)
		}
	}
}

func TestASchemaWithAKeywordTheValidatorDoesNotReadIsRefused(t *testing.T) {
	for text, want := range map[string]string{
		`{"type": "string", "format": "email"}`: `the keyword "format"`,
		`{"properties": {"a": {"oneOf": []}}}`:  `schema.properties.a: the keyword "oneOf"`,
		`{"type": "text"}`:                      `"text" is not a JSON Schema type`,
		`{"minimum": "1"}`:                      "schema.minimum: must be a number",
		`{"pattern": "("}`:                      "schema.pattern",
		`{"type": "object", "description": "annotations pass", "x-note": 1}`: "",
	} {
		_, err := compileSchema(decoded(t, text))
		if (want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), want)) {
			t.Errorf("%s: %v, want %q", text, err, want)
		}
	}
}

// decoded is JSON text as decoded JSON.
func decoded(t *testing.T, text string) any {
	t.Helper()
	value, err := decodeJSON([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return value
}

func TestRegisteringAnOperationTheProtocolCannotDescribePanics(t *testing.T) {
	valid := Operation{
		Name:     "grant_credits",
		Category: ControlOperationCategoryDataInjection,
		Params:   MustSchema(`{"type": "object", "properties": {"credits": {"type": "integer"}}}`),
		Run:      func(*Call) (any, error) { return map[string]any{}, nil },
	}
	for problem, edit := range map[string]func(*Operation){
		"snake case":        func(o *Operation) { o.Name = "GrantCredits" },
		"the name is taken": func(o *Operation) { o.Name = "grant_credits" },
		"unknown category":  func(o *Operation) { o.Category = "chaos" },
		"are required":      func(o *Operation) { o.Run = nil },
		"examples[0].credits": func(o *Operation) {
			o.Examples = []map[string]any{{"credits": "many"}}
		},
	} {
		registry := &Registry{}
		registry.Register(valid)
		operation := valid
		operation.Name = "other_name"
		edit(&operation)
		func() {
			defer func() {
				if recovered := recover(); recovered == nil || !strings.Contains(recovered.(string), problem) {
					t.Errorf("%s: panic %v", problem, recovered)
				}
			}()
			registry.Register(operation)
		}()
	}
}
