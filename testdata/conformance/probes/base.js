// The base element: document base URL for every URL the page resolves (HTML §2.4.1, §4.2.3).
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url
const P = u => { const x = new URL(u); return x.pathname + x.search + x.hash; };
probe("baseURI", () => [P(document.baseURI), P(document.body.baseURI), P(document.querySelector("base").href)]);
probe("anchor hrefs resolve against base", () => ["rel", "root", "frag"].map(id => P(document.getElementById(id).href)));
probe("img and form resolve against base", () => [P(document.getElementById("img").src), P(document.getElementById("form").action)]);
probe("base target", () => [document.querySelector("base").target, document.getElementById("rel").target]);
probe("location unaffected", () => P(location.href));
probe("new URL ignores base element", () => errName(() => new URL("x")));
probeAsync("fetch resolves against base", async () => { const r = await fetch("../hello.txt"); return [r.status, P(r.url)]; });
probeAsync("XHR resolves against base", async () => { const x = new XMLHttpRequest(); x.open("GET", "../hello.txt"); await new Promise(r => { x.onloadend = r; x.send(); }); return [x.status, P(x.responseURL)]; });
probe("setAttribute href later resolves against base", () => { const a = document.createElement("a"); a.setAttribute("href", "q"); return P(a.href); });
probe("base change updates resolution", () => { const b = document.querySelector("base"); const old = b.getAttribute("href"); b.setAttribute("href", "/other/"); const r = P(document.getElementById("rel").href); b.setAttribute("href", old); return [r, P(document.getElementById("rel").href)]; });
probe("pushState relative to base", () => { const start = location.href; history.pushState(null, "", "pushed"); const r = P(location.href); history.replaceState(null, "", start); return r; });
probe("createHTMLDocument base", () => { const d = document.implementation.createHTMLDocument(""); const a = d.createElement("a"); a.setAttribute("href", "x"); return [d.baseURI, a.href]; });
probe("DOMParser document base", () => { const d = new DOMParser().parseFromString("<a href='x'>x</a>", "text/html"); return P(d.querySelector("a").href); });
probeAsync("dynamic script src against base", async () => { const s = document.createElement("script"); s.src = "../dyn.js"; window.__dyn = []; const r = new Promise(res => { s.onload = () => res("load"); s.onerror = () => res("error"); }); document.head.append(s); return [await r, P(s.src)]; });
