// A product configurator: the model's parts come over XHR, the view and
// finish from the #! state; the SVG is turned a few steps on a timer
// before it settles, and the canvas thumbnail is drawn from the same
// scene. #paths prints the first paths' geometry, which Zdog computes with
// Math.sin and Math.cos from the rotations.
(function () {
  'use strict';
  var views = { front: { x: 0, y: 0 }, side: { x: -0.3, y: 1.2 }, top: { x: -1.2, y: 0.4 } };
  var m = /^#!\/view\/(\w+)(?:\/(\w+))?/.exec(location.hash) || [];
  var view = views[m[1]] ? m[1] : 'front';
  var finish = m[2] || 'plum';

  var stage = new Zdog.Illustration({ element: '#stage', zoom: 1.6, rotate: views[view] });
  var thumb = new Zdog.Illustration({ element: '#thumb', zoom: 0.6, rotate: views[view] });

  function status(s) { document.getElementById('status').textContent = s; }

  var xhr = new XMLHttpRequest();
  xhr.open('GET', 'data/model.json');
  xhr.responseType = 'json';
  xhr.onload = function () {
    var model = xhr.response;
    document.getElementById('model').textContent = model.name + ' — ' + view + ' view, ' + finish + ' finish';
    var list = document.getElementById('parts');
    model.parts.forEach(function (part) {
      var opts = Object.assign({}, part.opts);
      if (part.label === 'Base') opts.color = model.finishes[finish] || opts.color;
      new Zdog[part.kind](Object.assign({ addTo: stage }, opts));
      new Zdog[part.kind](Object.assign({}, opts, { addTo: thumb }));
      var li = document.createElement('li');
      li.textContent = part.label + ' (' + part.kind + ')';
      list.appendChild(li);
    });
    var steps = 0;
    (function turn() {
      stage.rotate.y += 0.15;
      stage.updateRenderGraph();
      thumb.updateRenderGraph();
      if (++steps < 4) {
        setTimeout(turn, 60);
        return;
      }
      var ds = Array.prototype.map.call(document.querySelectorAll('#stage path'), function (p) { return p.getAttribute('d'); });
      document.getElementById('paths').textContent = ds.slice(0, 6).join('\n');
      status(ds.length + ' paths after ' + steps + ' steps, rotate.y ' + stage.rotate.y.toFixed(2));
    })();
  };
  xhr.onerror = function () { status('model failed to load'); };
  xhr.send();
})();
