package idb

import (
	"math"
	"slices"
)

// A Mode is a transaction's mode.
type Mode uint8

// The transaction modes.
const (
	ReadOnly Mode = iota
	ReadWrite
	VersionChange
)

func (m Mode) String() string {
	switch m {
	case ReadWrite:
		return "readwrite"
	case VersionChange:
		return "versionchange"
	}
	return "readonly"
}

// A Txn is a transaction: its scope and mode, and the undo log that
// Abort replays. Every change to a database goes through one.
// https://w3c.github.io/IndexedDB/#transaction-construct
type Txn struct {
	DB    *Database
	Mode  Mode
	Scope []string // store names; every store for a versionchange transaction
	// Started is set once the transaction may run its requests.
	Started  bool
	finished bool
	undo     []func()
}

// Begin makes a transaction over scope, queued behind the unfinished
// transactions it overlaps (see Runnable).
func (db *Database) Begin(mode Mode, scope []string) *Txn {
	t := &Txn{DB: db, Mode: mode, Scope: scope}
	db.txns = append(db.txns, t)
	return t
}

// Runnable reports whether t can start: no transaction made before it
// and still unfinished overlaps its scope where either writes. Read-only
// transactions run together; a versionchange transaction runs alone.
// https://w3c.github.io/IndexedDB/#transaction-scheduling
func (t *Txn) Runnable() bool {
	if t.finished {
		return false
	}
	for _, o := range t.DB.txns {
		if o == t {
			return true
		}
		if o.Mode == ReadOnly && t.Mode == ReadOnly {
			continue
		}
		if o.Mode == VersionChange || t.Mode == VersionChange || overlaps(o.Scope, t.Scope) {
			return false
		}
	}
	return true
}

// Pending returns the database's unfinished transactions, in creation
// order.
func (db *Database) Pending() []*Txn { return db.txns }

func overlaps(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// Finished reports whether t committed or aborted.
func (t *Txn) Finished() bool { return t.finished }

// Commit makes t's changes final.
func (t *Txn) Commit() {
	t.finish()
}

// Abort undoes t's changes, newest first.
func (t *Txn) Abort() {
	for i := len(t.undo) - 1; i >= 0; i-- {
		t.undo[i]()
	}
	t.finish()
}

func (t *Txn) finish() {
	t.undo = nil
	t.finished = true
	t.DB.txns = slices.DeleteFunc(t.DB.txns, func(o *Txn) bool { return o == t })
}

func (t *Txn) log(f func()) {
	if t.Mode != ReadOnly {
		t.undo = append(t.undo, f)
	}
}

// SetVersion sets the database version (in a versionchange transaction).
func (t *Txn) SetVersion(v uint64) {
	db, old := t.DB, t.DB.Version
	db.Version = v
	t.log(func() { db.Version = old })
}

// CreateStore makes an object store.
// https://w3c.github.io/IndexedDB/#dom-idbdatabase-createobjectstore
func (t *Txn) CreateStore(name string, kp KeyPath, autoInc bool) (*Store, error) {
	db := t.DB
	if db.stores[name] != nil {
		return nil, ErrConstraint
	}
	s := &Store{Name: name, KeyPath: kp, AutoInc: autoInc, db: db}
	db.stores[name] = s
	t.log(func() {
		delete(db.stores, s.Name)
		s.deleted = true
		db.e.used -= s.used
	})
	return s, nil
}

// DeleteStore deletes an object store.
func (t *Txn) DeleteStore(s *Store) {
	db := t.DB
	delete(db.stores, s.Name)
	s.deleted = true
	db.e.used -= s.used
	t.log(func() {
		db.stores[s.Name] = s
		s.deleted = false
		db.e.used += s.used
	})
}

// RenameStore renames an object store.
func (t *Txn) RenameStore(s *Store, name string) error {
	if name == s.Name {
		return nil
	}
	db := t.DB
	if db.stores[name] != nil {
		return ErrConstraint
	}
	old := s.Name
	delete(db.stores, old)
	s.Name = name
	db.stores[name] = s
	t.log(func() {
		delete(db.stores, name)
		s.Name = old
		db.stores[old] = s
	})
	return nil
}

// CreateIndex makes an index of s and fills it from s's records with
// keys: a unique index over records that share a key fails with
// ErrConstraint (the transaction then aborts).
// https://w3c.github.io/IndexedDB/#dom-idbobjectstore-createindex
func (t *Txn) CreateIndex(s *Store, name string, kp KeyPath, unique, multi bool, keys IndexKeys) (*Index, error) {
	if s.Index(name) != nil {
		return nil, ErrConstraint
	}
	ix := &Index{Name: name, KeyPath: kp, Unique: unique, MultiEntry: multi, store: s}
	s.indexes = append(s.indexes, ix)
	t.log(func() {
		s.indexes = slices.DeleteFunc(s.indexes, func(o *Index) bool { return o == ix })
		ix.deleted = true
	})
	var failed error
	for _, rec := range s.recs {
		ks, err := keys(rec.Value, ix)
		if err != nil {
			failed = err
			continue
		}
		rec.ix = append(rec.ix, ixKeys{idx: ix, keys: ks})
		for _, k := range ks {
			if unique && ix.has(k, rec.Key) {
				failed = ErrConstraint
			}
			ix.insert(k, rec)
		}
	}
	return ix, failed
}

// DeleteIndex deletes an index.
func (t *Txn) DeleteIndex(ix *Index) {
	s := ix.store
	s.indexes = slices.DeleteFunc(s.indexes, func(o *Index) bool { return o == ix })
	ix.deleted = true
	t.log(func() {
		s.indexes = append(s.indexes, ix)
		ix.deleted = false
	})
}

// RenameIndex renames an index.
func (t *Txn) RenameIndex(ix *Index, name string) error {
	if name == ix.Name {
		return nil
	}
	if ix.store.Index(name) != nil {
		return ErrConstraint
	}
	old := ix.Name
	ix.Name = name
	t.log(func() { ix.Name = old })
	return nil
}

// Put stores a record: key (invalid for a store that generates keys),
// value and its size, and the value's keys in each of s.Indexes() (as
// IndexKeys computes them). Without overwrite, an existing key fails with
// ErrConstraint (add). It returns the record's key.
// https://w3c.github.io/IndexedDB/#store-a-record-into-an-object-store
func (t *Txn) Put(s *Store, key Key, value any, size int, ixkeys [][]Key, overwrite bool) (Key, error) {
	oldGen := s.gen
	if s.AutoInc {
		if !key.Valid() {
			key = s.NextKey()
			if !key.Valid() {
				return Key{}, ErrConstraint
			}
			s.gen = key.Num
		} else if key.Kind == Number && key.Num >= s.gen+1 {
			// Possibly update the key generator.
			s.gen = min(math.Floor(key.Num), maxGenerator)
		}
	}
	restoreGen := func() { s.gen = oldGen }
	i, exists := s.find(key)
	if exists && !overwrite {
		restoreGen()
		return Key{}, ErrConstraint
	}
	for j, ix := range s.indexes {
		if !ix.Unique || j >= len(ixkeys) {
			continue
		}
		for _, k := range ixkeys[j] {
			if ix.has(k, key) {
				restoreGen()
				return Key{}, ErrConstraint
			}
		}
	}
	size += key.Size()
	var old *Record
	if exists {
		old = s.recs[i]
	}
	delta := size
	if old != nil {
		delta -= old.Size
	}
	if e := s.db.e; e.used+delta > e.quota {
		restoreGen()
		return Key{}, ErrQuota
	}
	rec := &Record{Key: key, Value: value, Size: size}
	for j, ix := range s.indexes {
		if j < len(ixkeys) {
			rec.ix = append(rec.ix, ixKeys{idx: ix, keys: ixkeys[j]})
		}
	}
	s.replace(i, old, rec)
	t.log(func() {
		j, _ := s.find(key)
		s.replace(j, rec, old)
		s.gen = oldGen
	})
	return key, nil
}

// replace puts rec in place of old at position i (either may be nil),
// keeping the indexes and the byte count.
func (s *Store) replace(i int, old, rec *Record) {
	e := s.db.e
	if old != nil {
		for _, ik := range old.ix {
			for _, k := range ik.keys {
				ik.idx.remove(k, old.Key)
			}
		}
		s.used -= old.Size
		if !s.deleted {
			e.used -= old.Size
		}
		if rec == nil {
			s.recs = slices.Delete(s.recs, i, i+1)
		} else {
			s.recs[i] = rec
		}
	} else if rec != nil {
		s.recs = slices.Insert(s.recs, i, rec)
	}
	if rec != nil {
		for _, ik := range rec.ix {
			for _, k := range ik.keys {
				ik.idx.insert(k, rec)
			}
		}
		s.used += rec.Size
		if !s.deleted {
			e.used += rec.Size
		}
	}
}

// Delete deletes the records in r.
// https://w3c.github.io/IndexedDB/#delete-records-from-an-object-store
func (t *Txn) Delete(s *Store, r Range) {
	lo := s.lowerPos(r)
	hi := lo
	for hi < len(s.recs) && r.belowUpper(s.recs[hi].Key) {
		hi++
	}
	if hi == lo {
		return
	}
	gone := slices.Clone(s.recs[lo:hi])
	for i := len(gone) - 1; i >= 0; i-- {
		s.replace(lo+i, gone[i], nil)
	}
	t.log(func() {
		for _, rec := range gone {
			j, _ := s.find(rec.Key)
			s.replace(j, nil, rec)
		}
	})
}

// Clear deletes every record of s.
func (t *Txn) Clear(s *Store) { t.Delete(s, All) }

// AbortAll aborts every unfinished transaction of every database (their
// page went away).
func (e *Engine) AbortAll() {
	for _, db := range e.dbs {
		for len(db.txns) > 0 {
			db.txns[len(db.txns)-1].Abort()
		}
	}
}
