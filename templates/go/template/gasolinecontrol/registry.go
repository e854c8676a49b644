package gasolinecontrol

import (
	"encoding/json"
	"fmt"
	"regexp"
	"time"
)

// Operation is something Gasoline can ask the service to do. The hints tell Gasoline whether to
// ask a person first: ReadOnly operations run without asking, Destructive ones always ask, and only
// Idempotent ones are retried after a network failure.
type Operation struct {
	// Name is in snake case: reset_database.
	Name     string
	Category ControlOperationCategory

	ReadOnly    bool
	Destructive bool
	Idempotent  bool

	// Description says what it does, for the assistant and the person approving it.
	Description string

	// Params is the JSON Schema the params must fit before Run is called (see Schema for the
	// keywords it may use); Returns describes the result.
	Params  Schema
	Returns Schema

	// Examples are example params; each must fit Params.
	Examples []map[string]any

	// Run does the work in call.Tx and returns the result, which must encode as a JSON object.
	// An error makes the response status "error" (code failed), and the transaction is dropped.
	Run func(call *Call) (any, error)
}

// Call is one run of an operation.
type Call struct {
	// Params are the request's params, already checked against the operation's Params schema, as
	// decoded JSON (numbers are json.Number); DecodeParams decodes them into a struct.
	Params map[string]any

	// Tx is the transaction the operation works in. It is kept only when the operation succeeds,
	// is not read-only and does not run in shadow mode; effects outside the store belong in
	// Tx.OnCommit, so that they happen only then too.
	Tx *Tx

	// ExpiresAt, when the operation sets it, is when its effect ends by itself; the response
	// reports it as expires_at.
	ExpiresAt time.Time
}

// DecodeParams decodes the params into a struct with json tags.
func (c *Call) DecodeParams(into any) error {
	data, err := json.Marshal(c.Params)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, into)
}

// Registry is the operations the endpoint offers, in the order they were registered.
type Registry struct {
	operations []Operation
}

var operationName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// Register adds an operation. It panics when the operation is not one the protocol can describe
// (a name taken or not in snake case, an unknown category, no Params or Run, examples that do not
// fit Params): a registration is the service's code, and a mistake in it shows at startup.
func (r *Registry) Register(operation Operation) {
	if err := r.check(&operation); err != nil {
		panic(fmt.Sprintf("gasolinecontrol: operation %q: %v", operation.Name, err))
	}
	r.operations = append(r.operations, operation)
}

// check validates operation and compiles its schemas and examples to decoded JSON.
func (r *Registry) check(operation *Operation) error {
	if !operationName.MatchString(operation.Name) {
		return fmt.Errorf("the name must be in snake case")
	}
	if _, taken := r.lookup(operation.Name); taken {
		return fmt.Errorf("the name is taken")
	}
	if !operation.Category.Valid() {
		return fmt.Errorf("unknown category %q", operation.Category)
	}
	if operation.Params == nil || operation.Run == nil {
		return fmt.Errorf("Params and Run are required")
	}
	var err error
	if operation.Params, err = compileSchema(operation.Params); err != nil {
		return err
	}
	if operation.Returns != nil {
		if operation.Returns, err = compileSchema(operation.Returns); err != nil {
			return err
		}
	}
	examples := make([]map[string]any, 0, len(operation.Examples))
	for index, example := range operation.Examples {
		value, err := jsonValue(example)
		if err != nil {
			return err
		}
		where := fmt.Sprintf("examples[%d]", index)
		if err := operation.Params.Validate(where, value); err != nil {
			return err
		}
		object, ok := value.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: params must be an object", where)
		}
		examples = append(examples, object)
	}
	operation.Examples = examples
	return nil
}

func (r *Registry) lookup(name string) (Operation, bool) {
	for _, operation := range r.operations {
		if operation.Name == name {
			return operation, true
		}
	}
	return Operation{}, false
}

// describe is the operations as discovery lists them.
func (r *Registry) describe() []ControlOperation {
	described := make([]ControlOperation, 0, len(r.operations))
	for _, operation := range r.operations {
		described = append(described, discoveryEntry(operation))
	}
	return described
}
