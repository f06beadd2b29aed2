// Probes of a dedicated worker's APIs for workers-apis.html: the page posts
// {probe: name, ...} and gets the probe's result back (a promise's value
// once it settles).
var probes = {
  navigator: function () {
    var n = navigator;
    return {
      tag: Object.prototype.toString.call(n), isWorkerNavigator: n instanceof WorkerNavigator,
      navigatorType: typeof Navigator, own: Object.getOwnPropertyNames(n).length,
      userAgent: n.userAgent, language: n.language, languages: n.languages.join(), frozen: Object.isFrozen(n.languages),
      same: n.languages === n.languages, hardwareConcurrency: n.hardwareConcurrency, onLine: n.onLine,
      platform: n.platform, appName: n.appName, appCodeName: n.appCodeName, appVersion: n.appVersion, product: n.product,
      windowOnly: ['productSub', 'vendor', 'vendorSub', 'cookieEnabled', 'plugins', 'mimeTypes', 'sendBeacon', 'javaEnabled',
        'webdriver', 'maxTouchPoints', 'clipboard', 'pdfViewerEnabled', 'doNotTrack', 'vibrate'].filter(function (k) { return k in n; }).join()
    };
  },
  location: function () {
    var l = location;
    return {
      href: l.href, origin: l.origin, protocol: l.protocol, host: l.host, hostname: l.hostname, port: l.port,
      pathname: l.pathname, search: l.search, hash: l.hash, string: String(l), tag: Object.prototype.toString.call(l),
      isWorkerLocation: l instanceof WorkerLocation, own: Object.getOwnPropertyNames(l).length,
      windowOnly: ['assign', 'replace', 'reload', 'ancestorOrigins'].filter(function (k) { return k in l; }).join(),
      json: JSON.stringify(l)
    };
  },
  scope: function () {
    return {
      origin: self.origin, secure: self.isSecureContext, isolated: self.crossOriginIsolated,
      names: ['origin', 'isSecureContext', 'crossOriginIsolated', 'navigator', 'location', 'onmessageerror', 'Worker',
        'MessageChannel', 'MessagePort', 'BroadcastChannel', 'fetch', 'XMLHttpRequest', 'Blob', 'File', 'FileReader',
        'FileReaderSync', 'FormData', 'Headers', 'Request', 'Response', 'AbortController', 'AbortSignal', 'ProgressEvent',
        'FormDataEvent', 'WorkerNavigator', 'WorkerLocation'].filter(function (k) { return typeof self[k] !== 'undefined' || k in self; }).join()
    };
  },
  net: function () {
    var out = {};
    var x = new XMLHttpRequest();
    x.open('GET', 'data.json', false);
    x.send();
    out.sync = x.status + ' ' + JSON.parse(x.responseText).answer;
    out.responseXML = 'responseXML' in XMLHttpRequest.prototype;
    out.reader = new FileReaderSync().readAsText(new Blob(['h', 'é']));
    out.dataURL = new FileReaderSync().readAsDataURL(new Blob(['a'], { type: 'text/plain' }));
    return fetch('data.json').then(function (r) {
      out.fetch = [r.status, r.ok, r.type, r.url.slice(r.url.lastIndexOf('/')), r.headers.get('content-type')].join();
      return r.json();
    }).then(function (j) {
      out.json = j.list.join('+');
      return new Promise(function (resolve) {
        var a = new XMLHttpRequest(), seen = [];
        a.onreadystatechange = function () { seen.push('rs' + a.readyState); };
        ['loadstart', 'progress', 'load', 'loadend'].forEach(function (t) {
          a.addEventListener(t, function (e) {
            if (t === 'progress') {
              out.progress = (out.progress || 0) + 1;
              out.progressOK = e instanceof ProgressEvent && e.isTrusted && e.loaded > 0;
              return;
            }
            seen.push(t + ':' + (e instanceof ProgressEvent) + ':' + e.isTrusted);
            if (t === 'loadend') resolve(seen.join(' '));
          });
        });
        a.open('GET', 'data.json');
        a.responseType = 'json';
        a.send();
      });
    }).then(function (events) {
      out.events = events;
      return fetch.call({}, 'data.json').then(function () { return 'resolved'; }, function (e) { return e.name + ': ' + e.message; });
    }).then(function (illegal) {
      out.illegal = illegal;
      var c = new AbortController();
      var p = fetch('data.json', { signal: c.signal }).then(function () { return 'resolved'; }, function (e) { return e.name; });
      c.abort();
      return p;
    }).then(function (aborted) {
      out.aborted = aborted;
      var u = URL.createObjectURL(new Blob(['blob body']));
      return fetch(u).then(function (r) { return r.text(); }).then(function (t) { out.blob = u.slice(0, 5) + ' ' + t; return out; });
    });
  },
  // port answers on the port it was sent: each number doubled.
  port: function (e) {
    var p = e.ports[0];
    p.onmessage = function (m) { p.postMessage(m.data * 2); };
    return { ports: e.ports.length, same: e.data.port === p, isPort: p instanceof MessagePort, frozen: Object.isFrozen(e.ports) };
  },
  // channel sends the page a port of a channel the worker made; what comes
  // in on it is answered in upper case.
  channel: function () {
    var ch = new MessageChannel();
    ch.port1.onmessage = function (m) { ch.port1.postMessage(String(m.data).toUpperCase()); };
    postMessage({ port: ch.port2 }, [ch.port2]);
    return 'sent';
  },
  nested: function () {
    if (typeof Worker === 'undefined') return 'no Worker';
    return new Promise(function (resolve) {
      var w = new Worker('worker-probe.js?nested');
      w.onmessage = function (m) { resolve(m.data.pathname + m.data.search); w.terminate(); };
      w.onerror = function () { resolve('error'); };
      w.postMessage({ probe: 'location' });
    });
  }
};
onmessage = function (e) {
  var d = e.data;
  Promise.resolve().then(function () { return probes[d.probe](e); }).then(function (r) { postMessage(r); }, function (x) { postMessage({ error: String(x) }); });
};
