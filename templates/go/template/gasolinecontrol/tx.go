package gasolinecontrol

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Row is one record: column names and values that encode as JSON. Its primary key is the column
// "id", an integer that Insert assigns.
type Row map[string]any

const idColumn = "id"

// Tx is a transaction on a Store: a private copy of the state, kept or dropped as a whole.
type Tx struct {
	tables   map[string]map[int64]Row
	seed     []byte // the canonical seed state, for Reset
	onCommit []func()
}

func newTx(seed []byte) *Tx {
	return &Tx{tables: map[string]map[int64]Row{}, seed: seed}
}

// Tables are the table names, sorted.
func (tx *Tx) Tables() []string {
	names := make([]string, 0, len(tx.tables))
	for name := range tx.tables {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Rows are a table's rows by id: the transaction's own, so that changing a row's columns (not its
// id) changes it in the transaction.
func (tx *Tx) Rows(table string) ([]Row, error) {
	rows, err := tx.table(table)
	if err != nil {
		return nil, err
	}
	return orderedRows(rows), nil
}

// Insert adds a copy of row with the next id, and returns the id.
func (tx *Tx) Insert(table string, row Row) (int64, error) {
	rows, err := tx.table(table)
	if err != nil {
		return 0, err
	}
	id := int64(1)
	if ids := sortedIDs(rows); len(ids) > 0 {
		id = ids[len(ids)-1] + 1
	}
	stored := Row{idColumn: id}
	for column, value := range row {
		if column != idColumn {
			stored[column] = value
		}
	}
	rows[id] = stored
	return id, nil
}

// Reset deletes every row of a table and, with keepSeed, puts its seed rows back; it returns how
// many rows it deleted.
func (tx *Tx) Reset(table string, keepSeed bool) (int, error) {
	rows, err := tx.table(table)
	if err != nil {
		return 0, err
	}
	deleted := len(rows)
	tx.tables[table] = map[int64]Row{}
	if keepSeed {
		seed := newTx(nil)
		if err := seed.Restore(tx.seed); err != nil {
			return 0, err
		}
		for id, row := range seed.tables[table] {
			tx.tables[table][id] = row
		}
	}
	return deleted, nil
}

// OnCommit runs committed once the transaction is kept, and never if it is dropped: the place for
// an operation's effects outside the store.
func (tx *Tx) OnCommit(committed func()) {
	tx.onCommit = append(tx.onCommit, committed)
}

func (tx *Tx) table(name string) (map[int64]Row, error) {
	rows, found := tx.tables[name]
	if !found {
		return nil, fmt.Errorf("no table named %q", name)
	}
	return rows, nil
}

// rowCount is how many rows the tables hold.
func (tx *Tx) rowCount() int {
	count := 0
	for _, rows := range tx.tables {
		count += len(rows)
	}
	return count
}

// Snapshot is the state in its canonical form: compact JSON of {table: [rows by id]}, in which
// encoding/json puts table and column names in order.
func (tx *Tx) Snapshot() ([]byte, error) {
	tables := make(map[string][]Row, len(tx.tables))
	for name, rows := range tx.tables {
		tables[name] = orderedRows(rows)
	}
	data, err := json.Marshal(tables)
	if err != nil {
		return nil, fmt.Errorf("the state does not encode as JSON: %v", err)
	}
	return data, nil
}

// Restore replaces the state with one in canonical form (a Snapshot, the saved file), and adds the
// seed's tables it lacks, with their seed rows.
func (tx *Tx) Restore(data []byte) error {
	value, err := decodeJSON(data)
	if err != nil {
		return fmt.Errorf("the state is not JSON: %v", err)
	}
	tables, ok := value.(map[string]any)
	if !ok {
		return fmt.Errorf("the state is not an object of tables")
	}
	loaded := make(map[string]map[int64]Row, len(tables))
	for name, table := range tables {
		if loaded[name], err = loadRows(name, table); err != nil {
			return err
		}
	}
	if tx.seed != nil {
		seed := newTx(nil)
		if err := seed.Restore(tx.seed); err != nil {
			return err
		}
		for name, rows := range seed.tables {
			if _, found := loaded[name]; !found {
				loaded[name] = rows
			}
		}
	}
	tx.tables = loaded
	return nil
}

func loadRows(table string, value any) (map[int64]Row, error) {
	list, ok := value.([]any)
	if !ok {
		return nil, fmt.Errorf("table %q is not a list of rows", table)
	}
	rows := make(map[int64]Row, len(list))
	for _, item := range list {
		row, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("table %q holds something that is not a row", table)
		}
		id, err := rowID(row)
		if err != nil {
			return nil, fmt.Errorf("table %q: %v", table, err)
		}
		if _, taken := rows[id]; taken {
			return nil, fmt.Errorf("table %q: two rows with id %d", table, id)
		}
		rows[id] = Row(row)
	}
	return rows, nil
}

func rowID(row map[string]any) (int64, error) {
	number, ok := row[idColumn].(json.Number)
	if !ok {
		return 0, fmt.Errorf("a row without an integer id")
	}
	id, err := number.Int64()
	if err != nil || id < 1 {
		return 0, fmt.Errorf("a row with the id %s, not a positive integer", number)
	}
	return id, nil
}

func orderedRows(rows map[int64]Row) []Row {
	ordered := make([]Row, 0, len(rows))
	for _, id := range sortedIDs(rows) {
		ordered = append(ordered, rows[id])
	}
	return ordered
}

func sortedIDs(rows map[int64]Row) []int64 {
	ids := make([]int64, 0, len(rows))
	for id := range rows {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}
