package gasolinecontrol

import (
	"bytes"
	"encoding/json"
	"log"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const testToken = "test-control-token"

// testSeed is the store the tests start from: one seed user, and an empty second table.
func testSeed() Seed {
	return Seed{
		usersTable: {{"email": "seed@example.com", "name": "Seed", "plan": "team", "credits": 0}},
		"orders":   nil,
	}
}

// switchOn sets the environment that mounts the endpoint, for the running test only.
func switchOn(t *testing.T) {
	t.Setenv(switchVariable, allowedEnvironments[0])
	t.Setenv(tokenVariable, testToken)
	t.Setenv(remoteVariable, "")
}

func openTestStore(t *testing.T) *Store {
	t.Helper()
	store, err := OpenStore(filepath.Join(t.TempDir(), "store.json"), testSeed())
	if err != nil {
		t.Fatal(err)
	}
	return store
}

// testEndpoint is the mounted endpoint of one test, its store and its log.
type testEndpoint struct {
	t       *testing.T
	handler http.Handler
	store   *Store
	logs    *bytes.Buffer
}

func newTestEndpoint(t *testing.T) *testEndpoint {
	switchOn(t)
	clearFaults(t)
	e := &testEndpoint{t: t, store: openTestStore(t), logs: &bytes.Buffer{}}
	e.mount()
	return e
}

// mount builds the handler as the service does at startup, from the environment as it is now.
func (e *testEndpoint) mount() {
	e.handler = Handler(e.store, Options{Version: "1.2.3", Logger: log.New(e.logs, "", 0)})
}

// clearFaults starts the test with no injected fault and the real clock, and leaves it so.
func clearFaults(t *testing.T) {
	reset := func() {
		now = time.Now
		faults = &faultSet{byTarget: map[string]fault{}}
	}
	reset()
	t.Cleanup(reset)
}

// request sends one request as Gasoline does: from a loopback peer, with the token. edit changes
// the request before it is sent.
func (e *testEndpoint) request(method, body string, edit ...func(*http.Request)) *httptest.ResponseRecorder {
	request := httptest.NewRequest(method, Path, strings.NewReader(body))
	request.RemoteAddr = "127.0.0.1:50000"
	request.Header.Set("Authorization", "Bearer "+testToken)
	for _, change := range edit {
		change(request)
	}
	recorder := httptest.NewRecorder()
	e.handler.ServeHTTP(recorder, request)
	return recorder
}

// execute POSTs a ControlRequest and returns the HTTP status and the ControlResponse.
func (e *testEndpoint) execute(request map[string]any) (int, ControlResponse) {
	e.t.Helper()
	body, err := json.Marshal(request)
	if err != nil {
		e.t.Fatal(err)
	}
	recorder := e.request(http.MethodPost, string(body))
	return recorder.Code, decodeResponse(e.t, recorder)
}

// succeed runs an operation that must succeed; nil params are left out of the request.
func (e *testEndpoint) succeed(operation string, params map[string]any) ControlResponse {
	e.t.Helper()
	request := map[string]any{"operation": operation}
	if params != nil {
		request["params"] = params
	}
	status, response := e.execute(request)
	if status != http.StatusOK || response.Status != ControlResponseStatusSuccess {
		e.t.Fatalf("%s: %d %+v %+v", operation, status, response, response.Error)
	}
	return response
}

// checksum is the store's current checksum, as a read-only operation reports it.
func (e *testEndpoint) checksum() string {
	e.t.Helper()
	return *e.succeed("state", map[string]any{"keys": []string{}}).Checksum
}

func decodeResponse(t *testing.T, recorder *httptest.ResponseRecorder) ControlResponse {
	t.Helper()
	if contentType := recorder.Header().Get("Content-Type"); contentType != "application/json" {
		t.Fatalf("Content-Type %q, body %q", contentType, recorder.Body.String())
	}
	var response ControlResponse
	decoder := json.NewDecoder(bytes.NewReader(recorder.Body.Bytes()))
	decoder.UseNumber()
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&response); err != nil {
		t.Fatalf("not a ControlResponse: %v: %s", err, recorder.Body.String())
	}
	return response
}

// emails are the users' emails in the store, by id.
func emails(t *testing.T, store *Store) []string {
	t.Helper()
	var list []string
	err := store.View(func(tx *Tx) error {
		users, err := tx.Rows(usersTable)
		for _, user := range users {
			list = append(list, user["email"].(string))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func errorCode(response ControlResponse) string {
	if response.Error == nil {
		return ""
	}
	return response.Error.Code
}
