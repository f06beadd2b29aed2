package webapi

import (
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// DefaultUserAgent is navigator.userAgent when none is configured: a
// desktop Chrome, so that pages serve what they serve browsers, marked with
// "bangsnap" for origin logs (the same string as jsruntime.DefaultUserAgent).
const DefaultUserAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 bangsnap"

// Navigator configures window.navigator. Zero fields take the defaults
// shown on each.
type Navigator struct {
	UserAgent           string   // DefaultUserAgent
	Languages           []string // ["en-US", "en"]; navigator.language is the first
	Platform            string   // "Linux x86_64"
	HardwareConcurrency int      // 4
	// Offline makes navigator.onLine false; CookiesDisabled makes
	// navigator.cookieEnabled false.
	Offline, CookiesDisabled bool
	// ConnectAllowed, when not nil, is asked about each sendBeacon URL
	// (Config.ConnectAllowed sets it): a refused beacon is reported by it
	// and sendBeacon still returns true, as in Chromium.
	ConnectAllowed func(url string) bool
}

func (n Navigator) withDefaults() Navigator {
	if n.UserAgent == "" {
		n.UserAgent = DefaultUserAgent
	}
	if len(n.Languages) == 0 {
		n.Languages = []string{"en-US", "en"}
	}
	if n.Platform == "" {
		n.Platform = "Linux x86_64"
	}
	if n.HardwareConcurrency <= 0 {
		n.HardwareConcurrency = 4
	}
	return n
}

type navigatorImpl struct {
	cfg       Navigator
	languages *goja.Object // the same frozen array every time
	plugins   *pluginArray // made on first use
	mimeTypes *mimeTypeArray
	clipboard *clipboardImpl // made on first use
	// The objects of locks, permissions, storage, connection and
	// geolocation, made on first use (navigatorapis.go, locks.go).
	locks       *lockManager
	permissions *permissionsImpl
	storage     *storageManager
	connection  *networkInformation
	geolocation *geolocation
	// activation is the userActivation object's state.
	activation userActivation
	// base is the document's URL, for sendBeacon's check (nil without
	// cfg.ConnectAllowed).
	base func() string
}

// pdf makes the plugin lists on first use.
func (n *navigatorImpl) pdf() {
	if n.plugins == nil {
		n.plugins, n.mimeTypes = pdfPlugins()
	}
}

// InstallNavigator installs Navigator and window.navigator.
// https://html.spec.whatwg.org/multipage/system-state.html#the-navigator-object
func InstallNavigator(realm *bind.Realm, target *goja.Object, cfg Navigator) error {
	eventTarget := realm.Class("EventTarget") != nil
	ifaces := append(pluginInterfaces(), navigatorInterface, userActivationInterface, clipboardInterface(eventTarget),
		lockManagerInterface, lockInterface, storageManagerInterface, uaDataInterface, networkInformationInterface(eventTarget))
	ifaces = append(ifaces, permissionsInterfaces(eventTarget)...)
	ifaces = append(ifaces, geolocationInterfaces()...)
	if err := realm.Install(target, ifaces...); err != nil {
		return err
	}
	cfg = cfg.withDefaults()
	rt := realm.Runtime
	langs := make([]any, len(cfg.Languages))
	for i, l := range cfg.Languages {
		langs[i] = l
	}
	arr := rt.NewArray(langs...)
	if freeze, ok := goja.AssertFunction(rt.Get("Object").ToObject(rt).Get("freeze")); ok {
		if _, err := freeze(goja.Undefined(), arr); err != nil {
			return err
		}
	}
	n := &navigatorImpl{cfg: cfg, languages: arr}
	if cfg.ConnectAllowed != nil {
		n.base = func() string {
			if loc, ok := target.Get("location").(*goja.Object); ok {
				return loc.Get("href").String()
			}
			return ""
		}
	}
	obj := realm.WrapObject(n, realm.Class("Navigator"))
	// navigator is a readonly attribute of Window, clientInformation its
	// [Replaceable] alias: accessors, as in Chromium.
	// https://html.spec.whatwg.org/multipage/system-state.html#dom-navigator
	get := func(goja.FunctionCall) goja.Value { return obj }
	if err := target.DefineAccessorProperty("navigator", realm.NewGlobalFunction("get navigator", 0, get), nil, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
		return err
	}
	set := realm.NewGlobalFunction("set clientInformation", 1, func(call goja.FunctionCall) goja.Value {
		this, ok := call.This.(*goja.Object)
		if !ok {
			this = target
		}
		this.DefineDataProperty("clientInformation", call.Argument(0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		return goja.Undefined()
	})
	return target.DefineAccessorProperty("clientInformation", realm.NewGlobalFunction("get clientInformation", 0, get), set, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

func navOf(this any) Navigator { return this.(*navigatorImpl).cfg }

func navString(name string, f func(Navigator) string) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value { return r.String(f(navOf(this))) }}
}

func navConst(name string, v string) bind.Attribute {
	return navString(name, func(Navigator) string { return v })
}

// navigatorID returns the NavigatorID attributes Navigator and
// WorkerNavigator share, in Chromium's order.
func navigatorID() []bind.Attribute {
	return []bind.Attribute{
		navString("userAgent", func(n Navigator) string { return n.UserAgent }),
		navString("appVersion", func(n Navigator) string { return strings.TrimPrefix(n.UserAgent, "Mozilla/") }),
		navConst("appName", "Netscape"),
		navConst("appCodeName", "Mozilla"),
		navConst("product", "Gecko"),
	}
}

// userActivation is navigator.userActivation. A render has no user, so a
// page is never activated, except by the input a Go test gives a Page
// (ActivateUser).
// https://html.spec.whatwg.org/multipage/interaction.html#the-useractivation-interface
type userActivation struct {
	// last is the time of the last activation on clock (ever false: none).
	ever  bool
	last  time.Duration
	clock func() time.Duration
}

// TransientActivation is how long an activation stays active (Chromium's
// transient activation duration).
// https://html.spec.whatwg.org/multipage/interaction.html#transient-activation-duration
const TransientActivation = 5 * time.Second

// ActivateUser records a user activation at now on clock for the window
// whose navigator is nav (a trusted keydown, mousedown...).
// https://html.spec.whatwg.org/multipage/interaction.html#activation-notification
func ActivateUser(realm *bind.Realm, nav goja.Value, clock func() time.Duration) {
	if impl, _, ok := realm.Unwrap(nav); ok {
		if n, ok := impl.(*navigatorImpl); ok {
			n.activation = userActivation{ever: true, last: clock(), clock: clock}
		}
	}
}

var userActivationInterface = &bind.Interface{
	Name: "UserActivation",
	Attributes: []bind.Attribute{
		{Name: "hasBeenActive", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*userActivation).ever) }},
		{Name: "isActive", Get: func(r *bind.Realm, this any) goja.Value {
			a := this.(*userActivation)
			return r.Bool(a.ever && a.clock() < a.last+TransientActivation)
		}},
	},
}

// sameObject is a [SameObject] attribute of Navigator: the object impl
// makes (once) wrapped as the named interface.
func sameObject(name, iface string, impl func(n *navigatorImpl) any) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
		return r.WrapObject(impl(this.(*navigatorImpl)), r.Class(iface))
	}}
}

// navigatorInterface declares Navigator. There is no serviceWorker:
// pages feature-test it and go on.
var navigatorInterface = &bind.Interface{
	Name: "Navigator",
	Attributes: slices.Concat(navigatorID(), []bind.Attribute{
		navConst("productSub", "20030107"),
		navConst("vendor", "Google Inc."),
		navConst("vendorSub", ""),
		navString("platform", func(n Navigator) string { return n.Platform }),
		navString("language", func(n Navigator) string { return n.Languages[0] }),
		bind.Attribute{Name: "languages", Get: func(r *bind.Realm, this any) goja.Value { return this.(*navigatorImpl).languages }},
		bind.Attribute{Name: "clipboard", Get: func(r *bind.Realm, this any) goja.Value {
			n := this.(*navigatorImpl)
			if n.clipboard == nil {
				n.clipboard = &clipboardImpl{}
			}
			return r.WrapObject(n.clipboard, r.Class("Clipboard"))
		}},
		bind.Attribute{Name: "userActivation", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(&this.(*navigatorImpl).activation, r.Class("UserActivation"))
		}},
	}, navigatorAPIs(), []bind.Attribute{
		sameObject("geolocation", "Geolocation", func(n *navigatorImpl) any {
			if n.geolocation == nil {
				n.geolocation = &geolocation{}
			}
			return n.geolocation
		}),
		bind.Attribute{Name: "onLine", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(!navOf(this).Offline) }},
		bind.Attribute{Name: "cookieEnabled", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(!navOf(this).CookiesDisabled) }},
		bind.Attribute{Name: "hardwareConcurrency", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(navOf(this).HardwareConcurrency) }},
		bind.Attribute{Name: "deviceMemory", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(8) }},
		bind.Attribute{Name: "maxTouchPoints", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
		bind.Attribute{Name: "webdriver", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(false) }},
		bind.Attribute{Name: "pdfViewerEnabled", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(true) }},
		bind.Attribute{Name: "plugins", Get: func(r *bind.Realm, this any) goja.Value {
			n := this.(*navigatorImpl)
			n.pdf()
			return r.WrapObject(n.plugins, r.Class("PluginArray"))
		}},
		bind.Attribute{Name: "mimeTypes", Get: func(r *bind.Realm, this any) goja.Value {
			n := this.(*navigatorImpl)
			n.pdf()
			return r.WrapObject(n.mimeTypes, r.Class("MimeTypeArray"))
		}},
		bind.Attribute{Name: "doNotTrack", Get: func(r *bind.Realm, this any) goja.Value { return goja.Null() }},
	}),
	Methods: []bind.Method{
		// sendBeacon queues nothing: analytics beacons are not part of a
		// snapshot. It reports success as a browser does, one the
		// document's connect-src refuses too (after its violation).
		{Name: "sendBeacon", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			if n, ok := this.(*navigatorImpl); ok && n.base != nil && len(args) > 0 {
				if u, err := ParseURLString(bind.USVString(args[0]), n.base()); err == nil {
					n.cfg.ConnectAllowed(u.String())
				}
			}
			return r.Bool(true)
		}},
		{Name: "javaEnabled", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return r.Bool(false) }},
		{Name: "vibrate", Length: 1, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return r.Bool(false) }},
		{Name: "registerProtocolHandler", Length: 2, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return nil }},
		{Name: "unregisterProtocolHandler", Length: 2, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return nil }},
	},
}

// navigatorAPIs are the attributes Navigator and WorkerNavigator share
// whose objects are the navigator's own: locks, permissions, storage,
// userAgentData and connection.
func navigatorAPIs() []bind.Attribute {
	return []bind.Attribute{
		sameObject("locks", "LockManager", func(n *navigatorImpl) any {
			if n.locks == nil {
				n.locks = &lockManager{}
			}
			return n.locks
		}),
		sameObject("permissions", "Permissions", func(n *navigatorImpl) any {
			if n.permissions == nil {
				n.permissions = &permissionsImpl{}
			}
			return n.permissions
		}),
		sameObject("storage", "StorageManager", func(n *navigatorImpl) any {
			if n.storage == nil {
				n.storage = &storageManager{}
			}
			return n.storage
		}),
		// A new NavigatorUAData at each read, as in Chromium 156.
		bind.Attribute{Name: "userAgentData", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(newUAData(this.(*navigatorImpl).cfg), r.Class("NavigatorUAData"))
		}},
		sameObject("connection", "NetworkInformation", func(n *navigatorImpl) any {
			if n.connection == nil {
				n.connection = &networkInformation{}
			}
			return n.connection
		}),
	}
}

// NavigatorConfig returns the configuration behind nav when it is a
// navigator InstallNavigator made in realm (what a page's workers show in
// their WorkerNavigator).
func NavigatorConfig(realm *bind.Realm, nav goja.Value) (Navigator, bool) {
	if impl, _, ok := realm.Unwrap(nav); ok {
		if n, ok := impl.(*navigatorImpl); ok {
			return n.cfg, true
		}
	}
	return Navigator{}.withDefaults(), false
}

// InstallWorkerNavigator installs WorkerNavigator and a worker global's
// navigator: the page's values (cfg), without what only a window's
// Navigator has (plugins, cookieEnabled, vendor, sendBeacon...).
// https://html.spec.whatwg.org/multipage/workers.html#the-workernavigator-object
func InstallWorkerNavigator(realm *bind.Realm, target *goja.Object, cfg Navigator) error {
	if err := realm.Install(target, workerNavigatorInterfaces()...); err != nil {
		return err
	}
	obj := realm.WrapObject(&navigatorImpl{cfg: cfg.withDefaults()}, realm.Class("WorkerNavigator"))
	get := realm.NewFunction("get navigator", 0, func(goja.FunctionCall) goja.Value { return obj })
	return target.DefineAccessorProperty("navigator", get, nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// workerNavigatorInterfaces are WorkerNavigator and the interfaces of
// its objects, declared once for every worker. The worker realm has no
// EventTarget class: the worker's global gives PermissionStatus and
// NetworkInformation its script-made one.
var workerNavigatorInterfaces = sync.OnceValue(func() []*bind.Interface {
	// persist() is the window's only.
	// https://storage.spec.whatwg.org/#storagemanager
	storage := *storageManagerInterface
	storage.Methods = slices.DeleteFunc(slices.Clone(storage.Methods), func(m bind.Method) bool { return m.Name == "persist" })
	return append([]*bind.Interface{workerNavigatorInterface, lockManagerInterface, lockInterface, &storage,
		uaDataInterface, networkInformationInterface(false)}, permissionsInterfaces(false)...)
})

// workerNavigatorInterface declares WorkerNavigator.
var workerNavigatorInterface = &bind.Interface{
	Name: "WorkerNavigator",
	Attributes: append(append(navigatorID(),
		navString("platform", func(n Navigator) string { return n.Platform }),
		navString("language", func(n Navigator) string { return n.Languages[0] }),
		// A new frozen array at each read, as in Chromium's workers.
		bind.Attribute{Name: "languages", Get: func(r *bind.Realm, this any) goja.Value {
			langs := navOf(this).Languages
			list := make([]any, len(langs))
			for i, l := range langs {
				list[i] = l
			}
			arr := r.Runtime.NewArray(list...)
			if freeze, ok := goja.AssertFunction(r.Runtime.Get("Object").ToObject(r.Runtime).Get("freeze")); ok {
				if _, err := freeze(goja.Undefined(), arr); err != nil {
					panic(err)
				}
			}
			return arr
		}},
		// No userActivation: Chromium's WorkerNavigator has none (and the
		// worker realm has no UserActivation class to wrap one in).
		bind.Attribute{Name: "onLine", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(!navOf(this).Offline) }},
		bind.Attribute{Name: "hardwareConcurrency", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(navOf(this).HardwareConcurrency) }},
		bind.Attribute{Name: "deviceMemory", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(8) }},
	), navigatorAPIs()...),
}
