// The shop: a hash-bang router whose states are #!/, #!/item/ID and
// #!/about, each built with fetch from the JSON endpoints.
(function () {
  "use strict";
  var app = document.getElementById("app");

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var name in attrs || {}) node.setAttribute(name, attrs[name]);
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function show(title, nodes) {
    document.title = title + " · Demo shop";
    while (app.firstChild) app.removeChild(app.firstChild);
    nodes.forEach(function (n) { app.appendChild(n); });
  }

  // notFound shows the 404 state and tells the snapshot server its status.
  function notFound(what) {
    var meta = document.createElement("meta");
    meta.setAttribute("name", "prerender-status-code");
    meta.setAttribute("content", "404");
    document.head.appendChild(meta);
    show("Not found", [el("h1", {}, ["Not found"]), el("p", {}, [what + " does not exist."])]);
  }

  function getJSON(url) {
    return fetch(url).then(function (resp) {
      if (!resp.ok) {
        var err = new Error(url + ": " + resp.status);
        err.status = resp.status;
        throw err;
      }
      return resp.json();
    });
  }

  function list() {
    return getJSON("/api/items").then(function (items) {
      var ul = el("ul", { "class": "items", id: "items" });
      items.forEach(function (item) {
        ul.appendChild(el("li", {}, [
          el("a", { href: "#!/item/" + item.id }, [item.name]), " ",
          el("span", { "class": "price" }, ["$" + item.price])
        ]));
      });
      show("All items", [el("h1", {}, ["All items"]), ul]);
    });
  }

  function item(id) {
    return getJSON("/api/items/" + encodeURIComponent(id)).then(function (it) {
      var tags = el("p", { "class": "tags" });
      it.tags.forEach(function (t) { tags.appendChild(el("span", { "class": "tag" }, [t])); });
      show(it.name, [
        el("h1", {}, [it.name]),
        el("p", { "class": "price" }, ["$" + it.price]),
        el("p", { "class": "description" }, [it.description]),
        tags,
        el("p", {}, [el("a", { href: "#!/" }, ["Back to all items"])])
      ]);
    }, function (err) {
      if (err.status === 404) return notFound("Item " + id);
      throw err;
    });
  }

  function about() {
    // No request: a short delay stands in for work the page does first.
    return new Promise(function (resolve) {
      setTimeout(function () {
        show("About", [
          el("h1", {}, ["About this shop"]),
          el("p", {}, ["A demo for bangsnap, which renders pages like this one into HTML snapshots for crawlers."])
        ]);
        resolve();
      }, 200);
    });
  }

  function route() {
    var hash = location.hash;
    var state = hash.indexOf("#!") === 0 ? hash.slice(2) : "/";
    var m;
    var done;
    if (state === "" || state === "/") done = list();
    else if ((m = /^\/item\/([^\/]+)$/.exec(state))) done = item(decodeURIComponent(m[1]));
    else if (state === "/about") done = about();
    else done = Promise.resolve(notFound("The page " + state));
    done.catch(function (err) {
      show("Error", [el("h1", {}, ["Something went wrong"]), el("p", {}, [String(err.message || err)])]);
    });
  }

  window.addEventListener("hashchange", route);
  route();
})();
