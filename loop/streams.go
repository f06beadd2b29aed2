package loop

import "time"

// StreamSpan is how long, in virtual time after the page's latest other
// activity, the messages of streams that never pause keep the page busy.
//
// Stream work is the completion of a BeginBackground Op (a WebSocket's or
// an EventSource's next message or chunk, an EventSource's reconnection)
// and whatever work it queues in turn: the tasks it queues (an
// EventSource's events, each a task of its own), the timers it sets and
// the tasks those queue. An open stream does not hold the page (its next
// message may never come), but a message that has arrived is a queued
// task, and a task queued keeps the page busy: a server that writes
// messages as fast as the page reads them would hold it until its wall
// budget. So once the page is quiet but for stream work — no other task
// queued, no Op in flight (a stream's network-idle window, BeginHold,
// included), no other timer due or live, no idle callback pending, Ready
// true — and StreamSpan has passed since the latest task that was not
// stream work ended, Run ends quiescent with the stream's messages still
// queued, as a capture at network idle takes a page whose open event
// streams and sockets flood it (an open stream does not keep Chromium from
// network idle). Each message received moves the clock by the work it
// costs (bind.MessageWork in package jsruntime), so the span is worth a
// few tens of thousands of messages: a page that builds its content from
// a stream's first messages, or sets a short timer among them, shows it.
// Messages that arrive while the page is busy for another reason are run
// first: they are in a browser's capture too.
const StreamSpan = 100 * time.Millisecond

// streamCatchUp delivers, in faithful mode, a response that has arrived in
// real time when only stream work is queued, moving the clock to its
// instant (or to the first timer due before it, which then runs first):
// the messages of a stream or a ping-pong move the clock only by their
// work, a few microseconds each, where they take more real time than
// that here, and the clock would hold back a 200 ms fetch for tens of
// thousands of them, when Chromium, on real time, shows its answer
// among the first thousand. Work of the page's own (a queued task that
// is not stream work) keeps the clock as it is.
func (l *Loop) streamCatchUp() bool {
	if l.opts.Deterministic || l.fgQueued > 0 || l.taskHead == len(l.tasks) || l.heldHead < len(l.held) {
		return false
	}
	o, at, ok := l.nextDelivery()
	if !ok || at <= l.now || !l.completed(o) {
		return false
	}
	if len(l.timers) > 0 && l.timers[0].due < at {
		if l.timers[0].due > l.now {
			l.now = l.timers[0].due
		}
		return false
	}
	l.now = at
	l.removeOp(o)
	l.deliver(o)
	return true
}

// streamsSettled reports whether the page is quiet but for stream work
// that has lasted StreamSpan (see there): stream tasks are queued and
// nothing else holds the page.
func (l *Loop) streamsSettled() bool {
	if l.taskHead == len(l.tasks) || l.fgQueued > 0 || l.now < l.lastFg+StreamSpan ||
		len(l.ops) > 0 || l.heldHead < len(l.held) {
		return false
	}
	for _, t := range l.timers {
		if !t.stream && (t.due <= l.now || l.live(t)) {
			return false
		}
	}
	// Ready last: it runs page code, which may queue work.
	return !l.idleLive() && l.ready() && l.fgQueued == 0 && l.heldHead == len(l.held)
}

// BeginHold announces a wait that holds the page for a span of real time,
// ended with Complete (its function, if any, is delivered as a task at
// once) or Cancel: a connection's network-idle window (Chromium, captured
// once no request has been in flight for half a second, shows what a
// socket or an event stream delivered in that window). Unlike an Op of
// Begin, whose completion waits for its instant on the virtual clock, a
// completed hold stops holding the page at once in faithful mode, however
// little the clock has moved meanwhile (a page busy with a flood of
// messages moves it only by their work). In deterministic mode it is an
// Op of Begin.
func (l *Loop) BeginHold(label string) *Op {
	o := l.Begin(label)
	o.hold = true
	return o
}
