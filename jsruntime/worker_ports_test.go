package jsruntime

import "testing"

// TestWorkerMessagePorts: MessagePorts go to and from a worker in
// postMessage's transfer list (event.ports, and the same port where the
// data holds it), carry messages both ways across the two runtimes, and
// what cannot be transferred throws DataCloneError in the sender.
func TestWorkerMessagePorts(t *testing.T) {
	cases := []struct{ name, worker, page, want string }{
		{"a page's port to the worker", `
			onmessage = function (e) {
				var p = e.ports[0];
				p.onmessage = function (m) { p.postMessage(m.data * 2); };
				postMessage([e.ports.length, e.data.port === p, p instanceof MessagePort, Object.isFrozen(e.ports)].join());
			};`, `
			var ch = new MessageChannel();
			ch.port1.onmessage = function (e) { out.push('port ' + e.data); };
			w.postMessage({port: ch.port2}, [ch.port2]);
			ch.port1.postMessage(21);`,
			"1,true,true,true\nport 42"},
		{"a worker's port to the page", `
			var ch = new MessageChannel();
			ch.port1.onmessage = function (m) { ch.port1.postMessage(String(m.data).toUpperCase()); };
			postMessage({port: ch.port2}, {transfer: [ch.port2]});`, `
			w.onmessage = function (e) {
				out.push([e.ports.length, e.data.port === e.ports[0], e.ports[0] instanceof MessagePort].join());
				e.ports[0].onmessage = function (m) { out.push('reply ' + m.data); };
				e.ports[0].postMessage('shout');
			};`,
			"1,true,true\nreply SHOUT"},
		{"messages sent before the transfer follow the port", `
			onmessage = function (e) { e.ports[0].onmessage = function (m) { postMessage('worker got ' + m.data); }; };`, `
			var ch = new MessageChannel();
			ch.port1.postMessage('early');
			w.postMessage(null, [ch.port2]);`,
			"worker got early"},
		{"a port through a port", `
			onmessage = function (e) {
				e.ports[0].onmessage = function (m) {
					m.ports[0].postMessage('via the second port');
				};
			};`, `
			var a = new MessageChannel(), b = new MessageChannel();
			b.port1.onmessage = function (e) { out.push(e.data); };
			w.postMessage(null, [a.port2]);
			a.port1.postMessage(null, [b.port2]);`,
			"via the second port"},
		{"a Blob to the worker and back", `
			onmessage = function (e) {
				postMessage([e.data instanceof Blob, e.data.type, new FileReaderSync().readAsText(e.data), e.data.size].join());
				postMessage(new File(['back'], 'f.txt', {type: 'text/plain'}));
			};`, `
			w.onmessage = function (e) {
				if (typeof e.data === 'string') { out.push(e.data); return; }
				e.data.text().then(function (t) { out.push([e.data instanceof File, e.data.name, t].join()); });
			};
			w.postMessage(new Blob(['hé'], {type: 'text/x'}));`,
			"true,text/x,hé,3\ntrue,f.txt,back"},
		{"transfer errors", `onmessage = function () {};`, `
			var ch = new MessageChannel();
			[function () { w.postMessage(ch.port1); }, function () { w.postMessage(null, [ch.port1, ch.port1]); },
			 function () { ch.port1.postMessage(null, [ch.port1]); }, function () { w.postMessage(null, [{}]); }].forEach(function (f) {
				try { f(); out.push('no error'); } catch (e) { out.push(e.name + ': ' + e.message); }
			});
			w.postMessage(null, [ch.port1]);
			try { w.postMessage(null, [ch.port1]); } catch (e) { out.push(e.name + ': ' + e.message); }`,
			"DataCloneError: Failed to execute 'postMessage' on 'Worker': A MessagePort could not be cloned because it was not transferred.\n" +
				"DataCloneError: Failed to execute 'postMessage' on 'Worker': Message port at index 1 is a duplicate of an earlier port.\n" +
				"DataCloneError: Failed to execute 'postMessage' on 'MessagePort': Port at index 0 contains the source port.\n" +
				"DataCloneError: Failed to execute 'postMessage' on 'Worker': Value not transferable\n" +
				"DataCloneError: Failed to execute 'postMessage' on 'Worker': Port at index 0 is already neutered."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := workerNetPageWith(t, tc.worker, "setTimeout(function () {"+tc.page+"}, 0);"); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
