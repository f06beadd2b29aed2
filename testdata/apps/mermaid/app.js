// A route map drawn by mermaid from fetched data: the #! state picks the
// route; the flowchart's text is built from its stops and legs, and
// mermaid.render lays it out (label sizes from getBBox, edge label
// positions along the paths).
mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });

function routeId() {
  var m = /^#!\/routes\/([a-z-]+)$/.exec(location.hash);
  return m ? m[1] : 'coastal';
}

function isOverview() {
  return location.hash === '#!/overview';
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

// The overview draws every route at once with mermaid.run, which names each
// diagram mermaid-<Date.now()> as it renders them one after another in one
// task: the clock must move with the work of each render for the ids (and
// so the diagrams) to stay apart.
function overview(all) {
  document.title = 'All routes · Ferry routes';
  var sec = document.getElementById('route');
  sec.querySelector('h2').textContent = 'All routes';
  sec.querySelector('.summary').textContent = all.routes.length + ' routes';
  var d = document.getElementById('diagram');
  all.routes.forEach(function (r) {
    var pre = document.createElement('pre');
    pre.className = 'mermaid';
    pre.id = 'map-' + r.id;
    pre.textContent = flowchart(r);
    d.appendChild(pre);
  });
  return mermaid.run({ querySelector: '#diagram .mermaid' }).then(function () {
    var ids = {};
    d.querySelectorAll('pre.mermaid > svg').forEach(function (svg) { ids[svg.id] = true; });
    d.setAttribute('data-ids', String(Object.keys(ids).length));
  });
}

fetch('data/routes.json').then(function (r) { return r.json(); }).then(function (all) {
  var ul = document.getElementById('routes');
  all.routes.forEach(function (r) {
    var li = document.createElement('li');
    var a = document.createElement('a');
    a.href = '#!/routes/' + r.id;
    a.textContent = r.name;
    if (!isOverview() && r.id === routeId()) li.className = 'current';
    li.appendChild(a);
    ul.appendChild(li);
  });
  if (isOverview()) return overview(all);
  var route = all.routes.filter(function (r) { return r.id === routeId(); })[0] || all.routes[0];
  return show(route);
}).then(function () {
  document.getElementById('status').textContent = 'Drawn';
}, function (e) {
  document.getElementById('status').textContent = 'Failed: ' + e.message;
});
