package webapi

import (
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"encoding/hex"
	"hash"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// cryptoImpl is the implementation behind window.crypto; its randomness is
// the Host's (seeded in deterministic mode, so snapshots repeat).
type cryptoImpl struct {
	host   Host
	subtle *subtleCrypto
}

// subtleCrypto is crypto.subtle: digest works; the key operations reject
// with NotSupportedError (a snapshot has no use for real cryptography).
// https://w3c.github.io/webcrypto/#subtlecrypto-interface
type subtleCrypto struct{}

// InstallCrypto installs the Crypto and SubtleCrypto interfaces and
// window.crypto with getRandomValues, randomUUID and subtle, whose digest
// (SHA-1, SHA-256, SHA-384, SHA-512) works and whose key operations reject
// with a NotSupportedError DOMException (see KNOWN_GAPS).
func InstallCrypto(realm *bind.Realm, target *goja.Object, host Host) error {
	if err := realm.Install(target, cryptoInterface, subtleCryptoInterface, cryptoKeyInterface); err != nil {
		return err
	}
	// [SameObject] readonly attribute Crypto crypto: an accessor of the
	// global object, enumerable and configurable, the Crypto object made
	// on first read.
	// https://w3c.github.io/webcrypto/#crypto-interface
	var obj *goja.Object
	return realm.DefineReadonly(target, "crypto", func() goja.Value {
		if obj == nil {
			obj = realm.WrapObject(&cryptoImpl{host: host, subtle: &subtleCrypto{}}, realm.Class("Crypto"))
		}
		return obj
	})
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
	Attributes: []bind.Attribute{
		{Name: "subtle", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(this.(*cryptoImpl).subtle, r.Class("SubtleCrypto"))
		}},
	},
	Methods: []bind.Method{
		{Name: "getRandomValues", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			obj, _ := args[0].(*goja.Object)
			if obj == nil {
				r.ThrowTypeError("Failed to execute 'getRandomValues' on 'Crypto': parameter 1 is not of type 'ArrayBufferView'.")
			}
			src, ok := BufferSourceOf(r.Runtime, obj)
			if !ok || src.Kind == "ArrayBuffer" {
				r.ThrowTypeError("Failed to execute 'getRandomValues' on 'Crypto': parameter 1 is not of type 'ArrayBufferView'.")
			}
			switch src.Kind {
			case "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "BigInt64Array", "BigUint64Array":
			default:
				r.ThrowDOMException("TypeMismatchError", "Failed to execute 'getRandomValues' on 'Crypto': The provided ArrayBufferView is of type that is not an integer array type.")
			}
			b := src.Bytes
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
	return UUID(b)
}

// UUID formats 16 random bytes as a version 4 UUID (setting its version
// and variant bits): what crypto.randomUUID() returns.
func UUID(b [16]byte) string {
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

// digestAlgorithm normalizes the algorithm argument of digest.
func digestAlgorithm(v goja.Value) (hash.Hash, bool) {
	name := ""
	if o, ok := v.(*goja.Object); ok {
		name = o.Get("name").String()
	} else {
		name = v.String()
	}
	switch ascii.Upper(name) {
	case "SHA-1":
		return sha1.New(), true
	case "SHA-256":
		return sha256.New(), true
	case "SHA-384":
		return sha512.New384(), true
	case "SHA-512":
		return sha512.New(), true
	}
	return nil, false
}

func subtleRejection(r *bind.Realm, name, message string) goja.Value {
	p, _, reject := r.Runtime.NewPromise()
	_ = reject(r.NewDOMException(name, message))
	return r.Runtime.ToValue(p)
}

// subtleUnsupported declares a SubtleCrypto operation that rejects with a
// NotSupportedError; length is its count of required arguments.
func subtleUnsupported(name string, length int) bind.Method {
	return bind.Method{Name: name, Length: length, Promise: true, Fn: func(r *bind.Realm, _ any, _ []goja.Value) goja.Value {
		return subtleRejection(r, "NotSupportedError", "SubtleCrypto."+name+" is not supported")
	}}
}

// subtleCryptoInterface declares SubtleCrypto. Its operations return
// promises: a this that is no SubtleCrypto and too few arguments reject
// them (Method.Promise) rather than throw.
var subtleCryptoInterface = &bind.Interface{
	Name: "SubtleCrypto",
	Methods: []bind.Method{
		{Name: "digest", Length: 2, Promise: true, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			// https://w3c.github.io/webcrypto/#SubtleCrypto-method-digest
			h, ok := digestAlgorithm(args[0])
			if !ok {
				return subtleRejection(r, "NotSupportedError", "Failed to execute 'digest' on 'SubtleCrypto': Algorithm: Unrecognized name")
			}
			data, ok := bufferSourceBytes(r, args[1])
			if !ok {
				p, _, reject := r.Runtime.NewPromise()
				_ = reject(r.Runtime.NewTypeError("Failed to execute 'digest' on 'SubtleCrypto': parameter 2 is not of type '(ArrayBuffer or ArrayBufferView)'."))
				return r.Runtime.ToValue(p)
			}
			h.Write(data)
			p, resolve, _ := r.Runtime.NewPromise()
			_ = resolve(r.Runtime.NewArrayBuffer(h.Sum(nil)))
			return r.Runtime.ToValue(p)
		}},
		subtleUnsupported("encrypt", 3), subtleUnsupported("decrypt", 3), subtleUnsupported("sign", 3), subtleUnsupported("verify", 4),
		subtleUnsupported("generateKey", 3), subtleUnsupported("deriveKey", 5), subtleUnsupported("deriveBits", 2),
		subtleUnsupported("importKey", 5), subtleUnsupported("exportKey", 2), subtleUnsupported("wrapKey", 4), subtleUnsupported("unwrapKey", 7),
	},
}

// cryptoKey is a CryptoKey. No operation makes one here (the key
// operations reject), but the interface is there to test for.
// https://w3c.github.io/webcrypto/#cryptokey-interface
type cryptoKey struct {
	kind        string // "secret", "private" or "public"
	extractable bool
	algorithm   goja.Value
	usages      goja.Value
}

var cryptoKeyInterface = &bind.Interface{
	Name: "CryptoKey",
	Attributes: []bind.Attribute{
		{Name: "type", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*cryptoKey).kind) }},
		{Name: "extractable", Get: func(r *bind.Realm, this any) goja.Value { return r.Runtime.ToValue(this.(*cryptoKey).extractable) }},
		{Name: "algorithm", Get: func(r *bind.Realm, this any) goja.Value { return this.(*cryptoKey).algorithm }},
		{Name: "usages", Get: func(r *bind.Realm, this any) goja.Value { return this.(*cryptoKey).usages }},
	},
}
