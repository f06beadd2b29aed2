package webapi

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// The navigator APIs pages feature-test and call on load, as headless
// Chromium 156 answers them with no user to grant anything: permissions
// (Permissions, PermissionStatus), storage (StorageManager),
// userAgentData (NavigatorUAData, from the configured user agent),
// connection (NetworkInformation), geolocation (Geolocation, always
// denied) and locks (LockManager, Lock: locks.go).

// later runs fn in a microtask of the realm (a promise reaction), the way
// a browser answers a request made of it after the caller has returned.
func later(r *bind.Realm, fn func()) {
	p, resolve, _ := r.Runtime.NewPromise()
	_ = resolve(goja.Undefined())
	then, ok := goja.AssertFunction(r.Runtime.ToValue(p).(*goja.Object).Get("then"))
	if !ok {
		return
	}
	_, _ = then(r.Runtime.ToValue(p), r.Runtime.ToValue(func(goja.FunctionCall) goja.Value {
		fn()
		return goja.Undefined()
	}))
}

// truthy is ToBoolean of a property read (nil when absent).
func truthy(v goja.Value) bool { return v != nil && v.ToBoolean() }

func resolved(r *bind.Realm, v goja.Value) goja.Value {
	p, resolve, _ := r.Runtime.NewPromise()
	_ = resolve(v)
	return r.Runtime.ToValue(p)
}

func rejected(r *bind.Realm, v goja.Value) goja.Value {
	p, _, reject := r.Runtime.NewPromise()
	_ = reject(v)
	return r.Runtime.ToValue(p)
}

// eventHandler is an on* attribute whose events never fire: the handler
// is kept and read back.
func eventHandler(name string, slot func(this any) *goja.Value) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
		if v := *slot(this); v != nil {
			return v
		}
		return goja.Null()
	}, Set: func(r *bind.Realm, this any, v goja.Value) {
		if _, ok := v.(*goja.Object); !ok {
			v = nil
		}
		*slot(this) = v
	}}
}

// permissionStates is what headless Chromium 156 answers
// navigator.permissions.query with, by descriptor name: the name its
// PermissionStatus reports (Chromium's internal one) and the state.
var permissionStates = map[string][2]string{
	"geolocation":              {"geolocation", "prompt"},
	"notifications":            {"notifications", "prompt"},
	"push":                     {"notifications", "prompt"},
	"midi":                     {"midi", "prompt"},
	"camera":                   {"video_capture", "prompt"},
	"microphone":               {"audio_capture", "prompt"},
	"background-fetch":         {"background_fetch", "granted"},
	"background-sync":          {"background_sync", "granted"},
	"persistent-storage":       {"durable_storage", "prompt"},
	"accelerometer":            {"sensors", "granted"},
	"gyroscope":                {"sensors", "granted"},
	"magnetometer":             {"sensors", "granted"},
	"screen-wake-lock":         {"screen_wake_lock", "granted"},
	"display-capture":          {"display_capture", "prompt"},
	"clipboard-read":           {"clipboard_read", "prompt"},
	"clipboard-write":          {"clipboard_write", "granted"},
	"payment-handler":          {"payment_handler", "granted"},
	"idle-detection":           {"idle_detection", "prompt"},
	"periodic-background-sync": {"periodic_background_sync", "denied"},
	"storage-access":           {"storage-access", "granted"},
	"window-management":        {"window-management", "prompt"},
	"local-fonts":              {"local_fonts", "prompt"},
	"keyboard-lock":            {"keyboard-lock", "granted"},
	"pointer-lock":             {"pointer-lock", "granted"},
	"captured-surface-control": {"captured-surface-control", "prompt"},
	"local-network-access":     {"local-network-access", "prompt"},
}

// permissionRefusals are the names of PermissionName Chromium 156 knows
// but refuses to query here, with its message.
var permissionRefusals = map[string]string{
	"ambient-light-sensor":     "GenericSensorExtraClasses flag is not enabled.",
	"nfc":                      "Web NFC is not enabled.",
	"system-wake-lock":         "System Wake Lock is not enabled.",
	"top-level-storage-access": "The requested origin is invalid.",
	"speaker-selection":        "The Speaker Selection API is not enabled.",
	"web-app-installation":     "The Web App Install API is not enabled.",
}

type permissionsImpl struct{}

type permissionStatus struct {
	name, state string
	onchange    goja.Value
}

func permissionsInterfaces(eventTarget bool) []*bind.Interface {
	status := &bind.Interface{
		Name: "PermissionStatus",
		Attributes: []bind.Attribute{
			{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*permissionStatus).name) }},
			{Name: "state", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*permissionStatus).state) }},
			eventHandler("onchange", func(this any) *goja.Value { return &this.(*permissionStatus).onchange }),
		},
	}
	if eventTarget {
		status.Parent = "EventTarget"
	}
	perms := &bind.Interface{
		Name: "Permissions",
		Methods: []bind.Method{{Name: "query", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'query' on 'Permissions': "
			desc, ok := args[0].(*goja.Object)
			if !ok {
				r.ThrowTypeError(what + "The provided value is not of type 'PermissionDescriptor'.")
			}
			nv := desc.Get("name")
			if bind.Absent(nv) {
				r.ThrowTypeError(what + "Failed to read the 'name' property from 'PermissionDescriptor': Required member is undefined.")
			}
			name := nv.String()
			st, known := permissionStates[name]
			if msg, refused := permissionRefusals[name]; refused {
				r.ThrowTypeError(what + msg)
			}
			switch name {
			case "fullscreen":
				if !truthy(desc.Get("allowWithoutGesture")) {
					r.ThrowTypeError(what + "Fullscreen Permission only supports allowWithoutGesture:true.")
				}
				st, known = [2]string{"fullscreen", "granted"}, true
			case "push":
				if !truthy(desc.Get("userVisibleOnly")) {
					r.ThrowDOMException("NotSupportedError", what+"Push Permission without userVisibleOnly:true isn't supported yet.")
				}
			case "midi":
				if truthy(desc.Get("sysex")) {
					st = [2]string{"midi_sysex", "prompt"}
				}
			}
			if !known {
				r.ThrowTypeError(what + "Failed to read the 'name' property from 'PermissionDescriptor': The provided value '" + name + "' is not a valid enum value of type PermissionName.")
			}
			return resolved(r, r.WrapObject(&permissionStatus{name: st[0], state: st[1]}, r.Class("PermissionStatus")))
		}}},
	}
	return []*bind.Interface{perms, status}
}

// storageQuota is the quota headless Chromium 156 estimates for an origin
// of a fresh profile (10 GiB).
const storageQuota = 10737418240

type storageManager struct{}

var storageManagerInterface = &bind.Interface{
	Name: "StorageManager",
	Methods: []bind.Method{
		{Name: "estimate", Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			o := r.Runtime.NewObject()
			_ = o.Set("quota", storageQuota)
			_ = o.Set("usage", 0)
			_ = o.Set("usageDetails", r.Runtime.NewObject())
			return resolved(r, o)
		}},
		{Name: "persisted", Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return resolved(r, r.Bool(false))
		}},
		{Name: "persist", Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return resolved(r, r.Bool(false))
		}},
		// There is no origin private file system: the directory is
		// refused as Chromium refuses it where storage is blocked.
		{Name: "getDirectory", Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return rejected(r, r.NewDOMException("SecurityError", "Failed to execute 'getDirectory' on 'StorageManager': Storage directory access is denied."))
		}},
	},
}

// uaData is navigator.userAgentData, derived from the user agent string
// and platform the navigator is configured with: the brands Chrome of
// that major version sends (its GREASE brand included), "Linux" for
// "Linux x86_64"...
type uaData struct {
	major, full string // "126", "126.0.0.0"; empty when the agent names no Chrome
	platform    string
	mobile      bool
}

func newUAData(cfg Navigator) *uaData {
	d := &uaData{mobile: strings.Contains(cfg.UserAgent, "Mobile")}
	if i := strings.Index(cfg.UserAgent, "Chrome/"); i >= 0 {
		full := cfg.UserAgent[i+len("Chrome/"):]
		if j := strings.IndexAny(full, " ;)"); j >= 0 {
			full = full[:j]
		}
		d.full = full
		d.major, _, _ = strings.Cut(full, ".")
	}
	switch p := cfg.Platform; {
	case strings.HasPrefix(p, "Win"):
		d.platform = "Windows"
	case strings.HasPrefix(p, "Mac"):
		d.platform = "macOS"
	case strings.Contains(cfg.UserAgent, "Android"):
		d.platform = "Android"
	case strings.HasPrefix(p, "iPhone"), strings.HasPrefix(p, "iPad"):
		d.platform = "iOS"
	case strings.Contains(cfg.UserAgent, "CrOS"):
		d.platform = "Chrome OS"
	case strings.HasPrefix(p, "Linux"):
		d.platform = "Linux"
	default:
		d.platform = ""
	}
	return d
}

// brandList is Chromium's brand list for the major version: the GREASE
// brand, Chromium and Google Chrome, in an order that depends on the
// version, each with the major version (or the full one).
// https://wicg.github.io/ua-client-hints/#grease
func (d *uaData) brandList(r *bind.Realm, full bool) goja.Value {
	seed, err := strconv.Atoi(d.major)
	if d.major == "" || err != nil || seed < 0 {
		return freezeArray(r)
	}
	chars := []string{" ", "(", ":", "-", ".", "/", ")", ";", "=", "?", "_"}
	versions := []string{"8", "99", "24"}
	orders := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	grease := "Not" + chars[seed%len(chars)] + "A" + chars[(seed+1)%len(chars)] + "Brand"
	gv, v := versions[seed%len(versions)], d.major
	if full {
		gv, v = gv+".0.0.0", d.full
	}
	brands := [3][2]string{}
	order := orders[seed%len(orders)]
	brands[order[0]] = [2]string{grease, gv}
	brands[order[1]] = [2]string{"Chromium", v}
	brands[order[2]] = [2]string{"Google Chrome", v}
	items := make([]any, 3)
	for i, b := range brands {
		o := r.Runtime.NewObject()
		_ = o.Set("brand", b[0])
		_ = o.Set("version", b[1])
		items[i] = o
	}
	return freezeArray(r, items...)
}

func freezeArray(r *bind.Realm, items ...any) goja.Value {
	arr := r.Runtime.NewArray(items...)
	if freeze, ok := goja.AssertFunction(r.Runtime.Get("Object").ToObject(r.Runtime).Get("freeze")); ok {
		_, _ = freeze(goja.Undefined(), arr)
	}
	return arr
}

// lowEntropy sets the values every page sees on o.
func (d *uaData) lowEntropy(r *bind.Realm, o *goja.Object) {
	_ = o.Set("brands", d.brandList(r, false))
	_ = o.Set("mobile", d.mobile)
	_ = o.Set("platform", d.platform)
}

var uaDataInterface = &bind.Interface{
	Name: "NavigatorUAData",
	Attributes: []bind.Attribute{
		{Name: "brands", Get: func(r *bind.Realm, this any) goja.Value { return this.(*uaData).brandList(r, false) }},
		{Name: "mobile", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*uaData).mobile) }},
		{Name: "platform", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*uaData).platform) }},
	},
	Methods: []bind.Method{
		{Name: "getHighEntropyValues", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			d := this.(*uaData)
			hints := map[string]bool{}
			if o, ok := args[0].(*goja.Object); ok {
				if arr, ok := o.Export().([]any); ok {
					for _, h := range arr {
						if s, ok := h.(string); ok {
							hints[s] = true
						}
					}
				}
			} else {
				r.ThrowTypeError("Failed to execute 'getHighEntropyValues' on 'NavigatorUAData': The provided value cannot be converted to a sequence.")
			}
			// Chromium lists the values in alphabetical order.
			o := r.Runtime.NewObject()
			if hints["architecture"] {
				_ = o.Set("architecture", "x86")
			}
			if hints["bitness"] {
				_ = o.Set("bitness", "64")
			}
			_ = o.Set("brands", d.brandList(r, false))
			if hints["formFactors"] {
				ff := "Desktop"
				if d.mobile {
					ff = "Mobile"
				}
				_ = o.Set("formFactors", r.Runtime.NewArray(ff))
			}
			if hints["fullVersionList"] {
				_ = o.Set("fullVersionList", d.brandList(r, true))
			}
			_ = o.Set("mobile", d.mobile)
			if hints["model"] {
				_ = o.Set("model", "")
			}
			_ = o.Set("platform", d.platform)
			if hints["platformVersion"] {
				pv := ""
				switch d.platform {
				case "Windows":
					pv = "15.0.0"
				case "macOS":
					pv = "14.0.0"
				}
				_ = o.Set("platformVersion", pv)
			}
			if hints["uaFullVersion"] {
				_ = o.Set("uaFullVersion", d.full)
			}
			if hints["wow64"] {
				_ = o.Set("wow64", false)
			}
			return resolved(r, o)
		}},
		{Name: "toJSON", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			o := r.Runtime.NewObject()
			this.(*uaData).lowEntropy(r, o)
			return o
		}},
	},
}

// networkInformation is navigator.connection: a fast, steady network
// (Chromium estimates these from the traffic it sees; 4g is what a
// desktop on a good connection reports). Its change event never fires.
type networkInformation struct{ onchange goja.Value }

func networkInformationInterface(eventTarget bool) *bind.Interface {
	iface := &bind.Interface{
		Name: "NetworkInformation",
		Attributes: []bind.Attribute{
			eventHandler("onchange", func(this any) *goja.Value { return &this.(*networkInformation).onchange }),
			{Name: "effectiveType", Get: func(r *bind.Realm, this any) goja.Value { return r.String("4g") }},
			{Name: "rtt", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(100) }},
			{Name: "downlink", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(10) }},
			{Name: "saveData", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(false) }},
		},
	}
	if eventTarget {
		iface.Parent = "EventTarget"
	}
	return iface
}

// geolocation is navigator.geolocation. Nobody grants the permission in
// a render, so every request ends in the error callback with
// PERMISSION_DENIED, as in headless Chromium.
type geolocation struct{ watches int }

type geolocationPositionError struct {
	code    int
	message string
}

func geolocationInterfaces() []*bind.Interface {
	callbacks := func(r *bind.Realm, method string, args []goja.Value) goja.Value {
		if _, ok := goja.AssertFunction(args[0]); !ok {
			r.ThrowTypeError("Failed to execute '" + method + "' on 'Geolocation': parameter 1 is not of type 'Function'.")
		}
		errCb := bind.Arg(args, 1)
		if !bind.Nullish(errCb) {
			if _, ok := goja.AssertFunction(errCb); !ok {
				r.ThrowTypeError("Failed to execute '" + method + "' on 'Geolocation': parameter 2 is not of type 'Function'.")
			}
			return errCb
		}
		return nil
	}
	deny := func(r *bind.Realm, errCb goja.Value) {
		if errCb == nil {
			return
		}
		fn, _ := goja.AssertFunction(errCb)
		later(r, func() {
			e := r.WrapObject(&geolocationPositionError{code: 1, message: "User denied Geolocation"}, r.Class("GeolocationPositionError"))
			if _, err := fn(goja.Undefined(), e); err != nil {
				panic(err)
			}
		})
	}
	coord := func(name string) bind.Attribute {
		return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value { return goja.Null() }}
	}
	toJSON := bind.Method{Name: "toJSON", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return r.Runtime.NewObject() }}
	return []*bind.Interface{
		{
			Name: "Geolocation",
			Methods: []bind.Method{
				{Name: "clearWatch", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return nil }},
				{Name: "getCurrentPosition", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
					deny(r, callbacks(r, "getCurrentPosition", args))
					return nil
				}},
				{Name: "watchPosition", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
					errCb := callbacks(r, "watchPosition", args)
					g := this.(*geolocation)
					g.watches++
					deny(r, errCb)
					return r.Int(g.watches)
				}},
			},
		},
		// Positions are never made; the interfaces exist for feature tests
		// and instanceof.
		{
			Name: "GeolocationPosition",
			Attributes: []bind.Attribute{
				{Name: "coords", Get: func(r *bind.Realm, this any) goja.Value { return goja.Null() }},
				{Name: "timestamp", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
			},
			Methods: []bind.Method{toJSON},
		},
		{
			Name: "GeolocationCoordinates",
			Attributes: []bind.Attribute{
				coord("latitude"), coord("longitude"), coord("altitude"), coord("accuracy"),
				coord("altitudeAccuracy"), coord("heading"), coord("speed"),
			},
			Methods: []bind.Method{toJSON},
		},
		{
			Name:      "GeolocationPositionError",
			Constants: []bind.Constant{{Name: "PERMISSION_DENIED", Value: 1}, {Name: "POSITION_UNAVAILABLE", Value: 2}, {Name: "TIMEOUT", Value: 3}},
			Attributes: []bind.Attribute{
				{Name: "code", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*geolocationPositionError).code) }},
				{Name: "message", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*geolocationPositionError).message) }},
			},
		},
	}
}
