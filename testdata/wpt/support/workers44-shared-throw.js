// A shared worker whose script throws as it first runs.
onconnect = function (e) { e.ports[0].postMessage('connected'); };
throw new Error('at the top level');
