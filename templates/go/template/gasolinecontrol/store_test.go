package gasolinecontrol

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestAKeptTransactionIsSavedAndADroppedOneForgotten(t *testing.T) {
	store := openTestStore(t)
	giveCredits := func(tx *Tx) error {
		users, err := tx.Rows(usersTable)
		if err == nil {
			users[0]["credits"] = 7
		}
		return err
	}
	credits := func(store *Store) string {
		var value any
		if err := store.View(func(tx *Tx) error {
			users, err := tx.Rows(usersTable)
			value = users[0]["credits"]
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(value)
	}

	dropped, err := store.Transaction(false, giveCredits)
	if err != nil || credits(store) != "0" {
		t.Fatalf("a dropped transaction: %v, credits %s", err, credits(store))
	}
	kept, err := store.Transaction(true, giveCredits)
	if err != nil || credits(store) != "7" || kept == dropped {
		t.Fatalf("a kept transaction: %v, credits %s, checksum %s (was %s)", err, credits(store), kept, dropped)
	}
	reopened, err := OpenStore(store.path, testSeed())
	if err != nil || credits(reopened) != "7" {
		t.Fatalf("after reopening: %v, credits %s", err, credits(reopened))
	}
}

func TestTheStoreIsAFileThatSurvivesARestart(t *testing.T) {
	e := newTestEndpoint(t)
	e.succeed("create_test_user", map[string]any{"email": "durable@example.com"})
	before := e.checksum()

	reopened, err := OpenStore(e.store.path, testSeed())
	if err != nil {
		t.Fatal(err)
	}
	if got := emails(t, reopened); len(got) != 2 || got[1] != "durable@example.com" {
		t.Errorf("users after reopening %v", got)
	}
	e.store = reopened
	e.mount()
	if e.checksum() != before {
		t.Error("the reopened store has another checksum")
	}
	entries, _ := os.ReadDir(filepath.Dir(e.store.path))
	if len(entries) != 1 {
		t.Errorf("files beside the store (a temporary file left behind?): %v", entries)
	}
}
