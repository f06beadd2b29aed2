// The home page: built from /api/home with XMLHttpRequest. It has no #!
// URL; it opts in to the crawling scheme with <meta name="fragment"
// content="!">, so crawlers ask for /?_escaped_fragment_= instead.
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

  function render(home) {
    document.title = home.shop;
    while (app.firstChild) app.removeChild(app.firstChild);
    app.appendChild(el("h1", {}, [home.shop]));
    app.appendChild(el("p", { "class": "intro" }, [home.intro]));
    app.appendChild(el("h2", {}, ["Featured"]));
    var list = el("ul", { "class": "items", id: "featured" });
    home.featured.forEach(function (item) {
      list.appendChild(el("li", {}, [
        el("a", { href: "/shop#!/item/" + item.id }, [item.name]), " ",
        el("span", { "class": "price" }, ["$" + item.price])
      ]));
    });
    app.appendChild(list);
    // Some content arrives later, on a timer: a snapshot waits for it.
    setTimeout(function () {
      app.appendChild(el("p", { "class": "news", id: "news" }, [home.news]));
    }, 300);
  }

  var xhr = new XMLHttpRequest();
  xhr.open("GET", "/api/home");
  xhr.onload = function () {
    if (xhr.status !== 200) {
      app.textContent = "Could not load the shop (" + xhr.status + ").";
      return;
    }
    render(JSON.parse(xhr.responseText));
  };
  xhr.onerror = function () { app.textContent = "Could not load the shop."; };
  xhr.send();
})();
