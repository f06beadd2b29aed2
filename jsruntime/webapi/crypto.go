package webapi

import (
	"encoding/binary"
	"encoding/hex"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// cryptoImpl is the implementation behind window.crypto; its randomness is
// the Host's (seeded in deterministic mode, so snapshots repeat).
type cryptoImpl struct{ host Host }

// InstallCrypto installs the Crypto interface and window.crypto with
// getRandomValues and randomUUID. crypto.subtle is absent: a snapshot has no
// use for real cryptography, and a fake one would mislead (see KNOWN_GAPS).
func InstallCrypto(realm *bind.Realm, target *goja.Object, host Host) error {
	if err := realm.Install(target, cryptoInterface); err != nil {
		return err
	}
	obj := realm.WrapObject(&cryptoImpl{host: host}, realm.Class("Crypto"))
	return target.DefineDataProperty("crypto", obj, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE)
}

func (c *cryptoImpl) fill(b []byte) {
	rnd := c.host.Rand()
	for len(b) >= 8 {
		binary.LittleEndian.PutUint64(b, rnd.Uint64())
		b = b[8:]
	}
	if len(b) > 0 {
		var tail [8]byte
		binary.LittleEndian.PutUint64(tail[:], rnd.Uint64())
		copy(b, tail[:])
	}
}

// cryptoInterface declares Crypto.
// https://w3c.github.io/webcrypto/#crypto-interface
var cryptoInterface = &bind.Interface{
	Name: "Crypto",
	Methods: []bind.Method{
		{Name: "getRandomValues", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			obj, _ := args[0].(*goja.Object)
			if obj == nil {
				r.ThrowTypeError("Failed to execute 'getRandomValues' on 'Crypto': parameter 1 is not of type 'ArrayBufferView'.")
			}
			switch bufferTag(obj) {
			case "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "BigInt64Array", "BigUint64Array":
			default:
				r.ThrowDOMException("TypeMismatchError", "Failed to execute 'getRandomValues' on 'Crypto': The provided ArrayBufferView is of type that is not an integer array type.")
			}
			b, ok := bufferSourceBytes(r.Runtime, obj)
			if !ok {
				r.ThrowTypeError("Failed to execute 'getRandomValues' on 'Crypto': parameter 1 is not of type 'ArrayBufferView'.")
			}
			if len(b) > 65536 {
				r.ThrowDOMException("QuotaExceededError", "Failed to execute 'getRandomValues' on 'Crypto': The ArrayBufferView's byte length exceeds the number of bytes of entropy available via this API (65536).")
			}
			this.(*cryptoImpl).fill(b)
			return obj
		}},
		{Name: "randomUUID", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return r.String(this.(*cryptoImpl).uuid())
		}},
	},
}

// uuid returns a version 4 UUID.
// https://w3c.github.io/webcrypto/#dfn-generate-a-random-uuid
func (c *cryptoImpl) uuid() string {
	var b [16]byte
	c.fill(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	var out [36]byte
	hex.Encode(out[0:8], b[0:4])
	out[8] = '-'
	hex.Encode(out[9:13], b[4:6])
	out[13] = '-'
	hex.Encode(out[14:18], b[6:8])
	out[18] = '-'
	hex.Encode(out[19:23], b[8:10])
	out[23] = '-'
	hex.Encode(out[24:], b[10:])
	return string(out[:])
}
