package webapi

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// Observers are updated in the page's rendering update, as a browser does
// (https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering):
// observe asks for a frame, and at the end of it, after the
// requestAnimationFrame callbacks and the style update, each
// ResizeObserver with targets not yet reported, or (when the page has
// changed) whose size is not the last one reported, is called at once
// with their sizes (again for targets deeper in the tree than those just
// reported; one not deeper is left for the next frame, with an error at
// the window, as the standard's depth limit says), then each
// IntersectionObserver measures its new targets,
// and when the page has changed since (a mutation, a scroll) all of its
// targets, and queues an entry for each new target and each whose
// intersection state moved: across the edge of the viewport or one of the
// thresholds. One task queued after that step calls the intersection
// observers with their entries. Observers are taken in the order they were
// made in, targets in the order they were observed.
//
// A target's intersection with the root comes from the host's layout
// (Intersect): its border box clipped by the boxes it is in and by the
// root intersection rectangle grown by the root margin. Without it, a
// target is measured with its getBoundingClientRect: as not intersecting,
// size 0, when its rect is empty (display: none, detached), else as fully
// visible; targets without getBoundingClientRect get the viewport's size.
// A ResizeObserver's sizes are the same getBoundingClientRect's, for the
// content box and the border box alike.

// Frames is a Host that runs the page's rendering updates (package loop's
// Loop is one): RequestFrame asks for a frame at the next frame boundary,
// and OnObservers sets the function that runs at the end of every frame.
type Frames interface {
	RequestFrame()
	OnObservers(fn func())
}

// observer is the shared state of an IntersectionObserver or a
// ResizeObserver.
type observer struct {
	host      Host
	vp        Viewport
	intersect Intersect
	callback  goja.Callable
	targets   []*goja.Object
	// state is, for each target measured once, the last reported
	// intersection state (see intersectionState), or 0 for a
	// ResizeObserver's; a target observed and not yet in it is new.
	state map[*goja.Object]int
	// sizes are a resize observer's last reported sizes, active the
	// targets it reports in this round of a frame.
	sizes  map[*goja.Object][2]float64
	active []*goja.Object
	// borderBox are the targets observed with box: "border-box"
	borderBox map[*goja.Object]bool
	// queued are an intersection observer's entries waiting for the task
	// that delivers them (takeRecords takes them).
	queued []any
	set    *observerSet
	seq    int // the order observers were made in
	// intersection observer options
	root            goja.Value
	rootMargin      string
	scrollMargin    string
	rootM, scrollM  Margin // rootMargin and scrollMargin, parsed
	thresholds      []float64
	delay           float64
	trackVisibility bool
	resize          bool
}

func (o *observer) observe(r *bind.Realm, target, options goja.Value) {
	t, ok := target.(*goja.Object)
	if !ok || !isElement(r, t) {
		name := "IntersectionObserver"
		if o.resize {
			name = "ResizeObserver"
		}
		r.ThrowTypeError("Failed to execute 'observe' on '" + name + "': parameter 1 is not of type 'Element'.")
	}
	if o.resize {
		// https://drafts.csswg.org/resize-observer/#dom-resizeobserver-observe
		box, ok := bind.NewDictionary(options, "ResizeObserverOptions").Enum("box", "ResizeObserverBoxOptions", "content-box", "border-box", "device-pixel-content-box")
		if !ok {
			box = "content-box"
		}
		if (box == "border-box") != o.borderBox[t] {
			if o.borderBox == nil {
				o.borderBox = map[*goja.Object]bool{}
			}
			o.borderBox[t] = box == "border-box"
			delete(o.sizes, t) // observed again with another box: reported again
			o.set.fresh = true
			o.set.requestFrame()
		}
	}
	if slices.Contains(o.targets, t) {
		return
	}
	o.targets = append(o.targets, t)
	o.set.add(o)
	o.set.fresh = true
	o.set.requestFrame()
}

// isElement tells whether t is an Element of the realm: Element.prototype
// is on its prototype chain (a realm without Element takes any object).
func isElement(r *bind.Realm, t *goja.Object) bool { return isInstance(r, t, "Element") }

// isInstance tells whether t is an instance of the realm's interface
// iface: its prototype is on t's prototype chain (a realm without the
// interface takes any object).
func isInstance(r *bind.Realm, t *goja.Object, iface string) bool {
	ctor, ok := r.Runtime.Get(iface).(*goja.Object)
	if !ok {
		return true
	}
	proto, ok := ctor.Get("prototype").(*goja.Object)
	if !ok {
		return true
	}
	for p := t.Prototype(); p != nil; p = p.Prototype() {
		if p == proto {
			return true
		}
	}
	return false
}

func (o *observer) unobserve(target goja.Value) {
	t, _ := target.(*goja.Object)
	o.targets = slices.DeleteFunc(o.targets, func(x *goja.Object) bool { return x == t })
	delete(o.state, t)
	delete(o.sizes, t)
	delete(o.borderBox, t)
	if len(o.targets) == 0 {
		o.set.remove(o)
	}
}

func (o *observer) disconnect() {
	o.targets, o.queued, o.state, o.sizes, o.borderBox = nil, nil, nil, nil, nil
	o.set.remove(o)
}

// An observerSet is the page's observers that have targets, in the order
// they were made in. It runs their steps of each rendering update.
// https://drafts.csswg.org/resize-observer/#html-event-loop
// https://w3c.github.io/IntersectionObserver/#update-intersection-observations-algo
type observerSet struct {
	host      Host
	frames    Frames // nil: frames are emulated with a timer
	r         *bind.Realm
	observers []*observer
	lastSeq   int
	// fresh tells whether some target has not been reported yet;
	// ioChanged and roChanged whether the page may have changed its layout
	// since the intersection and the resize observers last looked.
	fresh, ioChanged, roChanged bool
	timer                       bool // an emulated frame is scheduled
	notifying                   bool // the task that notifies intersection observers is queued
}

// frameInterval is the time between two emulated frames.
const frameInterval = 16 * time.Millisecond

func (s *observerSet) add(o *observer) {
	i, found := slices.BinarySearchFunc(s.observers, o.seq, func(x *observer, seq int) int { return x.seq - seq })
	if !found {
		s.observers = slices.Insert(s.observers, i, o)
	}
}

func (s *observerSet) remove(o *observer) {
	s.observers = slices.DeleteFunc(s.observers, func(x *observer) bool { return x == o })
}

func (s *observerSet) requestFrame() {
	if s.frames != nil {
		s.frames.RequestFrame()
		return
	}
	if !s.timer {
		s.timer = true
		s.host.SetTimer(frameInterval, false, func() {
			s.timer = false
			s.update()
		})
	}
}

// layoutChanged is called when the page may have changed its layout:
// the observers check their targets at the next frame.
func (s *observerSet) layoutChanged() {
	if s.ioChanged && s.roChanged || len(s.observers) == 0 {
		return
	}
	for _, o := range s.observers {
		if o.resize {
			s.roChanged = true
		} else {
			s.ioChanged = true
		}
	}
	s.requestFrame()
}

// update is the observers' part of a rendering update: ResizeObserver's
// gather and broadcast, then the update of intersection observations.
func (s *observerSet) update() {
	if !s.fresh && !s.ioChanged && !s.roChanged {
		return
	}
	fresh := s.fresh
	s.fresh = false
	if fresh || s.roChanged {
		s.resizeSteps()
	}
	if !fresh && !s.fresh && !s.ioChanged {
		return
	}
	changed := s.ioChanged
	s.ioChanged = false
	queued := false
	for _, o := range slices.Clone(s.observers) {
		if !o.resize && o.updateIntersections(s.r, changed) {
			queued = true
		}
	}
	if queued && !s.notifying {
		s.notifying = true
		s.host.QueueTask(s.notify)
	}
}

// notify is the intersection observer task: each observer with queued
// entries is called with them.
// https://w3c.github.io/IntersectionObserver/#notify-intersection-observers-algo
func (s *observerSet) notify() {
	s.notifying = false
	for _, o := range slices.Clone(s.observers) {
		if o.resize || len(o.queued) == 0 {
			continue
		}
		entries := o.queued
		o.queued = nil
		self := s.r.Lookup(o)
		if _, err := o.callback(self, s.r.Runtime.NewArray(entries...), self); err != nil {
			o.host.ReportError(err)
		}
	}
}

// resizeLoopError is what a browser reports at the window when a frame
// ends with resize observations it skipped.
var resizeLoopError = errors.New("ResizeObserver loop completed with undelivered notifications.")

// maxResizeRounds bounds the broadcasts of one frame (each is for
// targets deeper in the tree than the last, so a page cannot loop
// forever; the bound keeps a very deep one cheap).
const maxResizeRounds = 64

// resizeSteps gathers the resize observations whose size changed (and
// the targets never reported), calls their observers, and gathers again
// those deeper in the tree than the shallowest target just reported,
// until none is left; an observation skipped for not being deeper is
// reported at the next frame, after an error at the window.
// https://drafts.csswg.org/resize-observer/#html-event-loop
func (s *observerSet) resizeSteps() {
	measureAll := s.roChanged
	s.roChanged = false
	depth, skipped := 0, false
	for range maxResizeRounds {
		var active []*observer
		for _, o := range s.observers {
			if o.resize && o.gather(s.r, depth, measureAll, &skipped) {
				active = append(active, o)
			}
		}
		if len(active) == 0 {
			break
		}
		depth = math.MaxInt
		for _, o := range active {
			depth = min(depth, o.broadcast(s.r))
		}
		// a callback that changed the page sets roChanged again
		measureAll = s.roChanged
		s.roChanged = false
	}
	if skipped {
		s.host.ReportError(resizeLoopError)
		s.roChanged = true
		s.requestFrame()
	}
}

// gather finds a resize observer's targets to report, deeper than depth
// in the tree: those never reported and, when measure is set, those whose
// size is not the last one reported. An active target not deeper than
// depth sets skipped.
func (o *observer) gather(r *bind.Realm, depth int, measure bool, skipped *bool) bool {
	o.active = o.active[:0]
	for _, t := range o.targets {
		last, ok := o.sizes[t]
		if ok && !measure {
			continue
		}
		b := o.measure(r, t)
		if ok && last == b.observed(o.borderBox[t]) {
			continue
		}
		if depth > 0 && treeDepth(t) <= depth {
			*skipped = true
			continue
		}
		o.active = append(o.active, t)
	}
	return len(o.active) > 0
}

// broadcast calls a resize observer's callback with an entry for each
// target gather found and returns the depth of the shallowest of them.
func (o *observer) broadcast(r *bind.Realm) int {
	shallowest := math.MaxInt
	entries := make([]any, 0, len(o.active))
	if o.sizes == nil {
		o.sizes = map[*goja.Object][2]float64{}
	}
	for _, t := range o.active {
		b := o.measure(r, t)
		o.sizes[t] = b.observed(o.borderBox[t])
		entries = append(entries, o.resizeEntry(r, t, b))
		shallowest = min(shallowest, treeDepth(t))
	}
	o.active = o.active[:0]
	self := r.Lookup(o)
	if _, err := o.callback(self, r.Runtime.NewArray(entries...), self); err != nil {
		o.host.ReportError(err)
	}
	return shallowest
}

// treeDepth is the number of t's ancestors in the flat tree (a shadow
// root's host is its parent), through the page's DOM properties.
// https://drafts.csswg.org/resize-observer/#calculate-depth-for-node-h
func treeDepth(t *goja.Object) int {
	d := 0
	for n := t; d < 1<<16; d++ {
		p, ok := n.Get("parentNode").(*goja.Object)
		if !ok {
			host, ok := n.Get("host").(*goja.Object)
			if !ok || n.Get("mode") == nil {
				return d
			}
			p = host
		}
		n = p
	}
	return d
}

// updateIntersections queues an entry for each new target of an
// intersection observer and, when the page changed, for each target whose
// state moved; it tells whether it queued any.
func (o *observer) updateIntersections(r *bind.Realm, changed bool) bool {
	n := len(o.queued)
	for _, t := range o.targets {
		prev, ok := o.state[t]
		if ok && !changed {
			continue
		}
		in, st := o.intersection(r, t)
		if ok && st == prev {
			continue
		}
		o.queued = append(o.queued, o.intersectionEntry(r, t, in, st))
	}
	return len(o.queued) > n
}

func (o *observer) takeRecords() []any {
	out := o.queued
	o.queued = nil
	if out == nil {
		out = []any{}
	}
	return out
}

// targetSize is the target's getBoundingClientRect(); rendered is false
// when the target has no box: its rect is empty and so is its
// getClientRects() (a rendered box with no area, such as an empty
// absolutely positioned anchor, has one rect and intersects the root it
// lies in, edges included). Targets without the method are taken to be as
// large as the viewport.
func (o *observer) targetSize(r *bind.Realm, t *goja.Object) (x, y, w, h float64, rendered bool) {
	f, ok := goja.AssertFunction(t.Get("getBoundingClientRect"))
	if !ok {
		return 0, 0, float64(o.vp.Width), float64(o.vp.Height), true
	}
	rect, err := f(t)
	if err != nil {
		return 0, 0, float64(o.vp.Width), float64(o.vp.Height), true
	}
	if ro, ok := rect.(*goja.Object); ok {
		x, y = num(ro.Get("x")), num(ro.Get("y"))
		w, h = num(ro.Get("width")), num(ro.Get("height"))
	}
	return x, y, w, h, w > 0 || h > 0 || hasClientRects(t)
}

// hasClientRects tells whether t's getClientRects() lists a rect.
func hasClientRects(t *goja.Object) bool {
	f, ok := goja.AssertFunction(t.Get("getClientRects"))
	if !ok {
		return false
	}
	list, err := f(t)
	if err != nil {
		return false
	}
	lo, ok := list.(*goja.Object)
	return ok && num(lo.Get("length")) > 0
}

func num(v goja.Value) float64 {
	if v == nil || goja.IsUndefined(v) {
		return 0
	}
	return bind.Number(v)
}

// rect returns a DOMRectReadOnly-shaped plain object.
func rect(r *bind.Realm, x, y, w, h float64) *goja.Object {
	o := r.Runtime.NewObject()
	for _, kv := range []struct {
		k string
		v float64
	}{{"x", x}, {"y", y}, {"width", w}, {"height", h}, {"top", y}, {"right", x + w}, {"bottom", y + h}, {"left", x}} {
		o.Set(kv.k, kv.v)
	}
	o.Set("toJSON", func(goja.FunctionCall) goja.Value { return o })
	return o
}

// intersection is where t is and how much of it is in view.
type intersection struct {
	target, inter, root Rect
	visible             bool
	ratio               float64
}

// intersection measures t and gives its state: -1 when it is not
// intersecting, else the index of the first threshold above its ratio (or
// the number of thresholds).
// https://w3c.github.io/IntersectionObserver/#update-intersection-observations-algo
func (o *observer) intersection(r *bind.Realm, t *goja.Object) (intersection, int) {
	var in intersection
	var g Geometry
	if o.intersect != nil {
		root, _ := o.root.(*goja.Object)
		g = o.intersect(t, root, &o.scrollM)
	}
	switch {
	case !g.Known:
		// no layout: a rendered target is fully visible
		x, y, w, h, rendered := o.targetSize(r, t)
		in.target = Rect{X: x, Y: y, W: w, H: h}
		in.inter, in.visible, in.ratio = in.target, rendered, 1
		in.root = Rect{W: float64(o.vp.Width), H: float64(o.vp.Height)}
	case g.Eligible:
		in.target = g.Target
		in.root = g.Root
		if !o.rootM.Zero() {
			in.root = o.rootM.Grow(g.Root)
		}
		if g.Visible {
			in.inter, in.visible = g.Clipped.Intersect(in.root)
		}
		if in.visible {
			in.ratio = ratio(g.Target, in.inter)
		}
	}
	if !in.visible {
		in.inter, in.ratio = Rect{}, 0
		return in, -1
	}
	i := 0
	for i < len(o.thresholds) && o.thresholds[i] <= in.ratio {
		i++
	}
	return in, i
}

func (o *observer) intersectionEntry(r *bind.Realm, t *goja.Object, in intersection, state int) goja.Value {
	if o.state == nil {
		o.state = map[*goja.Object]int{}
	}
	o.state[t] = state
	e := &observerEntry{
		target:     t,
		time:       float64(o.host.Elapsed().Microseconds()) / 1000,
		notVisible: !in.visible,
		ratio:      in.ratio,
		rects: map[string]*goja.Object{
			"boundingClientRect": rect(r, in.target.X, in.target.Y, in.target.W, in.target.H),
			"intersectionRect":   rect(r, in.inter.X, in.inter.Y, in.inter.W, in.inter.H),
			"rootBounds":         rect(r, in.root.X, in.root.Y, in.root.W, in.root.H),
		},
	}
	return r.WrapObject(e, r.Class("IntersectionObserverEntry"))
}

func (o *observer) resizeEntry(r *bind.Realm, t *goja.Object, b boxSizes) goja.Value {
	size := func(w, h float64) *goja.Object {
		s := r.WrapObject(&resizeSize{inline: w, block: h}, r.Class("ResizeObserverSize"))
		return freeze(r, r.Runtime.NewArray(s))
	}
	dpr := o.vp.DevicePixelRatio
	entry := &observerEntry{
		target: t,
		rects:  map[string]*goja.Object{"contentRect": rect(r, b.cx, b.cy, b.cw, b.ch)},
		sizes: map[string]*goja.Object{
			"borderBoxSize":             size(b.bw, b.bh),
			"contentBoxSize":            size(b.cw, b.ch),
			"devicePixelContentBoxSize": size(b.cw*dpr, b.ch*dpr),
		},
	}
	return r.WrapObject(entry, r.Class("ResizeObserverEntry"))
}

// boxSizes are a resize observer target's border box size and its
// content box (offset by its paddings).
type boxSizes struct{ bw, bh, cx, cy, cw, ch float64 }

// observed is the size of the box t is observed with.
func (b boxSizes) observed(border bool) [2]float64 {
	if border {
		return [2]float64{b.bw, b.bh}
	}
	return [2]float64{b.cw, b.ch}
}

// measure gives t's border box (the host's box before transforms, else
// its getBoundingClientRect() size) and its content box: that less the
// paddings and borders getComputedStyle gives.
// https://drafts.csswg.org/resize-observer/#calculate-box-size
func (o *observer) measure(r *bind.Realm, t *goja.Object) boxSizes {
	_, _, w, h, _ := o.targetSize(r, t)
	if o.intersect != nil {
		if g := o.intersect(t, nil, nil); g.Known {
			w, h = g.Box.W, g.Box.H
		}
	}
	b := boxSizes{bw: w, bh: h, cw: w, ch: h}
	gcs, ok := goja.AssertFunction(r.Runtime.Get("getComputedStyle"))
	if !ok {
		return b
	}
	cs, err := gcs(goja.Undefined(), t)
	if err != nil {
		return b
	}
	so, ok := cs.(*goja.Object)
	if !ok {
		return b
	}
	px := func(name string) float64 {
		v, _ := strconv.ParseFloat(strings.TrimSuffix(so.Get(name).String(), "px"), 64)
		return v
	}
	b.cx, b.cy = px("paddingLeft"), px("paddingTop")
	b.cw = max(w-b.cx-px("paddingRight")-px("borderLeftWidth")-px("borderRightWidth"), 0)
	b.ch = max(h-b.cy-px("paddingBottom")-px("borderTopWidth")-px("borderBottomWidth"), 0)
	return b
}

// resizeSize is a ResizeObserverSize.
// https://drafts.csswg.org/resize-observer/#resizeobserversize
type resizeSize struct{ inline, block float64 }

// freeze freezes o (a FrozenArray) and returns it.
func freeze(r *bind.Realm, o *goja.Object) *goja.Object {
	if f, ok := goja.AssertFunction(r.Runtime.Get("Object").ToObject(r.Runtime).Get("freeze")); ok {
		if _, err := f(nil, o); err != nil {
			panic(err)
		}
	}
	return o
}

type observerEntry struct {
	target     *goja.Object
	time       float64
	ratio      float64
	notVisible bool
	rects      map[string]*goja.Object
	sizes      map[string]*goja.Object
}

func entryRect(name string) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value { return this.(*observerEntry).rects[name] }}
}

func entrySizes(name string) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value { return this.(*observerEntry).sizes[name] }}
}

var entryTarget = bind.Attribute{Name: "target", Get: func(r *bind.Realm, this any) goja.Value { return this.(*observerEntry).target }}

// InstallObservers installs IntersectionObserver, ResizeObserver and their
// entry interfaces. host schedules deliveries; vp gives sizes when elements
// report none.
// https://w3c.github.io/IntersectionObserver/ https://drafts.csswg.org/resize-observer/
//
// intersect, when not nil, computes where targets are and what clips
// them from the page's layout.
//
// watch, when not nil, is called once with the function to call whenever
// the page's layout may have changed (its document mutated): intersection
// observers then check their targets again at the next frame.
//
// When host is also a Frames, observers are updated in its frames, else in
// frames emulated with a timer.
func InstallObservers(realm *bind.Realm, target *goja.Object, host Host, vp Viewport, intersect Intersect, watch func(changed func())) error {
	vp = vp.withDefaults()
	set := &observerSet{host: host, r: realm}
	if f, ok := host.(Frames); ok {
		set.frames = f
		f.OnObservers(set.update)
	}
	if watch != nil {
		watch(set.layoutChanged)
	}
	newObserver := func(r *bind.Realm, args []goja.Value, name string) *observer {
		cb, ok := goja.AssertFunction(bind.Arg(args, 0))
		if !ok {
			r.ThrowTypeError("Failed to construct '" + name + "': parameter 1 is not of type 'Function'.")
		}
		set.lastSeq++
		return &observer{host: host, vp: vp, intersect: intersect, callback: cb, set: set, seq: set.lastSeq, root: goja.Null(), rootMargin: "0px 0px 0px 0px", scrollMargin: "0px 0px 0px 0px", thresholds: []float64{0}}
	}
	methods := []bind.Method{
		{Name: "observe", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*observer).observe(r, args[0], bind.Arg(args, 1))
			return nil
		}},
		{Name: "unobserve", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*observer).unobserve(args[0])
			return nil
		}},
		{Name: "disconnect", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			this.(*observer).disconnect()
			return nil
		}},
	}
	io := &bind.Interface{
		Name:       "IntersectionObserver",
		CtorLength: 1,
		Constructor: func(r *bind.Realm, args []goja.Value, newTarget *goja.Object) any {
			o := newObserver(r, args, "IntersectionObserver")
			// IntersectionObserverInit's members are read and converted
			// in lexicographic order, all before any is checked.
			opts := bind.NewDictionary(bind.Arg(args, 1), "IntersectionObserverInit")
			// delay is a double kept in whole milliseconds, as Chromium keeps
			// it (50.7 reads 50; 2**32+5 stays).
			opts.Convert("delay", func(v goja.Value) { o.delay = math.Trunc(bind.RestrictedDouble(v)) })
			opts.Convert("root", func(v goja.Value) {
				if root, ok := v.(*goja.Object); ok && (isInstance(r, root, "Element") || isInstance(r, root, "Document")) {
					o.root = v
				} else if !goja.IsNull(v) {
					panic(bind.TypeError("The provided value is not of type '(Document or Element)'."))
				}
			})
			rootMargin, hasRootMargin := opts.DOMString("rootMargin")
			scrollMargin, hasScrollMargin := opts.DOMString("scrollMargin")
			var thresholds []float64
			// threshold: (double or sequence<double>), each a restricted double
			hasThreshold := opts.Convert("threshold", func(v goja.Value) { thresholds = bind.OneOrSequence(r.Runtime, v, bind.RestrictedDouble) })
			o.trackVisibility = opts.Boolean("trackVisibility")
			if hasRootMargin {
				m, err := parseRootMargin(rootMargin)
				if err != "" {
					r.ThrowDOMException("SyntaxError", "Failed to construct 'IntersectionObserver': "+err)
				}
				o.rootMargin, o.rootM = m, marginOf(m)
			}
			if hasScrollMargin {
				m, err := parseRootMargin(scrollMargin)
				if err != "" {
					r.ThrowDOMException("SyntaxError", "Failed to construct 'IntersectionObserver': scrollMargin must be specified in pixels or percent.")
				}
				o.scrollMargin, o.scrollM = m, marginOf(m)
			}
			if hasThreshold {
				for _, th := range thresholds {
					if th < 0 || th > 1 {
						r.ThrowRangeError("Failed to construct 'IntersectionObserver': Threshold values must be numbers between 0 and 1")
					}
				}
				if len(thresholds) == 0 {
					thresholds = []float64{0} // an empty list is [0]
				}
				slices.Sort(thresholds)
				o.thresholds = thresholds
			}
			if o.trackVisibility && o.delay < 100 {
				r.ThrowDOMException("NotSupportedError", "Failed to construct 'IntersectionObserver': To enable the 'trackVisibility' option, you must also use a 'delay' option with a value of at least 100. Visibility is more expensive to compute than the basic intersection; enabling this option may negatively affect your page's performance. Please make sure you *really* need visibility tracking before enabling the 'trackVisibility' option.")
			}
			return o
		},
		Attributes: []bind.Attribute{
			{Name: "root", Get: func(r *bind.Realm, this any) goja.Value { return this.(*observer).root }},
			{Name: "rootMargin", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*observer).rootMargin) }},
			{Name: "scrollMargin", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*observer).scrollMargin) }},
			{Name: "thresholds", Get: func(r *bind.Realm, this any) goja.Value {
				// a new FrozenArray at each read, as in Chromium
				th := this.(*observer).thresholds
				items := make([]any, len(th))
				for i, v := range th {
					items[i] = v
				}
				return freeze(r, r.Runtime.NewArray(items...))
			}},
			{Name: "delay", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(this.(*observer).delay) }},
			{Name: "trackVisibility", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*observer).trackVisibility) }},
		},
		Methods: append(slices.Clone(methods), bind.Method{Name: "takeRecords", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return r.Runtime.NewArray(this.(*observer).takeRecords()...)
		}}),
	}
	ro := &bind.Interface{
		Name:       "ResizeObserver",
		CtorLength: 1,
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			o := newObserver(r, args, "ResizeObserver")
			o.resize = true
			return o
		},
		Methods: methods,
	}
	ioe := &bind.Interface{
		Name: "IntersectionObserverEntry",
		Attributes: []bind.Attribute{
			entryTarget,
			{Name: "time", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(this.(*observerEntry).time) }},
			entryRect("rootBounds"), entryRect("boundingClientRect"), entryRect("intersectionRect"),
			{Name: "isIntersecting", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(!this.(*observerEntry).notVisible) }},
			{Name: "isVisible", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(!this.(*observerEntry).notVisible) }},
			{Name: "intersectionRatio", Get: func(r *bind.Realm, this any) goja.Value {
				e := this.(*observerEntry)
				if e.notVisible {
					return r.Int(0)
				}
				if e.ratio == 1 {
					return r.Int(1)
				}
				return r.Float(e.ratio)
			}},
		},
	}
	ros := &bind.Interface{
		Name: "ResizeObserverSize",
		Attributes: []bind.Attribute{
			{Name: "inlineSize", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(this.(*resizeSize).inline) }},
			{Name: "blockSize", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(this.(*resizeSize).block) }},
		},
	}
	roe := &bind.Interface{
		Name: "ResizeObserverEntry",
		Attributes: []bind.Attribute{
			entryTarget, entryRect("contentRect"),
			entrySizes("borderBoxSize"), entrySizes("contentBoxSize"), entrySizes("devicePixelContentBoxSize"),
		},
	}
	if err := realm.Install(target, io, ro, ioe, roe, ros); err != nil {
		return err
	}
	return nil
}

// parseRootMargin parses an IntersectionObserver rootMargin (one to four
// lengths in absolute units or percentages, as CSS margin) and serializes
// it as Chromium does: four values, lengths in whole pixels rounded down,
// or the reason it is invalid, in Chromium's words.
// https://w3c.github.io/IntersectionObserver/#parse-a-margin
func parseRootMargin(s string) (string, string) {
	const unitsErr = "rootMargin must be specified in absolute length units or percent."
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' })
	if len(fields) == 0 {
		return "0px 0px 0px 0px", ""
	}
	if len(fields) > 4 {
		return "", "Extra text found at the end of rootMargin."
	}
	vals := make([]string, len(fields))
	for i, f := range fields {
		v, unit, ok := cssvalue.SplitNumber(f)
		if !ok {
			return "", unitsErr
		}
		if unit == "%" {
			vals[i] = strconv.FormatFloat(v, 'f', -1, 64) + "%"
			continue
		}
		px, ok := absoluteLengthPx[unit]
		if !ok {
			return "", unitsErr
		}
		vals[i] = strconv.FormatFloat(math.Floor(v*px)+0, 'f', -1, 64) + "px"
	}
	for len(vals) < 4 {
		// top right bottom left, as margin: right defaults to top, bottom
		// to top, left to right.
		vals = append(vals, vals[[]int{0, 0, 1}[len(vals)-1]])
	}
	return strings.Join(vals, " "), ""
}

// absoluteLengthPx is the size in CSS pixels of each absolute length unit.
// https://drafts.csswg.org/css-values-4/#absolute-lengths
var absoluteLengthPx = map[string]float64{
	"px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "pt": 96.0 / 72, "pc": 16,
}
