package webapi

import (
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// A ResourceTiming is one fetch of the page (a script, a style sheet, an
// XMLHttpRequest, a fetch()...) as its PerformanceResourceTiming entry
// shows it. The page's network layer makes it (this package knows no
// HTTP) and hands it to the realm's host (ResourceTimingHost); times are
// on the page's clock (Host.Elapsed).
// https://w3c.github.io/resource-timing/#sec-performanceresourcetiming
type ResourceTiming struct {
	Name          string // the URL first asked for
	InitiatorType string // "script", "link", "fetch", "xmlhttprequest"...
	// Start is when the fetch began, ResponseStart when its response's
	// headers came, End when its body had come.
	Start, ResponseStart, End time.Duration
	BodySize                  int64  // bytes of the body as received
	Status                    int    // 0 when the page may not see it
	ContentType               string // the MIME type's essence
	RenderBlocking            bool
	// Hidden: a cross-origin response without Timing-Allow-Origin for
	// the page; its network details read 0 or "".
	// https://w3c.github.io/resource-timing/#dfn-timing-allow-check
	Hidden bool
}

// A ResourceTimingHost is a realm's host (bind.Realm.Host) whose fetches
// go to the performance timeline: InstallPerformance gives it the function
// that adds an entry, which it calls on the loop goroutine as each fetch
// ends.
type ResourceTimingHost interface {
	SetResourceTimingSink(add func(ResourceTiming))
}

// defaultResourceBufferSize is the resource timing buffer's initial size
// limit.
// https://w3c.github.io/resource-timing/#sec-extensions-performance-interface
const defaultResourceBufferSize = 250

// headerBytes is what transferSize adds to the body's size for the
// response's headers: a fixed 300, as the standard says and Chromium does.
// https://w3c.github.io/resource-timing/#dom-performanceresourcetiming-transfersize
const headerBytes = 300

// addResource is "mark resource timing": the entry goes to the observers,
// and to the resource timing buffer while it has room, else to the
// secondary buffer and a resourcetimingbufferfull event is due.
// https://w3c.github.io/resource-timing/#dfn-mark-resource-timing
func (p *performanceImpl) addResource(r *bind.Realm, t ResourceTiming) {
	start, end := HighResTime(t.Start), HighResTime(t.End)
	e := &perfEntry{name: t.Name, entryType: "resource", startTime: start, duration: end - start, detail: goja.Null(),
		res: &resourceEntry{ResourceTiming: t, responseStart: HighResTime(t.ResponseStart), responseEnd: end}}
	p.queue(r, e)
	// https://w3c.github.io/resource-timing/#dfn-add-a-performanceresourcetiming-entry
	if len(p.resources) < p.resourceLimit && !p.bufferFullPending {
		p.resources = append(p.resources, e)
		return
	}
	if !p.bufferFullPending {
		p.bufferFullPending = true
		p.host.QueueTask(func() { p.fireBufferFull(r) })
	}
	p.secondary = append(p.secondary, e)
}

// fireBufferFull fires resourcetimingbufferfull while entries wait in the
// secondary buffer, moving them to the buffer as its listeners make room;
// those still waiting when a listener made none are dropped.
// https://w3c.github.io/resource-timing/#dfn-fire-a-buffer-full-event
func (p *performanceImpl) fireBufferFull(r *bind.Realm) {
	for len(p.secondary) > 0 {
		before := len(p.secondary)
		if len(p.resources) >= p.resourceLimit && p.obj != nil {
			// Without the Performance object nothing can listen.
			if eh := eventHost(r); eh != nil {
				if _, err := eh.FireEvent(p.obj, "resourcetimingbufferfull", "Event", r.Runtime.NewObject()); err != nil {
					p.host.ReportError(err)
				}
			}
		}
		for len(p.secondary) > 0 && len(p.resources) < p.resourceLimit {
			p.resources = append(p.resources, p.secondary[0])
			p.secondary = p.secondary[1:]
		}
		if before <= len(p.secondary) {
			p.secondary = nil
			break
		}
	}
	p.bufferFullPending = false
}

// resourceEntry is the part of a PerformanceResourceTiming entry that
// other entries have not.
type resourceEntry struct {
	ResourceTiming
	responseStart, responseEnd float64
}

func resOf(this any) *resourceEntry { return this.(*perfEntry).res }

// resourceTime is a timing attribute that a hidden entry reads as 0.
func resourceTime(f func(e *perfEntry) float64) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value {
		e := this.(*perfEntry)
		if e.res.Hidden {
			return r.Int(0)
		}
		return r.Float(f(e))
	}
}

func resourceSize(f func(e *resourceEntry) int64) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value {
		e := resOf(this)
		if e.Hidden {
			return r.Int(0)
		}
		return r.Float(float64(f(e)))
	}
}

func zeroTime(r *bind.Realm, _ any) goja.Value { return r.Int(0) }

// resourceAttrs are PerformanceResourceTiming's attributes in Chromium
// 156's order; toJSON lists the same values in its own order
// (resourceJSONOrder).
var resourceAttrs = func() []bind.Attribute {
	fetchStart := func(e *perfEntry) float64 { return e.startTime }
	responseStart := func(e *perfEntry) float64 { return e.res.responseStart }
	str := func(f func(e *resourceEntry) string) bind.Getter {
		return func(r *bind.Realm, this any) goja.Value { return r.String(f(resOf(this))) }
	}
	return []bind.Attribute{
		{Name: "initiatorType", Get: str(func(e *resourceEntry) string { return e.InitiatorType })},
		{Name: "nextHopProtocol", Get: str(func(e *resourceEntry) string {
			if e.Hidden {
				return ""
			}
			return "http/1.1"
		})},
		{Name: "deliveryType", Get: str(func(*resourceEntry) string { return "" })},
		{Name: "workerStart", Get: zeroTime},
		{Name: "redirectStart", Get: zeroTime},
		{Name: "redirectEnd", Get: zeroTime},
		{Name: "fetchStart", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(this.(*perfEntry).startTime) }},
		{Name: "domainLookupStart", Get: resourceTime(fetchStart)},
		{Name: "domainLookupEnd", Get: resourceTime(fetchStart)},
		{Name: "connectStart", Get: resourceTime(fetchStart)},
		{Name: "connectEnd", Get: resourceTime(fetchStart)},
		{Name: "secureConnectionStart", Get: zeroTime},
		{Name: "requestStart", Get: resourceTime(fetchStart)},
		{Name: "responseStart", Get: resourceTime(responseStart)},
		{Name: "responseEnd", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(resOf(this).responseEnd) }},
		{Name: "transferSize", Get: resourceSize(func(e *resourceEntry) int64 { return e.BodySize + headerBytes })},
		{Name: "encodedBodySize", Get: resourceSize(func(e *resourceEntry) int64 { return e.BodySize })},
		{Name: "decodedBodySize", Get: resourceSize(func(e *resourceEntry) int64 { return e.BodySize })},
		// Server-Timing is not read: no entries.
		{Name: "serverTiming", Get: func(r *bind.Realm, _ any) goja.Value { return freeze(r, r.Runtime.NewArray()) }},
		{Name: "renderBlockingStatus", Get: str(func(e *resourceEntry) string {
			if e.RenderBlocking {
				return "blocking"
			}
			return "non-blocking"
		})},
		{Name: "responseStatus", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(resOf(this).Status) }},
		{Name: "contentType", Get: str(func(e *resourceEntry) string { return e.ContentType })},
		{Name: "contentEncoding", Get: str(func(*resourceEntry) string { return "" })},
		{Name: "finalResponseHeadersStart", Get: resourceTime(responseStart)},
		{Name: "firstInterimResponseStart", Get: zeroTime},
		{Name: "workerRouterEvaluationStart", Get: zeroTime},
		{Name: "workerCacheLookupStart", Get: zeroTime},
		{Name: "workerMatchedSourceType", Get: str(func(*resourceEntry) string { return "" })},
		{Name: "workerFinalSourceType", Get: str(func(*resourceEntry) string { return "" })},
	}
}()

// resourceJSONOrder is the order of toJSON's members after
// PerformanceEntry's, as Chromium 156 writes them.
var resourceJSONOrder = []string{"initiatorType", "deliveryType", "nextHopProtocol", "renderBlockingStatus", "contentType",
	"contentEncoding", "workerStart", "workerRouterEvaluationStart", "workerCacheLookupStart", "workerMatchedSourceType",
	"workerFinalSourceType", "redirectStart", "redirectEnd", "fetchStart", "domainLookupStart", "domainLookupEnd",
	"connectStart", "secureConnectionStart", "connectEnd", "requestStart", "responseStart", "firstInterimResponseStart",
	"finalResponseHeadersStart", "responseEnd", "transferSize", "encodedBodySize", "decodedBodySize", "responseStatus",
	"serverTiming"}

// performanceResourceTimingInterface declares PerformanceResourceTiming.
var performanceResourceTimingInterface = &bind.Interface{
	Name:       "PerformanceResourceTiming",
	Parent:     "PerformanceEntry",
	Attributes: resourceAttrs,
	Methods: []bind.Method{{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
		o := entryJSON(r, entryOf(this))
		for _, name := range resourceJSONOrder {
			for _, a := range resourceAttrs {
				if a.Name == name {
					o.Set(name, a.Get(r, this))
					break
				}
			}
		}
		return o
	}}},
}
