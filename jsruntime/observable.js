// The Observable API (https://wicg.github.io/observable/) for bangsnap, as
// Chromium 156 ships it: Observable (the constructor, subscribe, the
// Observable-returning and the Promise-returning operators, from), Subscriber
// and the steps behind EventTarget.prototype.when. Written for bangsnap from
// the proposal's algorithms and Chromium's observed behaviour where they
// differ (a producer shared by the subscriptions made while it is active,
// finally, the order of close and the observer's callbacks).
//
// The program evaluates to a function of the native helpers (observable.go)
// returning {Observable, Subscriber, when}; it runs on a page's first use of
// Observable, Subscriber or EventTarget.prototype.when. Internal state is
// kept in private fields stamped on the objects, out of the page's reach,
// and everything the code calls later is read here, once, so that a page
// replacing a built-in afterwards changes nothing.
(function () {
  "use strict";
  return function (native) {
    var report = native.report, newController = native.controller, onAbort = native.onAbort,
      anySignal = native.any, isSignal = native.isSignal, isAborted = native.aborted,
      reasonOf = native.reason, isPromise = native.isPromise, newDeferred = native.deferred,
      promiseThen = native.then, promiseResolve = native.resolve;
    var TypeErr = TypeError, RangeErr = RangeError, defineProperty = Object.defineProperty,
      create = Object.create, apply = Reflect.apply, iteratorSym = Symbol.iterator,
      asyncIteratorSym = Symbol.asyncIterator, toStringTag = Symbol.toStringTag;

    // ---- private state ---------------------------------------------------

    var Stamp = class { constructor(o) { return o; } };
    var ObservableSlot = class extends Stamp {
      #s;
      constructor(o, s) { super(o); this.#s = s; }
      static get(o) { return o !== null && typeof o === "object" && #s in o ? o.#s : undefined; }
    };
    var SubscriberSlot = class extends Stamp {
      #s;
      constructor(o, s) { super(o); this.#s = s; }
      static get(o) { return o !== null && typeof o === "object" && #s in o ? o.#s : undefined; }
    };

    var fail = function (iface, op, msg) {
      return new TypeErr("Failed to execute '" + op + "' on '" + iface + "': " + msg);
    };
    var illegal = function () { return new TypeErr("Illegal invocation"); };
    var needArgs = function (iface, op, n, given) {
      if (given < n) {
        throw fail(iface, op, n + " argument" + (n === 1 ? "" : "s") + " required, but only " + given + " present.");
      }
    };
    var append = function (list, v) { list[list.length] = v; };
    var copy = function (list) {
      var out = [];
      for (var i = 0; i < list.length; i++) out[i] = list[i];
      return out;
    };
    var indexOf = function (list, v) {
      for (var i = 0; i < list.length; i++) if (list[i] === v) return i;
      return -1;
    };
    var removeAt = function (list, i) {
      for (; i < list.length - 1; i++) list[i] = list[i + 1];
      list.length--;
    };
    var noop = function () {};

    // An internal observer: next, error and complete steps.
    var observer = function (next, error, complete) {
      return { next: next || noop, error: error || report, complete: complete || noop };
    };

    // ---- Subscriber ------------------------------------------------------

    var Subscriber = function Subscriber() {
      throw new TypeErr("Failed to construct 'Subscriber': Illegal constructor");
    };
    var subscriberProto = Subscriber.prototype;

    // newSubscriber makes the state and object of a subscription.
    var newSubscriber = function () {
      var c = newController();
      var s = { observers: [], teardowns: [], active: true, signal: c[0], abort: c[1], obj: null };
      s.obj = new SubscriberSlot(create(subscriberProto), s);
      return s;
    };

    // close is "close a subscription": the subscriber stops, its signal is
    // aborted (its abort algorithms, then its abort event) and its
    // teardowns run, last added first.
    var close = function (s, reason, hasReason) {
      if (!s.active) return;
      s.active = false;
      if (hasReason) s.abort(reason); else s.abort();
      var t = s.teardowns;
      s.teardowns = [];
      for (var i = t.length - 1; i >= 0; i--) {
        try { t[i](); } catch (e) { report(e); }
      }
    };

    var next = function (s, value) {
      if (!s.active) return;
      var list = copy(s.observers);
      for (var i = 0; i < list.length && s.active; i++) {
        if (indexOf(s.observers, list[i]) >= 0) list[i].next(value);
      }
    };
    var error = function (s, err) {
      if (!s.active) { report(err); return; }
      var list = copy(s.observers);
      close(s, err, true);
      for (var i = 0; i < list.length; i++) list[i].error(err);
    };
    var complete = function (s) {
      if (!s.active) return;
      var list = copy(s.observers);
      close(s);
      for (var i = 0; i < list.length; i++) list[i].complete();
    };

    var subscriberState = function (self) {
      var s = SubscriberSlot.get(self);
      if (!s) throw illegal();
      return s;
    };

    // ---- Observable ------------------------------------------------------

    var Observable = function Observable(callback) {
      if (!new.target) {
        throw new TypeErr("Failed to construct 'Observable': Please use the 'new' operator, this DOM object constructor cannot be called as a function.");
      }
      if (arguments.length < 1) throw new TypeErr("Failed to construct 'Observable': 1 argument required, but only 0 present.");
      if (typeof callback !== "function") throw new TypeErr("Failed to construct 'Observable': parameter 1 is not of type 'Function'.");
      new ObservableSlot(this, { callback: callback, steps: null, producer: null });
    };
    var observableProto = Observable.prototype;

    // make returns an Observable whose subscribe callback is steps, a
    // function of the subscriber's state.
    var make = function (steps) {
      return new ObservableSlot(create(observableProto), { callback: null, steps: steps, producer: null });
    };

    var observableState = function (self) {
      var o = ObservableSlot.get(self);
      if (!o) throw illegal();
      return o;
    };

    // subscribe is "subscribe to an Observable" with an internal observer
    // and an AbortSignal or undefined. While a subscription to o is active
    // a new one joins it (its producer is not run again), and the producer
    // is closed when the last of its observers leaves.
    var subscribe = function (o, obs, signal) {
      var s = o.producer;
      var leave = function (s) {
        return function () {
          var i = indexOf(s.observers, obs);
          if (i < 0) return;
          removeAt(s.observers, i);
          if (s.observers.length === 0) close(s, reasonOf(signal), true);
        };
      };
      if (s && s.active) {
        append(s.observers, obs);
        if (signal) {
          if (isAborted(signal)) leave(s)();
          else onAbort(signal, leave(s));
        }
        return;
      }
      s = newSubscriber();
      append(s.observers, obs);
      o.producer = s;
      if (signal) {
        if (isAborted(signal)) close(s, reasonOf(signal), true);
        else onAbort(signal, leave(s));
      }
      if (o.steps) {
        o.steps(s);
        return;
      }
      try {
        apply(o.callback, undefined, [s.obj]);
      } catch (e) {
        error(s, e);
      }
    };

    // callbackObserver converts subscribe()'s first argument (an Observer
    // dictionary or an ObserverCallback) to an internal observer.
    var callbackObserver = function (v, op, dict) {
      if (typeof v === "function") {
        return observer(function (x) {
          try { apply(v, undefined, [x]); } catch (e) { report(e); }
        });
      }
      if (v === undefined || v === null) return observer();
      if (typeof v !== "object") throw fail("Observable", op, "The provided value is not of type '(" + dict + " or ObserverCallback)'.");
      var member = function (name) {
        var f = v[name];
        if (f === undefined) return undefined;
        if (typeof f !== "function") throw fail("Observable", op, "Failed to read the '" + name + "' property from '" + dict + "': The given value is not a function.");
        return f;
      };
      var c = member("complete"), e = member("error"), n = member("next");
      return { c: c, e: e, n: n, self: v };
    };
    var dictObserver = function (d) {
      if (!d.self) return d;
      var self = d.self;
      return observer(
        d.n && function (x) { try { apply(d.n, self, [x]); } catch (err) { report(err); } },
        d.e && function (x) { try { apply(d.e, self, [x]); } catch (err) { report(err); } },
        d.c && function () { try { apply(d.c, self, []); } catch (err) { report(err); } });
    };

    // signalOption reads SubscribeOptions.
    var signalOption = function (v, op) {
      if (v === undefined || v === null) return undefined;
      if (typeof v !== "object" && typeof v !== "function") throw fail("Observable", op, "The provided value is not of type 'SubscribeOptions'.");
      var s = v.signal;
      if (s === undefined) return undefined;
      if (!isSignal(s)) throw fail("Observable", op, "Failed to read the 'signal' property from 'SubscribeOptions': Failed to convert value to 'AbortSignal'.");
      return s;
    };

    var fromFailure = "Cannot convert value to an Observable. Input value must be an Observable, async iterable, iterable, or Promise.";

    // toObservable is "convert to an Observable"; it returns undefined when
    // value is none of the kinds it takes.
    var toObservable = function (value) {
      if (value === null || (typeof value !== "object" && typeof value !== "function")) return undefined;
      if (ObservableSlot.get(value)) return value;
      var am = value[asyncIteratorSym];
      if (am !== undefined && am !== null) {
        if (typeof am !== "function") throw fail("Observable", "from", "@@asyncIterator must be a callable.");
        return make(function (s) { fromAsyncIterable(s, value); });
      }
      var im = value[iteratorSym];
      if (im !== undefined && im !== null) {
        if (typeof im !== "function") throw fail("Observable", "from", "@@iterator must be a callable.");
        return make(function (s) { fromIterable(s, value); });
      }
      if (isPromise(value)) {
        return make(function (s) {
          promiseThen(value, function (v) { next(s, v); complete(s); }, function (r) { error(s, r); });
        });
      }
      return undefined;
    };
    var convert = function (value) {
      var o = toObservable(value);
      if (o === undefined) throw new TypeErr(fromFailure);
      return o;
    };

    var fromIterable = function (s, value) {
      if (isAborted(s.signal)) return;
      var it, nextFn;
      try {
        it = value[iteratorSym]();
        if (it === null || (typeof it !== "object" && typeof it !== "function")) throw new TypeErr("Result of the Symbol.iterator method is not an object");
        nextFn = it.next;
      } catch (e) { error(s, e); return; }
      if (isAborted(s.signal)) return;
      var done = false;
      onAbort(s.signal, function () {
        if (done) return;
        done = true;
        var ret = it["return"];
        if (ret !== undefined && ret !== null) apply(ret, it, []);
      });
      for (;;) {
        var r, v;
        try {
          r = apply(nextFn, it, []);
          if (r === null || (typeof r !== "object" && typeof r !== "function")) throw new TypeErr("Iterator result " + r + " is not an object");
          if (r.done) { done = true; complete(s); return; }
          v = r.value;
        } catch (e) { done = true; error(s, e); return; }
        next(s, v);
        if (isAborted(s.signal)) return;
      }
    };

    var fromAsyncIterable = function (s, value) {
      if (isAborted(s.signal)) return;
      var it, nextFn;
      try {
        it = value[asyncIteratorSym]();
        if (it === null || (typeof it !== "object" && typeof it !== "function")) throw new TypeErr("Result of the Symbol.asyncIterator method is not an object");
        nextFn = it.next;
      } catch (e) { error(s, e); return; }
      if (isAborted(s.signal)) return;
      onAbort(s.signal, function () {
        var ret = it["return"];
        if (ret !== undefined && ret !== null) {
          var p = apply(ret, it, [reasonOf(s.signal)]);
          promiseThen(promiseResolve(p), noop, noop);
        }
      });
      var step = function () {
        if (isAborted(s.signal)) return;
        var p;
        try { p = promiseResolve(apply(nextFn, it, [])); } catch (e) { p = native.rejected(e); }
        promiseThen(p, function (r) {
          if (r === null || (typeof r !== "object" && typeof r !== "function")) { error(s, new TypeErr("Iterator result " + r + " is not an object")); return; }
          var d, v;
          try { d = r.done; } catch (e) { error(s, e); return; }
          if (d) { complete(s); return; }
          try { v = r.value; } catch (e) { error(s, e); return; }
          next(s, v);
          step();
        }, function (r) { error(s, r); });
      };
      step();
    };

    // pipe subscribes to source for s, with s's signal: the internal
    // observer's missing steps pass the values, error and completion on.
    var pipe = function (source, s, n, e, c) {
      subscribe(ObservableSlot.get(source), {
        next: n || function (v) { next(s, v); },
        error: e || function (err) { error(s, err); },
        complete: c || function () { complete(s); },
      }, s.signal);
    };

    var fn = function (v, op) {
      if (typeof v !== "function") throw fail("Observable", op, "parameter 1 is not of type 'Function'.");
      return v;
    };
    // count is Web IDL's unsigned long long conversion (no [EnforceRange]).
    var count = function (v) {
      var n = +v;
      if (n !== n || n === Infinity || n === -Infinity) return 0;
      n = n < 0 ? Math.ceil(n) : Math.floor(n);
      var m = 18446744073709551616;
      n = n % m;
      if (n < 0) n += m;
      return n;
    };

    var methods = {
      subscribe(observerArg, options) {
        var o = observableState(this);
        var d = callbackObserver(observerArg, "subscribe", "Observer");
        var signal = signalOption(options, "subscribe");
        subscribe(o, dictObserver(d), signal);
      },
      takeUntil(notifier) {
        var o = observableState(this);
        needArgs("Observable", "takeUntil", 1, arguments.length);
        var n = ObservableSlot.get(notifier);
        if (!n) throw fail("Observable", "takeUntil", "parameter 1 is not of type 'Observable'.");
        var source = this;
        return make(function (s) {
          subscribe(n, observer(function () { complete(s); }, function () { complete(s); }), s.signal);
          if (!s.active) return;
          pipe(source, s);
        });
      },
      map(mapper) {
        observableState(this);
        fn(mapper, "map");
        var source = this;
        return make(function (s) {
          var idx = 0;
          pipe(source, s, function (v) {
            var r;
            try { r = apply(mapper, undefined, [v, idx]); } catch (e) { error(s, e); return; }
            idx++;
            next(s, r);
          });
        });
      },
      filter(predicate) {
        observableState(this);
        fn(predicate, "filter");
        var source = this;
        return make(function (s) {
          var idx = 0;
          pipe(source, s, function (v) {
            var r;
            try { r = apply(predicate, undefined, [v, idx]); } catch (e) { error(s, e); return; }
            idx++;
            if (r) next(s, v);
          });
        });
      },
      take(amount) {
        observableState(this);
        needArgs("Observable", "take", 1, arguments.length);
        var n = count(amount);
        var source = this;
        return make(function (s) {
          var remaining = n;
          if (remaining === 0) { complete(s); return; }
          pipe(source, s, function (v) {
            next(s, v);
            remaining--;
            if (remaining === 0) complete(s);
          });
        });
      },
      drop(amount) {
        observableState(this);
        needArgs("Observable", "drop", 1, arguments.length);
        var n = count(amount);
        var source = this;
        return make(function (s) {
          var remaining = n;
          pipe(source, s, function (v) {
            if (remaining > 0) { remaining--; return; }
            next(s, v);
          });
        });
      },
      flatMap(mapper) {
        observableState(this);
        fn(mapper, "flatMap");
        var source = this;
        return make(function (s) {
          var idx = 0, outerDone = false, queue = [], innerActive = false;
          var process = function (v) {
            var r, inner;
            try { r = apply(mapper, undefined, [v, idx]); } catch (e) { error(s, e); return; }
            idx++;
            try { inner = toObservable(r); } catch (e) { error(s, e); return; }
            if (inner === undefined) {
              error(s, fail("Observable", "flatMap", "Failed to execute 'next' on 'Subscriber': " + fromFailure));
              return;
            }
            subscribe(ObservableSlot.get(inner), observer(
              function (x) { next(s, x); },
              function (e) { error(s, e); },
              function () {
                if (queue.length > 0) {
                  var nv = queue[0];
                  removeAt(queue, 0);
                  process(nv);
                } else {
                  innerActive = false;
                  if (outerDone) complete(s);
                }
              }), s.signal);
          };
          pipe(source, s, function (v) {
            if (innerActive) { append(queue, v); return; }
            innerActive = true;
            process(v);
          }, null, function () {
            outerDone = true;
            if (!innerActive && queue.length === 0) complete(s);
          });
        });
      },
      switchMap(mapper) {
        observableState(this);
        fn(mapper, "switchMap");
        var source = this;
        return make(function (s) {
          var idx = 0, outerDone = false, inner = null;
          pipe(source, s, function (v) {
            if (inner) inner[1]();
            var c = newController();
            inner = c;
            var r, o;
            try { r = apply(mapper, undefined, [v, idx]); } catch (e) { error(s, e); return; }
            idx++;
            try { o = toObservable(r); } catch (e) { error(s, e); return; }
            if (o === undefined) {
              error(s, fail("Observable", "switchMap", "Failed to execute 'next' on 'Subscriber': " + fromFailure));
              return;
            }
            subscribe(ObservableSlot.get(o), observer(
              function (x) { next(s, x); },
              function (e) { error(s, e); },
              function () {
                if (outerDone) complete(s);
                else if (inner === c) inner = null;
              }), anySignal(c[0], s.signal));
          }, null, function () {
            outerDone = true;
            if (!inner) complete(s);
          });
        });
      },
      inspect(inspector) {
        observableState(this);
        var sub, n, e, c, ab;
        if (typeof inspector === "function") {
          n = inspector;
        } else if (inspector !== undefined && inspector !== null) {
          if (typeof inspector !== "object") throw fail("Observable", "inspect", "The provided value is not of type '(ObservableInspector or ObserverCallback)'.");
          var member = function (name) {
            var f = inspector[name];
            if (f === undefined) return undefined;
            if (typeof f !== "function") throw fail("Observable", "inspect", "Failed to read the '" + name + "' property from 'ObservableInspector': The given value is not a function.");
            return f;
          };
          ab = member("abort"); c = member("complete"); e = member("error"); n = member("next"); sub = member("subscribe");
        }
        var self = typeof inspector === "function" ? undefined : inspector;
        var source = this;
        return make(function (s) {
          if (sub) {
            try { apply(sub, self, []); } catch (err) { error(s, err); return; }
          }
          var removeAbort = noop;
          if (ab) {
            removeAbort = onAbort(s.signal, function () {
              try { apply(ab, self, [reasonOf(s.signal)]); } catch (err) { report(err); }
            });
          }
          pipe(source, s, function (v) {
            if (n) {
              try { apply(n, self, [v]); } catch (err) { removeAbort(); error(s, err); return; }
            }
            next(s, v);
          }, function (x) {
            removeAbort();
            if (e) {
              try { apply(e, self, [x]); } catch (err) { error(s, err); return; }
            }
            error(s, x);
          }, function () {
            removeAbort();
            if (c) {
              try { apply(c, self, []); } catch (err) { error(s, err); return; }
            }
            complete(s);
          });
        });
      },
      "catch"(callback) {
        observableState(this);
        fn(callback, "catch");
        var source = this;
        return make(function (s) {
          pipe(source, s, null, function (x) {
            var r, o;
            try { r = apply(callback, undefined, [x]); } catch (err) { error(s, err); return; }
            try { o = toObservable(r); } catch (err) { error(s, err); return; }
            if (o === undefined) {
              error(s, fail("Observable", "catch", "Failed to execute 'error' on 'Subscriber': " + fromFailure));
              return;
            }
            pipe(o, s);
          });
        });
      },
      "finally"(callback) {
        observableState(this);
        fn(callback, "finally");
        var source = this;
        return make(function (s) {
          var called = false;
          var run = function () {
            if (called) return;
            called = true;
            try { apply(callback, undefined, []); } catch (err) { report(err); }
          };
          pipe(source, s, null, function (x) { run(); error(s, x); }, function () { run(); complete(s); });
          if (!called && !isAborted(s.signal)) onAbort(s.signal, run);
          else if (!called) run();
        });
      },
    };

    // Promise-returning operators: exceptions reject the promise.
    // settle runs body(d, signal) with a deferred and the operator's
    // signal (a dependent signal of the options' and of an own controller
    // when own is set), after rejecting for an aborted signal, and returns
    // the promise.
    var settle = function (self, op, args, own, body) {
      var d = newDeferred();
      try {
        var o = ObservableSlot.get(self);
        if (!o) throw fail("Observable", op, "Illegal invocation");
        if (body.prepare) body.prepare();
        var opts = signalOption(args[body.optionsAt], op);
        var c = null, signal;
        if (own) {
          c = newController();
          signal = opts ? anySignal(c[0], opts) : c[0];
        } else {
          signal = opts;
        }
        if (signal) {
          if (isAborted(signal)) { d[2](reasonOf(signal)); return d[0]; }
          onAbort(signal, function () { d[2](reasonOf(signal)); });
        }
        subscribe(o, body.observer(d, c, args), signal);
      } catch (e) {
        d[2](e);
      }
      return d[0];
    };
    var predicateOp = function (name, onMatch, onComplete) {
      var o = { [name](predicate) {
        var args = arguments;
        return settle(this, name, args, true, {
          optionsAt: 1,
          prepare: function () { fn(predicate, name); },
          observer: function (d, c) {
            var idx = 0;
            return observer(function (v) {
              var r;
              try { r = apply(predicate, undefined, [v, idx]); } catch (e) { d[2](e); c[1](e); return; }
              idx++;
              onMatch(d, c, v, r);
            }, function (e) { d[2](e); }, function () { onComplete(d); });
          },
        });
      } };
      return o[name];
    };
    methods.toArray = { toArray() {
      return settle(this, "toArray", arguments, false, {
        optionsAt: 0,
        observer: function (d) {
          var values = [];
          return observer(function (v) { append(values, v); }, function (e) { d[2](e); }, function () { d[1](values); });
        },
      });
    } }.toArray;
    methods.forEach = { forEach(callback) {
      return settle(this, "forEach", arguments, true, {
        optionsAt: 1,
        prepare: function () { fn(callback, "forEach"); },
        observer: function (d, c) {
          var idx = 0;
          return observer(function (v) {
            try { apply(callback, undefined, [v, idx]); } catch (e) { d[2](e); c[1](e); return; }
            idx++;
          }, function (e) { d[2](e); }, function () { d[1](undefined); });
        },
      });
    } }.forEach;
    methods.every = predicateOp("every", function (d, c, v, r) { if (!r) { d[1](false); c[1](); } }, function (d) { d[1](true); });
    methods.find = predicateOp("find", function (d, c, v, r) { if (r) { d[1](v); c[1](); } }, function (d) { d[1](undefined); });
    methods.some = predicateOp("some", function (d, c, v, r) { if (r) { d[1](true); c[1](); } }, function (d) { d[1](false); });
    methods.first = { first() {
      return settle(this, "first", arguments, true, {
        optionsAt: 0,
        observer: function (d, c) {
          return observer(function (v) { d[1](v); c[1](); }, function (e) { d[2](e); },
            function () { d[2](new RangeErr("No values in Observable")); });
        },
      });
    } }.first;
    methods.last = { last() {
      return settle(this, "last", arguments, false, {
        optionsAt: 0,
        observer: function (d) {
          var has = false, last;
          return observer(function (v) { has = true; last = v; }, function (e) { d[2](e); }, function () {
            if (has) d[1](last); else d[2](new RangeErr("No values in Observable"));
          });
        },
      });
    } }.last;
    methods.reduce = { reduce(reducer) {
      var args = arguments;
      return settle(this, "reduce", args, true, {
        optionsAt: 2,
        prepare: function () { fn(reducer, "reduce"); },
        observer: function (d, c) {
          var idx = 0, has = args[1] !== undefined, acc = args[1];
          return observer(function (v) {
            if (!has) { has = true; acc = v; idx++; return; }
            try { acc = apply(reducer, undefined, [acc, v, idx]); } catch (e) { d[2](e); c[1](e); return; }
            idx++;
          }, function (e) { d[2](e); }, function () {
            if (has) d[1](acc); else d[2](new TypeErr("Reduce of empty array with no initial value"));
          });
        },
      });
    } }.reduce;

    // ---- the interface objects -------------------------------------------

    var setLength = function (f, length) {
      if (f.length !== length) defineProperty(f, "length", { value: length, configurable: true });
      return f;
    };
    // Web IDL lengths: the number of required arguments.
    var lengths = { catch: 1, drop: 1, every: 1, filter: 1, finally: 1, find: 1, flatMap: 1, forEach: 1, map: 1,
      reduce: 1, some: 1, switchMap: 1, take: 1, takeUntil: 1 };
    var interfaceObject = function (ctor, proto, name, length) {
      // the constructor property comes after the members, as in Chromium.
      delete proto.constructor;
      defineProperty(proto, "constructor", { value: ctor, writable: true, enumerable: false, configurable: true });
      defineProperty(ctor, "length", { value: length, configurable: true });
      defineProperty(ctor, "prototype", { writable: false, enumerable: false, configurable: false });
      defineProperty(proto, toStringTag, { value: name, configurable: true });
    };
    // Chromium lists an interface's attributes before its operations,
    // each in alphabetical order.
    var names = ["catch", "drop", "every", "filter", "finally", "find", "first", "flatMap", "forEach", "inspect",
      "last", "map", "reduce", "some", "subscribe", "switchMap", "take", "takeUntil", "toArray"];
    for (var i = 0; i < names.length; i++) {
      defineProperty(observableProto, names[i], { value: setLength(methods[names[i]], lengths[names[i]] || 0), writable: true, enumerable: true, configurable: true });
    }
    defineProperty(Observable, "from", {
      value: {
        from(value) {
          needArgs("Observable", "from", 1, arguments.length);
          var o = toObservable(value);
          if (o === undefined) throw fail("Observable", "from", fromFailure);
          return o;
        },
      }.from,
      writable: true, enumerable: true, configurable: true,
    });
    interfaceObject(Observable, observableProto, "Observable", 1);

    var accessors = {
      get active() { return subscriberState(this).active; },
      get signal() { return subscriberState(this).signal; },
    };
    defineProperty(subscriberProto, "active", { get: Object.getOwnPropertyDescriptor(accessors, "active").get, enumerable: true, configurable: true });
    defineProperty(subscriberProto, "signal", { get: Object.getOwnPropertyDescriptor(accessors, "signal").get, enumerable: true, configurable: true });
    var subscriberMethods = {
      addTeardown(teardown) {
        var s = subscriberState(this);
        needArgs("Subscriber", "addTeardown", 1, arguments.length);
        if (typeof teardown !== "function") throw fail("Subscriber", "addTeardown", "parameter 1 is not of type 'Function'.");
        if (s.active) { append(s.teardowns, teardown); return; }
        try { apply(teardown, undefined, []); } catch (e) { report(e); }
      },
      complete() { complete(subscriberState(this)); },
      error(err) {
        var s = subscriberState(this);
        needArgs("Subscriber", "error", 1, arguments.length);
        error(s, err);
      },
      next(value) {
        var s = subscriberState(this);
        needArgs("Subscriber", "next", 1, arguments.length);
        next(s, value);
      },
    };
    var subscriberNames = ["addTeardown", "complete", "error", "next"];
    for (i = 0; i < subscriberNames.length; i++) {
      var sm = subscriberMethods[subscriberNames[i]];
      defineProperty(subscriberProto, subscriberNames[i], { value: setLength(sm, sm.length > 1 ? 1 : sm.length), writable: true, enumerable: true, configurable: true });
    }
    interfaceObject(Subscriber, subscriberProto, "Subscriber", 0);

    // when returns the Observable of EventTarget.prototype.when: each
    // subscription adds a listener (listen, given the callback and the
    // subscription's signal, which removes it) passing the events on.
    var when = function (listen) {
      return make(function (s) {
        if (isAborted(s.signal)) return;
        listen(function (ev) { next(s, ev); }, s.signal);
      });
    };

    // brand names the interface of an Observable or Subscriber (for
    // structuredClone, which refuses platform objects), "" for others.
    var brand = function (o) {
      if (ObservableSlot.get(o)) return "Observable";
      if (SubscriberSlot.get(o)) return "Subscriber";
      return "";
    };

    return { Observable: Observable, Subscriber: Subscriber, when: when, brand: brand };
  };
})()
