// Store Locator: a page with no hash route that opts in to the crawling scheme
// with <meta name="fragment" content="!">, built with the plain DOM API.
(function () {
  'use strict';
  var DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

  function hhmm(minutes) {
    var h = Math.floor(minutes / 60), m = minutes % 60;
    return (h < 10 ? '0' : '') + h + ':' + (m < 10 ? '0' : '') + m;
  }

  function card(store) {
    var tpl = document.getElementById('store-card');
    var node = document.importNode(tpl.content, true);
    node.querySelector('.name').textContent = store.name;
    node.querySelector('.address').textContent = store.street + ', ' + store.city;
    var body = node.querySelector('tbody');
    store.hours.forEach(function (span, i) {
      var tr = document.createElement('tr');
      var day = document.createElement('th');
      day.textContent = DAYS[i];
      var time = document.createElement('td');
      if (span) {
        time.textContent = hhmm(span[0]) + '–' + hhmm(span[1]);
      } else {
        time.textContent = 'closed';
        tr.classList.add('closed');
      }
      tr.appendChild(day);
      tr.appendChild(time);
      body.appendChild(tr);
    });
    return node;
  }

  var xhr = new XMLHttpRequest();
  xhr.open('GET', 'data/stores.json');
  xhr.onload = function () {
    var stores = JSON.parse(xhr.responseText);
    var frag = document.createDocumentFragment();
    stores.forEach(function (s) { frag.appendChild(card(s)); });
    document.getElementById('stores').appendChild(frag);
    window.setTimeout(function () {
      document.getElementById('intro').textContent = stores.length + ' stores found.';
    }, 30);
  };
  xhr.send();
})();
