package server

import (
	"bufio"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// renderBuckets are the upper bounds, in seconds, of the render duration
// histogram.
var renderBuckets = [...]float64{0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60}

// Render outcomes, the values of the outcome label of bangsnap_renders_total.
const (
	outcomeOK       = iota // complete render
	outcomePartial         // a budget ran out; the snapshot is what was there
	outcomeError           // the renderer failed
	outcomeCanceled        // every client went away or the server is shutting down
	outcomeOverload        // no slot and no room in the queue
	numOutcomes
)

var outcomeNames = [numOutcomes]string{"ok", "partial", "error", "canceled", "overloaded"}

// Cache lookups, the values of the result label of bangsnap_cache_lookups_total.
const (
	lookupHit = iota
	lookupStale
	lookupMiss
	lookupFile
	numLookups
)

var lookupNames = [numLookups]string{"hit", "stale", "miss", "file"}

// metrics are the service's counters, kept in atomics so that recording
// never takes a lock, and written out in the Prometheus text exposition
// format by hand.
// https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
type metrics struct {
	renders       [numOutcomes]atomic.Int64
	durBuckets    [len(renderBuckets)]atomic.Int64 // non-cumulative; summed when written
	durCount      atomic.Int64
	durSumMicros  atomic.Int64
	lookups       [numLookups]atomic.Int64
	evictions     atomic.Int64
	scriptErrors  atomic.Int64
	bytesServed   atomic.Int64
	responses     [6]atomic.Int64 // snapshot responses by status class 1xx..5xx (index 0 unused)
	badRequests   atomic.Int64
	invalidations atomic.Int64
}

func (m *metrics) observeRender(outcome int, d time.Duration) {
	m.renders[outcome].Add(1)
	if outcome == outcomeOverload {
		return
	}
	sec := d.Seconds()
	for i, ub := range renderBuckets {
		if sec <= ub {
			m.durBuckets[i].Add(1)
			break
		}
	}
	m.durCount.Add(1)
	m.durSumMicros.Add(d.Microseconds())
}

func (m *metrics) observeResponse(status int, bytes int) {
	if c := status / 100; c >= 1 && c <= 5 {
		m.responses[c].Add(1)
	}
	m.bytesServed.Add(int64(bytes))
}

// gauges are read when the metrics are written.
type gauges struct {
	queued, running, cacheEntries int
	cacheBytes, cacheMaxBytes     int64
}

// writeTo writes every metric in the text exposition format.
func (m *metrics) write(w *bufio.Writer, g gauges) {
	header := func(name, typ, help string) {
		w.WriteString("# HELP ")
		w.WriteString(name)
		w.WriteByte(' ')
		w.WriteString(help)
		w.WriteString("\n# TYPE ")
		w.WriteString(name)
		w.WriteByte(' ')
		w.WriteString(typ)
		w.WriteByte('\n')
	}
	sample := func(name, labels string, v int64) {
		w.WriteString(name)
		if labels != "" {
			w.WriteByte('{')
			w.WriteString(labels)
			w.WriteByte('}')
		}
		w.WriteByte(' ')
		w.WriteString(strconv.FormatInt(v, 10))
		w.WriteByte('\n')
	}

	header("bangsnap_renders_total", "counter", "Renders by outcome (ok, partial, error, canceled, overloaded).")
	for i, name := range outcomeNames {
		sample("bangsnap_renders_total", `outcome="`+name+`"`, m.renders[i].Load())
	}
	header("bangsnap_render_partial_total", "counter", "Renders that ended because a budget ran out.")
	sample("bangsnap_render_partial_total", "", m.renders[outcomePartial].Load())
	header("bangsnap_render_errors_total", "counter", "Renders that failed.")
	sample("bangsnap_render_errors_total", "", m.renders[outcomeError].Load())
	header("bangsnap_render_script_errors_total", "counter", "Uncaught page script errors reported by renders.")
	sample("bangsnap_render_script_errors_total", "", m.scriptErrors.Load())

	header("bangsnap_render_duration_seconds", "histogram", "Wall time of renders, queue wait included.")
	var cum int64
	for i, ub := range renderBuckets {
		cum += m.durBuckets[i].Load()
		sample("bangsnap_render_duration_seconds_bucket", `le="`+strconv.FormatFloat(ub, 'g', -1, 64)+`"`, cum)
	}
	count := m.durCount.Load()
	sample("bangsnap_render_duration_seconds_bucket", `le="+Inf"`, count)
	w.WriteString("bangsnap_render_duration_seconds_sum ")
	w.WriteString(strconv.FormatFloat(float64(m.durSumMicros.Load())/1e6, 'f', -1, 64))
	w.WriteByte('\n')
	sample("bangsnap_render_duration_seconds_count", "", count)

	header("bangsnap_cache_lookups_total", "counter", "Snapshot lookups by result (hit, stale, miss, file).")
	for i, name := range lookupNames {
		sample("bangsnap_cache_lookups_total", `result="`+name+`"`, m.lookups[i].Load())
	}
	header("bangsnap_cache_hits_total", "counter", "Snapshots served from the cache (fresh or stale) or the snapshot directory.")
	sample("bangsnap_cache_hits_total", "", m.lookups[lookupHit].Load()+m.lookups[lookupStale].Load()+m.lookups[lookupFile].Load())
	header("bangsnap_cache_misses_total", "counter", "Snapshot lookups that needed a render.")
	sample("bangsnap_cache_misses_total", "", m.lookups[lookupMiss].Load())
	header("bangsnap_cache_evictions_total", "counter", "Entries evicted to keep the cache within its byte bound.")
	sample("bangsnap_cache_evictions_total", "", m.evictions.Load())
	header("bangsnap_cache_entries", "gauge", "Snapshots in the cache.")
	sample("bangsnap_cache_entries", "", int64(g.cacheEntries))
	header("bangsnap_cache_bytes", "gauge", "Approximate bytes held by the cache.")
	sample("bangsnap_cache_bytes", "", g.cacheBytes)
	header("bangsnap_cache_max_bytes", "gauge", "Byte bound of the cache.")
	sample("bangsnap_cache_max_bytes", "", g.cacheMaxBytes)
	header("bangsnap_cache_invalidations_total", "counter", "Entries dropped through the invalidation endpoint.")
	sample("bangsnap_cache_invalidations_total", "", m.invalidations.Load())

	header("bangsnap_queue_length", "gauge", "Renders waiting for a slot.")
	sample("bangsnap_queue_length", "", int64(g.queued))
	header("bangsnap_renders_in_flight", "gauge", "Renders holding a slot.")
	sample("bangsnap_renders_in_flight", "", int64(g.running))

	header("bangsnap_snapshot_responses_total", "counter", "Snapshot responses by status class.")
	for c := 1; c <= 5; c++ {
		sample("bangsnap_snapshot_responses_total", `code="`+strconv.Itoa(c)+`xx"`, m.responses[c].Load())
	}
	header("bangsnap_bad_requests_total", "counter", "Requests refused with 400 (malformed ugly URLs, bad render targets).")
	sample("bangsnap_bad_requests_total", "", m.badRequests.Load())
	header("bangsnap_bytes_served_total", "counter", "Snapshot body bytes written to clients.")
	sample("bangsnap_bytes_served_total", "", m.bytesServed.Load())
}

// MetricsHandler serves the service's metrics in the Prometheus text
// exposition format.
func (s *Service) MetricsHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entries, bytes := s.cache.stats()
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		bw := bufio.NewWriter(w)
		s.metrics.write(bw, gauges{
			queued: s.pool.queued(), running: s.pool.running(),
			cacheEntries: entries, cacheBytes: bytes, cacheMaxBytes: s.cache.maxBytes,
		})
		bw.Flush()
	})
}

// HealthHandler answers 200 "ok" to liveness probes (/healthz).
func HealthHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Write([]byte("ok\n"))
	})
}
