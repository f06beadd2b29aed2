// Bike Share: Lodash 4 _.template (escape, interpolate, evaluate), groupBy,
// sortBy, sumBy, debounce; data over plain XHR; #! routes a district.
(function () {
  'use strict';
  var districtTpl = _.template(document.getElementById('district-tpl').innerHTML);
  var focusTpl = _.template('<section class="focus"><h2>${name}</h2><p class="ratio">${pct}% full</p></section>');

  function getJSON(url, done) {
    var xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.onload = function () { done(JSON.parse(xhr.responseText)); };
    xhr.send();
  }

  function districtFromHash() {
    var m = /^#!\/districts\/([a-z]+)$/.exec(location.hash);
    return m ? m[1] : null;
  }

  var render = _.debounce(function (stations) {
    var byDistrict = _.groupBy(stations, 'district');
    var wanted = districtFromHash();
    document.getElementById('totals').textContent =
      _.sumBy(stations, 'bikes') + ' bikes at ' + stations.length + ' stations';
    document.getElementById('districts').innerHTML = _.map(_.sortBy(_.keys(byDistrict)), function (d) {
      if (wanted && d !== wanted) { return ''; }
      return districtTpl({ district: _.capitalize(d), stations: _.sortBy(byDistrict[d], ['name']) });
    }).join('');
    var busiest = _.maxBy(wanted ? byDistrict[wanted] : stations, 'bikes');
    getJSON('data/stations/' + busiest.id + '.json', function (s) {
      document.getElementById('focus').innerHTML = focusTpl({
        name: _.escape(s.name), pct: _.round(100 * s.bikes / (s.bikes + s.docks), 1)
      });
    });
  }, 50);

  getJSON('data/stations.json', render);
  setTimeout(function () { document.getElementById('note').textContent = 'Counts refresh every minute.'; }, 200);
})();
