package jsruntime

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Web Animations: Element.animate, Animation, KeyframeEffect and the
// document timeline, on the loop's animation frames.
// https://drafts.csswg.org/web-animations-1/
//
// The document timeline's time is the latest frame boundary
// (loop.FrameTime, the timestamp requestAnimationFrame callbacks get), so it
// moves in frames of virtual time. Pending play and pause tasks run at the
// next frame; an animation running to a finite end has one frame timer at
// the frame where it finishes, where its finished promise resolves and its
// finish event fires; infinite animations need no frames at all. What an
// effect animates is seen by getComputedStyle (an animation origin above the
// page's normal declarations), never written to style attributes, so the
// snapshot has the element's own style, as Chromium's DOM does.
// commitStyles is the one call that writes style attributes.
// CSS animations and transitions are these animations, made and owned by
// the style of elements (cssanim.go).

// animationState is a window's animations.
type animationState struct {
	w *Window
	// all holds the animations that are not idle (or have a pending
	// task), in composite order (creation order).
	all []*animation
	// byTarget counts, per element, the animations of all whose effect
	// targets it: getComputedStyle looks no further for other elements.
	byTarget map[*dom.Node]int
	seq      uint64
	events   []animEvent
	timer    int
	timerAt  time.Duration
	hooked   bool
	timeline *docTimeline
	// base is set while an underlying (unanimated) value is computed.
	base int
	// inUpdate is set while update runs (it schedules once, at its end).
	inUpdate bool
	// inheritedSeen is what the animated values of inherited properties
	// were sampled from at the last style read (dropInheritedMemos);
	// inheritedBuf is scratch space.
	inheritedSeen, inheritedBuf []inheritedSample
}

type animEvent struct {
	a  *animation
	ev *dom.Event
	// target is the element a CSS animation or transition event goes
	// to, at its scheduled timeline time (nil: ev goes to a).
	target *dom.Node
	at     float64
}

// docTimeline is a DocumentTimeline: the document's own (origin 0) or one
// a page made with an originTime.
// https://drafts.csswg.org/web-animations-1/#the-documenttimeline-interface
type docTimeline struct {
	origin float64
}

// animation is an Animation.
// https://drafts.csswg.org/web-animations-1/#the-animation-interface
type animation struct {
	dom.EventTarget
	s        *animationState
	seq      uint64
	id       string
	effect   *keyframeEffect
	timeline *docTimeline
	// start and hold are the start time and hold time (unresolved: NaN).
	start, hold  float64
	rate         float64
	pendingRate  float64 // unresolved when there is none
	pendingPlay  bool
	pendingPause bool
	tracked      bool
	replace      string // active, removed, persisted
	prevCurrent  float64
	// ready and finished are the current ready and finished promises.
	ready, finished               *goja.Promise
	resolveReady, rejectReady     func(any) error
	resolveFinished, rejectFinish func(any) error
	finishedDone                  bool // the finished promise is resolved
	readyDone                     bool
	// readyLate says the ready promise is resolved but waits for the
	// animation's wrapper, the value it resolves with: a new Animation()
	// resolves it before the constructor has bound one. The getter
	// resolves it (no reaction can be added before it is read).
	readyLate    bool
	finishQueued bool // a finish notification microtask is queued
	// css is set for a CSSAnimation or CSSTransition (cssanim.go).
	css *cssOwned
}

// keyframeEffect is a KeyframeEffect.
// https://drafts.csswg.org/web-animations-1/#the-keyframeeffect-interface
type keyframeEffect struct {
	target    *dom.Node
	pseudo    string
	hasPseudo bool
	frames    []keyframe
	timing    effectTiming
	composite string
	anim      *animation
	// implicitEase eases from the implicit first keyframe of a CSS
	// animation (its animation-timing-function); nil: linear.
	implicitEase easingFunc
}

// keyframe is one processed keyframe.
// https://drafts.csswg.org/web-animations-1/#processing-a-keyframes-argument
type keyframe struct {
	offset    float64 // unresolved when not given
	computed  float64
	easing    string
	ease      easingFunc
	composite string // auto, replace, add, accumulate
	props     []kfProp
	// long are the longhand declarations of props.
	long []cssDecl
}

// kfProp is a property of a keyframe as given: its IDL name
// (backgroundColor) and value.
type kfProp struct{ idl, value string }

func (w *Window) animations() *animationState {
	if w.anim == nil {
		w.anim = &animationState{w: w, byTarget: map[*dom.Node]int{}}
	}
	return w.anim
}

// timelineTime is the document timeline's current time in ms.
func (s *animationState) timelineTime() float64 {
	return float64(s.w.loop.FrameTime()) / float64(time.Millisecond)
}

func (s *animationState) timeOf(tl *docTimeline) float64 {
	if tl == nil {
		return unresolved
	}
	return s.timelineTime() - tl.origin
}

func (s *animationState) docTimeline() *docTimeline {
	if s.timeline == nil {
		s.timeline = &docTimeline{}
	}
	return s.timeline
}

// newAnimation makes an idle animation of effect on timeline.
func (s *animationState) newAnimation(effect *keyframeEffect, tl *docTimeline) *animation {
	s.seq++
	a := &animation{s: s, seq: s.seq, timeline: tl, start: unresolved, hold: unresolved, rate: 1,
		pendingRate: unresolved, replace: "active", prevCurrent: unresolved}
	a.newReady(true)
	a.newFinished()
	a.setEffect(effect)
	return a
}

func (a *animation) newReady(resolved bool) {
	w := a.s.w
	a.ready, a.resolveReady, a.rejectReady = w.rt.NewPromise()
	a.readyDone, a.readyLate = false, false
	if resolved {
		a.resolveReadyNow()
	}
}

func (a *animation) resolveReadyNow() {
	if !a.readyDone {
		a.readyDone = true
		if obj := a.s.w.realm.Lookup(a); obj != nil {
			_ = a.resolveReady(obj)
		} else {
			a.readyLate = true
		}
	}
}

// readyPromise is the ready attribute: the current ready promise, resolved
// with the animation first if it waited for its wrapper.
func (a *animation) readyPromise() *goja.Promise {
	if a.readyLate {
		if obj := a.s.w.realm.Lookup(a); obj != nil {
			a.readyLate = false
			_ = a.resolveReady(obj)
		}
	}
	return a.ready
}

func (a *animation) newFinished() {
	a.finished, a.resolveFinished, a.rejectFinish = a.s.w.rt.NewPromise()
	a.finishedDone = false
}

// value is the animation's wrapper.
func (a *animation) value() *goja.Object {
	w := a.s.w
	class := "Animation"
	if a.css != nil {
		class = "CSSAnimation"
		if a.css.transition {
			class = "CSSTransition"
		}
	}
	return w.realm.WrapObject(a, w.realm.Class(class))
}

// track adds a to the animations the frames look at.
func (a *animation) track() {
	if a.tracked {
		return
	}
	a.tracked = true
	s := a.s
	s.all = append(s.all, a)
	if a.effect != nil && a.effect.target != nil {
		s.byTarget[a.effect.target]++
	}
}

func (a *animation) untrack() {
	if !a.tracked {
		return
	}
	a.tracked = false
	s := a.s
	if i := slices.Index(s.all, a); i >= 0 {
		s.all = slices.Delete(s.all, i, i+1)
	}
	if a.effect != nil && a.effect.target != nil {
		s.dropTarget(a.effect.target)
	}
}

func (s *animationState) dropTarget(n *dom.Node) {
	if s.byTarget[n]--; s.byTarget[n] <= 0 {
		delete(s.byTarget, n)
	}
}

func (a *animation) setEffect(e *keyframeEffect) {
	if e == a.effect {
		return
	}
	if e != nil && e.anim != nil {
		e.anim.setEffect(nil)
	}
	if a.tracked && a.effect != nil && a.effect.target != nil {
		a.s.dropTarget(a.effect.target)
	}
	if a.effect != nil {
		a.effect.anim = nil
	}
	a.effect = e
	if e != nil {
		e.anim = a
		if a.tracked && e.target != nil {
			a.s.byTarget[e.target]++
		}
	}
}

// setTarget changes e's target, keeping the counts of tracked animations.
func (e *keyframeEffect) setTarget(n *dom.Node) {
	if a := e.anim; a != nil && a.tracked {
		if e.target != nil {
			a.s.dropTarget(e.target)
		}
		if n != nil {
			a.s.byTarget[n]++
		}
	}
	e.target = n
}

// endTime is the associated effect end.
func (a *animation) endTime() float64 {
	if a.effect == nil {
		return 0
	}
	return a.effect.timing.endTime()
}

// currentTime https://drafts.csswg.org/web-animations-1/#the-current-time-of-an-animation
func (a *animation) currentTime() float64 {
	if !isUnresolved(a.hold) {
		return a.hold
	}
	if a.timeline == nil || isUnresolved(a.start) {
		return unresolved
	}
	return (a.s.timeOf(a.timeline) - a.start) * a.rate
}

// playState https://drafts.csswg.org/web-animations-1/#play-states
func (a *animation) playState() string {
	ct := a.currentTime()
	switch {
	case isUnresolved(ct) && isUnresolved(a.start) && !a.pendingPlay && !a.pendingPause:
		return "idle"
	case a.pendingPause || isUnresolved(a.start) && !a.pendingPlay:
		return "paused"
	case !isUnresolved(ct) && (a.effectiveRate() > 0 && ct >= a.endTime() || a.effectiveRate() < 0 && ct <= 0):
		return "finished"
	}
	return "running"
}

func (a *animation) pending() bool { return a.pendingPlay || a.pendingPause }

// applyPendingRate https://drafts.csswg.org/web-animations-1/#apply-any-pending-playback-rate
func (a *animation) applyPendingRate() {
	if !isUnresolved(a.pendingRate) {
		a.rate, a.pendingRate = a.pendingRate, unresolved
	}
}

// effectiveRate is the pending playback rate if any, else the rate.
func (a *animation) effectiveRate() float64 {
	if !isUnresolved(a.pendingRate) {
		return a.pendingRate
	}
	return a.rate
}

// play https://drafts.csswg.org/web-animations-1/#playing-an-animation-section
func (a *animation) play(autoRewind bool) {
	w := a.s.w
	abortedPause := a.pendingPause
	hasPendingReady := false
	seek := unresolved
	ct, end, rate := a.currentTime(), a.endTime(), a.effectiveRate()
	if autoRewind {
		switch {
		case rate >= 0 && (isUnresolved(ct) || ct < 0 || ct >= end):
			seek = 0
		case rate < 0 && (isUnresolved(ct) || ct <= 0 || ct > end):
			if math.IsInf(end, 1) {
				w.realm.ThrowDOMException("InvalidStateError", "Failed to execute 'play' on 'Animation': Cannot play reversed Animation with infinite target effect end.")
			}
			seek = end
		}
	}
	if isUnresolved(seek) && rate == 0 && isUnresolved(ct) {
		seek = 0
	}
	if !isUnresolved(seek) {
		a.hold = seek
	}
	if !isUnresolved(a.hold) {
		a.start = unresolved
	}
	if a.pending() {
		a.pendingPlay, a.pendingPause = false, false
		hasPendingReady = true
	}
	if isUnresolved(a.hold) && isUnresolved(seek) && !abortedPause && isUnresolved(a.pendingRate) {
		return
	}
	if !hasPendingReady {
		a.newReady(false)
	}
	a.pendingPlay = true
	a.track()
	a.updateFinished(false, false)
	a.s.schedule()
}

// pause https://drafts.csswg.org/web-animations-1/#pausing-an-animation-section
func (a *animation) pause() {
	w := a.s.w
	if a.pendingPause || a.playState() == "paused" {
		return
	}
	seek := unresolved
	if isUnresolved(a.currentTime()) {
		if a.rate >= 0 {
			seek = 0
		} else {
			end := a.endTime()
			if math.IsInf(end, 1) {
				w.realm.ThrowDOMException("InvalidStateError", "Failed to execute 'pause' on 'Animation': Cannot pause, Animation has infinite target effect end.")
			}
			seek = end
		}
	}
	if !isUnresolved(seek) {
		a.hold = seek
	}
	hasPendingReady := false
	if a.pendingPlay {
		a.pendingPlay = false
		hasPendingReady = true
	}
	if !hasPendingReady {
		a.newReady(false)
	}
	a.pendingPause = true
	a.track()
	a.updateFinished(false, false)
	a.s.schedule()
}

// runPendingPlay is the pending play task, run at a frame.
func (a *animation) runPendingPlay(ready float64) {
	a.pendingPlay = false
	if !isUnresolved(a.hold) {
		a.applyPendingRate()
		if a.rate == 0 {
			a.start = ready
		} else {
			a.start = ready - a.hold/a.rate
			a.hold = unresolved
		}
	} else if !isUnresolved(a.start) && !isUnresolved(a.pendingRate) {
		ct := (ready - a.start) * a.rate
		a.applyPendingRate()
		if a.rate == 0 {
			a.hold, a.start = ct, ready
		} else {
			a.start = ready - ct/a.rate
		}
	}
	a.resolveReadyNow()
	a.updateFinished(false, false)
}

// runPendingPause is the pending pause task, run at a frame.
func (a *animation) runPendingPause(ready float64) {
	a.pendingPause = false
	if !isUnresolved(a.start) && isUnresolved(a.hold) {
		a.hold = (ready - a.start) * a.rate
	}
	a.applyPendingRate()
	a.start = unresolved
	a.resolveReadyNow()
	a.updateFinished(false, false)
}

// resetPending is "reset an animation's pending tasks".
func (a *animation) resetPending() {
	if !a.pending() {
		return
	}
	a.pendingPlay, a.pendingPause = false, false
	a.applyPendingRate()
	w := a.s.w
	if !a.readyDone {
		_ = a.rejectReady(w.realm.NewDOMException("AbortError", "The user aborted a request."))
		w.markHandled(a.ready)
	}
	a.newReady(true)
}

// cancel https://drafts.csswg.org/web-animations-1/#canceling-an-animation-section
func (a *animation) cancel() {
	w := a.s.w
	if a.css != nil {
		a.s.cssCancelled(a) // cssanim.go
	}
	if a.playState() != "idle" {
		a.resetPending()
		if !a.finishedDone {
			_ = a.rejectFinish(w.realm.NewDOMException("AbortError", "The user aborted a request."))
			w.markHandled(a.finished)
		}
		a.newFinished()
		if a.timeline != nil {
			a.queueEvent("cancel", unresolved, a.s.timeOf(a.timeline))
		}
	}
	a.hold, a.start = unresolved, unresolved
	a.untrackIfIdle()
	a.s.schedule()
}

func (a *animation) untrackIfIdle() {
	if a.playState() == "idle" && !a.pending() {
		a.untrack()
	}
}

// finish https://drafts.csswg.org/web-animations-1/#finishing-an-animation-section
func (a *animation) finish() {
	w := a.s.w
	rate := a.effectiveRate()
	end := a.endTime()
	if rate == 0 {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to execute 'finish' on 'Animation': Cannot finish Animation with a playbackRate of 0.")
	}
	if rate > 0 && math.IsInf(end, 1) {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to execute 'finish' on 'Animation': Cannot finish Animation with an infinite target effect end.")
	}
	a.applyPendingRate()
	limit := 0.0
	if a.rate > 0 {
		limit = end
	}
	a.silentlySetCurrent(limit)
	if isUnresolved(a.start) && a.timeline != nil {
		a.start = a.s.timeOf(a.timeline) - limit/a.rate
	}
	if a.pendingPause && !isUnresolved(a.start) {
		a.hold = unresolved
		a.pendingPause = false
		a.resolveReadyNow()
	}
	if a.pendingPlay && !isUnresolved(a.start) {
		a.pendingPlay = false
		a.resolveReadyNow()
	}
	a.track()
	a.updateFinished(true, true)
	a.s.schedule()
}

// silentlySetCurrent https://drafts.csswg.org/web-animations-1/#silently-set-the-current-time
func (a *animation) silentlySetCurrent(seek float64) {
	if isUnresolved(seek) {
		return
	}
	if !isUnresolved(a.hold) || isUnresolved(a.start) || a.timeline == nil || a.rate == 0 {
		a.hold = seek
	} else {
		a.start = a.s.timeOf(a.timeline) - seek/a.rate
	}
	if a.timeline == nil {
		a.start = unresolved
	}
	a.prevCurrent = unresolved
}

// setCurrentTime https://drafts.csswg.org/web-animations-1/#setting-the-current-time-of-an-animation
func (a *animation) setCurrentTime(seek float64) {
	if isUnresolved(seek) {
		if !isUnresolved(a.currentTime()) {
			a.s.w.realm.ThrowTypeError("Failed to set the 'currentTime' property on 'Animation': currentTime may not be changed from resolved to unresolved")
		}
		return
	}
	a.silentlySetCurrent(seek)
	if a.pendingPause {
		a.hold = seek
		a.applyPendingRate()
		a.start = unresolved
		a.pendingPause = false
		a.resolveReadyNow()
	}
	a.track()
	a.updateFinished(true, false)
	a.s.schedule()
}

// setStartTime https://drafts.csswg.org/web-animations-1/#setting-the-start-time-of-an-animation
func (a *animation) setStartTime(t float64) {
	if a.timeline == nil && !isUnresolved(t) {
		a.hold = unresolved
	}
	prev := a.currentTime()
	a.applyPendingRate()
	a.start = t
	if !isUnresolved(t) {
		if a.rate != 0 {
			a.hold = unresolved
		}
	} else {
		a.hold = prev
	}
	if a.pending() {
		a.pendingPlay, a.pendingPause = false, false
		a.resolveReadyNow()
	}
	a.track()
	a.updateFinished(true, false)
	a.untrackIfIdle()
	a.s.schedule()
}

// setRate is setting playbackRate.
func (a *animation) setRate(r float64) {
	prev := a.currentTime()
	a.pendingRate = unresolved
	a.rate = r
	if !isUnresolved(prev) {
		a.setCurrentTime(prev)
	}
}

// updateRate is "seamlessly update the playback rate": the new rate waits
// as the pending playback rate for a pending task to apply it, so that a
// running animation does not jump.
// https://drafts.csswg.org/web-animations-1/#seamlessly-update-the-playback-rate
func (a *animation) updateRate(r float64) {
	prevState := a.playState()
	a.pendingRate = r
	switch {
	case a.pending():
	case prevState == "idle" || prevState == "paused" || isUnresolved(a.currentTime()):
		a.applyPendingRate()
	case prevState == "finished":
		tt := a.s.timeOf(a.timeline)
		unconstrained := unresolved
		if a.timeline != nil && !isUnresolved(a.start) {
			unconstrained = (tt - a.start) * a.rate
		}
		if r == 0 {
			a.start = tt
		} else if !isUnresolved(unconstrained) {
			a.start = tt - unconstrained/r
		}
		a.applyPendingRate()
		a.updateFinished(false, false)
		a.s.schedule()
	default:
		a.play(false)
	}
}

// reverse https://drafts.csswg.org/web-animations-1/#reversing-an-animation-section
func (a *animation) reverse() {
	w := a.s.w
	if a.timeline == nil {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to execute 'reverse' on 'Animation': Cannot reverse an animation with no active timeline")
	}
	old := a.pendingRate
	a.pendingRate = -a.effectiveRate()
	ok := false
	defer func() {
		if !ok {
			a.pendingRate = old
		}
	}()
	a.play(true)
	ok = true
}

// updateFinished https://drafts.csswg.org/web-animations-1/#updating-the-finished-state
func (a *animation) updateFinished(didSeek, sync bool) {
	unconstrained := a.currentTime()
	if !didSeek && !isUnresolved(a.hold) {
		if a.timeline == nil || isUnresolved(a.start) {
			unconstrained = unresolved
		} else {
			unconstrained = (a.s.timeOf(a.timeline) - a.start) * a.rate
		}
	}
	if !isUnresolved(unconstrained) && !isUnresolved(a.start) && !a.pending() {
		end := a.endTime()
		switch {
		case a.rate > 0 && unconstrained >= end:
			switch {
			case didSeek:
				a.hold = unconstrained
			case isUnresolved(a.prevCurrent):
				a.hold = end
			default:
				a.hold = math.Max(a.prevCurrent, end)
			}
		case a.rate < 0 && unconstrained <= 0:
			switch {
			case didSeek:
				a.hold = unconstrained
			case isUnresolved(a.prevCurrent):
				a.hold = 0
			default:
				a.hold = math.Min(a.prevCurrent, 0)
			}
		case a.rate != 0 && a.timeline != nil:
			if didSeek && !isUnresolved(a.hold) {
				a.start = a.s.timeOf(a.timeline) - a.hold/a.rate
			}
			a.hold = unresolved
		}
	}
	a.prevCurrent = a.currentTime()
	finished := a.playState() == "finished"
	switch {
	case finished && !a.finishedDone:
		if sync {
			a.finishQueued = false
			a.notifyFinished()
		} else if !a.finishQueued {
			a.finishQueued = true
			a.s.w.loop.QueueMicrotask(func() {
				if a.finishQueued {
					a.finishQueued = false
					a.notifyFinished()
				}
			})
		}
	case !finished && a.finishedDone:
		a.newFinished()
	}
	if !finished {
		a.finishQueued = false
	}
}

// notifyFinished is the finish notification steps: the finished promise
// resolves and a finish event is queued for the next frame.
func (a *animation) notifyFinished() {
	if a.playState() != "finished" || a.finishedDone {
		return
	}
	a.finishedDone = true
	_ = a.resolveFinished(a.value())
	a.queueEvent("finish", a.currentTime(), a.s.timeOf(a.timeline))
	a.s.schedule()
}

// queueEvent queues an AnimationPlaybackEvent, dispatched at the next
// frame.
func (a *animation) queueEvent(typ string, current, timeline float64) {
	w := a.s.w
	ev := dom.NewEvent(typ, false, false)
	ev.IsTrusted = true
	d := &eventData{kind: "AnimationPlaybackEvent", detail: goja.Null(), view: goja.Null(), state: goja.Null(), errVal: goja.Undefined()}
	x := d.extra()
	x.currentTime, x.timelineTime = nullableTime(w, current), nullableTime(w, timeline)
	ev.Detail = d
	a.s.events = append(a.s.events, animEvent{a: a, ev: ev, at: a.s.timeOf(a.timeline)})
}

func nullableTime(w *Window, t float64) goja.Value {
	if isUnresolved(t) {
		return goja.Null()
	}
	return w.rt.ToValue(t)
}

// schedule sets the frame timer for the next frame the animations need:
// the next one when a task or event is pending, else the first at which a
// running animation finishes.
func (s *animationState) schedule() {
	if s.inUpdate {
		return
	}
	if !s.hooked {
		s.hooked = true
		s.w.loop.OnFrame(s.update)
	}
	now := s.w.loop.Elapsed()
	at := time.Duration(-1)
	next := func(t time.Duration) {
		if at < 0 || t < at {
			at = t
		}
	}
	if len(s.events) > 0 {
		next(now)
	}
	for _, a := range s.all {
		if a.pending() && a.timeline != nil { // with no timeline it waits for one
			next(now)
			break
		}
		if a.css != nil && a.timeline == nil && a.cssMoved() {
			next(now) // the cancel of a timeline's removal
		}
		if a.css != nil && a.timeline != nil {
			if a.css.idle && !a.pending() && a.playState() != "idle" || a.cssMoved() {
				next(now) // its first events, or those of a seek
			}
			if t := a.cssNextEvent(); !isUnresolved(t) && t+a.timeline.origin <= 1e12 {
				next(time.Duration((t + a.timeline.origin) * float64(time.Millisecond)))
			}
		}
		if a.finishedDone || a.timeline == nil || isUnresolved(a.start) || !isUnresolved(a.hold) || a.rate == 0 {
			continue
		}
		var t float64 // timeline time at which a finishes
		if a.rate > 0 {
			end := a.endTime()
			if math.IsInf(end, 1) {
				continue
			}
			t = a.start + end/a.rate
		} else {
			t = a.start
		}
		t += a.timeline.origin
		if t > 1e12 {
			continue
		}
		next(time.Duration(t * float64(time.Millisecond)))
	}
	if at < 0 {
		if s.timer != 0 {
			s.w.loop.ClearTimer(s.timer)
			s.timer = 0
		}
		return
	}
	if at < now {
		at = now
	}
	if s.timer != 0 && s.timerAt == at {
		return
	}
	if s.timer != 0 {
		s.w.loop.ClearTimer(s.timer)
	}
	s.timerAt = at
	s.timer = s.w.loop.SetFrameTimer(at, func() {
		s.timer = 0
		s.update()
	})
}

// update is "update animations and send events" at a frame.
// https://drafts.csswg.org/web-animations-1/#update-animations-and-send-events
func (s *animationState) update() {
	if len(s.all) == 0 && len(s.events) == 0 || s.inUpdate {
		return
	}
	w := s.w
	s.inUpdate = true
	func() {
		defer func() { s.inUpdate = false }()
		for _, a := range slices.Clone(s.all) {
			ready := s.timeOf(a.timeline)
			if a.css != nil && a.pending() && a.timeline != nil {
				// its first events wait for the next frame, as in
				// Chromium, where an animation starts at the end of the
				// frame that made it
				a.css.justReady = true
			}
			switch {
			case a.pendingPlay && a.timeline != nil:
				a.runPendingPlay(ready)
			case a.pendingPause && a.timeline != nil:
				a.runPendingPause(ready)
			default:
				a.updateFinished(false, false)
			}
		}
		// The microtask checkpoint: finish notifications resolve the
		// finished promises, whose reactions run before the events.
		w.loop.PerformMicrotaskCheckpoint()
		w.drainJobs()
		s.removeReplaced()
		for _, a := range slices.Clone(s.all) {
			if a.css != nil {
				if a.css.justReady {
					a.css.justReady = false
					continue
				}
				s.cssEvents(a) // cssanim.go
				if a.css.transition && a.playState() == "finished" {
					a.untrack() // a completed transition is done with
				}
			}
		}
		// The events queued until now; those their listeners queue wait
		// for the next frame (a listener that cancels again cannot spin),
		// in the order of their scheduled times.
		evs := s.events
		s.events = nil
		slices.SortStableFunc(evs, func(x, y animEvent) int {
			switch {
			case x.at < y.at:
				return -1
			case x.at > y.at:
				return 1
			}
			return 0
		})
		for _, e := range evs {
			if e.target != nil {
				w.dispatch(e.target, e.ev)
				continue
			}
			w.dispatch(e.a, e.ev)
		}
		for _, a := range slices.Clone(s.all) {
			a.untrackIfIdle()
		}
	}()
	s.schedule()
}

// drainJobs runs the promise jobs goja holds (a call into JavaScript from
// Go with an empty stack is a microtask checkpoint).
func (w *Window) drainJobs() {
	if f := callable(w.realm.NewFunction("", 0, func(goja.FunctionCall) goja.Value { return nil })); f != nil {
		_, _ = f(goja.Undefined())
	}
}

// markHandled marks a rejected promise handled, as the specs do for the
// promises they reject themselves (no unhandledrejection).
func (w *Window) markHandled(p *goja.Promise) {
	removePromise(w.rejections.pending, p)
}

// removeReplaced removes finished, filling animations whose every
// property a later animation of the same element animates.
// https://drafts.csswg.org/web-animations-1/#removing-replaced-animations
func (s *animationState) removeReplaced() {
	for i, a := range s.all {
		if a.replace != "active" || a.timeline != s.timeline || a.playState() != "finished" || a.effect == nil || a.effect.target == nil {
			continue
		}
		c := a.effect.computed()
		if isUnresolved(c.transformed) {
			continue
		}
		covered := true
		for _, p := range a.effect.longhands() {
			found := false
			for _, b := range s.all[i+1:] {
				if b.replace != "persisted" && b.replace != "active" || b.effect == nil || b.effect.target != a.effect.target || b.playState() != "finished" {
					continue
				}
				if slices.Contains(b.effect.longhands(), p) {
					found = true
					break
				}
			}
			if !found {
				covered = false
				break
			}
		}
		if covered {
			a.replace = "removed"
			a.queueEvent("remove", a.currentTime(), s.timeOf(a.timeline))
		}
	}
}

// computed is the effect's timing at its animation's current time.
func (e *keyframeEffect) computed() computedTiming {
	local := unresolved
	backwards := false
	if e.anim != nil {
		local = e.anim.currentTime()
		backwards = e.anim.rate < 0
	}
	return e.timing.compute(local, backwards)
}

// longhands lists the longhand properties e animates.
func (e *keyframeEffect) longhands() []string {
	var out []string
	for _, k := range e.frames {
		for _, d := range k.long {
			if !slices.Contains(out, d.name) {
				out = append(out, d.name)
			}
		}
	}
	return out
}

// animatedValue is the value the animations of el give prop now, ok false
// when none animates it.
// For a pseudo-element's stand-in (pseudoNode) they are the animations
// of its element whose effect names that pseudo-element
// (`el.animate(k, {pseudoElement: '::before'})`, a `::before` rule's
// animation-name); an element's are those naming none.
func (w *Window) animatedValue(el *dom.Node, prop string) (string, bool) {
	s := w.anim
	if s == nil || s.base > 0 {
		return "", false
	}
	if target, _ := s.targetOf(el); s.byTarget[target] == 0 {
		return "", false
	}
	return s.valueUpTo(el, prop, nil)
}

// targetOf is the effect target and pseudo-element name ("before",
// "marker"; "" for the element itself) whose animations give el its
// animated values: el's element and pseudo-element when el is a
// pseudo-element's stand-in, else el.
func (s *animationState) targetOf(el *dom.Node) (*dom.Node, string) {
	if s.w.pseudoHosts != nil {
		if ref, ok := s.w.pseudoHosts[el]; ok {
			return ref.host, ref.pseudo
		}
	}
	return el, ""
}

// pseudoName is the pseudo-element e targets, as pseudoRef names it
// ("before" for "::before" or ":before"), "" for its element.
func (e *keyframeEffect) pseudoName() string {
	if !e.hasPseudo || e.pseudo == "" {
		return ""
	}
	return ascii.Lower(strings.TrimLeft(e.pseudo, ":"))
}

// inheritedSample is what the values an animation gives inherited
// properties depend on.
type inheritedSample struct {
	effect *keyframeEffect
	target *dom.Node
	frames *keyframe
	// point and iteration are the bits of the effect's sampling point
	// and current iteration (NaN when not in effect)
	point, iteration uint64
	removed          bool
}

// dropInheritedMemos forgets the memos of computed values of the document
// version (stylesheet.go) when the values animations give inherited
// properties (custom properties, font-size, color...) changed since the
// last style read: the descendants of their targets inherit them, em
// lengths follow an animated font size, and var() an animated custom
// property, though the document's version stays the same.
func (w *Window) dropInheritedMemos() {
	s := w.anim
	if s == nil || len(s.inheritedSeen) == 0 && len(s.byTarget) == 0 {
		return
	}
	cur := s.inheritedBuf[:0]
	for _, a := range s.all {
		e := a.effect
		if e == nil || e.target == nil || len(e.frames) == 0 || !e.animatesInherited() {
			continue
		}
		c := e.computed()
		cur = append(cur, inheritedSample{effect: e, target: e.target, frames: &e.frames[0],
			point: math.Float64bits(c.transformed), iteration: math.Float64bits(c.currentIteration),
			removed: a.replace == "removed"})
	}
	if !slices.Equal(cur, s.inheritedSeen) {
		w.sheets.dropValueMemos() // the estimate's boxes: refreshFlow
	}
	s.inheritedSeen, s.inheritedBuf = cur, s.inheritedSeen
}

// animatesInherited tells whether e animates a property descendants
// inherit.
func (e *keyframeEffect) animatesInherited() bool {
	for i := range e.frames {
		for _, d := range e.frames[i].long {
			if inheritedProp(d.name) {
				return true
			}
		}
	}
	return false
}

// inheritedProp tells whether descendants inherit prop: a custom property
// or one of inheritedProps (font-size among them, which em lengths read).
func inheritedProp(prop string) bool {
	return inheritedProps[prop] || strings.HasPrefix(prop, "--")
}

// valueUpTo composites the animations of el for prop in composite order,
// up to and including last (nil: all).
func (s *animationState) valueUpTo(el *dom.Node, prop string, last *animation) (string, bool) {
	val, ok := "", false
	target, pseudo := s.targetOf(el)
	for _, a := range s.all {
		e := a.effect
		if e != nil && e.target == target && a.replace != "removed" && e.pseudoName() == pseudo {
			if v, has := e.sample(prop, func() string {
				if ok {
					return val
				}
				return s.underlying(el, prop)
			}); has {
				val, ok = v, true
			}
		}
		if a == last {
			break
		}
	}
	return val, ok
}

// underlying is the value of prop on el without animations.
func (s *animationState) underlying(el *dom.Node, prop string) string {
	s.base++
	defer func() { s.base-- }()
	v, _ := s.w.computedValue(el, prop)
	return v
}

// sample is the effect's value of prop at its current progress, ok false
// when the effect is not in effect or does not animate prop.
// https://drafts.csswg.org/web-animations-1/#the-effect-value-of-a-keyframe-animation-effect
func (e *keyframeEffect) sample(prop string, underlying func() string) (string, bool) {
	type frame struct {
		offset float64
		value  string
		ease   easingFunc
		given  bool
	}
	var frames []frame
	for _, k := range e.frames {
		for _, d := range k.long {
			if d.name == prop {
				frames = append(frames, frame{offset: k.computed, value: d.value, ease: k.ease, given: true})
			}
		}
	}
	if len(frames) == 0 {
		return "", false
	}
	p := e.computed().transformed
	if isUnresolved(p) {
		return "", false
	}
	if frames[0].offset != 0 {
		ease := linearEasing
		if e.implicitEase != nil {
			ease = e.implicitEase
		}
		frames = append([]frame{{offset: 0, ease: ease}}, frames...)
	}
	if frames[len(frames)-1].offset != 1 {
		frames = append(frames, frame{offset: 1, ease: linearEasing})
	}
	val := func(f frame) string {
		if f.given {
			if e.target != nil && e.anim != nil && !strings.HasPrefix(prop, "--") && indexVar(f.value) >= 0 {
				// a keyframe's var() takes the target's custom properties
				// (jquery.terminal's blinking cursor: `color:
				// var(--original-color, #aaa)`); one that fails leaves the
				// property's value without the animation
				if v, ok := e.anim.s.w.substituteVars(e.target, f.value, 0); ok {
					return v
				}
				return underlying()
			}
			return f.value
		}
		return underlying()
	}
	if len(frames) == 1 {
		return val(frames[0]), true
	}
	// The interval: the last keyframe at or before p and the one after it
	// (the first two below 0, the last two above 1).
	i := 0
	switch {
	case p < 0:
		i = 0
	case p >= 1:
		i = len(frames) - 2
		if frames[len(frames)-1].offset == 1 && p == 1 {
			return val(frames[len(frames)-1]), true
		}
	default:
		for j := 0; j < len(frames)-1; j++ {
			if frames[j].offset <= p && frames[j+1].offset > p {
				i = j
			}
		}
	}
	a, b := frames[i], frames[i+1]
	if p == a.offset {
		return val(a), true
	}
	span := b.offset - a.offset
	local := 0.0
	if span != 0 {
		local = (p - a.offset) / span
	}
	local = a.ease(local, false)
	if strings.HasPrefix(prop, "--") && !e.interpolatesCustom(prop) {
		// an unregistered custom property (or one of syntax "*")
		// animates discretely
		// https://drafts.css-houdini.org/css-properties-values-api/#animation-behavior-of-custom-properties
		if local < 0.5 {
			return val(a), true
		}
		return val(b), true
	}
	return interpolateValue(prop, val(a), val(b), local), true
}

// interpolatesCustom tells whether the custom property name is
// registered with a syntax other than "*", whose values interpolate.
func (e *keyframeEffect) interpolatesCustom(name string) bool {
	if e.anim == nil {
		return false
	}
	r := e.anim.s.w.registration(name)
	return r != nil && r.syntax != "*"
}

// relevant reports whether a is a relevant animation (its effect current
// or in effect) and not removed.
// https://drafts.csswg.org/web-animations-1/#relevant-animations-section
func (a *animation) relevant() bool {
	if a.effect == nil || a.replace == "removed" {
		return false
	}
	c := a.effect.computed()
	if !isUnresolved(c.transformed) {
		return true
	}
	ps := a.playState()
	if c.phase == phaseActive {
		return true
	}
	return c.phase == phaseBefore && ps != "idle" && ps != "finished" && a.rate >= 0 ||
		c.phase == phaseAfter && a.rate < 0 && ps != "idle"
}

// getAnimations lists the relevant animations whose targets are root (or,
// with subtree, inclusive descendants of root and their pseudo-elements;
// a document: any element of it), in composite order.
func (w *Window) getAnimations(root *dom.Node, subtree bool) goja.Value {
	w.flushStyle() // cssanim.go
	var out []any
	var found []*animation
	if s := w.anim; s != nil && root.IsConnected() { // none for a disconnected element, as in Chromium
		for _, a := range s.all {
			t := (*dom.Node)(nil)
			if a.effect != nil {
				t = a.effect.target
			}
			if t == nil || !a.relevant() {
				continue
			}
			// an element's own are those of no pseudo-element; subtree
			// takes its pseudo-elements' too
			if t == root && (subtree || a.effect.pseudoName() == "") || subtree && isInclusiveAncestor(root, t) {
				found = append(found, a)
			}
		}
	}
	slices.SortStableFunc(found, cssOrder) // cssanim.go
	for _, a := range found {
		out = append(out, a.value())
	}
	return w.rt.ToValue(w.rt.NewArray(out...))
}

// isInclusiveAncestor reports whether n is root or a descendant of root in
// its own tree: an animation in a shadow tree is its shadow root's, not
// the document's or its host's, as Chromium's getAnimations has it.
func isInclusiveAncestor(root, n *dom.Node) bool {
	for ; n != nil; n = n.ParentNode() {
		if n == root {
			return true
		}
	}
	return false
}

// animate implements Element.animate(keyframes, options): the arguments
// are converted first (options, a (unrestricted double or
// KeyframeAnimationOptions) union, read member by member), then the
// timing is checked, then the keyframes are processed.
// https://drafts.csswg.org/web-animations-1/#dom-animatable-animate
func (w *Window) animate(el *dom.Node, args []goja.Value) goja.Value {
	s := w.animations()
	const what = "Failed to execute 'animate' on 'Element'"
	e := &keyframeEffect{target: el, composite: "replace"}
	keyframes := w.keyframesArg(bind.Arg(args, 0), what, 1)
	tl := s.docTimeline()
	id := ""
	in, d := w.effectOptions(bind.Arg(args, 1), e)
	d = d.As("KeyframeAnimationOptions")
	if v, ok := d.DOMString("id"); ok {
		id = v
	}
	// rangeEnd and rangeStart (scroll-driven animations) are read and
	// not used.
	d.Get("rangeEnd")
	d.Get("rangeStart")
	d.Convert("timeline", func(v goja.Value) { tl = w.timelineArg(v) })
	e.timing = defaultTiming()
	w.applyTiming(&e.timing, in, what)
	w.checkPseudoElement(e, what)
	e.frames = w.processKeyframes(keyframes, what)
	a := s.newAnimation(e, tl)
	a.id = id
	a.play(true)
	return a.value()
}

// keyframesArg converts a keyframes argument (parameter param), an
// object?: a primitive other than null and undefined is a TypeError.
func (w *Window) keyframesArg(v goja.Value, what string, param int) goja.Value {
	if _, ok := v.(*goja.Object); !ok && !bind.Nullish(v) {
		w.realm.ThrowTypeError("%s: parameter %d is not of type 'object'.", what, param)
	}
	return v
}

// effectOptions converts the options of animate and of the KeyframeEffect
// constructor, an (unrestricted double or KeyframeEffectOptions) union: a
// number (anything but an object, null or undefined) is the duration;
// else the EffectTiming members are read, then KeyframeEffectOptions'
// composite and pseudoElement, into e. d is the dictionary, for the
// members of a dictionary inheriting it.
func (w *Window) effectOptions(v goja.Value, e *keyframeEffect) (in timingInput, d bind.Dictionary) {
	if _, ok := v.(*goja.Object); !ok && !bind.Nullish(v) {
		in.duration, in.hasDuration = bind.Number(v), true
		return in, d
	}
	d = bind.NewDictionary(v, "EffectTiming")
	in = readTiming(d)
	d = d.As("KeyframeEffectOptions")
	if c, ok := d.Enum("composite", "CompositeOperation", "replace", "add", "accumulate"); ok {
		e.composite = c
	}
	if p, ok := d.NullableString("pseudoElement"); ok {
		e.pseudo, e.hasPseudo = p, true
	}
	return in, d
}

// checkPseudoElement throws the SyntaxError of a pseudoElement option
// that is no pseudo-element selector.
// https://drafts.csswg.org/web-animations-1/#dom-keyframeeffect-pseudoelement
func (w *Window) checkPseudoElement(e *keyframeEffect, what string) {
	if e.hasPseudo && !strings.HasPrefix(e.pseudo, ":") {
		w.realm.ThrowDOMException("SyntaxError", what+": "+e.pseudo+" is a syntactically invalid pseudo-element")
	}
}

// timelineParam converts an AnimationTimeline? argument or value.
func (w *Window) timelineParam(v goja.Value, what string) *docTimeline {
	if goja.IsNull(v) {
		return nil
	}
	if impl, ok := w.realm.UnwrapAs(v, w.realm.Class("AnimationTimeline")); ok {
		return impl.(*docTimeline)
	}
	w.realm.ThrowTypeError("%s: The provided value is not of type 'AnimationTimeline'.", what)
	return nil
}

// timelineArg converts an AnimationTimeline? member.
func (w *Window) timelineArg(v goja.Value) *docTimeline {
	if goja.IsNull(v) {
		return nil
	}
	if impl, ok := w.realm.UnwrapAs(v, w.realm.Class("AnimationTimeline")); ok {
		return impl.(*docTimeline)
	}
	panic(bind.TypeError("Failed to convert value to 'AnimationTimeline'."))
}

func (w *Window) compositeArg(v goja.Value, what string, auto bool) string {
	c := bind.DOMString(v)
	switch c {
	case "replace", "add", "accumulate":
		return c
	case "auto":
		if auto {
			return c
		}
	}
	w.realm.ThrowTypeError("%s: The provided value '%s' is not a valid enum value of type CompositeOperation.", what, c)
	return ""
}

// A timingInput is an OptionalEffectTiming as converted, before its
// values are checked.
// https://drafts.csswg.org/web-animations-1/#dictdef-optionaleffecttiming
type timingInput struct {
	delay, endDelay, iterationStart, iterations, duration   float64
	direction, fill, easing, durationString                 string
	hasDelay, hasEndDelay, hasIterationStart, hasIterations bool
	hasDirection, hasFill, hasEasing, hasDuration           bool
	durationIsString                                        bool
}

// readTiming converts the members of an EffectTiming or
// OptionalEffectTiming, in lexicographic order: delay, endDelay and
// iterationStart restricted doubles, iterations an unrestricted double,
// duration an (unrestricted double or DOMString) union (a number is a
// number, anything else a string).
func readTiming(d bind.Dictionary) (in timingInput) {
	d.Convert("delay", func(v goja.Value) { in.delay, in.hasDelay = bind.RestrictedDouble(v), true })
	in.direction, in.hasDirection = d.Enum("direction", "PlaybackDirection", "normal", "reverse", "alternate", "alternate-reverse")
	d.Convert("duration", func(v goja.Value) {
		in.hasDuration = true
		if isNumber(v) {
			in.duration = bind.Number(v)
			return
		}
		in.durationString, in.durationIsString = bind.DOMString(v), true
	})
	in.easing, in.hasEasing = d.DOMString("easing")
	d.Convert("endDelay", func(v goja.Value) { in.endDelay, in.hasEndDelay = bind.RestrictedDouble(v), true })
	in.fill, in.hasFill = d.Enum("fill", "FillMode", "none", "forwards", "backwards", "both", "auto")
	d.Convert("iterationStart", func(v goja.Value) { in.iterationStart, in.hasIterationStart = bind.RestrictedDouble(v), true })
	d.Convert("iterations", func(v goja.Value) { in.iterations, in.hasIterations = bind.Number(v), true })
	return in
}

// applyTiming checks in and applies it to t, all or nothing: the checks
// in Chromium's order (iterationStart, iterations, duration, easing).
// https://drafts.csswg.org/web-animations-1/#updating-the-timing-of-an-animation-effect
func (w *Window) applyTiming(t *effectTiming, in timingInput, what string) {
	n := *t
	if in.hasIterationStart {
		if in.iterationStart < 0 {
			w.realm.ThrowTypeError("%s: iterationStart must be non-negative", what)
		}
		n.iterationStart = in.iterationStart
	}
	if in.hasIterations {
		if in.iterations != in.iterations || in.iterations < 0 {
			w.realm.ThrowTypeError("%s: iterationCount must be non-negative", what)
		}
		n.iterations = in.iterations
	}
	if in.hasDuration {
		switch {
		case in.durationIsString && in.durationString == "auto":
			n.durationAuto = true
		case in.durationIsString || in.duration != in.duration || in.duration < 0:
			w.realm.ThrowTypeError("%s: duration must be non-negative or auto", what)
		default:
			n.duration, n.durationAuto = in.duration, false
		}
	}
	if in.hasEasing {
		if in.easing == "" {
			w.realm.ThrowTypeError("%s: Easing may not be the empty string", what)
		}
		f, text, ok := parseEasing(in.easing)
		if !ok {
			w.realm.ThrowTypeError("%s: '%s' is not a valid value for easing", what, in.easing)
		}
		n.ease, n.easing = f, text
	}
	if in.hasDelay {
		n.delay = in.delay
	}
	if in.hasEndDelay {
		n.endDelay = in.endDelay
	}
	if in.hasDirection {
		n.direction = in.direction
	}
	if in.hasFill {
		n.fill = in.fill
	}
	*t = n
}

// updateTiming applies an OptionalEffectTiming to t (updateTiming()).
func (w *Window) updateTiming(t *effectTiming, v goja.Value, what string) {
	w.applyTiming(t, readTiming(bind.NewDictionary(v, "OptionalEffectTiming")), what)
}

// processKeyframes reads a keyframes argument: a sequence of keyframe
// objects or one property-indexed object.
// https://drafts.csswg.org/web-animations-1/#processing-a-keyframes-argument
func (w *Window) processKeyframes(v goja.Value, what string) []keyframe {
	if bind.Nullish(v) {
		return nil
	}
	obj, ok := v.(*goja.Object)
	if !ok {
		w.realm.ThrowTypeError("%s: The provided value is not of type '(sequence<object> or object)'.", what)
	}
	var frames []keyframe
	if it := obj.GetSymbol(goja.SymIterator); !bind.Nullish(it) {
		// A sequence of keyframes.
		w.rt.ForOf(obj, func(item goja.Value) bool {
			o, ok := item.(*goja.Object)
			if !ok && !bind.Nullish(item) {
				w.realm.ThrowTypeError("%s: Keyframes must be objects, or null or undefined.", what)
			}
			k := keyframe{offset: unresolved, easing: "linear", ease: linearEasing, composite: "auto"}
			if o != nil {
				for _, key := range sortedKeys(o) {
					x := o.Get(key)
					switch key {
					case "offset":
						if !bind.Nullish(x) {
							k.offset = bind.Number(x)
							if k.offset != k.offset || math.IsInf(k.offset, 0) {
								w.realm.ThrowTypeError("%s: Non numeric offset provided", what)
							}
						}
					case "easing":
						if goja.IsUndefined(x) {
							break // an absent member: linear (Motion One passes undefined)
						}
						f, text, ok := parseEasing(bind.DOMString(x))
						if !ok {
							w.realm.ThrowTypeError("%s: '%s' is not a valid value for easing", what, bind.DOMString(x))
						}
						k.ease, k.easing = f, text
					case "composite":
						if !bind.Nullish(x) {
							k.composite = w.compositeArg(x, what, true)
						}
					default:
						if _, ok := animatableName(key); ok {
							k.props = append(k.props, kfProp{idl: key, value: bind.DOMString(x)})
						}
					}
				}
			}
			frames = append(frames, k)
			return true
		})
	} else {
		// A property-indexed keyframe: each property's values are spaced
		// evenly; offset, easing and composite may be lists too.
		type column struct {
			idl    string
			values []string
		}
		var cols []column
		var offsets []goja.Value
		var easings, composites []string
		list := func(x goja.Value) []goja.Value {
			if xo, ok := x.(*goja.Object); ok && !bind.Nullish(xo.GetSymbol(goja.SymIterator)) {
				var out []goja.Value
				w.rt.ForOf(xo, func(i goja.Value) bool { out = append(out, i); return true })
				return out
			}
			return []goja.Value{x}
		}
		for _, key := range sortedKeys(obj) {
			x := obj.Get(key)
			switch key {
			case "offset":
				if !bind.Nullish(x) {
					offsets = list(x)
				}
			case "easing":
				if goja.IsUndefined(x) {
					// an absent member: its default, [] (Motion One's
					// animate passes easing: undefined)
					break
				}
				for _, e := range list(x) {
					easings = append(easings, bind.DOMString(e))
				}
			case "composite":
				if goja.IsUndefined(x) {
					break
				}
				for _, c := range list(x) {
					composites = append(composites, bind.DOMString(c))
				}
			default:
				if _, ok := animatableName(key); ok {
					c := column{idl: key}
					for _, e := range list(x) {
						c.values = append(c.values, bind.DOMString(e))
					}
					cols = append(cols, c)
				}
			}
		}
		// Keyframes by computed offset, merging equal offsets.
		type slot struct {
			off   float64
			props []kfProp
		}
		var slots []slot
		for _, c := range cols {
			n := len(c.values)
			for i, val := range c.values {
				off := 1.0
				if n > 1 {
					off = float64(i) / float64(n-1)
				}
				j := slices.IndexFunc(slots, func(s slot) bool { return s.off == off })
				if j < 0 {
					slots = append(slots, slot{off: off})
					j = len(slots) - 1
				}
				slots[j].props = append(slots[j].props, kfProp{idl: c.idl, value: val})
			}
		}
		slices.SortStableFunc(slots, func(a, b slot) int {
			switch {
			case a.off < b.off:
				return -1
			case a.off > b.off:
				return 1
			}
			return 0
		})
		for i, s := range slots {
			k := keyframe{offset: unresolved, computed: s.off, easing: "linear", ease: linearEasing, composite: "auto", props: s.props}
			if i < len(offsets) && !bind.Nullish(offsets[i]) {
				k.offset = bind.Number(offsets[i])
			}
			if len(easings) > 0 {
				e := easings[i%len(easings)]
				f, text, ok := parseEasing(e)
				if !ok {
					w.realm.ThrowTypeError("%s: '%s' is not a valid value for easing", what, e)
				}
				k.ease, k.easing = f, text
			}
			if len(composites) > 0 {
				k.composite = w.compositeArg(w.str(composites[i%len(composites)]), what, true)
			}
			frames = append(frames, k)
		}
		for _, e := range easings {
			if _, _, ok := parseEasing(e); !ok {
				w.realm.ThrowTypeError("%s: '%s' is not a valid value for easing", what, e)
			}
		}
	}
	// Offsets must lie in [0, 1] and not decrease.
	prev := math.Inf(-1)
	for _, k := range frames {
		if isUnresolved(k.offset) {
			continue
		}
		if k.offset < 0 || k.offset > 1 {
			w.realm.ThrowTypeError("%s: Offsets must be null or in the range [0,1].", what)
		}
		if k.offset < prev {
			w.realm.ThrowTypeError("%s: Offsets must be monotonically non-decreasing.", what)
		}
		prev = k.offset
	}
	computeOffsets(frames)
	for i := range frames {
		frames[i].expand()
	}
	return frames
}

// expand fills k.long from k.props.
func (k *keyframe) expand() {
	k.long = k.long[:0]
	for _, p := range k.props {
		name, _ := animatableName(p.idl)
		for _, d := range parseDeclarations(name + ":" + p.value) {
			d.important = false
			k.long = append(k.long, d)
		}
	}
}

// computeOffsets https://drafts.csswg.org/web-animations-1/#compute-missing-keyframe-offsets
func computeOffsets(frames []keyframe) {
	n := len(frames)
	if n == 0 {
		return
	}
	for i := range frames {
		frames[i].computed = frames[i].offset
	}
	if n > 1 && isUnresolved(frames[0].computed) {
		frames[0].computed = 0
	}
	if isUnresolved(frames[n-1].computed) {
		frames[n-1].computed = 1
	}
	for i := 0; i < n; {
		if !isUnresolved(frames[i].computed) {
			i++
			continue
		}
		// frames[i-1] has an offset; find the next one that does.
		j := i
		for isUnresolved(frames[j].computed) {
			j++
		}
		a, b := frames[i-1].computed, frames[j].computed
		for k := i; k < j; k++ {
			frames[k].computed = a + (b-a)*float64(k-i+1)/float64(j-i+1)
		}
		i = j
	}
}

// animatableName maps a keyframe member name (camelCase, cssFloat,
// cssOffset, --custom) to its CSS property name; ok false for names that
// are no CSS property.
func animatableName(key string) (string, bool) {
	switch key {
	case "cssFloat":
		return "float", true
	case "cssOffset":
		return "offset", true
	case "float", "offset":
		return "", false
	}
	if strings.HasPrefix(key, "--") {
		return key, true
	}
	if strings.IndexByte(key, '-') >= 0 || !validPropertyName(key) {
		return "", false
	}
	name := cssName(key)
	if strings.HasPrefix(name, "-webkit-") || strings.HasPrefix(name, "-") {
		return name, true
	}
	return name, isCSSProperty(name)
}

// isCSSProperty reports whether name is a property bangsnap knows.
func isCSSProperty(name string) bool {
	if shorthands[name] != nil || lengthProps[name] || colorProps[name] || inheritedProps[name] {
		return true
	}
	if _, ok := initialValues[name]; ok {
		return true
	}
	switch name {
	case "display", "visibility", "opacity", "position", "float", "overflow", "overflow-x", "overflow-y",
		"box-sizing", "width", "height", "top", "left", "right", "bottom", "z-index", "transform",
		"pointer-events", "clip-path", "filter", "translate", "rotate", "scale", "offset-distance":
		return true
	}
	return false
}

// sortedKeys lists o's own enumerable string keys, sorted in Unicode
// code point order ([…] "in ascending Unicode order"): the order keyframe
// members are read in.
func sortedKeys(o *goja.Object) []string {
	keys := o.Keys()
	slices.Sort(keys)
	return keys
}

// keyframesValue is getKeyframes' result.
func (w *Window) keyframesValue(e *keyframeEffect) goja.Value {
	out := make([]any, len(e.frames))
	for i, k := range e.frames {
		o := w.rt.NewObject()
		_ = o.Set("offset", nullableTime(w, k.offset))
		_ = o.Set("easing", k.easing)
		_ = o.Set("composite", k.composite)
		for _, p := range k.props {
			_ = o.Set(p.idl, p.value)
		}
		_ = o.Set("computedOffset", k.computed)
		out[i] = o
	}
	return w.rt.NewArray(out...)
}

// timingValue is getTiming's result; computed adds getComputedTiming's.
func (w *Window) timingValue(e *keyframeEffect, computed bool) goja.Value {
	t := &e.timing
	o := w.rt.NewObject()
	_ = o.Set("delay", t.delay)
	_ = o.Set("direction", t.direction)
	switch {
	case computed && t.durationAuto:
		_ = o.Set("duration", 0)
	case t.durationAuto:
		_ = o.Set("duration", "auto")
	default:
		_ = o.Set("duration", t.duration)
	}
	_ = o.Set("easing", t.easing)
	_ = o.Set("endDelay", t.endDelay)
	fill := t.fill
	if computed && fill == "auto" {
		fill = "none"
	}
	_ = o.Set("fill", fill)
	_ = o.Set("iterationStart", t.iterationStart)
	_ = o.Set("iterations", t.iterations)
	if computed {
		c := e.computed()
		_ = o.Set("activeDuration", t.activeDuration())
		_ = o.Set("currentIteration", nullableTime(w, c.currentIteration))
		_ = o.Set("endTime", t.endTime())
		_ = o.Set("localTime", nullableTime(w, c.localTime))
		_ = o.Set("progress", nullableTime(w, c.transformed))
	}
	return o
}

// commitStyles writes the animated values of a's effect into its target's
// style attribute.
// https://drafts.csswg.org/web-animations-1/#dom-animation-commitstyles
func (a *animation) commitStyles() {
	w := a.s.w
	e := a.effect
	if e == nil || e.target == nil || e.hasPseudo {
		return
	}
	if !e.target.IsElement() {
		w.realm.ThrowDOMException("NoModificationAllowedError", "Failed to execute 'commitStyles' on 'Animation': Target element is not an element.")
	}
	if !e.target.IsConnected() || !w.boxOf(e.target).rendered {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to execute 'commitStyles' on 'Animation': Target element is not rendered.")
	}
	st := w.styleOf(e.target)
	list := slices.Clone(st.list())
	for _, p := range e.longhands() {
		v, ok := a.s.valueUpTo(e.target, p, a)
		if !ok {
			continue
		}
		if i := indexDecl(list, p); i >= 0 {
			list[i].value, list[i].important = v, false
		} else {
			list = append(list, cssDecl{name: p, value: v})
		}
	}
	st.write(list)
}

// The interfaces.

func animOf(this any) *animation     { return this.(*animation) }
func effOf(this any) *keyframeEffect { return this.(*keyframeEffect) }

func animGet(f func(w *Window, a *animation) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value {
		w, a := win(r), animOf(this)
		if a.css != nil {
			// What a CSS animation or transition reports follows the
			// style changes made so far (a changed animation-play-state
			// pauses it), as if styles were up to date.
			// https://drafts.csswg.org/css-animations-2/#requirements-on-pending-style-changes
			w.flushStyle()
		}
		return f(w, a)
	}
}

func animMethod(name string, length int, f func(w *Window, a *animation, args []goja.Value) goja.Value) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		return f(win(r), animOf(this), args)
	}}
}

// timeArg converts a nullable double (CSSNumberish) argument.
func timeArg(w *Window, v goja.Value, what string) float64 {
	if bind.Nullish(v) {
		return unresolved
	}
	f := bind.Number(v)
	if f != f || math.IsInf(f, 0) {
		w.realm.ThrowTypeError("%s: The provided double value is non-finite.", what)
	}
	return f
}

var animationIface = &bind.Interface{
	Name: "Animation", Parent: "EventTarget",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := win(r)
		s := w.animations()
		const what = "Failed to construct 'Animation'"
		var e *keyframeEffect
		if v := bind.Arg(args, 0); !bind.Nullish(v) {
			impl, ok := r.UnwrapAs(v, r.Class("AnimationEffect"))
			if !ok {
				r.ThrowTypeError("%s: parameter 1 is not of type 'AnimationEffect'.", what)
			}
			e = impl.(*keyframeEffect)
		}
		tl := s.docTimeline()
		if v := bind.Arg(args, 1); !goja.IsUndefined(v) {
			tl = w.timelineParam(v, what)
		}
		return s.newAnimation(e, tl)
	},
	Attributes: []bind.Attribute{
		{Name: "id", Get: animGet(func(w *Window, a *animation) goja.Value { return w.str(a.id) }),
			Set: func(r *bind.Realm, this any, v goja.Value) { animOf(this).id = bind.DOMString(v) }},
		{Name: "effect", Get: animGet(func(w *Window, a *animation) goja.Value {
			if a.effect == nil {
				return goja.Null()
			}
			return w.realm.WrapObject(a.effect, w.realm.Class("KeyframeEffect"))
		}), Set: func(r *bind.Realm, this any, v goja.Value) {
			a := animOf(this)
			var e *keyframeEffect
			if !bind.Nullish(v) {
				impl, ok := r.UnwrapAs(v, r.Class("AnimationEffect"))
				if !ok {
					r.ThrowTypeError("Failed to set the 'effect' property on 'Animation': The provided value is not of type 'AnimationEffect'.")
				}
				e = impl.(*keyframeEffect)
			}
			if old := a.effect; a.css != nil && e == nil && old != nil && !a.css.idle {
				// A CSS animation or transition whose effect is taken
				// away ends (Chromium sends the end of the old
				// effect's active interval).
				c := old.computed()
				a.s.cssPhaseEvents(a, old, false, phaseAfter, c.currentIteration)
			}
			a.setEffect(e)
			a.updateFinished(false, false)
			a.s.schedule()
		}},
		{Name: "timeline", Get: animGet(func(w *Window, a *animation) goja.Value {
			if a.timeline == nil {
				return goja.Null()
			}
			return w.realm.WrapObject(a.timeline, w.realm.Class("DocumentTimeline"))
		}), Set: func(r *bind.Realm, this any, v goja.Value) {
			w, a := win(r), animOf(this)
			tl := w.timelineParam(v, "Failed to set the 'timeline' property on 'Animation'")
			if tl == a.timeline {
				return
			}
			// Setting the timeline: between document timelines (or none)
			// the start time is kept and the current time follows the
			// new timeline; with none it is unresolved while the start
			// time is (the effect has no local time), as in Chromium.
			// https://drafts.csswg.org/web-animations-1/#setting-the-timeline
			a.timeline = tl
			if !isUnresolved(a.start) {
				a.hold = unresolved
			}
			a.updateFinished(false, false)
			a.s.schedule()
		}},
		{Name: "startTime", Get: animGet(func(w *Window, a *animation) goja.Value { return nullableTime(w, a.start) }),
			Set: func(r *bind.Realm, this any, v goja.Value) {
				animOf(this).setStartTime(timeArg(win(r), v, "Failed to set the 'startTime' property on 'Animation'"))
			}},
		{Name: "currentTime", Get: animGet(func(w *Window, a *animation) goja.Value { return nullableTime(w, a.currentTime()) }),
			Set: func(r *bind.Realm, this any, v goja.Value) {
				animOf(this).setCurrentTime(timeArg(win(r), v, "Failed to set the 'currentTime' property on 'Animation'"))
			}},
		{Name: "playbackRate", Get: animGet(func(w *Window, a *animation) goja.Value { return w.rt.ToValue(a.rate) }),
			Set: func(r *bind.Realm, this any, v goja.Value) {
				animOf(this).setRate(timeArg(win(r), v, "Failed to set the 'playbackRate' property on 'Animation'"))
			}},
		{Name: "playState", Get: animGet(func(w *Window, a *animation) goja.Value { return w.str(a.playState()) })},
		{Name: "replaceState", Get: animGet(func(w *Window, a *animation) goja.Value { return w.str(a.replace) })},
		{Name: "pending", Get: animGet(func(w *Window, a *animation) goja.Value { return w.rt.ToValue(a.pending()) })},
		{Name: "ready", Promise: true, Get: animGet(func(w *Window, a *animation) goja.Value { return w.rt.ToValue(a.readyPromise()) })},
		{Name: "finished", Promise: true, Get: animGet(func(w *Window, a *animation) goja.Value { return w.rt.ToValue(a.finished) })},
		handlerAttr("finish"), handlerAttr("cancel"), handlerAttr("remove"),
	},
	Methods: []bind.Method{
		animMethod("cancel", 0, func(w *Window, a *animation, _ []goja.Value) goja.Value { a.cancel(); return nil }),
		animMethod("finish", 0, func(w *Window, a *animation, _ []goja.Value) goja.Value { a.finish(); return nil }),
		animMethod("play", 0, func(w *Window, a *animation, _ []goja.Value) goja.Value { a.play(true); return nil }),
		animMethod("pause", 0, func(w *Window, a *animation, _ []goja.Value) goja.Value { a.pause(); return nil }),
		animMethod("updatePlaybackRate", 1, func(w *Window, a *animation, args []goja.Value) goja.Value {
			a.updateRate(timeArg(w, args[0], "Failed to execute 'updatePlaybackRate' on 'Animation'"))
			return nil
		}),
		animMethod("reverse", 0, func(w *Window, a *animation, _ []goja.Value) goja.Value {
			a.reverse()
			return nil
		}),
		animMethod("persist", 0, func(w *Window, a *animation, _ []goja.Value) goja.Value {
			a.replace = "persisted"
			return nil
		}),
		animMethod("commitStyles", 0, func(w *Window, a *animation, _ []goja.Value) goja.Value { a.commitStyles(); return nil }),
	},
}

var animationEffectIface = &bind.Interface{
	Name: "AnimationEffect",
	Methods: []bind.Method{
		{Name: "getTiming", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return win(r).timingValue(effOf(this), false)
		}},
		{Name: "getComputedTiming", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return win(r).timingValue(effOf(this), true)
		}},
		{Name: "updateTiming", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, e := win(r), effOf(this)
			w.updateTiming(&e.timing, bind.Arg(args, 0), "Failed to execute 'updateTiming' on 'AnimationEffect'")
			if a := e.anim; a != nil {
				a.updateFinished(false, false)
				a.s.schedule()
			}
			return nil
		}},
	},
}

var keyframeEffectIface = &bind.Interface{
	Name: "KeyframeEffect", Parent: "AnimationEffect", CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := win(r)
		const what = "Failed to construct 'KeyframeEffect'"
		if len(args) == 1 {
			// KeyframeEffect(source): a copy.
			if impl, ok := r.UnwrapAs(args[0], r.Class("KeyframeEffect")); ok {
				src := impl.(*keyframeEffect)
				e := &keyframeEffect{target: src.target, pseudo: src.pseudo, hasPseudo: src.hasPseudo,
					timing: src.timing, composite: src.composite, frames: slices.Clone(src.frames)}
				for i := range e.frames {
					e.frames[i].props = slices.Clone(e.frames[i].props)
					e.frames[i].long = nil
					e.frames[i].expand()
				}
				return e
			}
		}
		// KeyframeEffect(target, keyframes, options): the arguments are
		// converted, the timing checked, then the keyframes processed.
		e := &keyframeEffect{composite: "replace"}
		if v := args[0]; !goja.IsNull(v) {
			n := w.toNode(v)
			if n == nil || !n.IsElement() {
				r.ThrowTypeError("%s: parameter 1 is not of type 'Element'.", what)
			}
			e.target = n
		}
		keyframes := w.keyframesArg(bind.Arg(args, 1), what, 2)
		in, _ := w.effectOptions(bind.Arg(args, 2), e)
		e.timing = defaultTiming()
		w.applyTiming(&e.timing, in, what)
		w.checkPseudoElement(e, what)
		e.frames = w.processKeyframes(keyframes, what)
		return e
	},
	Attributes: []bind.Attribute{
		{Name: "target", Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrap(effOf(this).target) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				w := win(r)
				var n *dom.Node
				if !bind.Nullish(v) {
					n = w.nodeArg([]goja.Value{v}, 0, "Failed to set the 'target' property on 'KeyframeEffect'", "Element")
				}
				effOf(this).setTarget(n)
			}},
		{Name: "pseudoElement", Get: func(r *bind.Realm, this any) goja.Value {
			e := effOf(this)
			if !e.hasPseudo {
				return goja.Null()
			}
			return r.String(e.pseudo)
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			e := effOf(this)
			e.pseudo, e.hasPseudo = "", false
			if !bind.Nullish(v) {
				e.pseudo, e.hasPseudo = bind.DOMString(v), true
			}
		}},
		{Name: "composite", Get: func(r *bind.Realm, this any) goja.Value { return r.String(effOf(this).composite) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				c := bind.DOMString(v)
				if c == "replace" || c == "add" || c == "accumulate" {
					effOf(this).composite = c
				}
			}},
	},
	Methods: []bind.Method{
		{Name: "getKeyframes", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return win(r).keyframesValue(effOf(this))
		}},
		{Name: "setKeyframes", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			e := effOf(this)
			e.frames = win(r).processKeyframes(args[0], "Failed to execute 'setKeyframes' on 'KeyframeEffect'")
			return nil
		}},
	},
}

var animationTimelineIface = &bind.Interface{
	Name: "AnimationTimeline",
	Attributes: []bind.Attribute{
		{Name: "currentTime", Get: func(r *bind.Realm, this any) goja.Value {
			w := win(r)
			return nullableTime(w, w.animations().timeOf(this.(*docTimeline)))
		}},
	},
}

var documentTimelineIface = &bind.Interface{
	Name: "DocumentTimeline", Parent: "AnimationTimeline",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		t := &docTimeline{}
		if v := dict(bind.Arg(args, 0), "originTime"); !goja.IsUndefined(v) {
			t.origin = timeArg(win(r), v, "Failed to construct 'DocumentTimeline'")
		}
		return t
	},
}

// AnimationPlaybackEvent https://drafts.csswg.org/web-animations-1/#the-animationplaybackevent-interface
var animationPlaybackEventIface = &bind.Interface{Name: "AnimationPlaybackEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("AnimationPlaybackEvent", func(d *eventData, init eventDict) {
		x := d.extra()
		x.currentTime, x.timelineTime = init.Any("currentTime", goja.Null()), init.Any("timelineTime", goja.Null())
		for _, p := range []*goja.Value{&x.currentTime, &x.timelineTime} {
			if !goja.IsNull(*p) {
				*p = (*p).ToNumber()
			}
		}
	}),
	Attributes: []bind.Attribute{
		{Name: "currentTime", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.extra().currentTime) })},
		{Name: "timelineTime", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.extra().timelineTime) })},
	},
}

// isNumber reports whether v is a Number value (null's export type is
// nil: it is none).
func isNumber(v goja.Value) bool {
	t := v.ExportType()
	if t == nil {
		return false
	}
	switch t.Kind() {
	case reflect.Float64, reflect.Int64:
		_, isObj := v.(*goja.Object)
		return !isObj
	}
	return false
}

var animationIfaces = []*bind.Interface{animationIface, animationEffectIface, keyframeEffectIface,
	animationTimelineIface, documentTimelineIface, animationPlaybackEventIface, cssAnimationIface, cssTransitionIface}
