package gasolinecontrol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// decodeJSON decodes exactly one JSON value, numbers as json.Number.
func decodeJSON(data []byte) (any, error) {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var value any
	if err := decoder.Decode(&value); err != nil {
		return nil, err
	}
	if _, err := decoder.Token(); err != io.EOF {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return value, nil
}

// jsonValue is value as decoding its JSON gives it back (maps, slices, strings, json.Number, bool,
// nil): the form the schema validator reads and the canonical state is made of.
func jsonValue(value any) (any, error) {
	data, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	return decodeJSON(data)
}

// asObject turns an operation's result into the JSON object a response carries.
func asObject(value any) (map[string]any, error) {
	decoded, err := jsonValue(value)
	if err != nil {
		return nil, fmt.Errorf("the result does not encode as JSON: %v", err)
	}
	object, ok := decoded.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the result is not a JSON object")
	}
	return object, nil
}
