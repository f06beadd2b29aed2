package webapi

import (
	"cmp"
	"slices"
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// performanceImpl is the implementation behind window.performance: times
// come from the page's virtual clock.
// https://w3c.github.io/hr-time/#sec-performance
type performanceImpl struct {
	host    Host
	origin  time.Time // the time origin: the virtual clock at Elapsed 0
	entries []*perfEntry
	// nav is the document's PerformanceNavigationTiming entry; global
	// gives it the document's URL.
	nav    *perfEntry
	global *goja.Object
	// timing is performance.timing's values (Navigation Timing level 1).
	timing *perfTiming
	// observers are the connected PerformanceObservers.
	observers []*perfObserver
	// obj is the Performance object, once made.
	obj *goja.Object
	// resources is the resource timing buffer, of at most resourceLimit
	// entries; secondary holds those that came while it was full, until
	// the resourcetimingbufferfull event (bufferFullPending) has run.
	// https://w3c.github.io/resource-timing/#performance-resource-timing-buffer
	resources, secondary []*perfEntry
	resourceLimit        int
	bufferFullPending    bool
}

// perfObserver is the implementation behind a PerformanceObserver.
// https://w3c.github.io/performance-timeline/#the-performanceobserver-interface
type perfObserver struct {
	perf      *performanceImpl
	callback  goja.Callable
	types     map[string]bool
	buffer    []*perfEntry
	scheduled bool
}

// queue hands a new entry to the observers that watch its type.
// https://w3c.github.io/performance-timeline/#queue-a-performanceentry
func (p *performanceImpl) queue(r *bind.Realm, e *perfEntry) {
	for _, o := range p.observers {
		if !o.types[e.entryType] {
			continue
		}
		o.buffer = append(o.buffer, e)
		if !o.scheduled {
			o.scheduled = true
			o := o
			p.host.QueueTask(func() { o.deliver(r) })
		}
	}
}

func (o *perfObserver) deliver(r *bind.Realm) {
	o.scheduled = false
	if len(o.buffer) == 0 {
		return
	}
	list := &perfEntryList{entries: o.buffer}
	o.buffer = nil
	self := r.Lookup(o)
	if _, err := o.callback(self, r.WrapObject(list, r.Class("PerformanceObserverEntryList")), self); err != nil {
		o.perf.host.ReportError(err)
	}
}

// perfEntryList is a PerformanceObserverEntryList.
type perfEntryList struct{ entries []*perfEntry }

func entriesValue(r *bind.Realm, list []*perfEntry, keep func(*perfEntry) bool) goja.Value {
	var out []any
	for _, e := range list {
		if keep(e) {
			out = append(out, r.WrapObject(e, entryClass(r, e)))
		}
	}
	return r.Runtime.NewArray(out...)
}

// supportedEntryTypes are the entry types this performance timeline makes.
var supportedEntryTypes = []string{"mark", "measure", "navigation", "resource", "visibility-state"}

// perfEntry is a PerformanceMark or PerformanceMeasure.
// https://w3c.github.io/user-timing/
type perfEntry struct {
	name, entryType string
	startTime       float64
	duration        float64
	detail          goja.Value
	// nav holds the milestones of the navigation entry.
	nav navTiming
	// res is a resource entry's own (nil for the others).
	res *resourceEntry
}

// navTiming holds the milestones of the document's navigation, in ms since
// the time origin.
type navTiming struct {
	fetchStart, requestStart, responseStart, responseEnd float64
}

// navigationTiming places the milestones of the navigation in the time
// between the time origin and the first scripts (the host's Elapsed when
// the page is set up, loop.Options.Navigation): the fetch starts at 5% of
// it, the request at 25%, the first byte at 50%, and the response has
// arrived whole when the scripts run. With no time before the scripts,
// the response arrives a nominal millisecond after the time origin: a
// navigation's responseStart is never 0 in a browser (web-vitals' onTTFB
// reports nothing while it is).
// https://w3c.github.io/navigation-timing/#processing-model
func navigationTiming(elapsed time.Duration) navTiming {
	e := float64(elapsed) / float64(time.Millisecond)
	if e <= 0 {
		return navTiming{responseStart: navResponseMillis, responseEnd: navResponseMillis}
	}
	return navTiming{fetchStart: e * 0.05, requestStart: e * 0.25, responseStart: e * 0.5, responseEnd: e}
}

// InstallPerformance installs Performance, PerformanceEntry,
// PerformanceMark, PerformanceMeasure and window.performance with now,
// timeOrigin, mark, measure, getEntries(ByName|ByType), clearMarks,
// clearMeasures, toJSON and the legacy performance.timing.
func InstallPerformance(realm *bind.Realm, target *goja.Object, host Host) error {
	p := &performanceImpl{host: host, origin: host.Now().Add(-host.Elapsed()), global: target, resourceLimit: defaultResourceBufferSize}
	// The page is visible from the time origin and stays so.
	// https://html.spec.whatwg.org/multipage/interaction.html#visibilitystateentry
	p.entries = []*perfEntry{{name: "visible", entryType: "visibility-state", detail: goja.Null()}}
	// PerformanceMark's constructor reads this page's clock.
	markIface := *performanceMarkInterface
	markIface.CtorLength = 1
	markIface.Constructor = func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		return p.newMark(r, args, "Failed to construct 'PerformanceMark'")
	}
	perfIface := performanceInterface
	if realm.Class("EventTarget") != nil {
		// an EventTarget, as in browsers (resourcetimingbufferfull)
		withParent := *performanceInterface
		withParent.Parent = "EventTarget"
		if eh := eventHost(realm); eh != nil {
			withParent.Attributes = append(slices.Clip(withParent.Attributes), eh.HandlerAttribute("resourcetimingbufferfull"))
		}
		perfIface = &withParent
	}
	if h, ok := realm.Host.(ResourceTimingHost); ok {
		h.SetResourceTimingSink(func(t ResourceTiming) { p.addResource(realm, t) })
	}
	if err := realm.Install(target, perfIface, performanceTimingInterface, performanceNavigationInterface,
		performanceEntryInterface, &markIface, performanceMeasureInterface,
		performanceNavigationTimingInterface, performanceResourceTimingInterface, visibilityStateEntryInterface, notRestoredReasonsInterface, notRestoredReasonDetailsInterface,
		perfEntryListInterface, perfObserverInterface(p), memoryInfoInterface); err != nil {
		return err
	}
	nt := navigationTiming(host.Elapsed())
	p.nav = &perfEntry{entryType: "navigation", detail: goja.Null(), nav: nt}
	// performance.timing (Navigation Timing level 1): epoch milliseconds,
	// the navigation's milestones, and the document's at the end of the
	// response (analytics scripts only subtract them); the events that do
	// not happen (unload, redirects, TLS) are 0.
	ms := float64(p.origin.UnixMilli())
	at := func(t float64) float64 { return ms + float64(int64(t)) }
	t := &perfTiming{}
	t.set("navigationStart", ms)
	for _, k := range []string{"fetchStart", "domainLookupStart", "domainLookupEnd", "connectStart", "connectEnd"} {
		t.set(k, at(nt.fetchStart))
	}
	t.set("requestStart", at(nt.requestStart))
	t.set("responseStart", at(nt.responseStart))
	t.set("responseEnd", at(nt.responseEnd))
	for _, k := range []string{"domLoading", "domInteractive", "domContentLoadedEventStart",
		"domContentLoadedEventEnd", "domComplete", "loadEventStart", "loadEventEnd"} {
		t.set(k, at(nt.responseEnd))
	}
	p.timing = t
	// [Replaceable] readonly attribute Performance performance, an
	// accessor of the global object; the Performance object (and so its
	// interface) is made on first read.
	// https://w3c.github.io/hr-time/#the-performance-attribute
	return realm.DefineReplaceable(target, "performance", func() goja.Value {
		if p.obj == nil {
			p.obj = realm.WrapObject(p, realm.Class("Performance"))
		}
		return p.obj
	})
}

func (p *performanceImpl) now() float64 {
	return HighResTime(p.host.Elapsed())
}

// TimeResolution is the resolution of the times scripts read from the
// page's clock (performance.now(), Event.timeStamp): HR-Time's coarsened
// resolution for a context that is not cross-origin isolated, as Chromium
// gives them (https://w3c.github.io/hr-time/#dfn-coarsen-time).
const TimeResolution = 100 * time.Microsecond

// HighResTime is the DOMHighResTimeStamp of a time since the time origin:
// milliseconds, coarsened down to a multiple of TimeResolution.
func HighResTime(d time.Duration) float64 {
	return float64(d.Truncate(TimeResolution)) / float64(time.Millisecond)
}

// timeOf resolves a mark name or a DOMHighResTimeStamp for measure().
// https://w3c.github.io/user-timing/#convert-a-mark-to-a-timestamp
func (p *performanceImpl) timeOf(r *bind.Realm, v goja.Value) float64 {
	if s, ok := jsString(v); ok {
		// A PerformanceTiming attribute's name: its time since
		// navigationStart; an event that has not happened is an
		// InvalidAccessError.
		if i, isAttr := timingIndex[s]; isAttr {
			at := p.timing[i]
			if at == 0 {
				r.ThrowDOMException("InvalidAccessError", "Failed to execute 'measure' on 'Performance': '"+s+"' is empty: either the event hasn't happened yet, or it would provide cross-origin timing information.")
			}
			return at - p.timing[0]
		}
		for i := len(p.entries) - 1; i >= 0; i-- {
			if e := p.entries[i]; e.entryType == "mark" && e.name == s {
				return e.startTime
			}
		}
		r.ThrowDOMException("SyntaxError", "Failed to execute 'measure' on 'Performance': The mark '"+s+"' does not exist.")
	}
	t := bind.Number(v)
	if t < 0 {
		r.ThrowTypeError("Failed to execute 'measure' on 'Performance': a timestamp must not be negative")
	}
	return t
}

func (p *performanceImpl) list(r *bind.Realm, keep func(*perfEntry) bool) goja.Value {
	var out []any
	// The navigation entry comes first: it starts at the time origin.
	if p.nav.name == "" {
		if loc, ok := p.global.Get("location").(*goja.Object); ok {
			p.nav.name = loc.Get("href").String()
		}
	}
	if keep(p.nav) {
		out = append(out, r.WrapObject(p.nav, r.Class("PerformanceNavigationTiming")))
	}
	entries := p.entries
	if len(p.resources) > 0 {
		// The timeline is in the order of startTime; a resource's
		// entry is added when its fetch ends.
		// https://w3c.github.io/performance-timeline/#filter-buffer-map-by-name-and-type
		entries = append(slices.Clone(p.entries), p.resources...)
		slices.SortStableFunc(entries, func(a, b *perfEntry) int { return cmp.Compare(a.startTime, b.startTime) })
	}
	for _, e := range entries {
		if keep(e) {
			out = append(out, r.WrapObject(e, entryClass(r, e)))
		}
	}
	return r.Runtime.NewArray(out...)
}

func entryClass(r *bind.Realm, e *perfEntry) *bind.Class {
	switch e.entryType {
	case "mark":
		return r.Class("PerformanceMark")
	case "navigation":
		return r.Class("PerformanceNavigationTiming")
	case "resource":
		return r.Class("PerformanceResourceTiming")
	case "visibility-state":
		return r.Class("VisibilityStateEntry")
	}
	return r.Class("PerformanceMeasure")
}

func (p *performanceImpl) clear(entryType string, args []goja.Value) {
	name, all := "", bind.Absent(bind.Arg(args, 0))
	if !all {
		name = bind.USVString(args[0])
	}
	out := p.entries[:0]
	for _, e := range p.entries {
		if e.entryType == entryType && (all || e.name == name) {
			continue
		}
		out = append(out, e)
	}
	p.entries = out
}

// performanceInterface declares Performance.
var performanceInterface = &bind.Interface{
	Name: "Performance",
	Attributes: []bind.Attribute{
		{Name: "timeOrigin", Get: func(r *bind.Realm, this any) goja.Value {
			return r.Float(float64(this.(*performanceImpl).origin.UnixMicro()) / 1000)
		}},
		{Name: "timing", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(this.(*performanceImpl).timing, r.Class("PerformanceTiming"))
		}},
		{Name: "navigation", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(perfNavigation, r.Class("PerformanceNavigation"))
		}},
		// Chromium's performance.memory: a new MemoryInfo on each read
		// (memoryInfoInterface).
		{Name: "memory", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(&memoryInfo{}, r.Class("MemoryInfo"))
		}},
	},
	Methods: []bind.Method{
		{Name: "now", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return r.Float(this.(*performanceImpl).now())
		}},
		{Name: "mark", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			p := this.(*performanceImpl)
			e := p.newMark(r, args, "Failed to execute 'mark' on 'Performance'")
			p.entries = append(p.entries, e)
			p.queue(r, e)
			return r.WrapObject(e, r.Class("PerformanceMark"))
		}},
		{Name: "measure", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// https://w3c.github.io/user-timing/#dom-performance-measure
			p := this.(*performanceImpl)
			e := &perfEntry{name: bind.USVString(args[0]), entryType: "measure", detail: goja.Null()}
			start, end := 0.0, p.now()
			a1, a2 := bind.Arg(args, 1), bind.Arg(args, 2)
			if o, ok := a1.(*goja.Object); ok {
				// A PerformanceMeasureOptions dictionary (any object: the
				// union's other member is a string). One with any member
				// needs start or end, not all three of start, duration and
				// end, and no end mark.
				// https://w3c.github.io/user-timing/#dom-performance-measure
				has := func(k string) bool { return !bind.Absent(o.Get(k)) }
				hasStart, hasEnd, hasDur := has("start"), has("end"), has("duration")
				if hasStart || hasEnd || hasDur || has("detail") {
					const what = "Failed to execute 'measure' on 'Performance': If a non-empty PerformanceMeasureOptions object was passed, "
					switch {
					case !bind.Absent(a2):
						r.ThrowTypeError(what + "|end_mark| must not be passed.")
					case !hasStart && !hasEnd:
						r.ThrowTypeError(what + "at least one of its 'start' or 'end' properties must be present.")
					case hasStart && hasEnd && hasDur:
						r.ThrowTypeError(what + "it must not have all of its 'start', 'duration', and 'end' properties defined")
					}
				}
				if v := o.Get("start"); !bind.Absent(v) {
					start = p.timeOf(r, v)
				}
				if v := o.Get("end"); !bind.Absent(v) {
					end = p.timeOf(r, v)
				}
				if v := o.Get("duration"); !bind.Absent(v) {
					if s := o.Get("start"); !bind.Absent(s) {
						end = start + bind.Number(v)
					} else {
						start = end - bind.Number(v)
					}
				}
				if d := o.Get("detail"); !bind.Absent(d) {
					e.detail = d
				}
			} else {
				if !bind.Nullish(a1) {
					start = p.timeOf(r, a1)
				}
				if !bind.Absent(a2) {
					end = p.timeOf(r, a2)
				}
			}
			e.startTime, e.duration = start, end-start
			p.entries = append(p.entries, e)
			p.queue(r, e)
			return r.WrapObject(e, r.Class("PerformanceMeasure"))
		}},
		{Name: "getEntries", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return this.(*performanceImpl).list(r, func(*perfEntry) bool { return true })
		}},
		{Name: "getEntriesByType", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			t := bind.USVString(args[0])
			return this.(*performanceImpl).list(r, func(e *perfEntry) bool { return e.entryType == t })
		}},
		{Name: "getEntriesByName", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			name := bind.USVString(args[0])
			t, anyType := "", bind.Absent(bind.Arg(args, 1))
			if !anyType {
				t = bind.USVString(args[1])
			}
			return this.(*performanceImpl).list(r, func(e *perfEntry) bool { return e.name == name && (anyType || e.entryType == t) })
		}},
		{Name: "clearMarks", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*performanceImpl).clear("mark", args)
			return nil
		}},
		{Name: "clearMeasures", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*performanceImpl).clear("measure", args)
			return nil
		}},
		{Name: "clearResourceTimings", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			this.(*performanceImpl).resources = nil
			return nil
		}},
		{Name: "setResourceTimingBufferSize", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// unsigned long maxSize; a smaller size keeps the entries
			// already there.
			// https://w3c.github.io/resource-timing/#dom-performance-setresourcetimingbuffersize
			if len(args) == 0 {
				r.ThrowTypeError("Failed to execute 'setResourceTimingBufferSize' on 'Performance': 1 argument required, but only 0 present.")
			}
			this.(*performanceImpl).resourceLimit = int(bind.UnsignedLong(args[0]))
			return nil
		}},
		{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			// [Default] toJSON: the attributes of JSON types, timing and
			// navigation as the objects themselves (they have toJSON).
			p := this.(*performanceImpl)
			o := r.Runtime.NewObject()
			o.Set("timeOrigin", float64(p.origin.UnixMicro())/1000)
			o.Set("timing", r.WrapObject(p.timing, r.Class("PerformanceTiming")))
			o.Set("navigation", r.WrapObject(perfNavigation, r.Class("PerformanceNavigation")))
			return o
		}},
	},
}

func entryOf(this any) *perfEntry { return this.(*perfEntry) }

// navigationID is PerformanceEntry.navigationId of every entry.
// https://w3c.github.io/performance-timeline/#dom-performanceentry-navigationid
const navigationID = 1

// performanceEntryInterface declares PerformanceEntry.
// https://w3c.github.io/performance-timeline/#the-performanceentry-interface
var performanceEntryInterface = &bind.Interface{
	Name: "PerformanceEntry",
	Attributes: []bind.Attribute{
		{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(entryOf(this).name) }},
		{Name: "entryType", Get: func(r *bind.Realm, this any) goja.Value { return r.String(entryOf(this).entryType) }},
		{Name: "startTime", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(entryOf(this).startTime) }},
		{Name: "duration", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(entryOf(this).duration) }},
		// the id of the navigation the entry belongs to: one page is one
		// navigation here, so every entry has the same id. Chromium 156
		// draws a random number per document; a fixed one keeps snapshots
		// stable.
		{Name: "navigationId", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(navigationID) }},
	},
	Methods: []bind.Method{
		{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return entryJSON(r, entryOf(this))
		}},
	},
}

// entryJSON is PerformanceEntry's [Default] toJSON of e.
func entryJSON(r *bind.Realm, e *perfEntry) *goja.Object {
	o := r.Runtime.NewObject()
	o.Set("name", e.name)
	o.Set("entryType", e.entryType)
	o.Set("startTime", e.startTime)
	o.Set("duration", e.duration)
	o.Set("navigationId", navigationID)
	return o
}

var detailAttr = bind.Attribute{Name: "detail", Get: func(r *bind.Realm, this any) goja.Value { return entryOf(this).detail }}

// newMark makes the entry of performance.mark(name, options) and new
// PerformanceMark(name, options): a name of a PerformanceTiming attribute
// is a SyntaxError, a negative startTime a TypeError; startTime defaults to
// now and detail to null. what prefixes error messages.
// https://w3c.github.io/user-timing/#dom-performancemark-constructor
func (p *performanceImpl) newMark(r *bind.Realm, args []goja.Value, what string) *perfEntry {
	if len(args) == 0 {
		r.ThrowTypeError(what + ": 1 argument required, but only 0 present.")
	}
	name := bind.DOMString(args[0])
	if _, isAttr := timingIndex[name]; isAttr {
		r.ThrowDOMException("SyntaxError", what+": '"+name+"' is part of the PerformanceTiming interface, and cannot be used as a mark name.")
	}
	e := &perfEntry{name: name, entryType: "mark", startTime: p.now(), detail: goja.Null()}
	opts := bind.Arg(args, 1)
	if !bind.Nullish(opts) {
		if _, isObj := opts.(*goja.Object); !isObj {
			r.ThrowTypeError(what + ": The provided value is not of type 'PerformanceMarkOptions'.")
		}
	}
	if o, ok := opts.(*goja.Object); ok {
		if st := o.Get("startTime"); !bind.Absent(st) {
			if e.startTime = bind.Number(st); e.startTime < 0 {
				r.ThrowTypeError(what + ": '" + name + "' cannot have a negative start time.")
			}
		}
		if d := o.Get("detail"); !bind.Absent(d) && !goja.IsNull(d) {
			e.detail = d
		}
	}
	return e
}

// timingNames are the attributes of PerformanceTiming in their order
// (navigationStart first), which marks may not take as names;
// timingIndex gives each one's place.
// https://w3c.github.io/navigation-timing/#the-performancetiming-interface
var timingNames = [...]string{
	"navigationStart", "unloadEventStart", "unloadEventEnd", "redirectStart", "redirectEnd",
	"fetchStart", "domainLookupStart", "domainLookupEnd", "connectStart", "connectEnd",
	"secureConnectionStart", "requestStart", "responseStart", "responseEnd", "domLoading",
	"domInteractive", "domContentLoadedEventStart", "domContentLoadedEventEnd", "domComplete",
	"loadEventStart", "loadEventEnd",
}

var timingIndex = func() map[string]int {
	m := make(map[string]int, len(timingNames))
	for i, n := range timingNames {
		m[n] = i
	}
	return m
}()

// perfTiming is a PerformanceTiming: epoch milliseconds by timingNames'
// order, 0 for what did not happen.
type perfTiming [len(timingNames)]float64

func (t *perfTiming) set(name string, v float64) { t[timingIndex[name]] = v }

// performanceTimingInterface declares PerformanceTiming.
var performanceTimingInterface = func() *bind.Interface {
	attrs := make([]bind.Attribute, len(timingNames))
	for i, n := range timingNames {
		attrs[i] = bind.Attribute{Name: n, Get: func(r *bind.Realm, this any) goja.Value {
			return r.Float(this.(*perfTiming)[i])
		}}
	}
	return &bind.Interface{
		Name:       "PerformanceTiming",
		Attributes: attrs,
		Methods: []bind.Method{{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			t := this.(*perfTiming)
			o := r.Runtime.NewObject()
			for i, n := range timingNames {
				o.Set(n, t[i])
			}
			return o
		}}},
	}
}()

// memoryInfo is a MemoryInfo, Chromium's non-standard performance.memory,
// which pages read to decide how much to cache. Its sizes are fixed: what
// Chromium 156 reports for a small page (it rounds them to buckets so
// that they reveal little), not this process's heap. It is not empty:
// pointers to zero-size values may be equal, and each read wraps a new
// one.
type memoryInfo struct{ _ byte }

// memoryInfoInterface declares MemoryInfo, which has no interface object
// on the global, as in Chromium.
var memoryInfoInterface = &bind.Interface{
	Name:              "MemoryInfo",
	NoInterfaceObject: true,
	Attributes: []bind.Attribute{
		{Name: "totalJSHeapSize", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(10_000_000) }},
		{Name: "usedJSHeapSize", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(10_000_000) }},
		{Name: "jsHeapSizeLimit", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(3_760_000_000) }},
	},
}

// perfNavigation is the PerformanceNavigation of every page: a
// navigation (type 0) without redirects.
type perfNavigationImpl struct{}

var perfNavigation = &perfNavigationImpl{}

// performanceNavigationInterface declares PerformanceNavigation.
// https://w3c.github.io/navigation-timing/#the-performancenavigation-interface
var performanceNavigationInterface = &bind.Interface{
	Name: "PerformanceNavigation",
	Constants: []bind.Constant{{Name: "TYPE_NAVIGATE", Value: 0}, {Name: "TYPE_RELOAD", Value: 1},
		{Name: "TYPE_BACK_FORWARD", Value: 2}, {Name: "TYPE_RESERVED", Value: 255}},
	Attributes: []bind.Attribute{
		{Name: "type", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
		{Name: "redirectCount", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
	},
	Methods: []bind.Method{{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
		o := r.Runtime.NewObject()
		o.Set("type", 0)
		o.Set("redirectCount", 0)
		return o
	}}},
}

// performanceMarkInterface declares PerformanceMark.
var performanceMarkInterface = &bind.Interface{Name: "PerformanceMark", Parent: "PerformanceEntry", Attributes: []bind.Attribute{detailAttr}}

// notRestoredReasons is a NotRestoredReasons: why a document was not
// restored from the back/forward cache. bangsnap has no such cache and
// loads every document afresh, so navigation entries report null and
// none is made; the interfaces exist as in Chromium.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#notrestoredreasons
type notRestoredReasons struct {
	src, id, name, url goja.Value // strings or null
	reasons, children  []any      // NotRestoredReasonDetails, NotRestoredReasons
}

type notRestoredReasonDetails struct{ reason string }

func nrrGet(f func(n *notRestoredReasons) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return f(this.(*notRestoredReasons)) }
}

var notRestoredReasonsInterface = &bind.Interface{
	Name: "NotRestoredReasons",
	Attributes: []bind.Attribute{
		{Name: "src", Get: nrrGet(func(n *notRestoredReasons) goja.Value { return n.src })},
		{Name: "id", Get: nrrGet(func(n *notRestoredReasons) goja.Value { return n.id })},
		{Name: "name", Get: nrrGet(func(n *notRestoredReasons) goja.Value { return n.name })},
		{Name: "url", Get: nrrGet(func(n *notRestoredReasons) goja.Value { return n.url })},
		{Name: "reasons", Get: func(r *bind.Realm, this any) goja.Value {
			return freeze(r, r.Runtime.NewArray(this.(*notRestoredReasons).reasons...))
		}},
		{Name: "children", Get: func(r *bind.Realm, this any) goja.Value {
			return freeze(r, r.Runtime.NewArray(this.(*notRestoredReasons).children...))
		}},
	},
	Methods: []bind.Method{{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
		n := this.(*notRestoredReasons)
		o := r.Runtime.NewObject()
		for _, kv := range []struct {
			k string
			v goja.Value
		}{{"src", n.src}, {"id", n.id}, {"name", n.name}, {"url", n.url}} {
			o.Set(kv.k, kv.v)
		}
		o.Set("reasons", r.Runtime.NewArray(n.reasons...))
		o.Set("children", r.Runtime.NewArray(n.children...))
		return o
	}}},
}

var notRestoredReasonDetailsInterface = &bind.Interface{
	Name: "NotRestoredReasonDetails",
	Attributes: []bind.Attribute{
		{Name: "reason", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*notRestoredReasonDetails).reason) }},
	},
	Methods: []bind.Method{{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
		o := r.Runtime.NewObject()
		o.Set("reason", this.(*notRestoredReasonDetails).reason)
		return o
	}}},
}

// visibilityStateEntryInterface declares VisibilityStateEntry: the
// page's visibility at the time origin ("visible"), its only entry.
var visibilityStateEntryInterface = &bind.Interface{Name: "VisibilityStateEntry", Parent: "PerformanceEntry"}

// performanceMeasureInterface declares PerformanceMeasure.
var performanceMeasureInterface = &bind.Interface{Name: "PerformanceMeasure", Parent: "PerformanceEntry", Attributes: []bind.Attribute{detailAttr}}

// performanceNavigationTimingInterface declares the document's navigation
// entry (performance.getEntriesByType("navigation")[0]): a plain
// navigation whose fetch milestones are navigationTiming's; the document's
// own milestones (domInteractive, loadEventEnd...) are 0.
// https://w3c.github.io/navigation-timing/#sec-PerformanceNavigationTiming
var performanceNavigationTimingInterface = &bind.Interface{
	Name:   "PerformanceNavigationTiming",
	Parent: "PerformanceEntry",
	Attributes: func() []bind.Attribute {
		attrs := []bind.Attribute{
			{Name: "type", Get: func(r *bind.Realm, this any) goja.Value { return r.String("navigate") }},
			{Name: "redirectCount", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
			{Name: "initiatorType", Get: func(r *bind.Realm, this any) goja.Value { return r.String("navigation") }},
			{Name: "nextHopProtocol", Get: func(r *bind.Realm, this any) goja.Value { return r.String("http/1.1") }},
			// See navigationTiming.
			{Name: "responseStart", Get: navGet(func(n *navTiming) float64 { return n.responseStart })},
			{Name: "responseEnd", Get: navGet(func(n *navTiming) float64 { return n.responseEnd })},
			{Name: "requestStart", Get: navGet(func(n *navTiming) float64 { return n.requestStart })},
			// No prerendering: the page was active from the start.
			// https://wicg.github.io/nav-speculation/prerendering.html#performance-navigation-timing-extension
			{Name: "activationStart", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
			// Not restored from a back/forward cache (there is none): null.
			// https://html.spec.whatwg.org/multipage/nav-history-apis.html#nrr-details-struct
			{Name: "notRestoredReasons", Get: func(r *bind.Realm, this any) goja.Value { return goja.Null() }},
			{Name: "criticalCHRestart", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
		}
		for _, k := range []string{"fetchStart", "domainLookupStart", "domainLookupEnd", "connectStart", "connectEnd"} {
			attrs = append(attrs, bind.Attribute{Name: k, Get: navGet(func(n *navTiming) float64 { return n.fetchStart })})
		}
		for _, k := range []string{"unloadEventStart", "unloadEventEnd", "domInteractive", "domContentLoadedEventStart",
			"domContentLoadedEventEnd", "domComplete", "loadEventStart", "loadEventEnd", "redirectStart", "redirectEnd",
			"secureConnectionStart", "transferSize", "encodedBodySize", "decodedBodySize", "workerStart"} {
			attrs = append(attrs, bind.Attribute{Name: k, Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }})
		}
		return attrs
	}(),
}

func navGet(f func(n *navTiming) float64) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return r.Float(f(&this.(*perfEntry).nav)) }
}

// navResponseMillis is the navigation entry's responseStart and
// responseEnd when no time passed before the first scripts.
const navResponseMillis = 1

// perfEntryListInterface declares PerformanceObserverEntryList.
var perfEntryListInterface = &bind.Interface{
	Name: "PerformanceObserverEntryList",
	Methods: []bind.Method{
		{Name: "getEntries", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return entriesValue(r, this.(*perfEntryList).entries, func(*perfEntry) bool { return true })
		}},
		{Name: "getEntriesByType", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			t := bind.USVString(args[0])
			return entriesValue(r, this.(*perfEntryList).entries, func(e *perfEntry) bool { return e.entryType == t })
		}},
		{Name: "getEntriesByName", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			name := bind.USVString(args[0])
			t, anyType := "", bind.Absent(bind.Arg(args, 1))
			if !anyType {
				t = bind.USVString(args[1])
			}
			return entriesValue(r, this.(*perfEntryList).entries, func(e *perfEntry) bool { return e.name == name && (anyType || e.entryType == t) })
		}},
	},
}

// perfObserverInterface declares PerformanceObserver for the page whose
// performance is p. Entry types it does not make (paint, resource,
// largest-contentful-paint...) are accepted and never reported.
func perfObserverInterface(p *performanceImpl) *bind.Interface {
	return &bind.Interface{
		Name:       "PerformanceObserver",
		CtorLength: 1,
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			cb, ok := goja.AssertFunction(bind.Arg(args, 0))
			if !ok {
				r.ThrowTypeError("Failed to construct 'PerformanceObserver': The callback provided as parameter 1 is not a function.")
			}
			return &perfObserver{perf: p, callback: cb, types: map[string]bool{}}
		},
		Methods: []bind.Method{
			{Name: "observe", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				o := this.(*perfObserver)
				opts, _ := bind.Arg(args, 0).(*goja.Object)
				if opts == nil {
					r.ThrowTypeError("Failed to execute 'observe' on 'PerformanceObserver': An observe() call must include either entryTypes or type arguments.")
				}
				var types []string
				if et, ok := opts.Get("entryTypes").(*goja.Object); ok {
					r.Runtime.ForOf(et, func(v goja.Value) bool {
						types = append(types, v.String())
						return true
					})
				} else if t := opts.Get("type"); !bind.Absent(t) {
					types = append(types, t.String())
				} else {
					r.ThrowTypeError("Failed to execute 'observe' on 'PerformanceObserver': An observe() call must include either entryTypes or type arguments.")
				}
				for _, t := range types {
					o.types[t] = true
				}
				if !slices.Contains(p.observers, o) {
					p.observers = append(p.observers, o)
				}
				if bind.Boolean(opts.Get("buffered")) {
					for _, e := range slices.Concat([]*perfEntry{p.nav}, p.entries, p.resources) {
						if o.types[e.entryType] {
							o.buffer = append(o.buffer, e)
						}
					}
					if len(o.buffer) > 0 && !o.scheduled {
						o.scheduled = true
						p.host.QueueTask(func() { o.deliver(r) })
					}
				}
				return nil
			}},
			{Name: "disconnect", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				o := this.(*perfObserver)
				p.observers = slices.DeleteFunc(p.observers, func(x *perfObserver) bool { return x == o })
				o.buffer = nil
				return nil
			}},
			{Name: "takeRecords", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				o := this.(*perfObserver)
				list := o.buffer
				o.buffer = nil
				return entriesValue(r, list, func(*perfEntry) bool { return true })
			}},
		},
		StaticAttributes: []bind.Attribute{
			{Name: "supportedEntryTypes", Get: func(r *bind.Realm, _ any) goja.Value {
				items := make([]any, len(supportedEntryTypes))
				for i, t := range supportedEntryTypes {
					items[i] = t
				}
				return r.Runtime.NewArray(items...)
			}},
		},
	}
}
