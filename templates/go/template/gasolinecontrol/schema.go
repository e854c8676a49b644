package gasolinecontrol

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// Schema is a JSON Schema, as decoded JSON. The validator reads this subset of JSON Schema, which
// is what operation params need:
//
//	type                  "object", "array", "string", "integer", "number", "boolean", "null", or a list of them
//	properties, required  an object's fields
//	additionalProperties  false, true, or a schema for every field not in properties
//	items                 a schema for every element of an array
//	enum                  the allowed values
//	minimum, maximum      inclusive bounds of a number
//	minLength, maxLength  bounds of a string's length in characters
//	pattern               a regular expression a string must contain a match of (Go's RE2 syntax)
//
// An integer is a number written without a fraction or an exponent (JSON Schema would also take
// 1.0), which is what Go decodes into an int; a maximum keeps it within the int's range. title,
// description, default, examples, $comment and x-* keys are annotations; any other keyword is
// refused when the schema is compiled, so a schema never claims a check that does not happen.
type Schema map[string]any

var schemaKeywords = map[string]bool{
	"type": true, "properties": true, "required": true, "additionalProperties": true, "items": true, "enum": true,
	"minimum": true, "maximum": true, "minLength": true, "maxLength": true, "pattern": true,
	"title": true, "description": true, "default": true, "examples": true, "$comment": true,
}

// MustSchema compiles a schema written as JSON text, and panics if it is not one the validator reads:
// schemas are part of the service's code, so a mistake in one shows at startup.
func MustSchema(text string) Schema {
	value, err := decodeJSON([]byte(text))
	if err != nil {
		panic(fmt.Sprintf("gasolinecontrol: a schema is not JSON: %v", err))
	}
	schema, err := compileSchema(value)
	if err != nil {
		panic(fmt.Sprintf("gasolinecontrol: %v", err))
	}
	return schema
}

// compileSchema checks that value (a Schema, or any Go value that encodes as one) uses only the
// keywords above, and returns it as decoded JSON.
func compileSchema(value any) (Schema, error) {
	decoded, err := jsonValue(value)
	if err != nil {
		return nil, fmt.Errorf("a schema does not encode as JSON: %v", err)
	}
	object, ok := decoded.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("a schema is not a JSON object")
	}
	return Schema(object), checkKeywords(object, "schema")
}

func checkKeywords(schema map[string]any, path string) error {
	for _, keyword := range sortedKeys(schema) {
		if strings.HasPrefix(keyword, "x-") {
			continue
		}
		if !schemaKeywords[keyword] {
			return fmt.Errorf("%s: the keyword %q is not one the validator reads", path, keyword)
		}
		if err := checkKeyword(keyword, schema[keyword]); err != nil {
			return fmt.Errorf("%s.%s: %v", path, keyword, err)
		}
	}
	properties, _ := schema["properties"].(map[string]any)
	for _, name := range sortedKeys(properties) {
		if err := checkKeywords(properties[name].(map[string]any), path+".properties."+name); err != nil {
			return err
		}
	}
	for _, keyword := range []string{"items", "additionalProperties"} {
		if nested, ok := schema[keyword].(map[string]any); ok {
			if err := checkKeywords(nested, path+"."+keyword); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkKeyword checks the form of one keyword's value, which the validator would otherwise ignore.
func checkKeyword(keyword string, value any) error {
	switch keyword {
	case "minimum", "maximum", "minLength", "maxLength":
		if _, ok := value.(json.Number); !ok {
			return fmt.Errorf("must be a number")
		}
	case "required", "enum":
		if _, ok := value.([]any); !ok {
			return fmt.Errorf("must be an array")
		}
	case "items":
		if _, ok := value.(map[string]any); !ok {
			return fmt.Errorf("must be a schema")
		}
	case "additionalProperties":
		_, isSchema := value.(map[string]any)
		_, isBool := value.(bool)
		if !isSchema && !isBool {
			return fmt.Errorf("must be a boolean or a schema")
		}
	case "properties":
		properties, ok := value.(map[string]any)
		if !ok {
			return fmt.Errorf("must be an object of schemas")
		}
		for _, property := range properties {
			if _, ok := property.(map[string]any); !ok {
				return fmt.Errorf("must be an object of schemas")
			}
		}
	case "pattern":
		pattern, ok := value.(string)
		if !ok {
			return fmt.Errorf("must be a string")
		}
		_, err := regexp.Compile(pattern)
		return err
	case "type":
		return checkTypeNames(value)
	}
	return nil
}

var typeNames = map[any]bool{
	"object": true, "array": true, "string": true, "integer": true, "number": true, "boolean": true, "null": true,
}

func checkTypeNames(value any) error {
	names, isList := value.([]any)
	if !isList {
		names = []any{value}
	}
	for _, name := range names {
		if !typeNames[name] {
			return fmt.Errorf("%s is not a JSON Schema type", describe(name))
		}
	}
	return nil
}

// Validate returns the first way value (decoded JSON) does not fit the schema, naming where in it
// ("params.tables[1]"), or nil when it fits.
func (s Schema) Validate(name string, value any) error {
	return validate(s, value, name)
}

func validate(schema map[string]any, value any, path string) error {
	if kinds, ok := schema["type"]; ok && !hasType(value, kinds) {
		return fmt.Errorf("%s: must be of type %s", path, describe(kinds))
	}
	if allowed, ok := schema["enum"].([]any); ok && !contains(allowed, value) {
		return fmt.Errorf("%s: must be one of %s", path, describe(allowed))
	}
	switch typed := value.(type) {
	case string:
		return validateString(schema, typed, path)
	case json.Number:
		return validateNumber(schema, typed, path)
	case []any:
		if items, ok := schema["items"].(map[string]any); ok {
			for index, item := range typed {
				if err := validate(items, item, fmt.Sprintf("%s[%d]", path, index)); err != nil {
					return err
				}
			}
		}
	case map[string]any:
		return validateObject(schema, typed, path)
	}
	return nil
}

func validateString(schema map[string]any, value, path string) error {
	length := big.NewRat(int64(utf8.RuneCountInString(value)), 1)
	if limit, ok := bound(schema, "minLength"); ok && length.Cmp(limit) < 0 {
		return fmt.Errorf("%s: must be at least %s characters long", path, limit.RatString())
	}
	if limit, ok := bound(schema, "maxLength"); ok && length.Cmp(limit) > 0 {
		return fmt.Errorf("%s: must be at most %s characters long", path, limit.RatString())
	}
	if pattern, ok := schema["pattern"].(string); ok && !regexp.MustCompile(pattern).MatchString(value) {
		return fmt.Errorf("%s: must match %s", path, pattern)
	}
	return nil
}

func validateNumber(schema map[string]any, value json.Number, path string) error {
	number, _ := new(big.Rat).SetString(string(value))
	if limit, ok := bound(schema, "minimum"); ok && number.Cmp(limit) < 0 {
		return fmt.Errorf("%s: must be at least %s", path, limit.RatString())
	}
	if limit, ok := bound(schema, "maximum"); ok && number.Cmp(limit) > 0 {
		return fmt.Errorf("%s: must be at most %s", path, limit.RatString())
	}
	return nil
}

func validateObject(schema map[string]any, value map[string]any, path string) error {
	if required, ok := schema["required"].([]any); ok {
		for _, name := range required {
			if _, present := value[fmt.Sprint(name)]; !present {
				return fmt.Errorf("%s: %q is required", path, name)
			}
		}
	}
	properties, _ := schema["properties"].(map[string]any)
	for _, name := range sortedKeys(value) {
		fieldPath := path + "." + name
		if property, known := properties[name].(map[string]any); known {
			if err := validate(property, value[name], fieldPath); err != nil {
				return err
			}
			continue
		}
		switch extra := schema["additionalProperties"].(type) {
		case bool:
			if !extra {
				return fmt.Errorf("%s: unknown field %q", path, name)
			}
		case map[string]any:
			if err := validate(extra, value[name], fieldPath); err != nil {
				return err
			}
		}
	}
	return nil
}

// hasType: kinds is a type name or a list of them.
func hasType(value any, kinds any) bool {
	names, isList := kinds.([]any)
	if !isList {
		names = []any{kinds}
	}
	for _, name := range names {
		if typeName(value, name) == name {
			return true
		}
	}
	return false
}

// typeName is the JSON Schema type of value; for a number, "integer" when want asks for one and it is one.
func typeName(value any, want any) string {
	switch typed := value.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if want == "integer" && !strings.ContainsAny(string(typed), ".eE") {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("%T", value)
}

// contains compares JSON values: numbers by value, everything else as it decoded.
func contains(allowed []any, value any) bool {
	for _, candidate := range allowed {
		if equalJSON(candidate, value) {
			return true
		}
	}
	return false
}

func equalJSON(a, b any) bool {
	numberA, isNumberA := a.(json.Number)
	numberB, isNumberB := b.(json.Number)
	if isNumberA && isNumberB {
		ratA, _ := new(big.Rat).SetString(string(numberA))
		ratB, _ := new(big.Rat).SetString(string(numberB))
		return ratA.Cmp(ratB) == 0
	}
	encodedA, errA := json.Marshal(a)
	encodedB, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(encodedA) == string(encodedB)
}

// bound reads a numeric keyword of the schema.
func bound(schema map[string]any, keyword string) (*big.Rat, bool) {
	number, ok := schema[keyword].(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(string(number))
}

func describe(value any) string {
	data, _ := json.Marshal(value)
	return string(data)
}

func sortedKeys(object map[string]any) []string {
	keys := make([]string, 0, len(object))
	for key := range object {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}
