package webapi

import (
	"fmt"
	"log/slog"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// Config configures Install.
type Config struct {
	// Host is the page's loop (required).
	Host Host
	// Console receives console messages; nil logs them to Logger at debug
	// level.
	Console ConsoleFunc
	// Logger is used when Console is nil; nil means slog.Default().
	Logger *slog.Logger
	// Navigator and Viewport configure navigator, screen, window sizes and
	// matchMedia. A zero Viewport takes the window's own innerWidth,
	// innerHeight and devicePixelRatio when target has them, so that
	// screen and matchMedia agree with the window.
	Navigator Navigator
	Viewport  Viewport
	// LocalStorage and SessionStorage back the two Storage objects; nil
	// gives an empty area for this page only. Use
	// StorageStore.Area(origin) to share localStorage across renders.
	LocalStorage, SessionStorage *StorageArea
	// OnStorageChange, when not nil, is told of each change scripts make
	// to them (jsruntime's Window.StorageChanged fires the storage events
	// of the page's other windows).
	OnStorageChange func(StorageChange)
	// Intersect computes where an IntersectionObserver's target lies and
	// what clips it (jsruntime's Window.FlowIntersect); nil reports every
	// rendered target as in view.
	Intersect Intersect
	// WatchLayout, when not nil, is called once with the function to call
	// whenever the page's layout may have changed (jsruntime's
	// Window.WatchLayout): intersection observers then check their targets
	// again. Without it each target is reported only when observed.
	WatchLayout func(changed func())
	// Sockets, when not nil, opens the page's WebSocket connections;
	// without it each one fails at once, as to an unreachable server.
	Sockets Sockets
	// EventStreams, when not nil, reads the page's EventSource streams;
	// without it each one fails at once.
	EventStreams EventStreams
	// ConnectAllowed, when not nil, is asked about each EventSource's and
	// WebSocket's URL before it connects, and each sendBeacon's (the
	// document's connect-src, which reports what it refuses): a refused
	// EventSource fails at once, without a request; a refused WebSocket is
	// CLOSED at once and fires error (no close event), as in Chromium.
	ConnectAllowed func(url string) bool
}

// Install installs every Web API of this package on target, the page's
// global object: polyfills, URL and URLSearchParams, TextEncoder and
// TextDecoder, URLPattern, atob and btoa, structuredClone, crypto, performance,
// console, localStorage and sessionStorage, navigator, screen and viewport,
// matchMedia, IntersectionObserver and ResizeObserver, constructable
// CSSStyleSheet and its rule list, and (on a window
// with events) WebSocket and EventSource connections (failing at once
// without Config.Sockets and Config.EventStreams), MessageChannel and BroadcastChannel.
//
// Package jsruntime's Config.Extensions is the place to call it:
//
//	Extensions: []func(w *jsruntime.Window) error{func(w *jsruntime.Window) error {
//		return webapi.Install(w.Realm(), w.Global(), webapi.Config{Host: w.Loop(), ...})
//	}}
func Install(realm *bind.Realm, target *goja.Object, cfg Config) error {
	if cfg.Host == nil {
		return fmt.Errorf("webapi: Install needs a Host")
	}
	console := cfg.Console
	if console == nil {
		log := cfg.Logger
		if log == nil {
			log = slog.Default()
		}
		console = func(level, msg string) { log.Debug("console", "level", level, "msg", msg) }
	}
	if cfg.Viewport == (Viewport{}) {
		cfg.Viewport = viewportOf(target)
	}
	steps := []struct {
		what string
		fn   func() error
	}{
		{"polyfills", func() error {
			return installPolyfills(realm.Runtime, realm.MarkNative, realm.DefineLazy)
		}},
		{"RegExp constructor", func() error { return InstallRegExpConstructor(realm) }},
		{"matchAll", func() error { return InstallRegExpMatchAll(realm.Runtime) }},
		{"RegExp statics", func() error { return InstallRegExpLegacy(realm) }},
		{"RegExp source", func() error { return InstallRegExpSource(realm) }},
		{"URL", func() error { return InstallURL(realm, target) }},
		{"Origin", func() error { return InstallOrigin(realm, target) }},
		{"DOMError", func() error { return realm.Install(target, domErrorInterface) }},
		{"typed array names", func() error { markGuardedConstructors(realm, target); return nil }},
		{"URLPattern", func() error { return InstallURLPattern(realm, target) }},
		{"encoding", func() error { return InstallEncoding(realm, target) }},
		{"streams", func() error { return InstallStreams(realm, target) }},
		{"structuredClone", func() error { return InstallStructuredClone(realm, target) }},
		{"crypto", func() error { return InstallCrypto(realm, target, cfg.Host) }},
		{"performance", func() error { return InstallPerformance(realm, target, cfg.Host) }},
		{"console", func() error { return InstallConsole(realm, target, cfg.Host, console) }},
		{"storage", func() error {
			return InstallStorage(realm, target, cfg.LocalStorage, cfg.SessionStorage, cfg.OnStorageChange)
		}},
		{"navigator", func() error {
			nav := cfg.Navigator
			if nav.ConnectAllowed == nil {
				nav.ConnectAllowed = cfg.ConnectAllowed
			}
			return InstallNavigator(realm, target, nav)
		}},
		{"viewport", func() error { return InstallViewport(realm, target, cfg.Viewport) }},
		{"observers", func() error {
			return InstallObservers(realm, target, cfg.Host, cfg.Viewport, cfg.Intersect, cfg.WatchLayout)
		}},
		{"CSSOM", func() error { return InstallCSSOM(realm, target) }},
		{"connections", func() error {
			return installConnections(realm, target, cfg.Host, cfg.Sockets, cfg.EventStreams, cfg.ConnectAllowed)
		}},
		{"messaging", func() error { return InstallMessaging(realm, target, cfg.Host) }},
	}
	for _, s := range steps {
		if err := s.fn(); err != nil {
			return fmt.Errorf("webapi: install %s: %w", s.what, err)
		}
	}
	return nil
}

// viewportOf reads the viewport a window already reports.
func viewportOf(target *goja.Object) Viewport {
	num := func(name string) float64 {
		v := target.Get(name)
		if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
			return 0
		}
		return bind.Number(v)
	}
	return Viewport{Width: int(num("innerWidth")), Height: int(num("innerHeight")), DevicePixelRatio: num("devicePixelRatio")}
}
