// A shared worker for workers44-sharedworker.html: counts its connections
// and answers each port's messages.
var n = 0;
onconnect = function (e) {
  n++;
  var p = e.ports[0];
  p.postMessage({
    n: n, name: self.name, type: e.type, isMessageEvent: e instanceof MessageEvent, sourceIsPort: e.source === p,
    ports: e.ports.length, data: e.data, origin: e.origin, trusted: e.isTrusted, bubbles: e.bubbles, cancelable: e.cancelable,
    scope: Object.prototype.toString.call(self), protoIsScope: Object.getPrototypeOf(self) === SharedWorkerGlobalScope.prototype,
    inheritsWorkerScope: self instanceof WorkerGlobalScope, onconnect: typeof onconnect, postMessage: typeof postMessage,
    close: typeof close, importScripts: typeof importScripts, dedicated: typeof DedicatedWorkerGlobalScope,
    port: Object.prototype.toString.call(p), location: location.pathname + location.search
  });
  p.onmessage = function (m) {
    if (m.data === 'throw') throw new Error('from a message handler');
    if (m.data === 'close') close();
    p.postMessage('echo ' + m.data);
  };
};
