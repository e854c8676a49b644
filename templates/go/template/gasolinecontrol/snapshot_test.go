package gasolinecontrol

import (
	"encoding/json"
	"testing"
)

func TestRestoringASnapshotBringsBackItsState(t *testing.T) {
	e := newTestEndpoint(t)
	e.succeed("create_test_user", map[string]any{"email": "kept@example.com"})
	snapshot := e.succeed("snapshot", map[string]any{})
	if snapshot.Result["format"] != snapshotFormat || snapshot.Result["rows"] != json.Number("2") || *snapshot.Applied {
		t.Errorf("snapshot %v", snapshot.Result)
	}

	changed := e.succeed("reset_database", map[string]any{"exclude_seed_data": true})
	e.succeed("create_test_user", map[string]any{"email": "later@example.com"})
	if *changed.Checksum == *snapshot.Checksum {
		t.Fatal("a change kept the checksum")
	}

	restored := e.succeed("restore", snapshot.Result)
	if *restored.Checksum != *snapshot.Checksum || restored.Result["rows_restored"] != json.Number("2") || !*restored.Applied {
		t.Errorf("restore %+v, checksum %s, snapshot's %s", restored.Result, *restored.Checksum, *snapshot.Checksum)
	}
	if got := emails(t, e.store); len(got) != 2 || got[1] != "kept@example.com" {
		t.Errorf("users %v", got)
	}
}

func TestRestoringSomethingThatIsNotASnapshotFailsAndChangesNothing(t *testing.T) {
	e := newTestEndpoint(t)
	before := e.checksum()
	for _, data := range []string{"not base64!", "bm90IGpzb24=", "eyJ1c2VycyI6IFt7Im5hbWUiOiAibm8gaWQifV19"} {
		_, response := e.execute(map[string]any{"operation": "restore", "params": map[string]any{"format": snapshotFormat, "data": data}})
		if errorCode(response) != codeFailed || *response.Checksum != before {
			t.Errorf("%s: %+v", data, response)
		}
	}
}
