// The Streams Standard (https://streams.spec.whatwg.org/) for bangsnap:
// ReadableStream with default and BYOB readers, WritableStream,
// TransformStream, the queuing strategies, TextEncoderStream and
// TextDecoderStream, CompressionStream and DecompressionStream (the codec
// is Go's, given as newCodec). Written for bangsnap from
// the standard's algorithms, simplified where no page can tell: byte
// streams keep their chunks as Uint8Arrays and BYOB reads copy into the
// caller's view instead of transferring its buffer. pipeTo runs as
// Chromium 156's pipe engine does, and TransformStream has no transformer
// cancel() (Chromium 156 neither reads nor calls it).
// The program evaluates to a function of newCodec returning an object of
// the interface objects by name; InstallStreams runs it on a page's first
// use of one of them.
(function () {
  "use strict";
  return function (newCodec) {

    var defineAll = function (obj, props) {
      Object.keys(props).forEach(function (k) {
        Object.defineProperty(obj, k, { value: props[k], writable: true, configurable: true, enumerable: false });
      });
    };
    var tag = function (cls, name) {
      Object.defineProperty(cls.prototype, Symbol.toStringTag, { value: name, configurable: true });
    };
    // handled marks a promise's rejection as handled, as the standard does
    // for the promises it makes itself (closed, ready).
    var handled = function (p) { p.then(undefined, function () {}); return p; };
    var deferred = function () {
      var d = {};
      d.promise = new Promise(function (res, rej) { d.resolve = res; d.reject = rej; });
      return d;
    };
    var resolved = function (v) { return Promise.resolve(v); };
    var rejected = function (e) { return Promise.reject(e); };
    var result = function (value, done) { return { value: value, done: done }; };
    // call invokes an optional underlying-source/sink method, turning a
    // throw into a rejected promise.
    var call = function (obj, name, args) {
      var fn = obj[name];
      if (fn === undefined || fn === null) return resolved(undefined);
      if (typeof fn !== "function") return rejected(new TypeError(name + " is not a function"));
      try { return resolved(fn.apply(obj, args)); } catch (e) { return rejected(e); }
    };
    var method = function (obj, name) {
      var fn = obj == null ? undefined : obj[name];
      if (fn !== undefined && fn !== null && typeof fn !== "function") throw new TypeError(name + " is not a function");
      return fn;
    };
    var strategyOf = function (strategy, defaultHWM) {
      strategy = strategy == null ? {} : strategy;
      var hwm = strategy.highWaterMark === undefined ? defaultHWM : Number(strategy.highWaterMark);
      if (hwm !== hwm || hwm < 0) throw new RangeError("Invalid highWaterMark");
      var size = strategy.size;
      if (size !== undefined && typeof size !== "function") throw new TypeError("size is not a function");
      return { hwm: hwm, size: size };
    };
    var INTERNAL = {};

    // ---- ReadableStream ----------------------------------------------------

    var ReadableStreamDefaultController = function ReadableStreamDefaultController(key) {
      if (key !== INTERNAL) throw new TypeError("Illegal constructor");
    };
    var ReadableByteStreamController = function ReadableByteStreamController(key) {
      if (key !== INTERNAL) throw new TypeError("Illegal constructor");
    };
    var rsState = new WeakMap(); // stream -> state
    var ctrlState = new WeakMap(); // controller -> state

    var ReadableStream = function ReadableStream(source, strategy) {
      if (!new.target) throw new TypeError("Failed to construct 'ReadableStream': Please use the 'new' operator");
      if (source === null) throw new TypeError("Failed to construct 'ReadableStream': source is null");
      source = source === undefined ? {} : source;
      var type = source.type === undefined ? undefined : String(source.type);
      if (type !== undefined && type !== "bytes") throw new TypeError("Failed to construct 'ReadableStream': invalid type " + type);
      var st = { state: "readable", reader: null, error: undefined, disturbed: false, bytes: type === "bytes" };
      rsState.set(this, st);
      var s = strategyOf(strategy, st.bytes ? 0 : 1);
      if (st.bytes && s.size) throw new RangeError("A byte stream cannot have a size function");
      setupController(this, st, source, s.hwm, s.size, method(source, "start"), method(source, "pull"), method(source, "cancel"));
    };

    function setupController(stream, st, source, hwm, size, start, pull, cancel) {
      var controller = new (st.bytes ? ReadableByteStreamController : ReadableStreamDefaultController)(INTERNAL);
      var c = {
        stream: stream, st: st, queue: [], total: 0, hwm: hwm, size: size,
        started: false, closeRequested: false, pulling: false, pullAgain: false,
        pull: pull ? function () { return pull.call(source, controller); } : null,
        cancel: cancel ? function (r) { return cancel.call(source, r); } : null,
      };
      ctrlState.set(controller, c);
      st.controller = controller;
      st.c = c;
      var startResult = start ? start.call(source, controller) : undefined;
      resolved(startResult).then(function () {
        c.started = true;
        pullIfNeeded(c);
      }, function (e) { errorStream(st, e); });
    }

    function desiredSize(c) {
      if (c.st.state === "errored") return null;
      if (c.st.state === "closed") return 0;
      return c.hwm - c.total;
    }
    function pullIfNeeded(c) {
      var st = c.st;
      if (!c.started || c.closeRequested || st.state !== "readable") return;
      var waiting = st.reader && st.reader.requests.length > 0;
      if (!waiting && desiredSize(c) <= 0) return;
      if (c.pulling) { c.pullAgain = true; return; }
      if (!c.pull) return;
      c.pulling = true;
      var p;
      try { p = resolved(c.pull()); } catch (e) { p = rejected(e); }
      p.then(function () {
        c.pulling = false;
        if (c.pullAgain) { c.pullAgain = false; pullIfNeeded(c); }
      }, function (e) { errorStream(st, e); });
    }
    function closeStream(st) {
      st.state = "closed";
      var r = st.reader;
      if (!r) return;
      r.closed.resolve(undefined);
      var reqs = r.requests;
      r.requests = [];
      reqs.forEach(function (q) { q.resolve(result(undefined, true)); });
    }
    function errorStream(st, e) {
      if (st.state !== "readable") return;
      st.state = "errored";
      st.error = e;
      if (st.c) { st.c.queue = []; st.c.total = 0; }
      var r = st.reader;
      if (!r) return;
      r.closed.reject(e);
      var reqs = r.requests;
      r.requests = [];
      reqs.forEach(function (q) { q.reject(e); });
    }
    function enqueue(c, chunk) {
      var st = c.st;
      if (c.closeRequested) throw new TypeError("Cannot enqueue a chunk into a closed stream");
      if (st.state !== "readable") throw new TypeError("Cannot enqueue a chunk into a stream that is " + st.state);
      var r = st.reader;
      if (r && r.requests.length > 0 && c.queue.length === 0 && !r.byob) {
        r.requests.shift().resolve(result(chunk, false));
      } else {
        var n = 1;
        if (c.size) {
          try { n = Number(c.size(chunk)); } catch (e) { errorStream(st, e); throw e; }
          if (n !== n || n < 0 || n === Infinity) {
            var err = new RangeError("Invalid chunk size");
            errorStream(st, err);
            throw err;
          }
        } else if (st.bytes) {
          n = chunk.byteLength;
        }
        c.queue.push({ chunk: chunk, size: n });
        c.total += n;
        if (r) serveRequests(c);
      }
      pullIfNeeded(c);
    }
    // serveRequests fulfills pending reads from the queue (BYOB readers copy
    // bytes into their views).
    function serveRequests(c) {
      var r = c.st.reader;
      while (r && r.requests.length > 0 && c.queue.length > 0) {
        var q = r.requests.shift();
        if (q.view) {
          q.resolve(result(fillView(c, q.view), false));
        } else {
          var e = c.queue.shift();
          c.total -= e.size;
          q.resolve(result(e.chunk, false));
        }
      }
      if (c.closeRequested && c.queue.length === 0 && c.st.state === "readable") closeStream(c.st);
    }
    function fillView(c, view) {
      var dst = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
      var n = 0;
      while (n < dst.length && c.queue.length > 0) {
        var e = c.queue[0];
        var src = e.chunk instanceof Uint8Array ? e.chunk : new Uint8Array(e.chunk.buffer, e.chunk.byteOffset, e.chunk.byteLength);
        var k = Math.min(src.length, dst.length - n);
        dst.set(src.subarray(0, k), n);
        n += k;
        if (k === src.length) { c.queue.shift(); c.total -= src.length; } else { e.chunk = src.subarray(k); c.total -= k; }
      }
      var elem = view.BYTES_PER_ELEMENT || 1;
      return new view.constructor(view.buffer, view.byteOffset, Math.floor(n / elem));
    }
    function closeRequest(c) {
      if (c.closeRequested) throw new TypeError("The stream is already closing");
      if (c.st.state !== "readable") throw new TypeError("Cannot close a stream that is " + c.st.state);
      c.closeRequested = true;
      if (c.queue.length === 0) closeStream(c.st);
    }
    function cancelStream(st, reason) {
      st.disturbed = true;
      if (st.state === "closed") return resolved(undefined);
      if (st.state === "errored") return rejected(st.error);
      closeStream(st);
      var c = st.c;
      c.queue = [];
      c.total = 0;
      var p = c.cancel ? call({ f: c.cancel }, "f", [reason]) : resolved(undefined);
      return p.then(function () { return undefined; });
    }

    var controllerProto = {
      get desiredSize() { return desiredSize(ctrl(this)); },
      close: function close() { closeRequest(ctrl(this)); },
      enqueue: function enqueue_(chunk) { enqueue(ctrl(this), chunk); },
      error: function error(e) { errorStream(ctrl(this).st, e); },
    };
    function ctrl(o) {
      var c = ctrlState.get(o);
      if (!c) throw new TypeError("Illegal invocation");
      return c;
    }
    Object.defineProperties(ReadableStreamDefaultController.prototype, Object.getOwnPropertyDescriptors(controllerProto));
    Object.defineProperties(ReadableByteStreamController.prototype, Object.getOwnPropertyDescriptors(controllerProto));
    Object.defineProperty(ReadableByteStreamController.prototype, "enqueue", {
      value: function enqueue_(chunk) {
        if (!ArrayBuffer.isView(chunk)) throw new TypeError("chunk must be an ArrayBufferView");
        if (chunk.byteLength === 0) throw new TypeError("chunk must not be empty");
        enqueue(ctrl(this), new Uint8Array(chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength)));
      }, writable: true, configurable: true,
    });
    Object.defineProperty(ReadableByteStreamController.prototype, "byobRequest", { get: function () { ctrl(this); return null; }, configurable: true });
    Object.keys(controllerProto).forEach(function (k) {
      [ReadableStreamDefaultController, ReadableByteStreamController].forEach(function (C) {
        var d = Object.getOwnPropertyDescriptor(C.prototype, k);
        d.enumerable = true;
        Object.defineProperty(C.prototype, k, d);
      });
    });

    // Readers
    var readerState = new WeakMap();
    function acquire(reader, stream, byob) {
      var st = rsState.get(stream);
      if (!st) throw new TypeError("Failed to construct reader: parameter 1 is not a ReadableStream");
      if (st.reader) throw new TypeError("ReadableStream is locked");
      if (byob && !st.bytes) throw new TypeError("Cannot use a BYOB reader with a non-byte stream");
      var r = { st: st, requests: [], closed: deferred(), byob: byob };
      handled(r.closed.promise);
      if (st.state === "closed") r.closed.resolve(undefined);
      if (st.state === "errored") r.closed.reject(st.error);
      st.reader = r;
      readerState.set(reader, r);
    }
    function rd(o) {
      var r = readerState.get(o);
      if (!r) throw new TypeError("Illegal invocation");
      return r;
    }
    function read(r, view) {
      var st = r.st;
      if (!st || st.reader !== r) return rejected(new TypeError("This reader has been released"));
      st.disturbed = true;
      if (st.state === "closed") return resolved(result(view ? new view.constructor(view.buffer, view.byteOffset, 0) : undefined, true));
      if (st.state === "errored") return rejected(st.error);
      var c = st.c;
      if (c.queue.length > 0) {
        var value;
        if (view) {
          value = fillView(c, view);
        } else {
          var e = c.queue.shift();
          c.total -= e.size;
          value = e.chunk;
        }
        if (c.closeRequested && c.queue.length === 0) closeStream(st);
        else pullIfNeeded(c);
        return resolved(result(value, false));
      }
      var q = deferred();
      q.view = view;
      r.requests.push(q);
      pullIfNeeded(c);
      return q.promise;
    }
    function release(r) {
      var st = r.st;
      if (!st || st.reader !== r) return;
      var err = new TypeError("Reader was released");
      if (st.state === "readable") r.closed.reject(err);
      else { r.closed = deferred(); handled(r.closed.promise); r.closed.reject(err); }
      var reqs = r.requests;
      r.requests = [];
      reqs.forEach(function (q) { q.reject(err); });
      st.reader = null;
      r.st = null;
    }
    var readerProto = {
      get closed() { return rd(this).closed.promise; },
      cancel: function cancel(reason) {
        var r;
        try { r = rd(this); } catch (e) { return rejected(e); }
        if (!r.st) return rejected(new TypeError("This reader has been released"));
        return cancelStream(r.st, reason);
      },
      releaseLock: function releaseLock() { release(rd(this)); },
    };
    var ReadableStreamDefaultReader = function ReadableStreamDefaultReader(stream) {
      if (!new.target) throw new TypeError("Failed to construct 'ReadableStreamDefaultReader': Please use the 'new' operator");
      acquire(this, stream, false);
    };
    Object.defineProperties(ReadableStreamDefaultReader.prototype, Object.getOwnPropertyDescriptors(readerProto));
    defineAll(ReadableStreamDefaultReader.prototype, {
      read: function read_() {
        var r;
        try { r = rd(this); } catch (e) { return rejected(e); }
        return read(r, null);
      },
    });
    var ReadableStreamBYOBReader = function ReadableStreamBYOBReader(stream) {
      if (!new.target) throw new TypeError("Failed to construct 'ReadableStreamBYOBReader': Please use the 'new' operator");
      acquire(this, stream, true);
    };
    Object.defineProperties(ReadableStreamBYOBReader.prototype, Object.getOwnPropertyDescriptors(readerProto));
    defineAll(ReadableStreamBYOBReader.prototype, {
      read: function read_(view) {
        var r;
        try { r = rd(this); } catch (e) { return rejected(e); }
        if (!ArrayBuffer.isView(view)) return rejected(new TypeError("read() needs an ArrayBufferView"));
        if (view.byteLength === 0) return rejected(new TypeError("read() needs a non-empty view"));
        return read(r, view);
      },
    });

    function rs(o) {
      var st = rsState.get(o);
      if (!st) throw new TypeError("Illegal invocation");
      return st;
    }
    defineAll(ReadableStream.prototype, {
      cancel: function cancel(reason) {
        var st;
        try { st = rs(this); } catch (e) { return rejected(e); }
        if (st.reader) return rejected(new TypeError("Cannot cancel a locked stream"));
        return cancelStream(st, reason);
      },
      getReader: function getReader(options) {
        rs(this);
        var mode = options == null || options.mode === undefined ? undefined : String(options.mode);
        if (mode === "byob") return new ReadableStreamBYOBReader(this);
        if (mode !== undefined) throw new TypeError("Invalid reader mode " + mode);
        return new ReadableStreamDefaultReader(this);
      },
      pipeThrough: function pipeThrough(transform, options) {
        rs(this);
        var prefix = "Failed to execute 'pipeThrough' on 'ReadableStream': ";
        if (transform === undefined || transform === null || (typeof transform !== "object" && typeof transform !== "function")) {
          throw new TypeError(prefix + "The provided value is not of type 'ReadableWritablePair'.");
        }
        var readable = transform.readable;
        if (!rsState.get(readable)) throw new TypeError(prefix + "Failed to read the 'readable' property from 'ReadableWritablePair': Failed to convert value to 'ReadableStream'.");
        var writable = transform.writable;
        if (!wsState.get(writable)) throw new TypeError(prefix + "Failed to read the 'writable' property from 'ReadableWritablePair': Failed to convert value to 'WritableStream'.");
        var o = pipeOptions(options, prefix);
        if (rs(this).reader) throw new TypeError(prefix + "Cannot pipe a locked stream");
        if (wsState.get(writable).writer) throw new TypeError(prefix + "Cannot pipe to a locked stream");
        handled(pipe(this, writable, o));
        return readable;
      },
      pipeTo: function pipeTo(dest, options) {
        var prefix = "Failed to execute 'pipeTo' on 'ReadableStream': ";
        var o;
        try {
          rs(this);
          if (!wsState.get(dest)) throw new TypeError(prefix + "parameter 1 is not of type 'WritableStream'.");
          o = pipeOptions(options, prefix);
        } catch (e) { return rejected(e); }
        if (rs(this).reader) return rejected(new TypeError(prefix + "Cannot pipe a locked stream"));
        if (wsState.get(dest).writer) return rejected(new TypeError(prefix + "Cannot pipe to a locked stream"));
        return pipe(this, dest, o);
      },
      tee: function tee() {
        rs(this);
        var reader = this.getReader();
        var canceled = [false, false], reasons = [], cancelDone = deferred(), reading = false;
        var branches = [], ctrls = [];
        var pull = function () {
          if (reading) return resolved(undefined);
          reading = true;
          reader.read().then(function (res) {
            reading = false;
            if (res.done) {
              ctrls.forEach(function (c, i) { if (!canceled[i]) try { c.close(); } catch (e) { } });
              cancelDone.resolve(undefined);
              return;
            }
            ctrls.forEach(function (c, i) { if (!canceled[i]) try { c.enqueue(res.value); } catch (e) { } });
          }, function (e) {
            reading = false;
            ctrls.forEach(function (c) { try { c.error(e); } catch (x) { } });
            cancelDone.resolve(undefined);
          });
          return resolved(undefined);
        };
        [0, 1].forEach(function (i) {
          branches[i] = new ReadableStream({
            start: function (c) { ctrls[i] = c; },
            pull: pull,
            cancel: function (reason) {
              canceled[i] = true;
              reasons[i] = reason;
              if (canceled[0] && canceled[1]) {
                reader.cancel(reasons).then(cancelDone.resolve, cancelDone.reject);
              }
              return cancelDone.promise;
            },
          });
        });
        handled(reader.closed).then(undefined, function (e) {
          ctrls.forEach(function (c) { try { c.error(e); } catch (x) { } });
        });
        return branches;
      },
      values: function values(options) {
        rs(this);
        if (options !== undefined && options !== null && typeof options !== "object" && typeof options !== "function") {
          throw new TypeError("Failed to execute 'values' on 'ReadableStream': The provided value is not of type 'ReadableStreamIteratorOptions'.");
        }
        var preventCancel = !!(options && options.preventCancel);
        var reader = this.getReader();
        var it = Object.create(rsIteratorProto);
        iterState.set(it, { reader: rd(reader), preventCancel: preventCancel, finished: false, ongoing: null });
        return it;
      },
    });
    // %AsyncIteratorPrototype% (goja has no async generators to take it from).
    var asyncIteratorProto = {};
    Object.defineProperty(asyncIteratorProto, Symbol.asyncIterator, { value: function () { return this; }, writable: true, configurable: true });
    Object.defineProperty(ReadableStream.prototype, "locked", { get: function () { return rs(this).reader !== null; }, configurable: true, enumerable: true });
    Object.defineProperty(ReadableStream.prototype, Symbol.asyncIterator, { value: ReadableStream.prototype.values, writable: true, configurable: true });
    // The stream's async iterator, as Web IDL's asynchronous iterator
    // prototype object runs it (https://webidl.spec.whatwg.org/#es-asynchronous-iterator-prototype-object):
    // next() and return() each wait for the one before them (the ongoing
    // promise), so calls made without awaiting settle in order; a read that
    // closes or errors the stream finishes the iterator and releases its
    // reader; return() cancels (unless preventCancel) and releases the
    // reader at once when nothing is ongoing.
    // https://streams.spec.whatwg.org/#rs-asynciterator
    var iterState = new WeakMap();
    var rsIteratorProto = Object.create(asyncIteratorProto);
    var iterMethods = {
      next: function next() {
        var it = iterState.get(this);
        if (!it) return rejected(new TypeError("Illegal invocation"));
        var nextSteps = function () {
          if (it.finished) return resolved(result(undefined, true));
          var r = it.reader;
          return read(r, null).then(function (res) {
            it.ongoing = null;
            if (res.done) {
              it.finished = true;
              release(r);
              return result(undefined, true);
            }
            return result(res.value, false);
          }, function (e) {
            it.ongoing = null;
            it.finished = true;
            release(r);
            throw e;
          });
        };
        it.ongoing = it.ongoing ? it.ongoing.then(nextSteps, nextSteps) : nextSteps();
        return it.ongoing;
      },
      return: function return_(value) {
        var it = iterState.get(this);
        if (!it) return rejected(new TypeError("Illegal invocation"));
        var returnSteps = function () {
          if (it.finished) return resolved(result(value, true));
          it.finished = true;
          var r = it.reader;
          if (!r.st) return resolved(undefined);
          var p = it.preventCancel ? resolved(undefined) : cancelStream(r.st, value);
          release(r);
          return p;
        };
        it.ongoing = it.ongoing ? it.ongoing.then(returnSteps, returnSteps) : returnSteps();
        return it.ongoing.then(function () { return result(value, true); });
      },
    };
    Object.keys(iterMethods).forEach(function (k) {
      Object.defineProperty(rsIteratorProto, k, { value: iterMethods[k], writable: true, configurable: true, enumerable: true });
    });
    Object.defineProperty(iterMethods.return, "name", { value: "return", configurable: true });
    Object.defineProperty(iterMethods.return, "length", { value: 0, configurable: true }); // Chromium 156 (the test expects 1)
    Object.defineProperty(rsIteratorProto, Symbol.toStringTag, { value: "ReadableStream AsyncIterator", configurable: true });
    // pipeOptions converts a StreamPipeOptions dictionary (Web IDL: its
    // members read in order, signal an AbortSignal or a TypeError).
    var abortedGetter = null;
    var pipeOptions = function (options, prefix) {
      var o = { preventAbort: false, preventCancel: false, preventClose: false, signal: undefined };
      if (options === undefined || options === null) return o;
      if (typeof options !== "object" && typeof options !== "function") {
        throw new TypeError(prefix + "The provided value is not of type 'StreamPipeOptions'.");
      }
      o.preventAbort = !!options.preventAbort;
      o.preventCancel = !!options.preventCancel;
      o.preventClose = !!options.preventClose;
      var signal = options.signal;
      if (signal !== undefined) {
        if (!abortedGetter) abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted").get;
        var ok = typeof signal === "object" && signal !== null;
        if (ok) { try { abortedGetter.call(signal); } catch (e) { ok = false; } }
        if (!ok) throw new TypeError(prefix + "Failed to read the 'signal' property from 'StreamPipeOptions': Failed to convert value to 'AbortSignal'.");
        o.signal = signal;
      }
      return o;
    };
    // The signal's listener is added and removed with EventTarget's own
    // methods, taken at the first pipe with a signal (a page's override on
    // the signal is not used).
    var addListener = null, removeListener = null;
    var noop = function () {};
    // pipe is ReadableStreamPipeTo
    // (https://streams.spec.whatwg.org/#readable-stream-pipe-to), run as
    // Chromium's pipe engine runs it: a chunk read is written in a
    // microtask, and not once the pipe is shutting down; the pipe reads
    // only while the destination wants more (its desired size above 0);
    // a shutdown, by the source or destination closing or erroring or the
    // signal aborting, first waits for the last write to settle while the
    // destination is writable, then performs its action (abort the
    // destination, cancel the source, close the destination), then
    // releases both streams and settles the pipe's promise.
    function pipe(source, dest, o) {
      var st = rsState.get(source), w = wsState.get(dest);
      var reader = new ReadableStreamDefaultReader(source), writer = new WritableStreamDefaultWriter(dest);
      var r = rd(reader), wr = writerState.get(writer);
      st.disturbed = true;
      var done = deferred();
      var shuttingDown = false, reading = false, lastWrite = null, onAbort = null;
      var finalize = function (isError, error) {
        if (wr.w) writer.releaseLock();
        release(r);
        if (onAbort) removeListener.call(o.signal, "abort", onAbort);
        if (isError) done.reject(error); else done.resolve(undefined);
      };
      var shouldWriteQueued = function () { return w.state === "writable" && !w.closing; };
      var writeQueued = function () { return lastWrite ? lastWrite.then(noop, noop) : resolved(undefined); };
      var shutdownWithAction = function (action, isError, error) {
        if (shuttingDown) return;
        shuttingDown = true;
        var invoke = function () {
          try { return resolved(action()); } catch (e) { return rejected(e); }
        };
        var p = shouldWriteQueued() ? writeQueued().then(invoke) : invoke();
        p.then(function () { finalize(isError, error); }, function (e) { finalize(true, e); });
      };
      var shutdown = function (isError, error) {
        if (shuttingDown) return;
        shuttingDown = true;
        if (shouldWriteQueued()) writeQueued().then(function () { finalize(isError, error); });
        else finalize(isError, error);
      };
      var readableError = function (e) {
        if (shuttingDown) return;
        if (!o.preventAbort) shutdownWithAction(function () { return abortWritable(w, e); }, true, e);
        else shutdown(true, e);
      };
      var writableError = function (e) {
        if (shuttingDown) return;
        if (!o.preventCancel) shutdownWithAction(function () { return cancelStream(st, e); }, true, e);
        else shutdown(true, e);
      };
      var readableClosed = function () {
        if (!o.preventClose) {
          shutdownWithAction(function () {
            if (w.closing || w.state === "closed") return resolved(undefined);
            if (w.state === "errored") return rejected(w.error);
            return closeWritable(w);
          }, false);
        } else {
          shutdown(false);
        }
      };
      if (o.signal !== undefined) {
        var signal = o.signal;
        var abortAlgorithm = function () {
          var error = signal.reason;
          shutdownWithAction(function () {
            var actions = [];
            if (!o.preventAbort && w.state === "writable") actions.push(abortWritable(w, error));
            if (!o.preventCancel && st.state === "readable") actions.push(cancelStream(st, error));
            return Promise.all(actions);
          }, true, error);
        };
        if (signal.aborted) {
          abortAlgorithm();
          return done.promise;
        }
        onAbort = abortAlgorithm;
        if (!addListener) {
          addListener = EventTarget.prototype.addEventListener;
          removeListener = EventTarget.prototype.removeEventListener;
        }
        addListener.call(signal, "abort", onAbort);
      }
      // The initial states, in the order the standard applies them.
      if (st.state === "errored") { readableError(st.error); return done.promise; }
      if (w.state === "errored") { writableError(w.error); return done.promise; }
      if (st.state === "closed") { readableClosed(); return done.promise; }
      if (w.closing || w.state === "closed") {
        var destClosed = new TypeError("Destination stream closed");
        if (!o.preventCancel) shutdownWithAction(function () { return cancelStream(st, destClosed); }, true, destClosed);
        else shutdown(true, destClosed);
        return done.promise;
      }
      var chunkBody = function (chunk) {
        reading = false;
        if (shuttingDown) return;
        var write = writeChunk(w, chunk);
        write.then(undefined, writableError);
        lastWrite = write;
        next();
      };
      var next = function () {
        if (shuttingDown) return;
        var ds = desired(w);
        if (ds === null) return;
        if (ds <= 0) {
          wr.ready.promise.then(next, writableError);
          return;
        }
        reading = true;
        readRequest(r, {
          chunk: function (chunk) { resolved(undefined).then(function () { chunkBody(chunk); }); },
          close: function () { readableClosed(); },
          error: function () {
            reading = false;
            if (shuttingDown) return;
            readableError(st.error);
          },
        });
      };
      r.closed.promise.then(function () { if (!reading) readableClosed(); }, readableError);
      wr.closed.promise.then(undefined, writableError);
      next();
      return done.promise;
    }
    // readRequest is ReadableStreamDefaultReaderRead with a read request's
    // chunk, close and error steps, run when the stream gives them.
    function readRequest(r, steps) {
      var st = r.st;
      st.disturbed = true;
      if (st.state === "closed") { steps.close(); return; }
      if (st.state === "errored") { steps.error(st.error); return; }
      var c = st.c;
      if (c.queue.length > 0) {
        var e = c.queue.shift();
        c.total -= e.size;
        if (c.closeRequested && c.queue.length === 0) closeStream(st);
        else pullIfNeeded(c);
        steps.chunk(e.chunk);
        return;
      }
      r.requests.push({
        resolve: function (res) { if (res.done) steps.close(); else steps.chunk(res.value); },
        reject: function (e) { steps.error(e); },
      });
      pullIfNeeded(c);
    }

    // ---- WritableStream ----------------------------------------------------

    var WritableStreamDefaultController = function WritableStreamDefaultController(key) {
      if (key !== INTERNAL) throw new TypeError("Illegal constructor");
    };
    var wsState = new WeakMap();
    var wctrlState = new WeakMap();
    var WritableStream = function WritableStream(sink, strategy) {
      if (!new.target) throw new TypeError("Failed to construct 'WritableStream': Please use the 'new' operator");
      if (sink === null) throw new TypeError("Failed to construct 'WritableStream': sink is null");
      sink = sink === undefined ? {} : sink;
      if (sink.type !== undefined) throw new RangeError("Invalid type is specified");
      var s = strategyOf(strategy, 1);
      var start = method(sink, "start"), write = method(sink, "write"), close = method(sink, "close"), abort = method(sink, "abort");
      var controller = new WritableStreamDefaultController(INTERNAL);
      var abortController = typeof AbortController === "function" ? new AbortController() : null;
      var w = {
        state: "writable", error: undefined, writer: null, queue: [], total: 0, hwm: s.hwm, size: s.size,
        started: false, inFlight: false, closing: null, pendingAbort: null, controller: controller, signal: abortController && abortController.signal,
        abortController: abortController,
        write: write ? function (chunk) { return write.call(sink, chunk, controller); } : null,
        close: close ? function () { return close.call(sink); } : null,
        abort: abort ? function (r) { return abort.call(sink, r); } : null,
      };
      wsState.set(this, w);
      wctrlState.set(controller, w);
      w.backpressure = desired(w) <= 0;
      var startResult = start ? start.call(sink, controller) : undefined;
      resolved(startResult).then(function () {
        w.started = true;
        advance(w);
      }, function (e) {
        w.started = true;
        startErroring(w, e);
        finishErroring(w);
      });
    };
    function desired(w) {
      if (w.state === "errored" || w.state === "erroring") return null;
      if (w.state === "closed") return 0;
      return w.hwm - w.total;
    }
    function updateBackpressure(w) {
      var bp = desired(w) <= 0;
      if (bp === w.backpressure) return;
      w.backpressure = bp;
      var wr = w.writer;
      if (!wr || w.state !== "writable" || w.closing) return;
      if (bp) { wr.ready = deferred(); handled(wr.ready.promise); } else wr.ready.resolve(undefined);
    }
    function startErroring(w, e) {
      if (w.state !== "writable") return;
      w.state = "erroring";
      w.error = e;
      var wr = w.writer;
      if (wr) rejectReady(wr, e);
    }
    function rejectReady(wr, e) {
      wr.ready = deferred();
      handled(wr.ready.promise);
      wr.ready.reject(e);
    }
    function finishErroring(w) {
      if (w.state !== "erroring" || w.inFlight) return;
      w.state = "errored";
      var e = w.error;
      w.queue.forEach(function (q) { if (q.d) q.d.reject(e); });
      w.queue = [];
      w.total = 0;
      if (w.closing) { w.closing.reject(e); w.closing = null; }
      var wr = w.writer;
      if (wr) wr.closed.reject(e);
      var pa = w.pendingAbort;
      w.pendingAbort = null;
      if (!pa) return;
      if (pa.wasAlreadyErroring || !w.abort) { pa.d.resolve(undefined); return; }
      call({ f: w.abort }, "f", [pa.reason]).then(function () { pa.d.resolve(undefined); }, pa.d.reject);
    }
    function errorWritable(w, e) {
      if (w.state === "writable") startErroring(w, e);
      finishErroring(w);
    }
    function advance(w) {
      if (!w.started || w.inFlight) return;
      if (w.state === "erroring") { finishErroring(w); return; }
      if (w.state !== "writable" || w.queue.length === 0) return;
      var q = w.queue[0];
      w.inFlight = true;
      if (q.close) {
        w.queue.shift();
        var pc = w.close ? call({ f: w.close }, "f", []) : resolved(undefined);
        pc.then(function () {
          w.inFlight = false;
          if (w.state === "erroring") { w.error = undefined; w.pendingAbort && w.pendingAbort.d.resolve(undefined); w.pendingAbort = null; }
          w.state = "closed";
          if (w.closing) { w.closing.resolve(undefined); w.closing = null; }
          if (w.writer) w.writer.closed.resolve(undefined);
        }, function (e) {
          w.inFlight = false;
          if (w.closing) { w.closing.reject(e); w.closing = null; }
          errorWritable(w, e);
        });
        return;
      }
      var pw = w.write ? call({ f: w.write }, "f", [q.chunk]) : resolved(undefined);
      pw.then(function () {
        w.inFlight = false;
        q.d.resolve(undefined);
        w.queue.shift();
        w.total -= q.size;
        if (w.state === "erroring") { finishErroring(w); return; }
        updateBackpressure(w);
        advance(w);
      }, function (e) {
        w.inFlight = false;
        q.d.reject(e);
        w.queue.shift();
        errorWritable(w, e);
      });
    }
    function writeChunk(w, chunk) {
      var n = 1;
      if (w.size) {
        try { n = Number(w.size(chunk)); } catch (e) { errorWritable(w, e); return rejected(e); }
      }
      if (w.state === "errored" || w.state === "erroring") return rejected(w.error);
      if (w.closing || w.state === "closed") return rejected(new TypeError("Cannot write to a closing or closed stream"));
      var d = deferred();
      w.queue.push({ chunk: chunk, size: n, d: d });
      w.total += n;
      updateBackpressure(w);
      advance(w);
      return d.promise;
    }
    function closeWritable(w) {
      if (w.state === "closed" || w.state === "errored") return rejected(new TypeError("Cannot close a " + w.state + " stream"));
      if (w.closing) return rejected(new TypeError("The stream is already closing"));
      var d = deferred();
      w.closing = d;
      if (w.writer && w.backpressure && w.state === "writable") w.writer.ready.resolve(undefined);
      w.queue.push({ close: true, size: 0 });
      advance(w);
      return d.promise;
    }
    function abortWritable(w, reason) {
      if (w.state === "closed" || w.state === "errored") return resolved(undefined);
      if (w.abortController) w.abortController.abort(reason);
      if (w.pendingAbort) return w.pendingAbort.d.promise;
      var wasErroring = w.state === "erroring";
      var pa = { d: deferred(), reason: reason, wasAlreadyErroring: wasErroring };
      w.pendingAbort = pa;
      if (!wasErroring) startErroring(w, reason);
      finishErroring(w);
      return pa.d.promise;
    }
    function ws(o) {
      var w = wsState.get(o);
      if (!w) throw new TypeError("Illegal invocation");
      return w;
    }
    defineAll(WritableStream.prototype, {
      abort: function abort(reason) {
        var w;
        try { w = ws(this); } catch (e) { return rejected(e); }
        if (w.writer) return rejected(new TypeError("Cannot abort a locked stream"));
        return abortWritable(w, reason);
      },
      close: function close() {
        var w;
        try { w = ws(this); } catch (e) { return rejected(e); }
        if (w.writer) return rejected(new TypeError("Cannot close a locked stream"));
        return closeWritable(w);
      },
      getWriter: function getWriter() { ws(this); return new WritableStreamDefaultWriter(this); },
    });
    Object.defineProperty(WritableStream.prototype, "locked", { get: function () { return ws(this).writer !== null; }, configurable: true, enumerable: true });
    defineAll(WritableStreamDefaultController.prototype, {
      error: function error(e) {
        var w = wctrlState.get(this);
        if (!w) throw new TypeError("Illegal invocation");
        if (w.state === "writable") errorWritable(w, e);
      },
    });
    Object.defineProperty(WritableStreamDefaultController.prototype, "signal", {
      get: function () {
        var w = wctrlState.get(this);
        if (!w) throw new TypeError("Illegal invocation");
        return w.signal;
      }, configurable: true, enumerable: true,
    });

    var writerState = new WeakMap();
    var WritableStreamDefaultWriter = function WritableStreamDefaultWriter(stream) {
      if (!new.target) throw new TypeError("Failed to construct 'WritableStreamDefaultWriter': Please use the 'new' operator");
      var w = wsState.get(stream);
      if (!w) throw new TypeError("Failed to construct 'WritableStreamDefaultWriter': parameter 1 is not a WritableStream");
      if (w.writer) throw new TypeError("WritableStream is locked");
      var wr = { w: w, ready: deferred(), closed: deferred() };
      handled(wr.ready.promise);
      handled(wr.closed.promise);
      if (w.state === "writable") {
        if (!w.backpressure || w.closing) wr.ready.resolve(undefined);
      } else if (w.state === "erroring") {
        wr.ready.reject(w.error);
      } else if (w.state === "closed") {
        wr.ready.resolve(undefined);
        wr.closed.resolve(undefined);
      } else {
        wr.ready.reject(w.error);
        wr.closed.reject(w.error);
      }
      w.writer = wr;
      writerState.set(this, wr);
    };
    function wrOf(o) {
      var wr = writerState.get(o);
      if (!wr) throw new TypeError("Illegal invocation");
      return wr;
    }
    function live(o) {
      var wr = wrOf(o);
      if (!wr.w) throw new TypeError("This writer has been released");
      return wr;
    }
    var writerProto = {
      get closed() { return wrOf(this).closed.promise; },
      get ready() { return wrOf(this).ready.promise; },
      get desiredSize() { return desired(live(this).w); },
    };
    Object.defineProperties(WritableStreamDefaultWriter.prototype, Object.getOwnPropertyDescriptors(writerProto));
    defineAll(WritableStreamDefaultWriter.prototype, {
      abort: function abort(reason) {
        var wr;
        try { wr = live(this); } catch (e) { return rejected(e); }
        return abortWritable(wr.w, reason);
      },
      close: function close() {
        var wr;
        try { wr = live(this); } catch (e) { return rejected(e); }
        return closeWritable(wr.w);
      },
      releaseLock: function releaseLock() {
        var wr = wrOf(this);
        if (!wr.w) return;
        var err = new TypeError("Writer was released");
        rejectReady(wr, err);
        wr.closed = deferred();
        handled(wr.closed.promise);
        wr.closed.reject(err);
        wr.w.writer = null;
        wr.w = null;
      },
      write: function write(chunk) {
        var wr;
        try { wr = live(this); } catch (e) { return rejected(e); }
        return writeChunk(wr.w, chunk);
      },
    });

    // ---- TransformStream ---------------------------------------------------

    var TransformStreamDefaultController = function TransformStreamDefaultController(key) {
      if (key !== INTERNAL) throw new TypeError("Illegal constructor");
    };
    var tctrlState = new WeakMap();
    var tsState = new WeakMap();
    var TransformStream = function TransformStream(transformer, writableStrategy, readableStrategy) {
      if (!new.target) throw new TypeError("Failed to construct 'TransformStream': Please use the 'new' operator");
      transformer = transformer == null ? {} : transformer;
      // Chromium 156 reads writableType, readableType, transform, flush and
      // start, in that order, and no cancel (a transformer's cancel() is
      // never called there; the standard's newer cancel algorithm is not
      // in it).
      if (transformer.writableType !== undefined) throw new RangeError("Invalid writableType");
      if (transformer.readableType !== undefined) throw new RangeError("Invalid readableType");
      var transform = method(transformer, "transform"), flush = method(transformer, "flush"),
        start = method(transformer, "start");
      var controller = new TransformStreamDefaultController(INTERNAL);
      var t = { rc: null, backpressure: true, change: deferred(), writable: null, readable: null, finished: false };
      tctrlState.set(controller, t);
      var startDone = deferred();
      var errorBoth = function (e) {
        try { t.rc.error(e); } catch (x) { }
        var w = wsState.get(t.writable);
        if (w && w.state === "writable") errorWritable(w, e);
        setBackpressure(t, false);
      };
      t.errorBoth = errorBoth;
      t.readable = new ReadableStream({
        start: function (c) { t.rc = c; return startDone.promise; },
        pull: function () { setBackpressure(t, false); },
        cancel: function (reason) {
          // TransformStreamErrorWritableAndUnblockWrite.
          t.finished = true;
          var w = wsState.get(t.writable);
          if (w && w.state === "writable") errorWritable(w, reason);
          setBackpressure(t, false);
          return resolved(undefined);
        },
      }, readableStrategy === undefined ? { highWaterMark: 0 } : readableStrategy);
      t.writable = new WritableStream({
        start: function () { return startDone.promise; },
        write: function (chunk) {
          // A transformer that throws, synchronously or not, errors
          // both sides (TransformStreamDefaultControllerPerformTransform).
          var go = function () {
            var p;
            try {
              p = transform ? resolved(transform.call(transformer, chunk, controller)) : resolved(controller.enqueue(chunk));
            } catch (e) {
              p = rejected(e);
            }
            return p.then(undefined, function (e) { errorBoth(e); throw e; });
          };
          if (t.backpressure) {
            return t.change.promise.then(function () {
              var w = wsState.get(t.writable);
              if (w.state === "erroring") throw w.error;
              return go();
            });
          }
          return go();
        },
        close: function () {
          var p = flush && !t.finished ? call({ f: flush }, "f", [controller]) : resolved(undefined);
          t.finished = true;
          return p.then(function () {
            if (rsState.get(t.readable).state === "errored") throw rsState.get(t.readable).error;
            try { t.rc.close(); } catch (x) { }
          }, function (e) { errorBoth(e); throw e; });
        },
        abort: function (reason) {
          // TransformStreamError: both sides.
          t.finished = true;
          try { t.rc.error(reason); } catch (x) { }
          setBackpressure(t, false);
          return resolved(undefined);
        },
      }, writableStrategy);
      tsState.set(this, t);
      setBackpressure(t, true);
      resolved(start ? start.call(transformer, controller) : undefined).then(startDone.resolve, function (e) { startDone.reject(e); });
    };
    function setBackpressure(t, bp) {
      if (t.backpressure === bp && t.change) return;
      t.backpressure = bp;
      if (bp) t.change = deferred();
      else t.change.resolve(undefined);
    }
    function ts(o) {
      var t = tsState.get(o);
      if (!t) throw new TypeError("Illegal invocation");
      return t;
    }
    Object.defineProperty(TransformStream.prototype, "readable", { get: function () { return ts(this).readable; }, configurable: true, enumerable: true });
    Object.defineProperty(TransformStream.prototype, "writable", { get: function () { return ts(this).writable; }, configurable: true, enumerable: true });
    function tc(o) {
      var t = tctrlState.get(o);
      if (!t) throw new TypeError("Illegal invocation");
      return t;
    }
    Object.defineProperty(TransformStreamDefaultController.prototype, "desiredSize", {
      get: function () { return tc(this).rc.desiredSize; }, configurable: true, enumerable: true,
    });
    defineAll(TransformStreamDefaultController.prototype, {
      enqueue: function enqueue_(chunk) {
        var t = tc(this);
        t.rc.enqueue(chunk);
        if (t.rc.desiredSize <= 0) setBackpressure(t, true);
      },
      error: function error(e) { tc(this).errorBoth(e); },
      terminate: function terminate() {
        var t = tc(this);
        try { t.rc.close(); } catch (x) { }
        var w = wsState.get(t.writable);
        if (w && w.state === "writable") errorWritable(w, new TypeError("The transform stream has been terminated"));
      },
    });

    // ---- Queuing strategies ------------------------------------------------

    var hwmOf = function (init, name) {
      if (init == null || init.highWaterMark === undefined) throw new TypeError("Failed to construct '" + name + "': required member highWaterMark is undefined.");
      return Number(init.highWaterMark);
    };
    var sizeCount = function size() { return 1; };
    var sizeBytes = function size(chunk) { return chunk.byteLength; };
    var CountQueuingStrategy = function CountQueuingStrategy(init) {
      if (!new.target) throw new TypeError("Failed to construct 'CountQueuingStrategy': Please use the 'new' operator");
      Object.defineProperty(this, "_hwm", { value: hwmOf(init, "CountQueuingStrategy") });
    };
    var ByteLengthQueuingStrategy = function ByteLengthQueuingStrategy(init) {
      if (!new.target) throw new TypeError("Failed to construct 'ByteLengthQueuingStrategy': Please use the 'new' operator");
      Object.defineProperty(this, "_hwm", { value: hwmOf(init, "ByteLengthQueuingStrategy") });
    };
    [[CountQueuingStrategy, sizeCount], [ByteLengthQueuingStrategy, sizeBytes]].forEach(function (p) {
      Object.defineProperty(p[0].prototype, "highWaterMark", { get: function () { return this._hwm; }, configurable: true, enumerable: true });
      Object.defineProperty(p[0].prototype, "size", { get: function () { return p[1]; }, configurable: true, enumerable: true });
    });

    // ---- Encoding streams --------------------------------------------------
    // https://encoding.spec.whatwg.org/#interface-textdecoderstream

    var codecState = new WeakMap();
    var codec = function (o) {
      var s = codecState.get(o);
      if (!s) throw new TypeError("Illegal invocation");
      return s;
    };
    var TextDecoderStream = function TextDecoderStream(label, options) {
      if (!new.target) throw new TypeError("Failed to construct 'TextDecoderStream': Please use the 'new' operator");
      var dec = new TextDecoder(label === undefined ? "utf-8" : label, options);
      var t = new TransformStream({
        transform: function (chunk, c) {
          if (!(chunk instanceof ArrayBuffer) && !ArrayBuffer.isView(chunk)) throw new TypeError("chunk is not an ArrayBuffer or ArrayBufferView");
          var s = dec.decode(chunk, { stream: true });
          if (s) c.enqueue(s);
        },
        flush: function (c) {
          var s = dec.decode();
          if (s) c.enqueue(s);
        },
      });
      codecState.set(this, { t: t, dec: dec });
    };
    ["encoding", "fatal", "ignoreBOM"].forEach(function (k) {
      Object.defineProperty(TextDecoderStream.prototype, k, { get: function () { return codec(this).dec[k]; }, configurable: true, enumerable: true });
    });
    var TextEncoderStream = function TextEncoderStream() {
      if (!new.target) throw new TypeError("Failed to construct 'TextEncoderStream': Please use the 'new' operator");
      var enc = new TextEncoder(), pending = "";
      var t = new TransformStream({
        transform: function (chunk, c) {
          var s = pending + String(chunk);
          pending = "";
          // A lead surrogate at the end waits for its trail in the next chunk.
          var last = s.charCodeAt(s.length - 1);
          if (last >= 0xD800 && last <= 0xDBFF) { pending = s.slice(-1); s = s.slice(0, -1); }
          if (s) c.enqueue(enc.encode(s));
        },
        flush: function (c) { if (pending) c.enqueue(enc.encode(pending)); },
      });
      codecState.set(this, { t: t });
    };
    Object.defineProperty(TextEncoderStream.prototype, "encoding", { get: function () { codec(this); return "utf-8"; }, configurable: true, enumerable: true });
    [TextDecoderStream, TextEncoderStream].forEach(function (C) {
      Object.defineProperty(C.prototype, "readable", { get: function () { return codec(this).t.readable; }, configurable: true, enumerable: true });
      Object.defineProperty(C.prototype, "writable", { get: function () { return codec(this).t.writable; }, configurable: true, enumerable: true });
    });

    // ---- Compression streams ----------------------------------------------
    // https://compression.spec.whatwg.org/
    var compression = function (name, compress) {
      var C = function (format) {
        if (!new.target) throw new TypeError("Failed to construct '" + name + "': Please use the 'new' operator");
        if (arguments.length < 1) throw new TypeError("Failed to construct '" + name + "': 1 argument required, but only 0 present.");
        var codec = newCodec(String(format), compress);
        var t = new TransformStream({
          transform: function (chunk, c) {
            if (!(chunk instanceof ArrayBuffer) && !ArrayBuffer.isView(chunk)) throw new TypeError("The provided value is not of type '(ArrayBuffer or ArrayBufferView)'");
            var out = codec.write(chunk);
            if (out.length) c.enqueue(out);
          },
          flush: function (c) {
            var out = codec.close();
            if (out.length) c.enqueue(out);
          },
        });
        codecState.set(this, { t: t });
      };
      Object.defineProperty(C, "name", { value: name });
      Object.defineProperty(C.prototype, "readable", { get: function () { return codec(this).t.readable; }, configurable: true, enumerable: true });
      Object.defineProperty(C.prototype, "writable", { get: function () { return codec(this).t.writable; }, configurable: true, enumerable: true });
      return C;
    };
    var CompressionStream = compression("CompressionStream", true);
    var DecompressionStream = compression("DecompressionStream", false);

    var classes = {
      ReadableStream: ReadableStream, ReadableStreamDefaultReader: ReadableStreamDefaultReader,
      ReadableStreamBYOBReader: ReadableStreamBYOBReader, ReadableStreamDefaultController: ReadableStreamDefaultController,
      ReadableByteStreamController: ReadableByteStreamController, WritableStream: WritableStream,
      WritableStreamDefaultWriter: WritableStreamDefaultWriter, WritableStreamDefaultController: WritableStreamDefaultController,
      TransformStream: TransformStream, TransformStreamDefaultController: TransformStreamDefaultController,
      CountQueuingStrategy: CountQueuingStrategy, ByteLengthQueuingStrategy: ByteLengthQueuingStrategy,
      TextDecoderStream: TextDecoderStream, TextEncoderStream: TextEncoderStream,
      CompressionStream: CompressionStream, DecompressionStream: DecompressionStream,
    };
    // Web IDL lengths: optional arguments do not count.
    var length = function (fn, n) { Object.defineProperty(fn, "length", { value: n, configurable: true }); };
    [ReadableStream, WritableStream, TransformStream, TextDecoderStream, TextEncoderStream].forEach(function (C) { length(C, 0); });
    length(CompressionStream, 1);
    length(DecompressionStream, 1);
    [[ReadableStream.prototype, "cancel getReader values tee"], [WritableStream.prototype, "abort close getWriter"],
      [WritableStreamDefaultWriter.prototype, "abort close releaseLock write"],
      [ReadableStreamDefaultReader.prototype, "read cancel releaseLock"], [ReadableStreamBYOBReader.prototype, "cancel releaseLock"],
      [ReadableStreamDefaultController.prototype, "close enqueue error"], [ReadableByteStreamController.prototype, "close enqueue error"],
      [TransformStreamDefaultController.prototype, "enqueue error terminate"], [WritableStreamDefaultController.prototype, "error"]].forEach(function (p) {
      p[1].split(" ").forEach(function (m) { length(p[0][m], 0); });
    });
    length(ReadableByteStreamController.prototype.enqueue, 1);
    length(ReadableStream.prototype.pipeTo, 1);
    length(ReadableStream.prototype.pipeThrough, 1);
    // Web IDL names: operations by their name, accessors "get x"/"set x".
    var rename = function (fn, name) { if (fn) Object.defineProperty(fn, "name", { value: name, configurable: true }); };
    Object.keys(classes).forEach(function (name) {
      var proto = classes[name].prototype;
      Object.getOwnPropertyNames(proto).forEach(function (k) {
        var d = Object.getOwnPropertyDescriptor(proto, k);
        if (k === "constructor") return;
        if (typeof d.value === "function") rename(d.value, k);
        rename(d.get, "get " + k);
        rename(d.set, "set " + k);
      });
    });
    Object.keys(classes).forEach(function (name) {
      var C = classes[name];
      tag(C, name);
      Object.defineProperty(C, "prototype", { writable: false });
    });
    // brand names the interface of one of these objects (its state is
    // in the maps above), "" for anything else: structured clone refuses
    // them as it does the platform objects written in Go.
    var isA = function (o, C) { return Object.prototype.isPrototypeOf.call(C.prototype, o); };
    var hasOwn = Object.prototype.hasOwnProperty;
    var brand = function (o) {
      if (rsState.has(o)) return "ReadableStream";
      if (wsState.has(o)) return "WritableStream";
      if (tsState.has(o)) return "TransformStream";
      if (codecState.has(o)) {
        var codecs = [TextDecoderStream, TextEncoderStream, CompressionStream, DecompressionStream];
        for (var i = 0; i < codecs.length; i++) if (isA(o, codecs[i])) return codecs[i].name;
        return "TransformStream";
      }
      if (ctrlState.has(o)) return isA(o, ReadableByteStreamController) ? "ReadableByteStreamController" : "ReadableStreamDefaultController";
      if (readerState.has(o)) return isA(o, ReadableStreamBYOBReader) ? "ReadableStreamBYOBReader" : "ReadableStreamDefaultReader";
      if (wctrlState.has(o)) return "WritableStreamDefaultController";
      if (writerState.has(o)) return "WritableStreamDefaultWriter";
      if (tctrlState.has(o)) return "TransformStreamDefaultController";
      if (hasOwn.call(o, "_hwm")) {
        if (isA(o, CountQueuingStrategy)) return "CountQueuingStrategy";
        if (isA(o, ByteLengthQueuingStrategy)) return "ByteLengthQueuingStrategy";
      }
      return "";
    };
    return { classes: classes, brand: brand };
  };
})();
