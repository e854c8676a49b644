package gasolinecontrol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// maxRequestBody bounds a POST body. The largest request is a restore, which carries a snapshot of
// the whole store: this store is for tests and development, far below this size.
const maxRequestBody = 32 << 20

// The error codes of the protocol (ControlError.code).
const (
	codeInvalidRequest      = "invalid_request"
	codeInvalidParams       = "invalid_params"
	codeUnknownOperation    = "unknown_operation"
	codeIdempotencyConflict = "idempotency_conflict"
	codeFailed              = "failed"
)

// requestSchema is ControlRequest's schema from the protocol document, checked before decoding.
var requestSchema = MustSchema(controlRequestSchema)

// execute answers a POST: the request checked, then its idempotency key, then the operation run.
func (e *endpoint) execute(w http.ResponseWriter, r *http.Request) {
	started := time.Now()
	request, err := readRequest(w, r)
	if err != nil {
		e.send(w, ControlRequest{}, rejected(http.StatusBadRequest, codeInvalidRequest, err.Error(), started))
		return
	}
	e.running.Lock()
	defer e.running.Unlock()
	key := idempotencyKey(request)
	if key == nil {
		e.send(w, request, e.run(request, started))
		return
	}
	fingerprint := requestFingerprint(request)
	if kept, seen := e.answers.lookup(*key); seen {
		if kept.fingerprint != fingerprint {
			message := fmt.Sprintf("the idempotency key %q was used for another request", *key)
			e.send(w, request, rejected(http.StatusConflict, codeIdempotencyConflict, message, started))
			return
		}
		e.send(w, request, replayed(kept.answer))
		return
	}
	result := e.run(request, started)
	e.answers.keep(*key, fingerprint, result)
	e.send(w, request, result)
}

// readRequest reads the body as JSON, checks it against the protocol's ControlRequest schema and
// decodes it. Numbers stay json.Number, so that params reach the operation as they were written.
func readRequest(w http.ResponseWriter, r *http.Request) (ControlRequest, error) {
	var request ControlRequest
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBody))
	if err != nil {
		return request, fmt.Errorf("the body could not be read: %v", err)
	}
	value, err := decodeJSON(body)
	if err != nil {
		return request, fmt.Errorf("the body is not JSON: %v", err)
	}
	if err := requestSchema.Validate("request", value); err != nil {
		return request, err
	}
	decoder := json.NewDecoder(bytes.NewReader(body))
	decoder.UseNumber()
	if err := decoder.Decode(&request); err != nil {
		return request, fmt.Errorf("the request does not decode: %v", err)
	}
	return request, nil
}

// run finds the operation, checks its params and runs it: in a transaction that is kept unless the
// operation fails, only reads or runs in shadow mode. A dry run stops after the params check.
func (e *endpoint) run(request ControlRequest, started time.Time) answer {
	operation, found := e.registry.lookup(request.Operation)
	if !found {
		message := fmt.Sprintf("no operation named %q", request.Operation)
		return rejected(http.StatusNotFound, codeUnknownOperation, message, started)
	}
	params := request.Params
	if params == nil {
		params = map[string]any{}
	}
	if err := operation.Params.Validate("params", params); err != nil {
		return rejected(http.StatusBadRequest, codeInvalidParams, err.Error(), started)
	}
	if isSet(request.DryRun) {
		return answered(ResponseFields{Status: ControlResponseStatusSuccess, Applied: flag(false)}, started)
	}
	keep := !operation.ReadOnly && !isSet(request.ShadowMode)
	call := &Call{Params: params}
	var result map[string]any
	checksum, err := e.store.Transaction(keep, func(tx *Tx) error {
		call.Tx = tx
		value, err := operation.Run(call)
		if err != nil {
			return err
		}
		result, err = asObject(value)
		return err
	})
	if err != nil {
		response := ResponseFields{
			Status:   ControlResponseStatusError,
			Checksum: &checksum,
			Applied:  flag(false),
			Error:    &ControlError{Code: codeFailed, Message: err.Error()},
		}
		return answered(response, started)
	}
	response := ResponseFields{
		Status:   ControlResponseStatusSuccess,
		Result:   result,
		Checksum: &checksum,
		Applied:  flag(keep),
	}
	if !call.ExpiresAt.IsZero() {
		expires := call.ExpiresAt.UTC()
		response.ExpiresAt = &expires
	}
	return answered(response, started)
}
