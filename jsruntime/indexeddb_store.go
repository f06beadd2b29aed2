package jsruntime

import (
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/jsruntime/webapi/idb"
)

// Object stores, indexes, cursors and key ranges of indexedDB, and the
// conversions between script values and keys (see indexeddb.go).

// idbStore is an IDBObjectStore: a store as one transaction sees it.
type idbStore struct {
	txn     *idbTxn
	s       *idb.Store
	indexes map[*idb.Index]*idbIndex
}

// idbIndex is an IDBIndex.
type idbIndex struct {
	store *idbStore
	ix    *idb.Index
}

func (t *idbTxn) storeHandle(s *idb.Store) *idbStore {
	h := t.stores[s]
	if h == nil {
		h = &idbStore{txn: t, s: s, indexes: map[*idb.Index]*idbIndex{}}
		t.stores[s] = h
	}
	return h
}

func storeOf(this any) *idbStore { return this.(*idbStore) }
func indexOf(this any) *idbIndex { return this.(*idbIndex) }

// --- keys ---

var (
	int64Type   = reflect.TypeOf(int64(0))
	float64Type = reflect.TypeOf(float64(0))
	stringType  = reflect.TypeOf("")

	idbArrayBufferType = reflect.TypeOf(goja.ArrayBuffer{})
)

// idbKey converts a value to a key; ok is false for an invalid key.
// https://w3c.github.io/IndexedDB/#convert-value-to-key
func (w *Window) idbKey(v goja.Value, seen []*goja.Object) (idb.Key, bool) {
	if o, isObj := v.(*goja.Object); isObj {
		switch o.ClassName() {
		case "Date":
			t, ok := o.Export().(time.Time)
			if !ok {
				return idb.Key{}, false
			}
			return idb.DateKey(float64(t.UnixMilli())), true
		case "Array":
			for _, s := range seen {
				if s == o {
					return idb.Key{}, false
				}
			}
			seen = append(seen, o)
			n := o.Get("length").ToInteger()
			items := make([]idb.Key, 0, min(n, 1024))
			for i := int64(0); i < n; i++ {
				e := o.Get(strconv.FormatInt(i, 10))
				if e == nil {
					return idb.Key{}, false
				}
				k, ok := w.idbKey(e, seen)
				if !ok {
					return idb.Key{}, false
				}
				items = append(items, k)
			}
			return idb.ArrayKey(items), true
		}
		if o.ExportType() == idbArrayBufferType {
			if ab, isAB := o.Export().(goja.ArrayBuffer); isAB && ab.Detached() {
				return idb.Key{}, false // a detached buffer is no key
			}
		}
		if bs, ok := webapi.BufferSourceOf(w.rt, o); ok {
			if len(bs.Bytes) == 0 && bs.Kind != "ArrayBuffer" {
				// An empty view may be one over a detached buffer.
				if b, isObj := o.Get("buffer").(*goja.Object); isObj && b.ExportType() == idbArrayBufferType {
					if ab, isAB := b.Export().(goja.ArrayBuffer); isAB && ab.Detached() {
						return idb.Key{}, false
					}
				}
			}
			return idb.BinaryKey(bs.Bytes), true
		}
		return idb.Key{}, false
	}
	if v == nil {
		return idb.Key{}, false
	}
	switch v.ExportType() {
	case int64Type, float64Type:
		f := v.ToFloat()
		if math.IsNaN(f) {
			return idb.Key{}, false
		}
		return idb.NumberKey(f), true
	case stringType:
		return idb.StringKey(bind.DOMString(v)), true
	}
	return idb.Key{}, false
}

// idbKeyArg converts an argument that must be a valid key, throwing a
// DataError with msg otherwise.
func idbKeyArg(r *bind.Realm, v goja.Value, msg string) idb.Key {
	k, ok := win(r).idbKey(v, nil)
	if !ok {
		r.ThrowDOMException("DataError", msg)
	}
	return k
}

// idbKeyValue converts a key to a script value.
// https://w3c.github.io/IndexedDB/#convert-a-key-to-a-value
func (w *Window) idbKeyValue(k idb.Key) goja.Value {
	switch k.Kind {
	case idb.Number:
		return w.rt.ToValue(k.Num)
	case idb.Date:
		if o, err := w.rt.New(w.rt.Get("Date"), w.rt.ToValue(k.Num)); err == nil {
			return o
		}
	case idb.String:
		return w.str(k.Str)
	case idb.Binary:
		return w.rt.ToValue(w.rt.NewArrayBuffer([]byte(k.Str)))
	case idb.Array:
		items := make([]any, len(k.Arr))
		for i, it := range k.Arr {
			items[i] = w.idbKeyValue(it)
		}
		return w.rt.NewArray(items...)
	}
	return goja.Undefined()
}

// idbRangeArg converts a query (a key or an IDBKeyRange); a nullish query
// is every key when nullOK, else a DataError.
// https://w3c.github.io/IndexedDB/#convert-a-value-to-a-key-range
func idbRangeArg(r *bind.Realm, v goja.Value, nullOK bool, what string) idb.Range {
	if bind.Nullish(v) {
		if !nullOK {
			r.ThrowDOMException("DataError", what+"No key or key range specified.")
		}
		return idb.All
	}
	if impl, ok := r.UnwrapAs(v, r.Class("IDBKeyRange")); ok {
		return impl.(*idbKeyRange).r
	}
	return idb.Only(idbKeyArg(r, v, what+"The parameter is not a valid key."))
}

// --- key paths ---

// idbKeyPathArg converts a keyPath argument (DOMString or
// sequence<DOMString>).
func idbKeyPathArg(r *bind.Realm, v goja.Value) idb.KeyPath {
	if o, ok := v.(*goja.Object); ok && o.ClassName() == "Array" {
		kp := idb.KeyPath{IsArray: true, Paths: []string{}}
		r.Runtime.ForOf(o, func(x goja.Value) bool {
			kp.Paths = append(kp.Paths, bind.DOMString(x))
			return true
		})
		return kp
	}
	return idb.StringPath(bind.DOMString(v))
}

func (w *Window) idbKeyPathValue(kp idb.KeyPath) goja.Value {
	if kp.None() {
		return goja.Null()
	}
	if !kp.IsArray {
		return w.str(kp.Paths[0])
	}
	items := make([]any, len(kp.Paths))
	for i, p := range kp.Paths {
		items[i] = w.str(p)
	}
	return w.rt.NewArray(items...)
}

// idbEval evaluates a key path on a value; ok is false on failure.
// https://w3c.github.io/IndexedDB/#evaluate-a-key-path-on-a-value
func (w *Window) idbEval(v goja.Value, kp idb.KeyPath) (goja.Value, bool) {
	if kp.IsArray {
		items := make([]any, len(kp.Paths))
		for i, p := range kp.Paths {
			x, ok := w.idbEvalString(v, p)
			if !ok {
				return nil, false
			}
			items[i] = x
		}
		return w.rt.NewArray(items...), true
	}
	return w.idbEvalString(v, kp.Paths[0])
}

func (w *Window) idbEvalString(v goja.Value, path string) (goja.Value, bool) {
	for rest := path; rest != ""; {
		id, next, _ := strings.Cut(rest, ".")
		rest = next
		o, isObj := v.(*goja.Object)
		if !isObj {
			if v != nil && v.ExportType() == stringType && id == "length" {
				v = v.ToObject(w.rt).Get("length")
				continue
			}
			return nil, false
		}
		x := o.Get(id)
		if x == nil {
			return nil, false
		}
		v = x
	}
	return v, true
}

// idbKeyFromValue evaluates a key path and converts the result to a key.
func (w *Window) idbKeyFromValue(v goja.Value, kp idb.KeyPath) (idb.Key, bool) {
	x, ok := w.idbEval(v, kp)
	if !ok {
		return idb.Key{}, false
	}
	return w.idbKey(x, nil)
}

// idbInject sets key at path inside v, making the objects missing on the
// way; with dry it only checks that it could.
// https://w3c.github.io/IndexedDB/#inject-a-key-into-a-value-using-a-key-path
func (w *Window) idbInject(v goja.Value, path string, key goja.Value, dry bool) bool {
	ids := idb.Identifiers(path)
	o, isObj := v.(*goja.Object)
	if !isObj || len(ids) == 0 {
		return false
	}
	for _, id := range ids[:len(ids)-1] {
		x := o.Get(id)
		if bind.Absent(x) {
			if dry {
				return true
			}
			n := w.rt.NewObject()
			o.Set(id, n)
			o = n
			continue
		}
		xo, ok := x.(*goja.Object)
		if !ok {
			return false
		}
		o = xo
	}
	if !dry {
		o.Set(ids[len(ids)-1], key)
	}
	return true
}

// idbIndexKeys computes the keys a stored value has in an index.
// https://w3c.github.io/IndexedDB/#store-a-record-into-an-object-store (step 5)
func (w *Window) idbIndexKeys(value any, ix *idb.Index) ([]idb.Key, error) {
	v, _ := value.(goja.Value)
	x, ok := w.idbEval(v, ix.KeyPath)
	if !ok {
		return nil, nil
	}
	if ix.MultiEntry {
		if o, isObj := x.(*goja.Object); isObj && o.ClassName() == "Array" {
			var ks []idb.Key
			n := o.Get("length").ToInteger()
			for i := int64(0); i < n; i++ {
				k, ok := w.idbKey(o.Get(strconv.FormatInt(i, 10)), nil)
				if !ok {
					continue
				}
				dup := false
				for _, o := range ks {
					if idb.Compare(o, k) == 0 {
						dup = true
						break
					}
				}
				if !dup {
					ks = append(ks, k)
				}
			}
			return ks, nil
		}
	}
	k, ok := w.idbKey(x, nil)
	if !ok {
		return nil, nil
	}
	return []idb.Key{k}, nil
}

// --- requests on stores and indexes ---

const (
	storeWhat = "' on 'IDBObjectStore': "
	indexWhat = "' on 'IDBIndex': "
)

// check throws what a request on the store must not meet: a deleted
// store, an inactive transaction, a write in a read-only transaction.
func (h *idbStore) check(r *bind.Realm, what string, write bool) {
	if h.s.Deleted() {
		r.ThrowDOMException("InvalidStateError", what+"The object store has been deleted.")
	}
	h.txn.checkActive(r, what)
	if write && h.txn.t.Mode == idb.ReadOnly {
		r.ThrowDOMException("ReadOnlyError", what+"The transaction is read-only.")
	}
}

func (h *idbStore) wrapper(r *bind.Realm) goja.Value {
	return r.WrapObject(h, r.Class("IDBObjectStore"))
}

func (x *idbIndex) wrapper(r *bind.Realm) goja.Value {
	return r.WrapObject(x, r.Class("IDBIndex"))
}

func (x *idbIndex) check(r *bind.Realm, what string) {
	if x.ix.Deleted() || x.store.s.Deleted() {
		r.ThrowDOMException("InvalidStateError", what+"The index or its object store has been deleted.")
	}
	x.store.txn.checkActive(r, what)
}

// throwEngine throws an engine error as its DOMException.
func throwEngine(r *bind.Realm, err error, what string) {
	switch {
	case errors.Is(err, idb.ErrConstraint):
		r.ThrowDOMException("ConstraintError", what+"Key already exists in the object store.")
	case errors.Is(err, idb.ErrQuota):
		r.ThrowDOMException("QuotaExceededError", what+"The storage quota has been exceeded.")
	default:
		r.ThrowDOMException("UnknownError", what+err.Error())
	}
}

// idbPut implements put and add.
// https://w3c.github.io/IndexedDB/#add-or-put
func idbPut(r *bind.Realm, h *idbStore, args []goja.Value, overwrite bool, src goja.Value, name string) goja.Value {
	w := win(r)
	what := "Failed to execute '" + name + storeWhat
	h.check(r, what, true)
	s := h.s
	keyArg := bind.Arg(args, 1)
	inline := !s.KeyPath.None()
	if inline && !bind.Absent(keyArg) {
		r.ThrowDOMException("DataError", what+"The object store uses in-line keys and the key parameter was provided.")
	}
	if !inline && !s.AutoInc && bind.Absent(keyArg) {
		r.ThrowDOMException("DataError", what+"The object store uses out-of-line keys and has no key generator and the key parameter was not provided.")
	}
	var key idb.Key
	if !bind.Absent(keyArg) {
		key = idbKeyArg(r, keyArg, what+"The parameter is not a valid key.")
	}
	value, size := webapi.CloneSized(r, args[0], what)
	inject := false
	if inline {
		k, ok := w.idbKeyFromValue(value, s.KeyPath)
		switch {
		case ok:
			key = k
		case s.AutoInc && !s.KeyPath.IsArray:
			if _, evalOK := w.idbEval(value, s.KeyPath); evalOK {
				r.ThrowDOMException("DataError", what+"Evaluating the object store's key path yielded a value that is not a valid key.")
			}
			if !w.idbInject(value, s.KeyPath.Paths[0], nil, true) {
				r.ThrowDOMException("DataError", what+"A generated key could not be inserted into the value.")
			}
			inject = true
		default:
			r.ThrowDOMException("DataError", what+"Evaluating the object store's key path did not yield a value.")
		}
	}
	t := h.txn
	req := t.request(src, func() goja.Value {
		k := key
		if inject {
			k = s.NextKey()
			if !k.Valid() {
				r.ThrowDOMException("ConstraintError", what+"The key generator has reached its maximum.")
			}
			w.idbInject(value, s.KeyPath.Paths[0], w.idbKeyValue(k), false)
		}
		var ixkeys [][]idb.Key
		for _, ix := range s.Indexes() {
			ks, _ := w.idbIndexKeys(value, ix)
			ixkeys = append(ixkeys, ks)
		}
		stored, err := t.t.Put(s, k, value, size, ixkeys, overwrite)
		if err != nil {
			throwEngine(r, err, what)
		}
		return w.idbKeyValue(stored)
	})
	return w.wrapReq(req)
}

// cloneOut clones a stored value for the page.
func cloneOut(r *bind.Realm, rec *idb.Record) goja.Value {
	return webapi.StructuredClone(r, rec.Value.(goja.Value), nil)
}

// idbGetAllCount reads getAll's count ([EnforceRange] unsigned long; 0:
// all).
func idbGetAllCount(r *bind.Realm, v goja.Value) int {
	if bind.Absent(v) {
		return 0
	}
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 || f > math.MaxUint32 {
		r.ThrowTypeError("Value is outside the 'unsigned long' value range.")
	}
	return int(f)
}

// reader is what stores and indexes share for reading: the range queries.
type reader interface {
	first(rng idb.Range) *idb.Record
	records(rng idb.Range, limit int) []*idb.Record
	count(rng idb.Range) int
	iterate(rng idb.Range, dir idb.Direction, st idb.Step) (*idb.Record, idb.Position)
}

type storeReader struct{ s *idb.Store }

func (r storeReader) first(rng idb.Range) *idb.Record { return r.s.First(rng) }
func (r storeReader) records(rng idb.Range, limit int) []*idb.Record {
	return r.s.Range(rng, limit)
}
func (r storeReader) count(rng idb.Range) int { return r.s.Count(rng) }
func (r storeReader) iterate(rng idb.Range, dir idb.Direction, st idb.Step) (*idb.Record, idb.Position) {
	return r.s.Iterate(rng, dir, st)
}

type indexReader struct{ ix *idb.Index }

func (r indexReader) first(rng idb.Range) *idb.Record {
	if recs, _ := r.ix.Range(rng, 1); len(recs) > 0 {
		return recs[0]
	}
	return nil
}
func (r indexReader) records(rng idb.Range, limit int) []*idb.Record {
	recs, _ := r.ix.Range(rng, limit)
	return recs
}
func (r indexReader) count(rng idb.Range) int { return r.ix.Count(rng) }
func (r indexReader) iterate(rng idb.Range, dir idb.Direction, st idb.Step) (*idb.Record, idb.Position) {
	return r.ix.Iterate(rng, dir, st)
}

// collect returns up to n (0: all) records of rng in direction dir, with
// their positions (index key and primary key).
func collect(rd reader, rng idb.Range, dir idb.Direction, n int) ([]*idb.Record, []idb.Position) {
	var recs []*idb.Record
	var pos []idb.Position
	if _, isIndex := rd.(indexReader); !isIndex && dir == idb.Next {
		for _, rec := range rd.records(rng, n) {
			recs = append(recs, rec)
			pos = append(pos, idb.Position{Key: rec.Key, Primary: rec.Key})
		}
		return recs, pos
	}
	var st idb.Step
	for n == 0 || len(recs) < n {
		rec, p := rd.iterate(rng, dir, st)
		if rec == nil {
			break
		}
		recs = append(recs, rec)
		pos = append(pos, p)
		st = idb.Step{At: p}
	}
	return recs, pos
}

// idbGetAllArgs reads the arguments of getAll, getAllKeys and
// getAllRecords: (query, count), or an IDBGetAllOptions dictionary
// {query, count, direction} (always for getAllRecords).
// https://w3c.github.io/IndexedDB/#create-a-request-to-retrieve-multiple-items
func idbGetAllArgs(r *bind.Realm, args []goja.Value, what string, options bool) (idb.Range, int, idb.Direction) {
	q := bind.Arg(args, 0)
	if o, ok := q.(*goja.Object); ok && !options && o.ClassName() == "Object" {
		if _, isRange := r.UnwrapAs(o, r.Class("IDBKeyRange")); !isRange {
			if _, isKey := win(r).idbKey(o, nil); !isKey {
				options = true
			}
		}
	}
	if !options {
		return idbRangeArg(r, q, true, what), idbGetAllCount(r, bind.Arg(args, 1)), idb.Next
	}
	if !bind.Nullish(q) {
		if _, ok := q.(*goja.Object); !ok {
			r.ThrowTypeError(what + "The provided value is not of type 'IDBGetAllOptions'.")
		}
	}
	rng := idbRangeArg(r, dict(q, "query"), true, what)
	n := idbGetAllCount(r, dict(q, "count"))
	dir := idb.Next
	if d := dict(q, "direction"); !bind.Absent(d) {
		var ok bool
		if dir, ok = idb.ParseDirection(bind.DOMString(d)); !ok {
			r.ThrowTypeError(what + "The provided value '" + bind.DOMString(d) + "' is not a valid enum value of type IDBCursorDirection.")
		}
	}
	return rng, n, dir
}

// idbRecord is an IDBRecord.
type idbRecord struct{ key, primaryKey, value goja.Value }

var idbRecordIface = &bind.Interface{
	Name: "IDBRecord",
	Attributes: []bind.Attribute{
		{Name: "key", Get: func(r *bind.Realm, this any) goja.Value { return this.(*idbRecord).key }},
		{Name: "primaryKey", Get: func(r *bind.Realm, this any) goja.Value { return this.(*idbRecord).primaryKey }},
		{Name: "value", Get: func(r *bind.Realm, this any) goja.Value { return this.(*idbRecord).value }},
	},
}

// readMethods are the read operations of IDBObjectStore and IDBIndex:
// get, getKey, getAll, getAllKeys, count, openCursor, openKeyCursor.
func readMethods(iface string, check func(r *bind.Realm, this any, what string) (*idbTxn, reader, goja.Value), cursorOf func(this any) (*idbStore, *idbIndex)) []bind.Method {
	what := func(name string) string { return "Failed to execute '" + name + "' on '" + iface + "': " }
	return []bind.Method{
		{Name: "get", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			t, rd, src := check(r, this, what("get"))
			rng := idbRangeArg(r, args[0], false, what("get"))
			return win(r).wrapReq(t.request(src, func() goja.Value {
				rec := rd.first(rng)
				if rec == nil {
					return goja.Undefined()
				}
				return cloneOut(r, rec)
			}))
		}},
		{Name: "getKey", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			t, rd, src := check(r, this, what("getKey"))
			rng := idbRangeArg(r, args[0], false, what("getKey"))
			return win(r).wrapReq(t.request(src, func() goja.Value {
				rec := rd.first(rng)
				if rec == nil {
					return goja.Undefined()
				}
				return win(r).idbKeyValue(rec.Key)
			}))
		}},
		{Name: "getAll", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			t, rd, src := check(r, this, what("getAll"))
			rng, n, dir := idbGetAllArgs(r, args, what("getAll"), false)
			return win(r).wrapReq(t.request(src, func() goja.Value {
				recs, _ := collect(rd, rng, dir, n)
				items := make([]any, len(recs))
				for i, rec := range recs {
					items[i] = cloneOut(r, rec)
				}
				return r.Runtime.NewArray(items...)
			}))
		}},
		{Name: "getAllKeys", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			t, rd, src := check(r, this, what("getAllKeys"))
			rng, n, dir := idbGetAllArgs(r, args, what("getAllKeys"), false)
			return win(r).wrapReq(t.request(src, func() goja.Value {
				recs, _ := collect(rd, rng, dir, n)
				items := make([]any, len(recs))
				for i, rec := range recs {
					items[i] = win(r).idbKeyValue(rec.Key)
				}
				return r.Runtime.NewArray(items...)
			}))
		}},
		{Name: "getAllRecords", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			t, rd, src := check(r, this, what("getAllRecords"))
			rng, n, dir := idbGetAllArgs(r, args, what("getAllRecords"), true)
			return win(r).wrapReq(t.request(src, func() goja.Value {
				w := win(r)
				recs, pos := collect(rd, rng, dir, n)
				items := make([]any, len(recs))
				cls := r.Class("IDBRecord")
				for i, rec := range recs {
					items[i] = r.WrapObject(&idbRecord{key: w.idbKeyValue(pos[i].Key), primaryKey: w.idbKeyValue(rec.Key), value: cloneOut(r, rec)}, cls)
				}
				return r.Runtime.NewArray(items...)
			}))
		}},
		{Name: "count", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			t, rd, src := check(r, this, what("count"))
			rng := idbRangeArg(r, bind.Arg(args, 0), true, what("count"))
			return win(r).wrapReq(t.request(src, func() goja.Value { return r.Int(rd.count(rng)) }))
		}},
		{Name: "openCursor", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return openCursor(r, this, args, false, what("openCursor"), check, cursorOf)
		}},
		{Name: "openKeyCursor", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return openCursor(r, this, args, true, what("openKeyCursor"), check, cursorOf)
		}},
	}
}

func storeCheck(r *bind.Realm, this any, what string) (*idbTxn, reader, goja.Value) {
	h := storeOf(this)
	h.check(r, what, false)
	return h.txn, storeReader{h.s}, h.wrapper(r)
}

func indexCheck(r *bind.Realm, this any, what string) (*idbTxn, reader, goja.Value) {
	x := indexOf(this)
	x.check(r, what)
	return x.store.txn, indexReader{x.ix}, x.wrapper(r)
}

var idbObjectStoreIface = &bind.Interface{
	Name: "IDBObjectStore",
	Attributes: []bind.Attribute{
		{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(storeOf(this).s.Name) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				const what = "Failed to set the 'name' property on 'IDBObjectStore': "
				h := storeOf(this)
				name := bind.DOMString(v)
				if h.txn.t.Mode != idb.VersionChange {
					r.ThrowDOMException("InvalidStateError", what+"The database is not running a version change transaction.")
				}
				h.check(r, what, false)
				if err := h.txn.t.RenameStore(h.s, name); err != nil {
					r.ThrowDOMException("ConstraintError", what+"An object store with the specified name already exists.")
				}
			}},
		{Name: "keyPath", Get: func(r *bind.Realm, this any) goja.Value { return win(r).idbKeyPathValue(storeOf(this).s.KeyPath) }},
		{Name: "indexNames", Get: func(r *bind.Realm, this any) goja.Value { return stringList(r, storeOf(this).s.IndexNames()) }},
		{Name: "transaction", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(storeOf(this).txn, r.Class("IDBTransaction"))
		}},
		{Name: "autoIncrement", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(storeOf(this).s.AutoInc) }},
	},
	Methods: append([]bind.Method{
		{Name: "put", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			h := storeOf(this)
			return idbPut(r, h, args, true, h.wrapper(r), "put")
		}},
		{Name: "add", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			h := storeOf(this)
			return idbPut(r, h, args, false, h.wrapper(r), "add")
		}},
		{Name: "delete", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'delete" + storeWhat
			h := storeOf(this)
			h.check(r, what, true)
			rng := idbRangeArg(r, args[0], false, what)
			return win(r).wrapReq(h.txn.request(h.wrapper(r), func() goja.Value {
				h.txn.t.Delete(h.s, rng)
				return goja.Undefined()
			}))
		}},
		{Name: "clear", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			const what = "Failed to execute 'clear" + storeWhat
			h := storeOf(this)
			h.check(r, what, true)
			return win(r).wrapReq(h.txn.request(h.wrapper(r), func() goja.Value {
				h.txn.t.Clear(h.s)
				return goja.Undefined()
			}))
		}},
		{Name: "index", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'index" + storeWhat
			h := storeOf(this)
			if h.s.Deleted() {
				r.ThrowDOMException("InvalidStateError", what+"The object store has been deleted.")
			}
			if h.txn.state == txnFinished {
				r.ThrowDOMException("InvalidStateError", what+"The transaction has finished.")
			}
			ix := h.s.Index(bind.DOMString(args[0]))
			if ix == nil {
				r.ThrowDOMException("NotFoundError", what+"The specified index was not found.")
			}
			return h.indexHandle(ix).wrapper(r)
		}},
		{Name: "createIndex", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return idbCreateIndex(r, storeOf(this), args)
		}},
		{Name: "deleteIndex", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'deleteIndex" + storeWhat
			h := storeOf(this)
			if h.txn.t.Mode != idb.VersionChange {
				r.ThrowDOMException("InvalidStateError", what+"The database is not running a version change transaction.")
			}
			h.check(r, what, false)
			ix := h.s.Index(bind.DOMString(args[0]))
			if ix == nil {
				r.ThrowDOMException("NotFoundError", what+"The specified index was not found.")
			}
			h.txn.t.DeleteIndex(ix)
			return nil
		}},
	}, readMethods("IDBObjectStore", storeCheck, func(this any) (*idbStore, *idbIndex) { return storeOf(this), nil })...),
}

func (h *idbStore) indexHandle(ix *idb.Index) *idbIndex {
	x := h.indexes[ix]
	if x == nil {
		x = &idbIndex{store: h, ix: ix}
		h.indexes[ix] = x
	}
	return x
}

// idbCreateStore implements IDBDatabase.createObjectStore.
// https://w3c.github.io/IndexedDB/#dom-idbdatabase-createobjectstore
func idbCreateStore(r *bind.Realm, c *idbDatabase, args []goja.Value) goja.Value {
	const what = "Failed to execute 'createObjectStore' on 'IDBDatabase': "
	name := bind.DOMString(args[0])
	var kp idb.KeyPath
	autoInc := false
	opts := bind.Arg(args, 1)
	if o, ok := opts.(*goja.Object); ok {
		if v := o.Get("keyPath"); !bind.Nullish(v) {
			kp = idbKeyPathArg(r, v)
		}
		autoInc = bind.Boolean(o.Get("autoIncrement"))
	} else if !bind.Nullish(opts) {
		r.ThrowTypeError(what + "The provided value is not of type 'IDBObjectStoreParameters'.")
	}
	t := upgradeOf(r, c, what)
	if !kp.None() && !kp.Valid() {
		r.ThrowDOMException("SyntaxError", what+"The keyPath option is not a valid key path.")
	}
	if c.db.Store(name) != nil {
		r.ThrowDOMException("ConstraintError", what+"An object store with the specified name already exists.")
	}
	if autoInc && (kp.IsArray || !kp.None() && kp.Paths[0] == "") {
		r.ThrowDOMException("InvalidAccessError", what+"The autoIncrement option was set but the keyPath option was empty or an array.")
	}
	s, err := t.t.CreateStore(name, kp, autoInc)
	if err != nil {
		throwEngine(r, err, what)
	}
	return t.storeHandle(s).wrapper(r)
}

// idbCreateIndex implements IDBObjectStore.createIndex.
// https://w3c.github.io/IndexedDB/#dom-idbobjectstore-createindex
func idbCreateIndex(r *bind.Realm, h *idbStore, args []goja.Value) goja.Value {
	const what = "Failed to execute 'createIndex" + storeWhat
	name := bind.DOMString(args[0])
	kp := idbKeyPathArg(r, args[1])
	unique, multi := false, false
	if o, ok := bind.Arg(args, 2).(*goja.Object); ok {
		unique = bind.Boolean(o.Get("unique"))
		multi = bind.Boolean(o.Get("multiEntry"))
	}
	if h.txn.t.Mode != idb.VersionChange {
		r.ThrowDOMException("InvalidStateError", what+"The database is not running a version change transaction.")
	}
	h.check(r, what, false)
	if h.s.Index(name) != nil {
		r.ThrowDOMException("ConstraintError", what+"An index with the specified name already exists.")
	}
	if !kp.Valid() {
		r.ThrowDOMException("SyntaxError", what+"The keyPath argument contains an invalid key path.")
	}
	if multi && kp.IsArray {
		r.ThrowDOMException("InvalidAccessError", what+"The keyPath argument was an array and the multiEntry option is true.")
	}
	w := win(r)
	ix, err := h.txn.t.CreateIndex(h.s, name, kp, unique, multi, w.idbIndexKeys)
	if err != nil {
		// The index exists, but its transaction aborts (asynchronously).
		t := h.txn
		w.loop.QueueTask(func() {
			t.abort(t.conn.f.domErr("ConstraintError", "Unable to add key to index '"+name+"': at least one key does not satisfy the uniqueness requirements."))
		})
	}
	return h.indexHandle(ix).wrapper(r)
}

var idbIndexIface = &bind.Interface{
	Name: "IDBIndex",
	Attributes: []bind.Attribute{
		{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(indexOf(this).ix.Name) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				const what = "Failed to set the 'name' property on 'IDBIndex': "
				x := indexOf(this)
				if x.store.txn.t.Mode != idb.VersionChange {
					r.ThrowDOMException("InvalidStateError", what+"The database is not running a version change transaction.")
				}
				x.check(r, what)
				if err := x.store.txn.t.RenameIndex(x.ix, bind.DOMString(v)); err != nil {
					r.ThrowDOMException("ConstraintError", what+"An index with the specified name already exists.")
				}
			}},
		{Name: "objectStore", Get: func(r *bind.Realm, this any) goja.Value { return indexOf(this).store.wrapper(r) }},
		{Name: "keyPath", Get: func(r *bind.Realm, this any) goja.Value { return win(r).idbKeyPathValue(indexOf(this).ix.KeyPath) }},
		{Name: "multiEntry", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(indexOf(this).ix.MultiEntry) }},
		{Name: "unique", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(indexOf(this).ix.Unique) }},
	},
	Methods: readMethods("IDBIndex", indexCheck, func(this any) (*idbStore, *idbIndex) { x := indexOf(this); return x.store, x }),
}

// --- cursors ---

// idbCursor is an IDBCursor or IDBCursorWithValue.
// https://w3c.github.io/IndexedDB/#cursor-construct
type idbCursor struct {
	store    *idbStore
	index    *idbIndex // nil over a store
	src      goja.Value
	req      *idbRequest
	rng      idb.Range
	dir      idb.Direction
	keyOnly  bool
	pos      idb.Position
	rec      *idb.Record
	gotValue bool
	key      goja.Value
	primary  goja.Value
	value    goja.Value
}

func cursorOf(this any) *idbCursor { return this.(*idbCursor) }

func (c *idbCursor) wrapper(r *bind.Realm) goja.Value {
	cls := "IDBCursorWithValue"
	if c.keyOnly {
		cls = "IDBCursor"
	}
	return r.WrapObject(c, r.Class(cls))
}

// iterate runs one cursor step: the cursor, or null at the end.
func (c *idbCursor) iterate(r *bind.Realm, st idb.Step) goja.Value {
	var rec *idb.Record
	var pos idb.Position
	if c.index != nil {
		rec, pos = c.index.ix.Iterate(c.rng, c.dir, st)
	} else {
		rec, pos = c.store.s.Iterate(c.rng, c.dir, st)
	}
	w := win(r)
	if rec == nil {
		c.rec, c.key, c.primary, c.value = nil, goja.Undefined(), goja.Undefined(), goja.Undefined()
		return goja.Null()
	}
	c.pos, c.rec = pos, rec
	c.key = w.idbKeyValue(pos.Key)
	if c.index != nil {
		c.primary = w.idbKeyValue(pos.Primary)
	} else {
		c.primary = c.key
	}
	if !c.keyOnly {
		c.value = cloneOut(r, rec)
	}
	c.gotValue = true
	return c.wrapper(r)
}

func openCursor(r *bind.Realm, this any, args []goja.Value, keyOnly bool, what string,
	check func(r *bind.Realm, this any, what string) (*idbTxn, reader, goja.Value), handles func(this any) (*idbStore, *idbIndex)) goja.Value {
	t, _, src := check(r, this, what)
	rng := idbRangeArg(r, bind.Arg(args, 0), true, what)
	dir := idb.Next
	if d := bind.Arg(args, 1); !bind.Absent(d) {
		var ok bool
		if dir, ok = idb.ParseDirection(bind.DOMString(d)); !ok {
			r.ThrowTypeError(what + "The provided value '" + bind.DOMString(d) + "' is not a valid enum value of type IDBCursorDirection.")
		}
	}
	store, index := handles(this)
	c := &idbCursor{store: store, index: index, src: src, rng: rng, dir: dir, keyOnly: keyOnly,
		key: goja.Undefined(), primary: goja.Undefined(), value: goja.Undefined()}
	req := t.request(src, func() goja.Value { return c.iterate(r, idb.Step{}) })
	req.cursor = c
	c.req = req
	return win(r).wrapReq(req)
}

// checkIterate throws what continue, advance and continuePrimaryKey must
// not meet.
func (c *idbCursor) checkIterate(r *bind.Realm, what string) {
	c.store.txn.checkActive(r, what)
	if c.store.s.Deleted() || c.index != nil && c.index.ix.Deleted() {
		r.ThrowDOMException("InvalidStateError", what+"The cursor's source or effective object store has been deleted.")
	}
	if !c.gotValue {
		r.ThrowDOMException("InvalidStateError", what+"The cursor is being iterated or has iterated past its end.")
	}
}

func (c *idbCursor) step(r *bind.Realm, st idb.Step) {
	c.gotValue = false
	st.At = c.pos
	c.req.op = func() goja.Value { return c.iterate(r, st) }
	c.store.txn.push(c.req)
}

// checkWrite throws what update and delete must not meet.
func (c *idbCursor) checkWrite(r *bind.Realm, what string) {
	c.store.txn.checkActive(r, what)
	if c.store.txn.t.Mode == idb.ReadOnly {
		r.ThrowDOMException("ReadOnlyError", what+"The record may not be updated inside a read-only transaction.")
	}
	if c.store.s.Deleted() || c.index != nil && c.index.ix.Deleted() {
		r.ThrowDOMException("InvalidStateError", what+"The cursor's source or effective object store has been deleted.")
	}
	if !c.gotValue || c.keyOnly {
		r.ThrowDOMException("InvalidStateError", what+"The cursor is being iterated or has iterated past its end.")
	}
}

var idbCursorIface = &bind.Interface{
	Name: "IDBCursor",
	Attributes: []bind.Attribute{
		{Name: "source", Get: func(r *bind.Realm, this any) goja.Value { return cursorOf(this).src }},
		{Name: "direction", Get: func(r *bind.Realm, this any) goja.Value { return r.String(cursorOf(this).dir.String()) }},
		{Name: "key", Get: func(r *bind.Realm, this any) goja.Value { return cursorOf(this).key }},
		{Name: "primaryKey", Get: func(r *bind.Realm, this any) goja.Value { return cursorOf(this).primary }},
		{Name: "request", Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrapReq(cursorOf(this).req) }},
	},
	Methods: []bind.Method{
		{Name: "advance", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'advance' on 'IDBCursor': "
			f := args[0].ToFloat()
			if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 || f > math.MaxUint32 {
				r.ThrowTypeError(what + "Value is outside the 'unsigned long' value range.")
			}
			if math.Trunc(f) == 0 {
				r.ThrowTypeError(what + "A count argument with value 0 (zero) was supplied, must be greater than 0.")
			}
			c := cursorOf(this)
			c.checkIterate(r, what)
			c.step(r, idb.Step{Count: int(f)})
			return nil
		}},
		{Name: "continue", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'continue' on 'IDBCursor': "
			c := cursorOf(this)
			c.checkIterate(r, what)
			var st idb.Step
			if k := bind.Arg(args, 0); !bind.Absent(k) {
				st.Key = idbKeyArg(r, k, what+"The parameter is not a valid key.")
				cmp := idb.Compare(st.Key, c.pos.Key)
				if (c.dir == idb.Next || c.dir == idb.NextUnique) && cmp <= 0 {
					r.ThrowDOMException("DataError", what+"The parameter is less than or equal to this cursor's position.")
				}
				if (c.dir == idb.Prev || c.dir == idb.PrevUnique) && cmp >= 0 {
					r.ThrowDOMException("DataError", what+"The parameter is greater than or equal to this cursor's position.")
				}
			}
			c.step(r, st)
			return nil
		}},
		{Name: "continuePrimaryKey", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'continuePrimaryKey' on 'IDBCursor': "
			c := cursorOf(this)
			c.store.txn.checkActive(r, what)
			if c.store.s.Deleted() || c.index != nil && c.index.ix.Deleted() {
				r.ThrowDOMException("InvalidStateError", what+"The cursor's source or effective object store has been deleted.")
			}
			if c.index == nil {
				r.ThrowDOMException("InvalidAccessError", what+"The cursor's source is not an index.")
			}
			if c.dir != idb.Next && c.dir != idb.Prev {
				r.ThrowDOMException("InvalidAccessError", what+"The cursor's direction is not 'next' or 'prev'.")
			}
			if !c.gotValue {
				r.ThrowDOMException("InvalidStateError", what+"The cursor is being iterated or has iterated past its end.")
			}
			key := idbKeyArg(r, args[0], what+"The parameter is not a valid key.")
			pk := idbKeyArg(r, args[1], what+"The parameter is not a valid key.")
			ck := idb.Compare(key, c.pos.Key)
			cp := idb.Compare(pk, c.pos.Primary)
			if c.dir == idb.Next && (ck < 0 || ck == 0 && cp <= 0) {
				r.ThrowDOMException("DataError", what+"The parameter is less than or equal to this cursor's position.")
			}
			if c.dir == idb.Prev && (ck > 0 || ck == 0 && cp >= 0) {
				r.ThrowDOMException("DataError", what+"The parameter is greater than or equal to this cursor's position.")
			}
			c.step(r, idb.Step{Key: key, Primary: pk})
			return nil
		}},
		{Name: "update", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'update' on 'IDBCursor': "
			c := cursorOf(this)
			c.checkWrite(r, what)
			w := win(r)
			s := c.store.s
			value, size := webapi.CloneSized(r, args[0], what)
			key := c.rec.Key
			if !s.KeyPath.None() {
				k, ok := w.idbKeyFromValue(value, s.KeyPath)
				if !ok || idb.Compare(k, key) != 0 {
					r.ThrowDOMException("DataError", what+"The effective object store of this cursor uses in-line keys and evaluating the key path of the value parameter results in a different value than the cursor's effective key.")
				}
			}
			t := c.store.txn
			return w.wrapReq(t.request(c.wrapper(r), func() goja.Value {
				var ixkeys [][]idb.Key
				for _, ix := range s.Indexes() {
					ks, _ := w.idbIndexKeys(value, ix)
					ixkeys = append(ixkeys, ks)
				}
				stored, err := t.t.Put(s, key, value, size, ixkeys, true)
				if err != nil {
					throwEngine(r, err, what)
				}
				return w.idbKeyValue(stored)
			}))
		}},
		{Name: "delete", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			const what = "Failed to execute 'delete' on 'IDBCursor': "
			c := cursorOf(this)
			c.checkWrite(r, what)
			key := c.rec.Key
			t := c.store.txn
			return win(r).wrapReq(t.request(c.wrapper(r), func() goja.Value {
				t.t.Delete(c.store.s, idb.Only(key))
				return goja.Undefined()
			}))
		}},
	},
}

var idbCursorWithValueIface = &bind.Interface{
	Name:   "IDBCursorWithValue",
	Parent: "IDBCursor",
	Attributes: []bind.Attribute{
		{Name: "value", Get: func(r *bind.Realm, this any) goja.Value { return cursorOf(this).value }},
	},
}

// --- key ranges ---

// idbKeyRange is an IDBKeyRange.
type idbKeyRange struct{ r idb.Range }

func keyRangeOf(this any) *idbKeyRange { return this.(*idbKeyRange) }

func newKeyRange(r *bind.Realm, rng idb.Range) goja.Value {
	return r.WrapObject(&idbKeyRange{r: rng}, r.Class("IDBKeyRange"))
}

func boundValue(r *bind.Realm, k idb.Key) goja.Value {
	if !k.Valid() {
		return goja.Undefined()
	}
	return win(r).idbKeyValue(k)
}

var idbKeyRangeIface = &bind.Interface{
	Name: "IDBKeyRange",
	Attributes: []bind.Attribute{
		{Name: "lower", Get: func(r *bind.Realm, this any) goja.Value { return boundValue(r, keyRangeOf(this).r.Lower) }},
		{Name: "upper", Get: func(r *bind.Realm, this any) goja.Value { return boundValue(r, keyRangeOf(this).r.Upper) }},
		{Name: "lowerOpen", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(keyRangeOf(this).r.LowerOpen) }},
		{Name: "upperOpen", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(keyRangeOf(this).r.UpperOpen) }},
	},
	Methods: []bind.Method{
		{Name: "includes", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			k := idbKeyArg(r, args[0], "Failed to execute 'includes' on 'IDBKeyRange': The passed-in value is not a valid IndexedDB key.")
			return r.Bool(keyRangeOf(this).r.Includes(k))
		}},
	},
	StaticMethods: []bind.Method{
		{Name: "only", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			k := idbKeyArg(r, args[0], "Failed to execute 'only' on 'IDBKeyRange': The parameter is not a valid key.")
			return newKeyRange(r, idb.Only(k))
		}},
		{Name: "lowerBound", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			k := idbKeyArg(r, args[0], "Failed to execute 'lowerBound' on 'IDBKeyRange': The parameter is not a valid key.")
			// An unbounded side is open (lowerBound's upper, upperBound's lower).
			// https://w3c.github.io/IndexedDB/#dom-idbkeyrange-lowerbound
			return newKeyRange(r, idb.Range{Lower: k, LowerOpen: bind.Boolean(bind.Arg(args, 1)), UpperOpen: true})
		}},
		{Name: "upperBound", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			k := idbKeyArg(r, args[0], "Failed to execute 'upperBound' on 'IDBKeyRange': The parameter is not a valid key.")
			return newKeyRange(r, idb.Range{Upper: k, UpperOpen: bind.Boolean(bind.Arg(args, 1)), LowerOpen: true})
		}},
		{Name: "bound", Length: 2, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'bound' on 'IDBKeyRange': "
			lo := idbKeyArg(r, args[0], what+"The lower key is not a valid key.")
			hi := idbKeyArg(r, args[1], what+"The upper key is not a valid key.")
			lOpen, uOpen := bind.Boolean(bind.Arg(args, 2)), bind.Boolean(bind.Arg(args, 3))
			c := idb.Compare(lo, hi)
			if c > 0 || c == 0 && (lOpen || uOpen) {
				r.ThrowDOMException("DataError", what+"The lower key is greater than the upper key.")
			}
			return newKeyRange(r, idb.Range{Lower: lo, Upper: hi, LowerOpen: lOpen, UpperOpen: uOpen})
		}},
	},
}

// idbIfaces are the IndexedDB interfaces of a window.
var idbIfaces = []*bind.Interface{idbFactoryIface, idbRequestIface, idbOpenDBRequestIface, idbDatabaseIface,
	idbTransactionIface, idbObjectStoreIface, idbIndexIface, idbCursorIface, idbCursorWithValueIface,
	idbKeyRangeIface, idbVersionChangeEventIface, idbRecordIface}

func init() {
	windowIface.Attributes = append(windowIface.Attributes, bind.Attribute{Name: "indexedDB",
		Get: windowGet(func(w *Window) goja.Value {
			return w.realm.WrapObject(w.idbFactory(), w.realm.Class("IDBFactory"))
		})})
}
