// Package server answers crawlers with snapshots: it is the HTTP shell around
// a bangsnap.Renderer.
//
// A [Service] owns one snapshot cache (an LRU bounded in bytes, with a TTL and
// stale-while-revalidate), one bounded pool of concurrent renders with a
// bounded queue, single-flight per cache key, and the metrics. On top of it:
//
//   - [Service.Middleware] (and the shortcut [Middleware]) answers ugly
//     (_escaped_fragment_) URLs, and optionally the requests of known crawler
//     user agents, with the snapshot of the pretty URL rendered against the
//     wrapped handler in process; everything else passes through untouched.
//   - [Service.NewProxy] puts the same behaviour in front of any origin
//     (httputil.ReverseProxy).
//   - [Service.RenderHandler] is the render service: GET /render?url=… and the
//     path form GET /https://site/path…, for allowed origins only, with
//     private, loopback and link-local targets refused (checked when the
//     host is resolved and again when the connection is dialed).
//   - [Service.InvalidateHandler], [Service.MetricsHandler] (Prometheus text
//     format, written by hand) and [HealthHandler].
//   - [Server] wires them on one listener with graceful shutdown.
//   - [GenerateSnapshotDir] makes, ahead of time, the directory of snapshot
//     files that Options.SnapshotDir serves (its layout is this package's:
//     [SnapshotFileName] and the sidecars), over bangsnap.RenderSite.
//
// Package server imports the root package bangsnap (for the Snapshot type and
// the default renderer) and mapping. It must never import the render stages
// (dom, jsruntime, loop, xhr, serialize) or goja: rendering is the root
// package's job.
package server
