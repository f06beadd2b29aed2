// The Streams Standard (https://streams.spec.whatwg.org/) for bangsnap:
// ReadableStream with default and BYOB readers, WritableStream,
// TransformStream, the queuing strategies, TextEncoderStream and
// TextDecoderStream, CompressionStream and DecompressionStream (the codec
// is Go's, given as newCodec). Written for bangsnap from
// the standard's algorithms, simplified where no page can tell; byte
// streams follow the standard's ReadableByteStreamController (buffers
// are transferred, BYOB requests, autoAllocateChunkSize, read({min}),
// the byte stream tee). pipeTo runs as
// Chromium 156's pipe engine does, and TransformStream has no transformer
// cancel() (Chromium 156 neither reads nor calls it).
// The program evaluates to a function of newCodec returning an object of
// the interface objects by name; InstallStreams runs it on a page's first
// use of one of them.
(function () {
  "use strict";
  return function (newCodec) {

    // defineAll defines the operations of an interface prototype: Web IDL
    // operations are writable, enumerable and configurable.
    var defineAll = function (obj, props) {
      Object.keys(props).forEach(function (k) {
        Object.defineProperty(obj, k, { value: props[k], writable: true, configurable: true, enumerable: true });
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
    // apply is Reflect.apply, taken before a page can replace it: the
    // callbacks a page gives are called without their own call or apply.
    var apply = Reflect.apply;
    // call invokes an underlying-source/sink method fn of obj, turning a
    // throw into a rejected promise; a name instead of fn reads it from obj
    // (nothing to call resolves undefined).
    var call = function (obj, fn, args) {
      if (typeof fn === "string") {
        var name = fn;
        fn = obj[name];
        if (fn === undefined || fn === null) return resolved(undefined);
        if (typeof fn !== "function") return rejected(new TypeError(name + " is not a function"));
      }
      try { return resolved(apply(fn, obj, args)); } catch (e) { return rejected(e); }
    };
    var method = function (obj, name) {
      var fn = obj == null ? undefined : obj[name];
      if (fn !== undefined && fn !== null && typeof fn !== "function") throw new TypeError(name + " is not a function");
      return fn;
    };
    // strategyArgs reads a QueuingStrategy as Chromium 156 does (size,
    // then highWaterMark); strategySize and strategyHWM check them
    // afterwards (a size that is not callable is a TypeError, a high water
    // mark that is NaN or negative a RangeError).
    var strategyArgs = function (strategy) {
      if (strategy !== undefined && strategy !== null && typeof strategy !== "object" && typeof strategy !== "function") {
        throw new TypeError("The provided value is not of type 'QueuingStrategy'.");
      }
      strategy = strategy == null ? {} : strategy;
      var size = strategy.size;
      return { size: size, hwm: strategy.highWaterMark };
    };
    var strategySize = function (s) {
      if (s.size !== undefined && typeof s.size !== "function") throw new TypeError("Failed to read the 'size' property from 'QueuingStrategy': The provided value is not a function.");
      return s.size;
    };
    var strategyHWM = function (s, defaultHWM) {
      if (s.hwm === undefined) return defaultHWM;
      var hwm = Number(s.hwm);
      if (hwm !== hwm || hwm < 0) throw new RangeError("Cannot construct a stream with a negative or NaN highWaterMark");
      return hwm;
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
      // Read in Chromium 156's order: the strategy's size and
      // highWaterMark, the source's type, then for a byte stream the
      // UnderlyingSource dictionary (autoAllocateChunkSize, cancel, pull,
      // start, type again), else pull, cancel and start.
      var s = strategyArgs(strategy);
      if (source === null) throw new TypeError("Failed to construct 'ReadableStream': source is null");
      source = source === undefined ? {} : source;
      var typeValue = source.type;
      var type = typeValue === undefined ? undefined : String(typeValue);
      if (type !== undefined && type !== "bytes") throw new TypeError("Failed to construct 'ReadableStream': invalid type " + type);
      var autoAllocate, cancel, pull, start, hwm;
      if (type === "bytes") {
        autoAllocate = source.autoAllocateChunkSize;
        if (autoAllocate !== undefined) autoAllocate = enforceRange(autoAllocate, "Failed to construct 'ReadableStream': Failed to read the 'autoAllocateChunkSize' property from 'UnderlyingSource'");
        cancel = method(source, "cancel");
        pull = method(source, "pull");
        start = method(source, "start");
        void source.type;
        if (s.size !== undefined) throw new RangeError("Failed to construct 'ReadableStream': Cannot create byte stream with size() defined on the strategy");
        hwm = strategyHWM(s, 0);
        if (autoAllocate === 0) throw new TypeError("Failed to construct 'ReadableStream': autoAllocateChunkSize cannot be 0");
      } else {
        strategySize(s);
        hwm = strategyHWM(s, 1);
        pull = method(source, "pull");
        cancel = method(source, "cancel");
        start = method(source, "start");
      }
      var st = { state: "readable", reader: null, error: undefined, disturbed: false, bytes: type === "bytes" };
      rsState.set(this, st);
      setupController(this, st, source, hwm, type === "bytes" ? undefined : s.size, start, pull, cancel, autoAllocate);
    };

    function setupController(stream, st, source, hwm, size, start, pull, cancel, autoAllocate) {
      var controller = new (st.bytes ? ReadableByteStreamController : ReadableStreamDefaultController)(INTERNAL);
      var c = {
        stream: stream, st: st, queue: [], total: 0, hwm: hwm, size: size,
        started: false, closeRequested: false, pulling: false, pullAgain: false,
        pull: pull ? function () { return apply(pull, source, [controller]); } : null,
        cancel: cancel ? function (r) { return apply(cancel, source, [r]); } : null,
        // Byte streams: the pull-into descriptors of BYOB reads (and of
        // default reads given an autoAllocateChunkSize buffer), the
        // current ReadableStreamBYOBRequest, the chunk size.
        bytes: st.bytes, pendingPullIntos: [], byobRequest: null, autoAllocate: st.bytes ? autoAllocate : undefined,
      };
      ctrlState.set(controller, c);
      st.controller = controller;
      st.c = c;
      var startResult = start ? apply(start, source, [controller]) : undefined;
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
      if (r.byob) return; // read-into requests wait for respond(0)
      var reqs = r.requests;
      r.requests = [];
      reqs.forEach(function (q) { q.resolve(result(undefined, true)); });
    }
    function errorStream(st, e) {
      if (st.state !== "readable") return;
      st.state = "errored";
      st.error = e;
      if (st.c) {
        if (st.c.bytes) bClearPending(st.c);
        st.c.queue = []; st.c.total = 0;
      }
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
          try { n = Number(apply(c.size, undefined, [chunk])); } catch (e) { errorStream(st, e); throw e; }
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
        var e = c.queue.shift();
        c.total -= e.size;
        q.resolve(result(e.chunk, false));
      }
      if (c.closeRequested && c.queue.length === 0 && c.st.state === "readable") closeStream(c.st);
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
      var r = st.reader;
      if (r && r.byob) {
        var reqs = r.requests;
        r.requests = [];
        reqs.forEach(function (q) { q.resolve(result(undefined, true)); });
      }
      var c = st.c;
      if (c.bytes) bClearPending(c);
      c.queue = [];
      c.total = 0;
      var p = c.cancel ? call({ f: c.cancel }, "f", [reason]) : resolved(undefined);
      return p.then(function () { return undefined; });
    }

    var controllerProto = {
      get desiredSize() { return desiredSize(ctrl(this, false)); },
      close: function close() { closeRequest(ctrl(this, false)); },
      enqueue: function enqueue_(chunk) { enqueue(ctrl(this, false), chunk); },
      error: function error(e) { errorStream(ctrl(this, false).st, e); },
    };
    // ctrl is the state of a controller of the given kind (a byte stream's
    // for bytes), else an Illegal invocation.
    function ctrl(o, bytes) {
      var c = ctrlState.get(o);
      if (!c || c.bytes !== bytes) throw new TypeError("Illegal invocation");
      return c;
    }

    // ---- Byte streams ------------------------------------------------------
    // ReadableByteStreamController as the standard writes it: chunks are
    // queued as (buffer, offset, length) regions of buffers the controller
    // took over by transferring them, and BYOB reads (and default reads of
    // a stream with an autoAllocateChunkSize) are pull-into descriptors
    // whose buffer, transferred from the reader's view, the queue and the
    // source's byobRequest fill.
    // https://streams.spec.whatwg.org/#rbs-controller-class

    // The intrinsics the algorithms use, taken before a page can replace
    // them: the buffer a view views, its offset, length and element type.
    var getterOf = function (o, k) { var d = Object.getOwnPropertyDescriptor(o, k); return d && d.get; };
    var typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
    var taTag = getterOf(typedArrayProto, Symbol.toStringTag), taBuffer = getterOf(typedArrayProto, "buffer"),
      taOffset = getterOf(typedArrayProto, "byteOffset"), taByteLength = getterOf(typedArrayProto, "byteLength"),
      taLength = getterOf(typedArrayProto, "length");
    var dvBuffer = getterOf(DataView.prototype, "buffer"), dvOffset = getterOf(DataView.prototype, "byteOffset"),
      dvByteLength = getterOf(DataView.prototype, "byteLength");
    var abByteLength = getterOf(ArrayBuffer.prototype, "byteLength"), abDetached = getterOf(ArrayBuffer.prototype, "detached");
    var abTransfer = ArrayBuffer.prototype.transfer, abSlice = ArrayBuffer.prototype.slice;
    var isView = ArrayBuffer.isView;
    var typedArrays = {};
    ["Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array",
      "Float16Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"].forEach(function (n) {
      if (typeof globalThis[n] === "function") typedArrays[n] = globalThis[n];
    });
    // nonTransferable tells the buffers TransferArrayBuffer refuses (a
    // WebAssembly.Memory's).
    var nonTransferable = typeof newCodec.nonTransferable === "function" ? newCodec.nonTransferable : function () { return false; };
    var isDetached = function (buffer) { return abDetached ? abDetached.call(buffer) : false; };
    // viewParts reads an ArrayBufferView's internal slots.
    var viewParts = function (v) {
      var name = taTag.call(v);
      if (name !== undefined) {
        var C = typedArrays[name] || v.constructor;
        return {
          buffer: taBuffer.call(v), byteOffset: taOffset.call(v), byteLength: taByteLength.call(v),
          length: taLength.call(v), elementSize: C.BYTES_PER_ELEMENT, ctor: C, typed: true,
        };
      }
      var buffer = dvBuffer.call(v);
      if (isDetached(buffer)) return { buffer: buffer, byteOffset: 0, byteLength: 0, elementSize: 1, ctor: DataView, typed: false };
      return { buffer: buffer, byteOffset: dvOffset.call(v), byteLength: dvByteLength.call(v), elementSize: 1, ctor: DataView, typed: false };
    };
    // transferBuffer is TransferArrayBuffer: the bytes move to a new buffer
    // and the old one is detached.
    var transferBuffer = function (buffer) {
      if (isDetached(buffer)) throw new TypeError("Cannot transfer a detached ArrayBuffer");
      if (nonTransferable(buffer)) throw new TypeError("Cannot transfer an ArrayBuffer that is not transferable");
      return abTransfer ? abTransfer.call(buffer) : abSlice.call(buffer, 0);
    };
    // enforceRange converts an [EnforceRange] unsigned long long.
    var enforceRange = function (v, what) {
      var n = Number(v);
      if (n !== n || n === Infinity || n === -Infinity) throw new TypeError(what + ": Value is not a finite number.");
      n = n < 0 ? Math.ceil(n) : Math.floor(n);
      if (n < 0 || n > Number.MAX_SAFE_INTEGER) throw new TypeError(what + ": Value is outside the 'unsigned long long' value range.");
      return n;
    };

    function bEnqueueChunk(c, buffer, byteOffset, byteLength) {
      c.queue.push({ buffer: buffer, byteOffset: byteOffset, byteLength: byteLength });
      c.total += byteLength;
    }
    function bEnqueueCloned(c, buffer, byteOffset, byteLength) {
      var clone;
      try { clone = abSlice.call(buffer, byteOffset, byteOffset + byteLength); } catch (e) { errorStream(c.st, e); throw e; }
      bEnqueueChunk(c, clone, 0, byteLength);
    }
    function bEnqueueDetachedPullInto(c, pi) {
      if (pi.bytesFilled > 0) bEnqueueCloned(c, pi.buffer, pi.byteOffset, pi.bytesFilled);
      c.pendingPullIntos.shift();
    }
    function bInvalidate(c) {
      var br = c.byobRequest;
      if (!br) return;
      var s = byobState.get(br);
      s.c = null;
      s.view = null;
      c.byobRequest = null;
    }
    function bClearPending(c) {
      bInvalidate(c);
      c.pendingPullIntos = [];
    }
    function bHandleDrain(c) {
      if (c.total === 0 && c.closeRequested) closeStream(c.st);
      else pullIfNeeded(c);
    }
    function bFillReadRequest(c, q) {
      var e = c.queue.shift();
      c.total -= e.byteLength;
      bHandleDrain(c);
      q.resolve(result(new Uint8Array(e.buffer, e.byteOffset, e.byteLength), false));
    }
    function bProcessReadRequests(c) {
      var r = c.st.reader;
      while (r.requests.length > 0) {
        if (c.total === 0) return;
        bFillReadRequest(c, r.requests.shift());
      }
    }
    // bFillPullInto copies what the queue has into pi, whole elements and
    // at least its minimum when it can; true when pi is then ready.
    function bFillPullInto(c, pi) {
      var maxCopy = Math.min(c.total, pi.byteLength - pi.bytesFilled);
      var maxFilled = pi.bytesFilled + maxCopy;
      var remaining = maxCopy, ready = false;
      var aligned = maxFilled - (maxFilled % pi.elementSize);
      if (aligned >= pi.minimumFill) {
        remaining = aligned - pi.bytesFilled;
        ready = true;
      }
      while (remaining > 0) {
        var head = c.queue[0];
        var n = Math.min(remaining, head.byteLength);
        new Uint8Array(pi.buffer, pi.byteOffset + pi.bytesFilled, n).set(new Uint8Array(head.buffer, head.byteOffset, n));
        if (head.byteLength === n) c.queue.shift();
        else { head.byteOffset += n; head.byteLength -= n; }
        c.total -= n;
        pi.bytesFilled += n;
        remaining -= n;
      }
      return ready;
    }
    function bProcessPullIntos(c) {
      var filled = [];
      while (c.pendingPullIntos.length > 0 && c.total > 0) {
        var pi = c.pendingPullIntos[0];
        if (bFillPullInto(c, pi)) {
          c.pendingPullIntos.shift();
          filled.push(pi);
        }
      }
      return filled;
    }
    function bConvert(pi) {
      return new pi.ctor(transferBuffer(pi.buffer), pi.byteOffset, pi.bytesFilled / pi.elementSize);
    }
    // bCommit gives a filled descriptor's view to the read it was for.
    function bCommit(st, pi) {
      var done = st.state === "closed";
      var view = bConvert(pi);
      var q = st.reader.requests.shift();
      if (pi.readerType === "default") q.resolve(result(done ? undefined : view, done));
      else q.resolve(result(view, done));
    }
    function bEnqueue(c, chunk) {
      var st = c.st;
      var v = viewParts(chunk);
      if (isDetached(v.buffer)) throw new TypeError("Failed to execute 'enqueue' on 'ReadableByteStreamController': The chunk's buffer is detached.");
      var buffer = transferBuffer(v.buffer);
      if (c.pendingPullIntos.length > 0) {
        var first = c.pendingPullIntos[0];
        if (isDetached(first.buffer)) throw new TypeError("Failed to execute 'enqueue' on 'ReadableByteStreamController': The BYOB request's buffer has been detached and so cannot be filled with an enqueued chunk.");
        bInvalidate(c);
        first.buffer = transferBuffer(first.buffer);
        if (first.readerType === "none") bEnqueueDetachedPullInto(c, first);
      }
      var r = st.reader;
      if (r && !r.byob) {
        bProcessReadRequests(c);
        if (r.requests.length === 0) {
          bEnqueueChunk(c, buffer, v.byteOffset, v.byteLength);
        } else {
          if (c.pendingPullIntos.length > 0) c.pendingPullIntos.shift();
          r.requests.shift().resolve(result(new Uint8Array(buffer, v.byteOffset, v.byteLength), false));
        }
      } else if (r) {
        bEnqueueChunk(c, buffer, v.byteOffset, v.byteLength);
        bProcessPullIntos(c).forEach(function (pi) { bCommit(st, pi); });
      } else {
        bEnqueueChunk(c, buffer, v.byteOffset, v.byteLength);
      }
      pullIfNeeded(c);
    }
    function bClose(c) {
      var st = c.st;
      if (c.closeRequested || st.state !== "readable") return;
      if (c.total > 0) { c.closeRequested = true; return; }
      if (c.pendingPullIntos.length > 0) {
        var first = c.pendingPullIntos[0];
        if (first.bytesFilled % first.elementSize !== 0) {
          var e = new TypeError("Insufficient bytes to fill elements in the given buffer");
          errorStream(st, e);
          throw e;
        }
      }
      closeStream(st);
    }
    // bPullSteps is a default reader's read of a byte stream.
    function bPullSteps(c, q) {
      if (c.total > 0) { bFillReadRequest(c, q); return; }
      var n = c.autoAllocate;
      if (n !== undefined) {
        var buffer;
        try { buffer = new ArrayBuffer(n); } catch (e) { q.reject(e); return; }
        c.pendingPullIntos.push({
          buffer: buffer, bufferByteLength: n, byteOffset: 0, byteLength: n, bytesFilled: 0,
          minimumFill: 1, elementSize: 1, ctor: Uint8Array, readerType: "default",
        });
      }
      c.st.reader.requests.push(q);
      pullIfNeeded(c);
    }
    // bPullInto is a BYOB reader's read into view (at least min elements).
    function bPullInto(c, view, min, q) {
      var st = c.st;
      var v = viewParts(view);
      var buffer;
      try { buffer = transferBuffer(v.buffer); } catch (e) { q.reject(e); return; }
      var pi = {
        buffer: buffer, bufferByteLength: abByteLength.call(buffer), byteOffset: v.byteOffset, byteLength: v.byteLength,
        bytesFilled: 0, minimumFill: min * v.elementSize, elementSize: v.elementSize, ctor: v.ctor, readerType: "byob",
      };
      if (c.pendingPullIntos.length > 0) {
        c.pendingPullIntos.push(pi);
        st.reader.requests.push(q);
        return;
      }
      if (st.state === "closed") {
        q.resolve(result(new v.ctor(buffer, pi.byteOffset, 0), true));
        return;
      }
      if (c.total > 0) {
        if (bFillPullInto(c, pi)) {
          var filled = bConvert(pi);
          bHandleDrain(c);
          q.resolve(result(filled, false));
          return;
        }
        if (c.closeRequested) {
          var e = new TypeError("Insufficient bytes to fill elements in the given buffer");
          errorStream(st, e);
          q.reject(e);
          return;
        }
      }
      c.pendingPullIntos.push(pi);
      st.reader.requests.push(q);
      pullIfNeeded(c);
    }
    function bRespond(c, n) {
      var first = c.pendingPullIntos[0];
      var prefix = "Failed to execute 'respond' on 'ReadableStreamBYOBRequest': ";
      if (c.st.state === "closed") {
        if (n !== 0) throw new TypeError(prefix + "bytesWritten must be 0 when calling respond() on a closed stream");
      } else {
        if (n === 0) throw new TypeError(prefix + "bytesWritten must be greater than 0 when calling respond() on a readable stream");
        if (first.bytesFilled + n > first.byteLength) throw new RangeError(prefix + "bytesWritten out of range");
      }
      first.buffer = transferBuffer(first.buffer);
      bRespondInternal(c, n);
    }
    function bRespondWithNewView(c, view) {
      var v = viewParts(view);
      var first = c.pendingPullIntos[0];
      var prefix = "Failed to execute 'respondWithNewView' on 'ReadableStreamBYOBRequest': ";
      if (c.st.state === "closed") {
        if (v.byteLength !== 0) throw new TypeError(prefix + "The view's length must be 0 when calling respondWithNewView() on a closed stream");
      } else if (v.byteLength === 0) {
        throw new TypeError(prefix + "The view's length must be greater than 0 when calling respondWithNewView() on a readable stream");
      }
      if (first.byteOffset + first.bytesFilled !== v.byteOffset) throw new RangeError(prefix + "The region specified by view does not match byobRequest");
      if (first.bufferByteLength !== abByteLength.call(v.buffer)) throw new RangeError(prefix + "The buffer of view has different capacity than byobRequest");
      if (first.bytesFilled + v.byteLength > first.byteLength) throw new RangeError(prefix + "The region specified by view is larger than byobRequest");
      first.buffer = transferBuffer(v.buffer);
      bRespondInternal(c, v.byteLength);
    }
    function bRespondInternal(c, n) {
      var st = c.st;
      var first = c.pendingPullIntos[0];
      bInvalidate(c);
      if (st.state === "closed") {
        if (first.readerType === "none") c.pendingPullIntos.shift();
        var r = st.reader;
        if (r && r.byob) {
          while (r.requests.length > 0 && c.pendingPullIntos.length > 0) bCommit(st, c.pendingPullIntos.shift());
        }
      } else {
        bRespondReadable(c, n, first);
      }
      pullIfNeeded(c);
    }
    function bRespondReadable(c, n, pi) {
      var st = c.st;
      pi.bytesFilled += n;
      if (pi.readerType === "none") {
        bEnqueueDetachedPullInto(c, pi);
        bProcessPullIntos(c).forEach(function (p) { bCommit(st, p); });
        return;
      }
      if (pi.bytesFilled < pi.minimumFill) return;
      c.pendingPullIntos.shift();
      var rem = pi.bytesFilled % pi.elementSize;
      if (rem > 0) bEnqueueCloned(c, pi.buffer, pi.byteOffset + pi.bytesFilled - rem, rem);
      pi.bytesFilled -= rem;
      var filled = bProcessPullIntos(c);
      bCommit(st, pi);
      filled.forEach(function (p) { bCommit(st, p); });
    }
    function bGetBYOBRequest(c) {
      if (c.byobRequest === null && c.pendingPullIntos.length > 0) {
        var first = c.pendingPullIntos[0];
        var view = new Uint8Array(first.buffer, first.byteOffset + first.bytesFilled, first.byteLength - first.bytesFilled);
        var br = Object.create(ReadableStreamBYOBRequest.prototype);
        byobState.set(br, { c: c, view: view });
        c.byobRequest = br;
      }
      return c.byobRequest;
    }
    // bReleaseSteps: a released reader's first pending read keeps its
    // buffer for what the source still writes (readerType "none").
    function bReleaseSteps(c) {
      if (c.pendingPullIntos.length > 0) {
        var first = c.pendingPullIntos[0];
        first.readerType = "none";
        c.pendingPullIntos = [first];
      }
    }

    Object.defineProperties(ReadableStreamDefaultController.prototype, Object.getOwnPropertyDescriptors(controllerProto));
    var byteControllerProto = {
      get byobRequest() { return bGetBYOBRequest(ctrl(this, true)); },
      get desiredSize() { return desiredSize(ctrl(this, true)); },
      close: function close() {
        var c = ctrl(this, true);
        var prefix = "Failed to execute 'close' on 'ReadableByteStreamController': ";
        if (c.closeRequested) throw new TypeError(prefix + "The stream has already been closed.");
        if (c.st.state !== "readable") throw new TypeError(prefix + "The stream is not in a state that permits close.");
        bClose(c);
      },
      enqueue: function enqueue_(chunk) {
        var c = ctrl(this, true);
        var prefix = "Failed to execute 'enqueue' on 'ReadableByteStreamController': ";
        if (!isView(chunk)) throw new TypeError(prefix + "parameter 1 is not of type 'ArrayBufferView'.");
        var v = viewParts(chunk);
        if (v.byteLength === 0) throw new TypeError(prefix + "chunk is empty.");
        if (abByteLength.call(v.buffer) === 0) throw new TypeError(prefix + "chunk's buffer is detached or empty.");
        if (c.closeRequested) throw new TypeError(prefix + "The stream has already been closed.");
        if (c.st.state !== "readable") throw new TypeError(prefix + "The stream is not in a state that permits enqueue.");
        bEnqueue(c, chunk);
      },
      error: function error(e) { errorStream(ctrl(this, true).st, e); },
    };
    Object.defineProperties(ReadableByteStreamController.prototype, Object.getOwnPropertyDescriptors(byteControllerProto));
    [[ReadableStreamDefaultController, controllerProto], [ReadableByteStreamController, byteControllerProto]].forEach(function (p) {
      Object.keys(p[1]).forEach(function (k) {
        var d = Object.getOwnPropertyDescriptor(p[0].prototype, k);
        d.enumerable = true;
        Object.defineProperty(p[0].prototype, k, d);
      });
    });

    // ReadableStreamBYOBRequest: made only by a byte stream controller.
    var ReadableStreamBYOBRequest = function ReadableStreamBYOBRequest() {
      throw new TypeError("Illegal constructor");
    };
    var byobState = new WeakMap();
    var brq = function (o) {
      var s = byobState.get(o);
      if (!s) throw new TypeError("Illegal invocation");
      return s;
    };
    Object.defineProperty(ReadableStreamBYOBRequest.prototype, "view", { get: function () { return brq(this).view; }, configurable: true, enumerable: true });
    [["respond", function respond(bytesWritten) {
      var s = brq(this);
      var prefix = "Failed to execute 'respond' on 'ReadableStreamBYOBRequest': ";
      var n = enforceRange(bytesWritten, prefix.slice(0, -2));
      if (!s.c) throw new TypeError(prefix + "This BYOB request has been invalidated");
      if (isDetached(viewParts(s.view).buffer)) throw new TypeError(prefix + "The BYOB request's buffer has been detached and so cannot be used as a response");
      bRespond(s.c, n);
    }], ["respondWithNewView", function respondWithNewView(view) {
      var s = brq(this);
      var prefix = "Failed to execute 'respondWithNewView' on 'ReadableStreamBYOBRequest': ";
      if (!isView(view)) throw new TypeError(prefix + "parameter 1 is not of type 'ArrayBufferView'.");
      if (!s.c) throw new TypeError(prefix + "This BYOB request has been invalidated");
      if (isDetached(viewParts(view).buffer)) throw new TypeError(prefix + "The given view's buffer has been detached and so cannot be used as a response");
      bRespondWithNewView(s.c, view);
    }]].forEach(function (m) {
      Object.defineProperty(ReadableStreamBYOBRequest.prototype, m[0], { value: m[1], writable: true, configurable: true, enumerable: true });
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
    // read is ReadableStreamDefaultReaderRead, the promise of its result.
    function read(r) {
      var st = r.st;
      if (!st || st.reader !== r) return rejected(new TypeError("This reader has been released"));
      st.disturbed = true;
      if (st.state === "closed") return resolved(result(undefined, true));
      if (st.state === "errored") return rejected(st.error);
      var c = st.c;
      if (c.bytes) {
        var d = deferred();
        bPullSteps(c, d);
        return d.promise;
      }
      if (c.queue.length > 0) {
        var e = c.queue.shift();
        c.total -= e.size;
        if (c.closeRequested && c.queue.length === 0) closeStream(st);
        else pullIfNeeded(c);
        return resolved(result(e.chunk, false));
      }
      var q = deferred();
      r.requests.push(q);
      pullIfNeeded(c);
      return q.promise;
    }
    // readInto is ReadableStreamBYOBReaderRead.
    function readInto(r, view, min, q) {
      var st = r.st;
      st.disturbed = true;
      if (st.state === "errored") q.reject(st.error);
      else bPullInto(st.c, view, min, q);
    }
    function release(r) {
      var st = r.st;
      if (!st || st.reader !== r) return;
      var err = new TypeError("Reader was released");
      if (st.state === "readable") r.closed.reject(err);
      else { r.closed = deferred(); handled(r.closed.promise); r.closed.reject(err); }
      if (st.c && st.c.bytes) bReleaseSteps(st.c);
      st.reader = null;
      r.st = null;
      var reqs = r.requests;
      r.requests = [];
      reqs.forEach(function (q) { q.reject(err); });
    }
    var readerProto = {
      // Promise-typed attributes: Web IDL turns what the getter throws
      // (a this of another kind) into a rejected promise.
      get closed() { try { return rd(this).closed.promise; } catch (e) { return rejected(e); } },
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
        if (r.byob) return rejected(new TypeError("Illegal invocation"));
        return read(r);
      },
    });
    var ReadableStreamBYOBReader = function ReadableStreamBYOBReader(stream) {
      if (!new.target) throw new TypeError("Failed to construct 'ReadableStreamBYOBReader': Please use the 'new' operator");
      acquire(this, stream, true);
    };
    Object.defineProperties(ReadableStreamBYOBReader.prototype, Object.getOwnPropertyDescriptors(readerProto));
    defineAll(ReadableStreamBYOBReader.prototype, {
      read: function read_(view, options) {
        var r;
        try { r = rd(this); } catch (e) { return rejected(e); }
        var prefix = "Failed to execute 'read' on 'ReadableStreamBYOBReader': ";
        if (!r.byob) return rejected(new TypeError("Illegal invocation"));
        if (!isView(view)) return rejected(new TypeError(prefix + "parameter 1 is not of type 'ArrayBufferView'."));
        var min = 1;
        try {
          if (options !== undefined && options !== null) {
            if (typeof options !== "object" && typeof options !== "function") throw new TypeError(prefix + "The provided value is not of type 'ReadableStreamBYOBReaderReadOptions'.");
            if (options.min !== undefined) min = enforceRange(options.min, prefix + "Failed to read the 'min' property from 'ReadableStreamBYOBReaderReadOptions'");
          }
        } catch (e) { return rejected(e); }
        var v = viewParts(view);
        if (v.byteLength === 0) return rejected(new TypeError(prefix + "This readable stream reader cannot be used to read as the view has byte length equal to 0"));
        if (abByteLength.call(v.buffer) === 0) return rejected(new TypeError(prefix + "This readable stream reader cannot be used to read as the viewed array buffer is detached or has byte length equal to 0"));
        if (min === 0) return rejected(new TypeError(prefix + "options.min must be greater than 0"));
        if (v.typed ? min > v.length : min > v.byteLength) return rejected(new RangeError(prefix + "options.min must be less than or equal to view's length"));
        if (!r.st || r.st.reader !== r) return rejected(new TypeError(prefix + "This reader has been released"));
        var q = deferred();
        readInto(r, view, min, q);
        return q.promise;
      },
    });

    // byteTee is ReadableByteStreamTee: two byte streams, each read
    // through the source's default reader or, for a branch's BYOB read,
    // through a BYOB reader into that branch's request, the other branch
    // getting a copy.
    // https://streams.spec.whatwg.org/#abstract-opdef-readablebytestreamtee
    function byteTee(stream) {
      var st = rsState.get(stream);
      var reader = new ReadableStreamDefaultReader(stream);
      var reading = false, readAgain = [false, false], canceled = [false, false], reasons = [];
      var branches = [], cs = [];
      var cancelDone = deferred();
      var clone = function (view) {
        var v = viewParts(view);
        return new Uint8Array(abSlice.call(v.buffer, v.byteOffset, v.byteOffset + v.byteLength));
      };
      var forwardError = function (thisReader) {
        rd(thisReader).closed.promise.then(undefined, function (e) {
          if (thisReader !== reader) return;
          errorStream(cs[0].st, e);
          errorStream(cs[1].st, e);
          if (!canceled[0] || !canceled[1]) cancelDone.resolve(undefined);
        });
      };
      var cloneFailed = function (e) {
        errorStream(cs[0].st, e);
        errorStream(cs[1].st, e);
        cancelDone.resolve(cancelStream(st, e));
      };
      var readNext = function () {
        reading = false;
        if (readAgain[0]) pullBranch(0);
        else if (readAgain[1]) pullBranch(1);
      };
      var pullWithDefaultReader = function () {
        if (rd(reader).byob) {
          release(rd(reader));
          reader = new ReadableStreamDefaultReader(stream);
          forwardError(reader);
        }
        readRequest(rd(reader), {
          chunk: function (chunk) {
            resolved(undefined).then(function () {
              readAgain = [false, false];
              var chunk2 = chunk;
              if (!canceled[0] && !canceled[1]) {
                try { chunk2 = clone(chunk); } catch (e) { cloneFailed(e); return; }
              }
              if (!canceled[0]) bEnqueue(cs[0], chunk);
              if (!canceled[1]) bEnqueue(cs[1], chunk2);
              readNext();
            });
          },
          close: function () {
            reading = false;
            if (!canceled[0]) bClose(cs[0]);
            if (!canceled[1]) bClose(cs[1]);
            if (cs[0].pendingPullIntos.length > 0) bRespond(cs[0], 0);
            if (cs[1].pendingPullIntos.length > 0) bRespond(cs[1], 0);
            if (!canceled[0] || !canceled[1]) cancelDone.resolve(undefined);
          },
          error: function () { reading = false; },
        });
      };
      var pullWithBYOBReader = function (view, i) {
        if (!rd(reader).byob) {
          release(rd(reader));
          reader = new ReadableStreamBYOBReader(stream);
          forwardError(reader);
        }
        var other = 1 - i;
        readInto(rd(reader), view, 1, stepsRequest({
          chunk: function (chunk) {
            resolved(undefined).then(function () {
              readAgain = [false, false];
              if (!canceled[other]) {
                var copy;
                try { copy = clone(chunk); } catch (e) { cloneFailed(e); return; }
                if (!canceled[i]) bRespondWithNewView(cs[i], chunk);
                bEnqueue(cs[other], copy);
              } else if (!canceled[i]) {
                bRespondWithNewView(cs[i], chunk);
              }
              readNext();
            });
          },
          close: function (chunk) {
            reading = false;
            if (!canceled[i]) bClose(cs[i]);
            if (!canceled[other]) bClose(cs[other]);
            if (chunk !== undefined) {
              if (!canceled[i]) bRespondWithNewView(cs[i], chunk);
              if (!canceled[other] && cs[other].pendingPullIntos.length > 0) bRespond(cs[other], 0);
            }
            if (!canceled[i] || !canceled[other]) cancelDone.resolve(undefined);
          },
          error: function () { reading = false; },
        }));
      };
      var pullBranch = function (i) {
        if (reading) { readAgain[i] = true; return resolved(undefined); }
        reading = true;
        var br = bGetBYOBRequest(cs[i]);
        if (br === null) pullWithDefaultReader();
        else pullWithBYOBReader(byobState.get(br).view, i);
        return resolved(undefined);
      };
      [0, 1].forEach(function (i) {
        branches[i] = new ReadableStream({
          type: "bytes",
          start: function (c) { cs[i] = ctrlState.get(c); },
          pull: function () { return pullBranch(i); },
          cancel: function (reason) {
            canceled[i] = true;
            reasons[i] = reason;
            if (canceled[1 - i]) cancelDone.resolve(cancelStream(st, [reasons[0], reasons[1]]));
            return cancelDone.promise;
          },
        });
      });
      forwardError(reader);
      return branches;
    }

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
        if (rs(this).bytes) return byteTee(this);
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
          return read(r).then(function (res) {
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
      if (c.bytes) { bPullSteps(c, stepsRequest(steps)); return; }
      if (c.queue.length > 0) {
        var e = c.queue.shift();
        c.total -= e.size;
        if (c.closeRequested && c.queue.length === 0) closeStream(st);
        else pullIfNeeded(c);
        steps.chunk(e.chunk);
        return;
      }
      r.requests.push(stepsRequest(steps));
      pullIfNeeded(c);
    }
    // stepsRequest is a read request (or read-into request) of chunk,
    // close and error steps.
    function stepsRequest(steps) {
      return {
        resolve: function (res) { if (res.done) steps.close(res.value); else steps.chunk(res.value); },
        reject: function (e) { steps.error(e); },
      };
    }

    // ---- WritableStream ----------------------------------------------------
    // As the standard writes it: a queue of chunks and the close sentinel,
    // one sink operation in flight at a time (the write or close request it
    // is for kept apart), an abort waiting for it as a pending abort
    // request, and the erroring state between an error and the end of the
    // operation in flight.
    // https://streams.spec.whatwg.org/#ws-class

    var WritableStreamDefaultController = function WritableStreamDefaultController(key) {
      if (key !== INTERNAL) throw new TypeError("Illegal constructor");
    };
    var wsState = new WeakMap();
    var wctrlState = new WeakMap();
    var closeSentinel = {};
    // tracked is a deferred that knows whether it settled.
    var tracked = function () {
      var d = deferred();
      d.pending = true;
      var res = d.resolve, rej = d.reject;
      d.resolve = function (v) { d.pending = false; res(v); };
      d.reject = function (e) { d.pending = false; rej(e); };
      return d;
    };
    var rejectedTracked = function (e) {
      var d = tracked();
      handled(d.promise);
      d.reject(e);
      return d;
    };
    var WritableStream = function WritableStream(sink, strategy) {
      if (!new.target) throw new TypeError("Failed to construct 'WritableStream': Please use the 'new' operator");
      // Read in Chromium 156's order: the strategy's size and
      // highWaterMark, the sink's type (checked), the strategy checked,
      // then the sink's write, close, abort and start.
      var s = strategyArgs(strategy);
      if (sink === null) throw new TypeError("Failed to construct 'WritableStream': sink is null");
      sink = sink === undefined ? {} : sink;
      if (sink.type !== undefined) throw new RangeError("Failed to construct 'WritableStream': Invalid type is specified");
      var size = strategySize(s);
      var hwm = strategyHWM(s, 1);
      var write = method(sink, "write"), close = method(sink, "close"), abort = method(sink, "abort"), start = method(sink, "start");
      var controller = new WritableStreamDefaultController(INTERNAL);
      var abortController = typeof AbortController === "function" ? new AbortController() : null;
      var w = {
        state: "writable", error: undefined, writer: null, controller: controller,
        writeRequests: [], inFlightWrite: null, closeRequest: null, inFlightClose: null, pendingAbort: null, backpressure: false,
        queue: [], total: 0, hwm: hwm, started: false,
        abortController: abortController, signal: abortController && abortController.signal,
        size: size ? function (chunk) { return apply(size, undefined, [chunk]); } : null,
        write: write ? function (chunk) { return call(sink, write, [chunk, controller]); } : function () { return resolved(undefined); },
        close: close ? function () { return call(sink, close, []); } : function () { return resolved(undefined); },
        abort: abort ? function (r) { return call(sink, abort, [r]); } : function () { return resolved(undefined); },
        get closing() { return this.closeRequest !== null || this.inFlightClose !== null; },
      };
      wsState.set(this, w);
      wctrlState.set(controller, w);
      wUpdateBackpressure(w, wBackpressure(w));
      var startResult = start ? apply(start, sink, [controller]) : undefined;
      resolved(startResult).then(function () {
        w.started = true;
        wAdvance(w);
      }, function (e) {
        w.started = true;
        wDealWithRejection(w, e);
      });
    };
    function desired(w) {
      if (w.state === "errored" || w.state === "erroring") return null;
      if (w.state === "closed") return 0;
      return w.hwm - w.total;
    }
    function wBackpressure(w) { return w.hwm - w.total <= 0; }
    function wClearAlgorithms(w) {
      var none = function () { return resolved(undefined); };
      w.write = none;
      w.close = none;
      w.abort = none;
      w.size = null;
    }
    function wUpdateBackpressure(w, bp) {
      var wr = w.writer;
      if (wr && bp !== w.backpressure) {
        if (bp) { wr.ready = tracked(); handled(wr.ready.promise); } else wr.ready.resolve(undefined);
      }
      w.backpressure = bp;
    }
    function ensureReadyRejected(wr, e) {
      if (wr.ready.pending) { handled(wr.ready.promise); wr.ready.reject(e); } else wr.ready = rejectedTracked(e);
    }
    function ensureClosedRejected(wr, e) {
      if (wr.closed.pending) { handled(wr.closed.promise); wr.closed.reject(e); } else wr.closed = rejectedTracked(e);
    }
    function wDealWithRejection(w, e) {
      if (w.state === "writable") { wStartErroring(w, e); return; }
      wFinishErroring(w);
    }
    function wInFlight(w) { return w.inFlightWrite !== null || w.inFlightClose !== null; }
    function wStartErroring(w, e) {
      w.state = "erroring";
      w.error = e;
      if (w.writer) ensureReadyRejected(w.writer, e);
      if (!wInFlight(w) && w.started) wFinishErroring(w);
    }
    function wFinishErroring(w) {
      w.state = "errored";
      w.queue = [];
      w.total = 0;
      var e = w.error;
      var reqs = w.writeRequests;
      w.writeRequests = [];
      reqs.forEach(function (d) { d.reject(e); });
      var pa = w.pendingAbort;
      w.pendingAbort = null;
      if (!pa) { wRejectCloseAndClosed(w); return; }
      if (pa.wasAlreadyErroring) {
        pa.d.reject(e);
        wRejectCloseAndClosed(w);
        return;
      }
      var p = w.abort(pa.reason);
      wClearAlgorithms(w);
      p.then(function () {
        pa.d.resolve(undefined);
        wRejectCloseAndClosed(w);
      }, function (r) {
        pa.d.reject(r);
        wRejectCloseAndClosed(w);
      });
    }
    function wRejectCloseAndClosed(w) {
      if (w.closeRequest) { w.closeRequest.reject(w.error); w.closeRequest = null; }
      var wr = w.writer;
      if (wr) { handled(wr.closed.promise); wr.closed.reject(w.error); }
    }
    // errorWritable is WritableStreamDefaultControllerErrorIfNeeded.
    function errorWritable(w, e) {
      if (w.state !== "writable") return;
      wClearAlgorithms(w);
      wStartErroring(w, e);
    }
    function wAdvance(w) {
      if (!w.started || w.inFlightWrite !== null) return;
      if (w.state === "erroring") { wFinishErroring(w); return; }
      if (w.queue.length === 0) return;
      var value = w.queue[0].value;
      if (value === closeSentinel) {
        w.inFlightClose = w.closeRequest;
        w.closeRequest = null;
        w.queue.shift();
        w.total = 0;
        var p = w.close();
        wClearAlgorithms(w);
        p.then(function () { wFinishInFlightClose(w); }, function (e) { wFinishInFlightCloseWithError(w, e); });
        return;
      }
      w.inFlightWrite = w.writeRequests.shift();
      w.write(value).then(function () {
        w.inFlightWrite.resolve(undefined);
        w.inFlightWrite = null;
        wDequeue(w);
        if (!w.closing && w.state === "writable") wUpdateBackpressure(w, wBackpressure(w));
        wAdvance(w);
      }, function (e) {
        if (w.state === "writable") wClearAlgorithms(w);
        w.inFlightWrite.reject(e);
        w.inFlightWrite = null;
        wDealWithRejection(w, e);
      });
    }
    function wDequeue(w) {
      var e = w.queue.shift();
      w.total -= e.size;
      if (w.total < 0) w.total = 0;
    }
    function wFinishInFlightClose(w) {
      w.inFlightClose.resolve(undefined);
      w.inFlightClose = null;
      if (w.state === "erroring") {
        w.error = undefined;
        if (w.pendingAbort) { w.pendingAbort.d.resolve(undefined); w.pendingAbort = null; }
      }
      w.state = "closed";
      if (w.writer) w.writer.closed.resolve(undefined);
    }
    function wFinishInFlightCloseWithError(w, e) {
      w.inFlightClose.reject(e);
      w.inFlightClose = null;
      if (w.pendingAbort) { w.pendingAbort.d.reject(e); w.pendingAbort = null; }
      wDealWithRejection(w, e);
    }
    // writeChunk is WritableStreamDefaultWriterWrite.
    function writeChunk(w, chunk, wr) {
      var n = 1;
      if (w.size) {
        try { n = Number(w.size(chunk)); } catch (e) { errorWritable(w, e); n = 1; }
      }
      if (wr && wr.w !== w) return rejected(new TypeError("This writer has been released"));
      if (w.state === "errored") return rejected(w.error);
      if (w.closing || w.state === "closed") return rejected(new TypeError("Cannot write to a closing or closed stream"));
      if (w.state === "erroring") return rejected(w.error);
      var d = tracked();
      w.writeRequests.push(d);
      if (!(n >= 0) || n === Infinity) {
        errorWritable(w, new RangeError("The return value of a queuing strategy's size function must be a finite, non-NaN, non-negative number"));
        return d.promise;
      }
      w.queue.push({ value: chunk, size: n });
      w.total += n;
      if (!w.closing && w.state === "writable") wUpdateBackpressure(w, wBackpressure(w));
      wAdvance(w);
      return d.promise;
    }
    // closeWritable is WritableStreamClose.
    function closeWritable(w) {
      if (w.state === "closed" || w.state === "errored") return rejected(new TypeError("Cannot close a " + w.state + " stream"));
      if (w.closing) return rejected(new TypeError("The stream is already closing"));
      var d = tracked();
      w.closeRequest = d;
      if (w.writer && w.backpressure && w.state === "writable") w.writer.ready.resolve(undefined);
      w.queue.push({ value: closeSentinel, size: 0 });
      wAdvance(w);
      return d.promise;
    }
    // abortWritable is WritableStreamAbort.
    function abortWritable(w, reason) {
      if (w.state === "closed" || w.state === "errored") return resolved(undefined);
      if (w.abortController) w.abortController.abort(reason);
      if (w.state === "closed" || w.state === "errored") return resolved(undefined);
      if (w.pendingAbort) return w.pendingAbort.d.promise;
      var wasErroring = w.state === "erroring";
      var pa = { d: tracked(), reason: wasErroring ? undefined : reason, wasAlreadyErroring: wasErroring };
      w.pendingAbort = pa;
      if (!wasErroring) wStartErroring(w, reason);
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
        if (w.writer) return rejected(new TypeError("Failed to execute 'abort' on 'WritableStream': Cannot abort a locked stream"));
        return abortWritable(w, reason);
      },
      close: function close() {
        var w;
        try { w = ws(this); } catch (e) { return rejected(e); }
        if (w.writer) return rejected(new TypeError("Failed to execute 'close' on 'WritableStream': Cannot close a locked stream"));
        if (w.closing) return rejected(new TypeError("Failed to execute 'close' on 'WritableStream': Cannot close a stream that is already closing"));
        return closeWritable(w);
      },
      getWriter: function getWriter() { ws(this); return new WritableStreamDefaultWriter(this); },
    });
    Object.defineProperty(WritableStream.prototype, "locked", { get: function () { return ws(this).writer !== null; }, configurable: true, enumerable: true });
    defineAll(WritableStreamDefaultController.prototype, {
      error: function error(e) {
        var w = wctrlState.get(this);
        if (!w) throw new TypeError("Illegal invocation");
        if (w.state !== "writable") return;
        wClearAlgorithms(w);
        wStartErroring(w, e);
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
      if (!w) throw new TypeError("Failed to construct 'WritableStreamDefaultWriter': parameter 1 is not of type 'WritableStream'.");
      if (w.writer) throw new TypeError("Failed to construct 'WritableStreamDefaultWriter': Cannot create writer when WritableStream is locked");
      var wr = { w: w, ready: tracked(), closed: tracked() };
      handled(wr.ready.promise);
      handled(wr.closed.promise);
      if (w.state === "writable") {
        if (w.closing || !w.backpressure) wr.ready.resolve(undefined);
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
      // Promise-typed attributes, as the reader's closed.
      get closed() { try { return wrOf(this).closed.promise; } catch (e) { return rejected(e); } },
      get ready() { try { return wrOf(this).ready.promise; } catch (e) { return rejected(e); } },
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
        if (wr.w.closing) return rejected(new TypeError("Failed to execute 'close' on 'WritableStreamDefaultWriter': Cannot close a stream that is already closing"));
        return closeWritable(wr.w);
      },
      releaseLock: function releaseLock() {
        var wr = wrOf(this);
        if (!wr.w) return;
        var err = new TypeError("This writable stream writer has been released and cannot be used to monitor the stream's state");
        ensureReadyRejected(wr, err);
        ensureClosedRejected(wr, err);
        wr.w.writer = null;
        wr.w = null;
      },
      write: function write(chunk) {
        var wr;
        try { wr = live(this); } catch (e) { return rejected(e); }
        return writeChunk(wr.w, chunk, wr);
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
    // The size functions are methods (no prototype, not constructors), one
    // per realm as the standard's "size function" of each interface.
    var sizeCount = ({ size() { return 1; } }).size;
    var sizeBytes = ({ size(chunk) { return chunk.byteLength; } }).size;
    var strategyHWMs = new WeakMap(); // strategy -> its high water mark
    var CountQueuingStrategy = function CountQueuingStrategy(init) {
      if (!new.target) throw new TypeError("Failed to construct 'CountQueuingStrategy': Please use the 'new' operator");
      strategyHWMs.set(this, hwmOf(init, "CountQueuingStrategy"));
    };
    var ByteLengthQueuingStrategy = function ByteLengthQueuingStrategy(init) {
      if (!new.target) throw new TypeError("Failed to construct 'ByteLengthQueuingStrategy': Please use the 'new' operator");
      strategyHWMs.set(this, hwmOf(init, "ByteLengthQueuingStrategy"));
    };
    var strategyOwn = function (o) {
      if (!strategyHWMs.has(o)) throw new TypeError("Illegal invocation");
      return strategyHWMs.get(o);
    };
    [[CountQueuingStrategy, sizeCount], [ByteLengthQueuingStrategy, sizeBytes]].forEach(function (p) {
      Object.defineProperty(p[0].prototype, "highWaterMark", { get: function () { return strategyOwn(this); }, configurable: true, enumerable: true });
      Object.defineProperty(p[0].prototype, "size", { get: function () { strategyOwn(this); return p[1]; }, configurable: true, enumerable: true });
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
      ReadableByteStreamController: ReadableByteStreamController, ReadableStreamBYOBRequest: ReadableStreamBYOBRequest,
      WritableStream: WritableStream,
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
    // Interfaces without a constructor take no arguments (their
    // constructors only throw).
    [ReadableStreamDefaultController, ReadableByteStreamController, ReadableStreamBYOBRequest,
      WritableStreamDefaultController, TransformStreamDefaultController].forEach(function (C) { length(C, 0); });
    length(DecompressionStream, 1);
    [[ReadableStream.prototype, "cancel getReader values tee"], [WritableStream.prototype, "abort close getWriter"],
      [WritableStreamDefaultWriter.prototype, "abort close releaseLock write"],
      [ReadableStreamDefaultReader.prototype, "read cancel releaseLock"], [ReadableStreamBYOBReader.prototype, "cancel releaseLock"],
      [ReadableStreamDefaultController.prototype, "close enqueue error"], [ReadableByteStreamController.prototype, "close enqueue error"],
      [TransformStreamDefaultController.prototype, "enqueue error terminate"], [WritableStreamDefaultController.prototype, "error"]].forEach(function (p) {
      p[1].split(" ").forEach(function (m) { length(p[0][m], 0); });
    });
    length(ReadableByteStreamController.prototype.enqueue, 1);
    length(ReadableStreamBYOBReader.prototype.read, 1);
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
    var brand = function (o) {
      if (rsState.has(o)) return "ReadableStream";
      if (wsState.has(o)) return "WritableStream";
      if (tsState.has(o)) return "TransformStream";
      if (codecState.has(o)) {
        var codecs = [TextDecoderStream, TextEncoderStream, CompressionStream, DecompressionStream];
        for (var i = 0; i < codecs.length; i++) if (isA(o, codecs[i])) return codecs[i].name;
        return "TransformStream";
      }
      if (ctrlState.has(o)) return ctrlState.get(o).bytes ? "ReadableByteStreamController" : "ReadableStreamDefaultController";
      if (byobState.has(o)) return "ReadableStreamBYOBRequest";
      if (readerState.has(o)) return readerState.get(o).byob ? "ReadableStreamBYOBReader" : "ReadableStreamDefaultReader";
      if (wctrlState.has(o)) return "WritableStreamDefaultController";
      if (writerState.has(o)) return "WritableStreamDefaultWriter";
      if (tctrlState.has(o)) return "TransformStreamDefaultController";
      if (strategyHWMs.has(o)) {
        if (isA(o, CountQueuingStrategy)) return "CountQueuingStrategy";
        if (isA(o, ByteLengthQueuingStrategy)) return "ByteLengthQueuingStrategy";
      }
      return "";
    };
    return { classes: classes, brand: brand };
  };
})();
