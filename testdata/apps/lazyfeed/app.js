// Coast photos: an infinite feed as sites build it without scroll events
// at load: pages of cards (#!/feed/<topic>) are fetched while the page is
// shorter than two screens (document.documentElement.scrollHeight against
// innerHeight), and each card's photo is lazy-loaded by lazysizes, which
// loads the images near the viewport (getBoundingClientRect) only. How
// many pages load and which photos load depend on where things lie.
(function () {
  'use strict';
  var m = /^#!\/feed\/([\w-]+)$/.exec(location.hash);
  var topic = m ? m[1] : 'harbours';
  var feed = document.getElementById('feed');
  var status = document.getElementById('status');
  var pages = 0, cards = 0, last = 8;

  function card(c) {
    var a = document.createElement('article');
    a.className = 'card';
    a.innerHTML = '<h2></h2><img class="lazyload" alt="" width="400" height="180"><p></p>';
    a.querySelector('h2').textContent = c.title;
    a.querySelector('img').setAttribute('data-src', 'img/' + c.image + '.svg');
    a.querySelector('p').textContent = c.caption;
    return a;
  }

  function loadPage() {
    var n = pages + 1;
    return fetch('data/' + topic + '-' + n + '.json').then(function (r) {
      if (!r.ok) throw new Error('page ' + n + ': ' + r.status);
      return r.json();
    }).then(function (page) {
      page.cards.forEach(function (c) { feed.appendChild(card(c)); cards++; });
      pages = n;
      document.getElementById('topic').textContent = page.topic;
      if (document.documentElement.scrollHeight < innerHeight * 2 && pages < last) {
        return loadPage();
      }
    });
  }

  loadPage().then(function () {
    status.textContent = 'Showing ' + cards + ' photos from ' + pages + ' pages';
    document.title = document.getElementById('topic').textContent + ' · Coast photos';
  }, function (e) {
    status.textContent = 'Failed: ' + e.message;
  });
})();
