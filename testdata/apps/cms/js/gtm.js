// A stand-in for a tag manager container: it takes over dataLayer.push,
// replays what was queued before it loaded, and fires "tags" on events:
// a custom HTML tag (markup plus a script, which it re-creates so that it
// runs) on DOM ready after gtm.js, and a counter on the site's own events.
(function (w, d) {
  var layer = w.dataLayer;
  var seen = 0;
  function customHTML(html) {
    var box = d.createElement('div');
    box.innerHTML = html;
    Array.prototype.forEach.call(box.querySelectorAll('script'), function (old) {
      var s = d.createElement('script');
      s.text = old.text;
      old.parentNode.replaceChild(s, old);
    });
    while (box.firstChild) d.body.appendChild(box.firstChild);
  }
  function handle(msg) {
    if (!msg || !msg.event) return;
    seen++;
    d.documentElement.setAttribute('data-gtm-events', String(seen));
    if (msg.event === 'gtm.js') {
      // The promo tag fires on DOM ready (the container's gtm.dom trigger).
      var fire = function () {
        customHTML('<div id="promo" hidden>Festival passes on sale</div>' +
          '<script>document.getElementById("promo").hidden = false;<\/script>');
      };
      if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', fire);
      else fire();
    } else if (msg.event === 'article_view') {
      d.documentElement.setAttribute('data-gtm-article', msg.article);
    }
  }
  var queued = layer.slice();
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) handle(arguments[i]);
    return Array.prototype.push.apply(this, arguments);
  };
  queued.forEach(handle);
})(window, document);
