// Echoes each message back, with what the worker saw of it.
onmessage = function (e) {
  var d = e.data;
  postMessage({ data: d, isMessageEvent: e instanceof MessageEvent, type: e.type, trusted: e.isTrusted,
    targetIsSelf: e.target === self, origin: e.origin, ports: e.ports.length });
};
