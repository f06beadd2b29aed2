// The global scope of a dedicated or shared worker (jsruntime/worker.go): events and
// the global's prototype chain, in the worker's own runtime. Called with
// the Go side's hooks; returns what Go calls to deliver events.
// https://html.spec.whatwg.org/multipage/workers.html#the-workerglobalscope-common-interface
(function (hooks) {
  'use strict';
  var G = globalThis;
  var listeners = new WeakMap();
  var internal = new WeakMap(); // event -> its state
  var def = function (o, name, v) {
    Object.defineProperty(o, name, { value: v, writable: true, configurable: true, enumerable: false });
  };
  var illegal = function () { throw new TypeError('Illegal constructor'); };

  function Event(type, init) {
    if (!new.target) throw new TypeError("Failed to construct 'Event': Please use the 'new' operator, this DOM object constructor cannot be called as a function.");
    if (arguments.length < 1) throw new TypeError("Failed to construct 'Event': 1 argument required, but only 0 present.");
    init = init == null ? {} : init;
    internal.set(this, { type: String(type), bubbles: !!init.bubbles, cancelable: !!init.cancelable,
      canceled: false, stop: false, target: null, current: null, phase: 0, trusted: false,
      timeStamp: hooks.now() });
  }
  var st = function (e) {
    var s = internal.get(e);
    if (!s) throw new TypeError('Illegal invocation');
    return s;
  };
  [['type', 'type'], ['bubbles', 'bubbles'], ['cancelable', 'cancelable'], ['defaultPrevented', 'canceled'],
   ['target', 'target'], ['currentTarget', 'current'], ['srcElement', 'target'], ['eventPhase', 'phase'],
   ['isTrusted', 'trusted'], ['timeStamp', 'timeStamp']].forEach(function (p) {
    Object.defineProperty(Event.prototype, p[0], { get: function () { return st(this)[p[1]]; }, enumerable: true, configurable: true });
  });
  def(Event.prototype, 'preventDefault', function preventDefault() { var s = st(this); if (s.cancelable) s.canceled = true; });
  def(Event.prototype, 'stopPropagation', function stopPropagation() { st(this); });
  def(Event.prototype, 'stopImmediatePropagation', function stopImmediatePropagation() { st(this).stop = true; });
  def(Event.prototype, 'composedPath', function composedPath() { var s = st(this); return s.current ? [s.current] : []; });
  Object.defineProperty(Event.prototype, Symbol.toStringTag, { value: 'Event', configurable: true });
  ['NONE', 'CAPTURING_PHASE', 'AT_TARGET', 'BUBBLING_PHASE'].forEach(function (n, i) {
    Object.defineProperty(Event, n, { value: i, enumerable: true });
    Object.defineProperty(Event.prototype, n, { value: i, enumerable: true });
  });

  function subclass(name, fields) {
    var C = function (type, init) {
      if (!new.target) throw new TypeError("Failed to construct '" + name + "': Please use the 'new' operator, this DOM object constructor cannot be called as a function.");
      if (arguments.length < 1) throw new TypeError("Failed to construct '" + name + "': 1 argument required, but only 0 present.");
      var self = Reflect.construct(Event, [type, init], new.target);
      init = init == null ? {} : init;
      var s = internal.get(self);
      fields.forEach(function (f) { s['f_' + f[0]] = f[0] in init && init[f[0]] !== undefined ? f[1](init[f[0]]) : f[2]; });
      return self;
    };
    Object.defineProperty(C, 'name', { value: name });
    Object.defineProperty(C, 'length', { value: 1 }); // (type, optional init)
    C.prototype = Object.create(Event.prototype, { constructor: { value: C, writable: true, configurable: true } });
    Object.setPrototypeOf(C, Event);
    fields.forEach(function (f) {
      Object.defineProperty(C.prototype, f[0], { get: function () { return st(this)['f_' + f[0]]; }, enumerable: true, configurable: true });
    });
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: name, configurable: true });
    def(G, name, C);
    return C;
  }
  var id = function (v) { return v; };
  var MessageEvent = subclass('MessageEvent', [['data', id, null], ['origin', String, ''], ['lastEventId', String, ''],
    ['source', id, null], ['ports', function (v) { return Object.freeze(Array.from(v)); }, Object.freeze([])]]);
  var ProgressEvent = subclass('ProgressEvent', [['lengthComputable', Boolean, false], ['loaded', Number, 0], ['total', Number, 0]]);
  var ErrorEvent = subclass('ErrorEvent', [['message', String, ''], ['filename', String, ''],
    ['lineno', Number, 0], ['colno', Number, 0], ['error', id, undefined]]);
  // CloseEvent: a WebSocket's close.
  // https://websockets.spec.whatwg.org/#the-closeevent-interface
  subclass('CloseEvent', [['wasClean', Boolean, false], ['code', function (v) { return Number(v) & 0xFFFF; }, 0], ['reason', String, '']]);
  // CustomEvent: a script's own event with a detail.
  // https://dom.spec.whatwg.org/#interface-customevent
  var CustomEvent = subclass('CustomEvent', [['detail', id, null]]);
  def(CustomEvent.prototype, 'initCustomEvent', function initCustomEvent(type) {
    var s = st(this), bubbles = arguments[1], cancelable = arguments[2], detail = arguments[3];
    if (!('f_detail' in s)) throw new TypeError('Illegal invocation');
    if (arguments.length < 1) throw new TypeError("Failed to execute 'initCustomEvent' on 'CustomEvent': 1 argument required, but only 0 present.");
    if (s.phase !== 0) return; // being dispatched
    s.type = String(type); s.bubbles = !!bubbles; s.cancelable = !!cancelable;
    s.canceled = s.stop = s.trusted = false;
    s.target = null;
    s.f_detail = detail === undefined ? null : detail;
  });

  // TaskPriorityChangeEvent: a TaskSignal's prioritychange, whose init
  // dictionary's previousPriority is required.
  // https://wicg.github.io/scheduling-apis/#sec-task-priority-change-event
  var TaskPriorityChangeEvent = subclass('TaskPriorityChangeEvent', [['previousPriority', String, 'user-visible']]);
  (function (Base) {
    var C = function TaskPriorityChangeEvent(type, init) {
      var what = "Failed to construct 'TaskPriorityChangeEvent': ";
      if (!new.target) throw new TypeError(what + "Please use the 'new' operator, this DOM object constructor cannot be called as a function.");
      if (arguments.length < 2) throw new TypeError(what + '2 arguments required, but only ' + arguments.length + ' present.');
      if (init == null || typeof init !== 'object' && typeof init !== 'function') throw new TypeError(what + "The provided value is not of type 'TaskPriorityChangeEventInit'.");
      var p = init.previousPriority;
      if (p === undefined) throw new TypeError(what + "Failed to read the 'previousPriority' property from 'TaskPriorityChangeEventInit': Required member is undefined.");
      p = String(p);
      if (['user-blocking', 'user-visible', 'background'].indexOf(p) < 0) throw new TypeError(what + "Failed to read the 'previousPriority' property from 'TaskPriorityChangeEventInit': The provided value '" + p + "' is not a valid enum value of type TaskPriority.");
      return Reflect.construct(Base, [type, init], new.target);
    };
    C.prototype = Base.prototype;
    Object.defineProperty(C.prototype, 'constructor', { value: C, writable: true, configurable: true });
    Object.setPrototypeOf(C, Event);
    def(G, 'TaskPriorityChangeEvent', C);
    TaskPriorityChangeEvent = C;
  })(TaskPriorityChangeEvent);

  function EventTarget() {
    if (!new.target) throw new TypeError("Failed to construct 'EventTarget': Please use the 'new' operator, this DOM object constructor cannot be called as a function.");
  }
  var listOf = function (t, type) {
    var m = listeners.get(t);
    if (!m) { m = new Map(); listeners.set(t, m); }
    var l = m.get(type);
    if (!l) { l = []; m.set(type, l); }
    return l;
  };
  var capture = function (o) { return typeof o === 'boolean' ? o : !!(o && o.capture); };
  def(EventTarget.prototype, 'addEventListener', function addEventListener(type, fn, opts) {
    if (fn == null) return;
    var t = this == null ? G : this, l = listOf(t, String(type)), c = capture(opts);
    for (var i = 0; i < l.length; i++) if (l[i].fn === fn && l[i].capture === c && !l[i].removed) return;
    l.push({ fn: fn, capture: c, once: !!(opts && typeof opts === 'object' && opts.once), removed: false });
  });
  def(EventTarget.prototype, 'removeEventListener', function removeEventListener(type, fn, opts) {
    var t = this == null ? G : this, l = listOf(t, String(type)), c = capture(opts);
    for (var i = 0; i < l.length; i++) {
      if (l[i].fn === fn && l[i].capture === c && !l[i].removed) { l[i].removed = true; l.splice(i, 1); return; }
    }
  });
  var dispatch = function (t, ev) {
    var s = st(ev);
    s.target = s.current = t;
    s.phase = 2;
    var l = listOf(t, s.type).slice();
    for (var i = 0; i < l.length && !s.stop; i++) {
      var e = l[i];
      if (e.removed) continue;
      if (e.once) { e.removed = true; var all = listOf(t, s.type), k = all.indexOf(e); if (k >= 0) all.splice(k, 1); }
      try {
        if (typeof e.fn === 'function') e.fn.call(t, ev);
        else if (e.fn && typeof e.fn.handleEvent === 'function') e.fn.handleEvent(ev);
      } catch (x) {
        hooks.report(x);
      }
    }
    s.current = null;
    s.phase = 0;
    return !s.canceled;
  };
  def(EventTarget.prototype, 'dispatchEvent', function dispatchEvent(ev) {
    if (!internal.has(ev)) throw new TypeError("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.");
    return dispatch(this == null ? G : this, ev);
  });
  Object.defineProperty(EventTarget.prototype, Symbol.toStringTag, { value: 'EventTarget', configurable: true });
  def(G, 'Event', Event);
  def(G, 'EventTarget', EventTarget);

  // Event handler attributes (onmessage, onerror, an XMLHttpRequest's
  // onload...): per target and type, a listener added when the handler is
  // set from null, calling whatever handler is current, and removed when
  // it is set to null again.
  // https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes
  var handlers = new WeakMap(); // target -> Map type -> { h, entry }
  var handlerGet = function (t, type) {
    var m = handlers.get(t), rec = m && m.get(type);
    return rec ? rec.h : null;
  };
  var handlerSet = function (t, type, v) {
    var m = handlers.get(t);
    if (!m) { m = new Map(); handlers.set(t, m); }
    var rec = m.get(type);
    if (typeof v !== 'function' && (typeof v !== 'object' || v === null)) {
      if (rec) {
        m.delete(type);
        rec.entry.removed = true;
        var l = listOf(t, type), k = l.indexOf(rec.entry);
        if (k >= 0) l.splice(k, 1);
      }
      return;
    }
    if (rec) { rec.h = v; return; }
    rec = { h: v, entry: null };
    rec.entry = { capture: false, once: false, removed: false, fn: function (ev) {
      var h = rec.h;
      if (typeof h !== 'function') return;
      if (type === 'error' && t === G && ev instanceof ErrorEvent) {
        if (h.call(G, ev.message, ev.filename, ev.lineno, ev.colno, ev.error) === true) ev.preventDefault();
        return;
      }
      var r = h.call(t, ev);
      if (r === false && type !== 'error') ev.preventDefault();
    } };
    m.set(type, rec);
    listOf(t, type).push(rec.entry);
  };
  var handlerAttr = function (proto, type) {
    Object.defineProperty(proto, 'on' + type, {
      get: function () { return handlerGet(this == null ? G : this, type); },
      set: function (v) { handlerSet(this == null ? G : this, type, v); },
      enumerable: true, configurable: true
    });
  };

  var WorkerGlobalScope = function WorkerGlobalScope() { illegal(); };
  WorkerGlobalScope.prototype = Object.create(EventTarget.prototype, { constructor: { value: WorkerGlobalScope, writable: true, configurable: true } });
  Object.setPrototypeOf(WorkerGlobalScope, EventTarget);
  ['error', 'languagechange', 'rejectionhandled', 'unhandledrejection'].forEach(function (t) { handlerAttr(WorkerGlobalScope.prototype, t); });
  Object.defineProperty(WorkerGlobalScope.prototype, Symbol.toStringTag, { value: 'WorkerGlobalScope', configurable: true });
  def(G, 'WorkerGlobalScope', WorkerGlobalScope);
  // A dedicated worker's global (onmessage), or a shared worker's
  // (onconnect): hooks.shared.
  // https://html.spec.whatwg.org/multipage/workers.html#shared-workers-and-the-sharedworkerglobalscope-interface
  var scopeName = hooks.shared ? 'SharedWorkerGlobalScope' : 'DedicatedWorkerGlobalScope';
  var Scope = ({ DedicatedWorkerGlobalScope: function DedicatedWorkerGlobalScope() { illegal(); },
    SharedWorkerGlobalScope: function SharedWorkerGlobalScope() { illegal(); } })[scopeName];
  Scope.prototype = Object.create(WorkerGlobalScope.prototype, { constructor: { value: Scope, writable: true, configurable: true } });
  Object.setPrototypeOf(Scope, WorkerGlobalScope);
  // The global's own interface is [Global]: its members are the global
  // object's own properties, those of the interfaces it inherits are on
  // their prototypes (as Chromium has them).
  // https://webidl.spec.whatwg.org/#Global
  (hooks.shared ? ['connect'] : ['message', 'messageerror']).forEach(function (t) { handlerAttr(G, t); });
  Object.defineProperty(Scope.prototype, Symbol.toStringTag, { value: scopeName, configurable: true });
  def(G, scopeName, Scope);
  Object.setPrototypeOf(G, Scope.prototype);

  var loc = hooks.location;
  function WorkerLocation() { illegal(); }
  var location = Object.create(WorkerLocation.prototype);
  ['href', 'origin', 'protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'].forEach(function (k) {
    Object.defineProperty(WorkerLocation.prototype, k, { get: function () { return loc[k]; }, enumerable: true, configurable: true });
  });
  def(WorkerLocation.prototype, 'toString', function toString() { return loc.href; });
  Object.defineProperty(WorkerLocation.prototype, Symbol.toStringTag, { value: 'WorkerLocation', configurable: true });
  def(G, 'WorkerLocation', WorkerLocation);
  // replaceable defines a [Replaceable] attribute: assigning it defines
  // an own data property of the global in its place.
  var replaceable = function (proto, name, get) {
    Object.defineProperty(proto, name, { get: get, set: function (v) { Object.defineProperty(G, name, { value: v, writable: true, configurable: true, enumerable: true }); }, enumerable: true, configurable: true });
  };
  var WGS = WorkerGlobalScope.prototype;
  Object.defineProperty(WGS, 'self', { get: function () { return G; }, enumerable: true, configurable: true });
  Object.defineProperty(WGS, 'location', { get: function () { return location; }, enumerable: true, configurable: true });
  // A dedicated worker's name is its own [Replaceable] attribute, a
  // shared worker's a read-only one.
  var name = hooks.name;
  if (hooks.shared) Object.defineProperty(G, 'name', { get: function () { return name; }, enumerable: true, configurable: true });
  else replaceable(G, 'name', function () { return name; });
  // origin is [Replaceable]; isSecureContext and crossOriginIsolated are
  // read-only.
  var origin = hooks.origin, secure = !!hooks.secure;
  replaceable(WGS, 'origin', function () { return origin; });
  Object.defineProperty(WGS, 'isSecureContext', { get: function () { return secure; }, enumerable: true, configurable: true });
  Object.defineProperty(WGS, 'crossOriginIsolated', { get: function () { return false; }, enumerable: true, configurable: true });

  return {
    // fire fires a trusted event (an Event, or the ProgressEvent,
    // MessageEvent or ErrorEvent kind made with init) at t, for the
    // network objects' and nested Worker objects' events; it reports
    // whether the event was not canceled.
    fire: function (t, type, kind, init) {
      var C = { ProgressEvent: ProgressEvent, MessageEvent: MessageEvent, ErrorEvent: ErrorEvent,
        TaskPriorityChangeEvent: TaskPriorityChangeEvent }[kind] || Event;
      var ev = new C(type, init);
      internal.get(ev).trusted = true;
      return dispatch(t, ev);
    },
    handler: handlerGet,
    setHandler: handlerSet,
    hasListeners: function (t, types) {
      var m = listeners.get(t);
      if (!m) return false;
      for (var i = 0; i < types.length; i++) {
        var l = m.get(types[i]);
        if (l && l.length) return true;
      }
      return false;
    },
    message: function (data, ports) {
      var ev = new MessageEvent('message', { data: data, ports: ports });
      internal.get(ev).trusted = true;
      dispatch(G, ev);
    },
    // connect fires a shared worker's connect event, whose ports and
    // source are the port entangled with a new SharedWorker's.
    // https://html.spec.whatwg.org/multipage/workers.html#dom-sharedworker (step 12.3)
    connect: function (port) {
      var ev = new MessageEvent('connect', { data: null, ports: [port], source: port });
      internal.get(ev).trusted = true;
      dispatch(G, ev);
    },
    messageerror: function () {
      var ev = new MessageEvent('messageerror', {});
      internal.get(ev).trusted = true;
      dispatch(G, ev);
    },
    // error fires an uncaught exception's ErrorEvent at the global and
    // reports whether a handler canceled it.
    error: function (message, filename, lineno, colno, error) {
      var ev = new ErrorEvent('error', { message: message, filename: filename, lineno: lineno, colno: colno, error: error, cancelable: true });
      internal.get(ev).trusted = true;
      return !dispatch(G, ev);
    }
  };
})
