package bind

import (
	"github.com/dop251/goja"
)

// A RecordEntry is one key and value of a Web IDL record.
type RecordEntry struct {
	Key   string // the key as a USVString (lone surrogates read U+FFFD)
	Value goja.Value
}

// RecordEntries converts obj to a record<DOMString-ish, any>: its own
// enumerable properties in [[OwnPropertyKeys]] order (an enumerable symbol
// key throws a TypeError, as converting it to a string does), each value
// read with [[Get]] once. Keys are taken from the object as
// JavaScript strings, so one holding a lone surrogate is read (goja's
// Keys() gives Go strings that no longer name the property); two keys that
// convert to the same string keep the first one's place and the last
// one's value, as the conversion sets result[typedKey].
// https://webidl.spec.whatwg.org/#js-record
func (r *Realm) RecordEntries(obj *goja.Object) []RecordEntry {
	in := &r.intrinsics
	if in.reflectOwnKeys == nil || in.getOwnPropertyDescriptor == nil || in.reflectGet == nil {
		var out []RecordEntry
		for _, k := range obj.Keys() {
			if v := obj.Get(k); v != nil {
				out = append(out, RecordEntry{k, v})
			}
		}
		return out
	}
	keysV, err := in.reflectOwnKeys(goja.Undefined(), obj)
	if err != nil {
		panic(err)
	}
	keys, ok := keysV.(*goja.Object)
	if !ok {
		return nil
	}
	var out []RecordEntry
	index := map[string]int{}
	n := keys.Get("length").ToInteger()
	for i := int64(0); i < n; i++ {
		key := keys.Get(itoa(int(i)))
		if key == nil {
			continue
		}
		desc, err := in.getOwnPropertyDescriptor(goja.Undefined(), obj, key)
		if err != nil {
			panic(err)
		}
		d, ok := desc.(*goja.Object)
		if !ok || !d.Get("enumerable").ToBoolean() {
			continue
		}
		if _, isSym := key.(*goja.Symbol); isSym {
			// The key is converted to a string: an enumerable symbol
			// key is a TypeError.
			symbolToString()
		}
		v, err := in.reflectGet(goja.Undefined(), obj, key)
		if err != nil {
			panic(err)
		}
		k := key.String()
		if j, seen := index[k]; seen {
			out[j].Value = v
			continue
		}
		index[k] = len(out)
		out = append(out, RecordEntry{k, v})
	}
	return out
}
