package gasolinecontrol

import (
	"encoding/json"
	"net/http"
	"reflect"
	"testing"
)

func TestDiscoveryListsTheServiceAndItsOperations(t *testing.T) {
	response := newTestEndpoint(t).request(http.MethodGet, "")
	var discovered ControlDiscovery
	decoder := json.NewDecoder(response.Body)
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&discovered); err != nil || response.Code != http.StatusOK {
		t.Fatalf("%d, %v", response.Code, err)
	}
	if discovered.Service != ServiceName || discovered.ProtocolVersion != ProtocolVersion || *discovered.Version != "1.2.3" {
		t.Errorf("service %q, protocol %q, version %q", discovered.Service, discovered.ProtocolVersion, *discovered.Version)
	}
	registry := &Registry{}
	RegisterTeamOperations(registry)
	want := []string{"reset_database", "create_test_user", "simulate_failure", "state", "snapshot", "restore"}
	for _, operation := range registry.operations {
		want = append(want, operation.Name)
	}
	var names []string
	hints := map[string][3]bool{}
	for _, operation := range discovered.Operations {
		names = append(names, operation.Name)
		hints[operation.Name] = [3]bool{operation.ReadOnly, *operation.Destructive, *operation.Idempotent}
		if !operation.Category.Valid() || operation.Params["type"] != "object" || operation.Description == "" {
			t.Errorf("%s: category %q, params %v", operation.Name, operation.Category, operation.Params)
		}
	}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("operations %v, want %v", names, want)
	}
	// read_only, destructive, idempotent, as templates/README.md lists them.
	for name, want := range map[string][3]bool{
		"reset_database":   {false, true, true},
		"create_test_user": {false, false, false},
		"simulate_failure": {false, false, true},
		"state":            {true, false, true},
		"snapshot":         {true, false, true},
		"restore":          {false, true, true},
	} {
		if hints[name] != want {
			t.Errorf("%s: hints %v, want %v", name, hints[name], want)
		}
	}
}
