package jsruntime

import "testing"

func TestCacheStorage(t *testing.T) {
	srv := netServer(t)
	cases := []struct{ name, script, want string }{
		{"put and match", `
			caches.open("a").then(c => c.put("/x?q=1", new Response("body", {headers: {"X-A": "1"}})).then(() => c.match("/x?q=1")))
				.then(r => r.text()).then(t => out.push(t));`,
			"body"},
		{"used", `var res = new Response("used"); caches.open("b").then(c => { var p = c.put("b", res); out.push(res.bodyUsed); return p.then(() => c.put("c", res)) }).catch(e => out.push(e.name + ": " + e.message));`,
			"true\nTypeError: Failed to execute 'put' on 'Cache': Response body is already used"},
		{"post", `caches.open("b").then(c => c.put(new Request("d", { method: "POST", body: "x" }), new Response("x"))).catch(e => out.push(e.name + ": " + e.message));`,
			"TypeError: Failed to execute 'put' on 'Cache': Request method 'POST' is unsupported"},
		{"match variants", `caches.open("b").then(c => c.put("a.txt?x=1", new Response("a")).then(() => Promise.all([c.match("a.txt"), c.match("a.txt", { ignoreSearch: true }), c.match("a.txt?x=1#frag"),
      c.match(new Request("a.txt?x=1", { method: "POST", body: "x" })),
      c.match(new Request("a.txt?x=1", { method: "POST", body: "x" }), { ignoreMethod: true }),
      c.match(new Request("a.txt?x=1", { method: "HEAD" }))]))).then(rs => out.push(rs.map(r => typeof r).join()), e => out.push(e.name + ": " + e.message));`,
			"undefined,object,object,undefined,object,undefined"},
		{"add", `caches.open("b").then(c => c.add("/text").then(() => c.match("/text"))).then(r => r.text()).then(t => out.push(t), e => out.push(e.name + ": " + e.message));`,
			"héllo"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := netPage(t, srv, true, "<script>"+tc.script+"</script>"); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
