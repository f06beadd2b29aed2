// A route map drawn by mermaid from fetched data: the #! state picks the
// route; the flowchart's text is built from its stops and legs, and
// mermaid.render lays it out (label sizes from getBBox, edge label
// positions along the paths).
mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });

function routeId() {
  var m = /^#!\/routes\/([a-z-]+)$/.exec(location.hash);
  return m ? m[1] : 'coastal';
}

function flowchart(route) {
  var lines = ['flowchart TD'];
  route.stops.forEach(function (s) {
    lines.push('  ' + s.id + (s.hub ? '{' + s.name + '}' : '[' + s.name + ']'));
  });
  route.legs.forEach(function (l) {
    lines.push('  ' + l.from + ' -->|' + l.minutes + ' min| ' + l.to);
  });
  return lines.join('\n');
}

function show(route) {
  document.title = route.name + ' · Ferry routes';
  var sec = document.getElementById('route');
  sec.querySelector('h2').textContent = route.name;
  var total = route.legs.reduce(function (t, l) { return t + l.minutes; }, 0);
  sec.querySelector('.summary').textContent = route.stops.length + ' stops, ' + total + ' minutes';
  return mermaid.render('route-map', flowchart(route)).then(function (out) {
    var d = document.getElementById('diagram');
    d.innerHTML = out.svg;
    d.setAttribute('data-legs', String(d.querySelectorAll('g.edgeLabel').length));
  });
}

fetch('data/routes.json').then(function (r) { return r.json(); }).then(function (all) {
  var ul = document.getElementById('routes');
  all.routes.forEach(function (r) {
    var li = document.createElement('li');
    var a = document.createElement('a');
    a.href = '#!/routes/' + r.id;
    a.textContent = r.name;
    if (r.id === routeId()) li.className = 'current';
    li.appendChild(a);
    ul.appendChild(li);
  });
  var route = all.routes.filter(function (r) { return r.id === routeId(); })[0] || all.routes[0];
  return show(route);
}).then(function () {
  document.getElementById('status').textContent = 'Drawn';
}, function (e) {
  document.getElementById('status').textContent = 'Failed: ' + e.message;
});
