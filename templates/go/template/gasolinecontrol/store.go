package gasolinecontrol

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Seed names the store's tables and the rows a reset puts back in each (without ids: Insert numbers
// them 1, 2, ... in order).
type Seed map[string][]Row

// Store is a small database in one JSON file, for tests and development: tables of rows keyed by an
// integer id, changed in transactions, saved by writing a temporary file and renaming it over the
// old one, so that the file is always a whole state.
//
// The state is held in its canonical form (tables by name, rows by id, columns by name, as compact
// JSON): every transaction decodes a fresh copy of it, a dropped transaction is simply forgotten,
// and the checksum of a state is the SHA-256 of that form, so equal states have equal checksums.
type Store struct {
	mu    sync.Mutex
	path  string
	seed  []byte // the canonical seed state, which resets take rows from
	state []byte // the canonical current state
}

// OpenStore opens the store in the file at path, or creates it there with the seed's rows. Tables
// the seed names and the file lacks are added with their seed rows.
func OpenStore(path string, seed Seed) (*Store, error) {
	seeded := newTx(nil)
	for table, rows := range seed {
		seeded.tables[table] = map[int64]Row{}
		for _, row := range rows {
			if _, err := seeded.Insert(table, row); err != nil {
				return nil, err
			}
		}
	}
	seedState, err := seeded.Snapshot()
	if err != nil {
		return nil, err
	}
	store := &Store{path: path, seed: seedState, state: seedState}
	saved, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return store, store.save(seedState)
	}
	if err != nil {
		return nil, err
	}
	tx := newTx(seedState)
	if err := tx.Restore(saved); err != nil {
		return nil, err
	}
	if store.state, err = tx.Snapshot(); err != nil {
		return nil, err
	}
	return store, nil
}

// Transaction runs work on a copy of the state. With commit, and when work succeeds, the copy is
// saved and becomes the state, and the transaction's OnCommit functions run; otherwise it is
// dropped. It returns the checksum of the state afterwards (unchanged unless committed).
func (s *Store) Transaction(commit bool, work func(tx *Tx) error) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := newTx(s.seed)
	if err := tx.Restore(s.state); err != nil {
		return checksum(s.state), err
	}
	if err := work(tx); err != nil || !commit {
		return checksum(s.state), err
	}
	state, err := tx.Snapshot()
	if err == nil {
		err = s.save(state)
	}
	if err != nil {
		return checksum(s.state), err
	}
	s.state = state
	for _, committed := range tx.onCommit {
		committed()
	}
	return checksum(state), nil
}

// View runs read on a copy of the state that is then dropped: how the service's own routes read.
func (s *Store) View(read func(tx *Tx) error) error {
	_, err := s.Transaction(false, read)
	return err
}

// save writes the state, indented for people, next to the file and renames it over the file.
func (s *Store) save(state []byte) error {
	var text bytes.Buffer
	if err := json.Indent(&text, state, "", "  "); err != nil {
		return err
	}
	text.WriteByte('\n')
	temporary, err := os.CreateTemp(filepath.Dir(s.path), "."+filepath.Base(s.path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(temporary.Name()) // gone already once renamed
	if _, err := temporary.Write(text.Bytes()); err != nil {
		temporary.Close()
		return err
	}
	if err := temporary.Sync(); err != nil {
		temporary.Close()
		return err
	}
	if err := temporary.Close(); err != nil {
		return err
	}
	return os.Rename(temporary.Name(), s.path)
}

func checksum(state []byte) string {
	digest := sha256.Sum256(state)
	return hex.EncodeToString(digest[:])
}
