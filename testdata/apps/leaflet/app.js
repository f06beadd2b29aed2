// Trail map: Leaflet 1.9 without tiles (offline): a GeoJSON layer of
// trails (polylines through the SVG renderer) and huts (circle markers),
// popups bound to features, the selected trail (#!/trails/<id>) fitted and
// its popup opened, a scale control and a custom legend control.
(function () {
  'use strict';
  var map = L.map('map', { zoomControl: true, attributionControl: true }).setView([58.9, 5.7], 10);
  map.attributionControl.setPrefix('Leaflet');
  map.attributionControl.addAttribution('Trails © Coast Trust');
  L.control.scale({ imperial: false }).addTo(map);

  var Legend = L.Control.extend({
    onAdd: function () {
      var div = L.DomUtil.create('div', 'legend');
      div.innerHTML = '<b>Legend</b><br><span class="easy">easy</span> · <span class="hard">hard</span>';
      return div;
    }
  });
  new Legend({ position: 'bottomleft' }).addTo(map);

  function selected() {
    var m = /^#!\/trails\/([\w-]+)$/.exec(location.hash);
    return m ? m[1] : null;
  }

  fetch('data/trails.geojson').then(function (r) { return r.json(); }).then(function (gj) {
    var byId = {};
    var layer = L.geoJSON(gj, {
      style: function (f) { return { color: f.properties.grade === 'hard' ? '#c00' : '#070', weight: 4, className: 'trail trail-' + f.properties.id }; },
      pointToLayer: function (f, latlng) { return L.circleMarker(latlng, { radius: 6, className: 'hut' }); },
      onEachFeature: function (f, l) {
        byId[f.properties.id] = l;
        var p = f.properties;
        l.bindPopup(p.km ? '<h3>' + p.name + '</h3><p class="km">' + p.km + ' km, ' + p.grade + '</p>' : '<h3>' + p.name + '</h3><p>Hut, ' + p.beds + ' beds</p>');
      }
    }).addTo(map);
    var trails = gj.features.filter(function (f) { return f.properties.km; });
    document.getElementById('list').innerHTML = trails.map(function (f) {
      return '<li><a href="#!/trails/' + f.properties.id + '">' + f.properties.name + '</a> (' + f.properties.km + ' km)</li>';
    }).join('');
    var id = selected(), chosen = id && byId[id];
    if (chosen) {
      map.fitBounds(chosen.getBounds(), { animate: false });
      chosen.openPopup();
    }
    document.getElementById('status').textContent = trails.length + ' trails, ' + (gj.features.length - trails.length) + ' huts, bounds ' +
      layer.getBounds().toBBoxString().split(',').map(function (n) { return Number(n).toFixed(2); }).join(', ');
    document.title = (chosen ? chosen.feature.properties.name + ' · ' : '') + 'Coastal trails';
  });
})();
