// A diagram viewer: the list of diagrams comes over XHR, the chosen
// diagram's nomnoml source over fetch; the #! state picks the diagram and
// its direction (#!/diagrams/ingest/down). nomnoml lays the classifiers
// out (graphre) from their text sizes, which it measures with a canvas
// context's measureText, and writes the SVG; a timer then draws the same
// diagram on a canvas thumbnail and lists the parsed classifiers.
(function () {
  'use strict';
  var m = /^#!\/diagrams\/([\w-]+)(?:\/(right|down))?/.exec(location.hash) || [];
  var id = m[1] || 'checkout';
  var direction = m[2];

  function status(s) { document.getElementById('status').textContent = s; }

  var xhr = new XMLHttpRequest();
  xhr.open('GET', 'data/index.json');
  xhr.responseType = 'json';
  xhr.onload = function () {
    var list = xhr.response.diagrams;
    var nav = document.getElementById('nav');
    list.forEach(function (d) {
      var a = document.createElement('a');
      a.href = '#!/diagrams/' + d.id;
      a.textContent = d.title;
      if (d.id === id) a.className = 'current';
      nav.appendChild(a);
      nav.appendChild(document.createTextNode(' '));
    });
    var chosen = list.filter(function (d) { return d.id === id; })[0];
    if (!chosen) { status('No diagram ' + id); return; }
    document.getElementById('title').textContent = chosen.title;
    fetch('data/' + chosen.file).then(function (r) { return r.text(); }).then(function (src) {
      if (direction) src = '#direction: ' + direction + '\n' + src;
      document.getElementById('diagram').innerHTML = nomnoml.renderSvg(src);
      setTimeout(function () {
        nomnoml.draw(document.getElementById('thumb'), src, 0.5);
        var ast = nomnoml.parse(src);
        var parts = document.getElementById('parts');
        ast.root.nodes.forEach(function (n) {
          var li = document.createElement('li');
          li.textContent = n.id + ' (' + n.type.toLowerCase() + ')';
          parts.appendChild(li);
        });
        var svg = document.querySelector('#diagram svg');
        status(ast.root.nodes.length + ' classifiers, ' + ast.root.assocs.length + ' associations, ' +
          svg.getAttribute('width') + '×' + svg.getAttribute('height'));
      }, 80);
    }).catch(function (e) { status('Failed: ' + e.message); });
  };
  xhr.send();
})();
