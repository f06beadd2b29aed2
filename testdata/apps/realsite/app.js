// The Coastal Courier: what a real news page does without a framework:
// a JSON-LD block built from fetched data, lazy images through
// IntersectionObserver, an analytics queue, a consent banner after a timer,
// document.cookie, localStorage-persisted preferences and recently read
// stories, history.pushState within the app, and infinite scroll driven by
// scroll events (nothing scrolls during a render: the first page only).
(function () {
  'use strict';
  function $(sel) { return document.querySelector(sel); }
  function getJSON(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) { throw new Error(url + ': ' + r.status); }
      return r.json();
    });
  }
  function cookie(name) {
    var m = new RegExp('(?:^|; )' + name + '=([^;]*)').exec(document.cookie);
    return m ? decodeURIComponent(m[1]) : null;
  }

  // Cookies: a returning reader is greeted differently.
  var returning = cookie('visitor') !== null;
  document.cookie = 'visitor=' + encodeURIComponent('r-42') + '; path=/; max-age=31536000; samesite=lax';
  $('#greeting').textContent = (returning ? 'Welcome back' : 'Welcome, new reader') +
    (cookie('visitor') === 'r-42' ? ' (cookies on)' : ' (cookies off)');

  // Preferences persisted in localStorage.
  var prefs = JSON.parse(localStorage.getItem('courier.prefs') || '{"size":"medium","edition":"north"}');
  localStorage.setItem('courier.prefs', JSON.stringify(prefs));

  function showPrefs() {
    var recent = JSON.parse(localStorage.getItem('courier.recent') || '[]');
    $('#prefs').innerHTML = '<p class="size">Text size: ' + prefs.size + ', ' + prefs.edition + ' edition</p>' +
      '<p class="recent">Recently read: ' + (recent.length ? recent.join(', ') : 'nothing yet') + '</p>';
  }

  // Lazy images: data-src becomes src when the image comes into view.
  var io = new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (!e.isIntersecting) { return; }
      e.target.src = e.target.dataset.src;
      e.target.classList.add('loaded');
      io.unobserve(e.target);
    });
  }, { rootMargin: '100px' });
  document.querySelectorAll('img[data-src]').forEach(function (img) { io.observe(img); });

  // The story of the #! route; the tab is pushed into the history.
  function slug() {
    var m = /^#!\/articles\/([a-z-]+)(?:\/([a-z]+))?$/.exec(location.hash);
    return m ? { id: m[1], tab: m[2] || '' } : null;
  }
  function showStory() {
    var r = slug();
    if (!r) { return; }
    getJSON('data/articles/' + r.id + '.json').then(function (a) {
      if (!r.tab) {
        history.pushState({ id: a.id, tab: 'story' }, '', '#!/articles/' + a.id + '/story');
      }
      var now = slug();
      $('#story').innerHTML = '<h2></h2><p class="byline"></p><div class="body"></div><p class="tab"></p>';
      $('#story h2').textContent = a.headline;
      $('#story .byline').textContent = 'By ' + a.author + ' · ' + a.words + ' words';
      $('#story .body').innerHTML = a.paragraphs.map(function (p) { return '<p>' + p + '</p>'; }).join('');
      $('#story .tab').textContent = 'Showing the ' + now.tab + ' tab (state ' + (history.state && history.state.tab) + ')';
      document.title = a.headline + ' · The Coastal Courier';
      var ld = document.createElement('script');
      ld.type = 'application/ld+json';
      ld.textContent = JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: a.headline, author: { '@type': 'Person', name: a.author } });
      document.head.appendChild(ld);
      var recent = JSON.parse(localStorage.getItem('courier.recent') || '[]');
      if (recent.indexOf(a.headline) < 0) { recent.unshift(a.headline); }
      localStorage.setItem('courier.recent', JSON.stringify(recent.slice(0, 3)));
      showPrefs();
      ga('send', 'pageview', location.pathname + location.hash);
    });
  }

  // Infinite scroll: the next page loads when the reader nears the end.
  var page = 0, loading = false;
  function loadPage() {
    loading = true;
    $('#latest .more').hidden = false;
    getJSON('data/latest-' + (page + 1) + '.json').then(function (items) {
      page++;
      var ol = $('#latest ol');
      items.forEach(function (it) {
        var li = document.createElement('li');
        li.textContent = it;
        ol.appendChild(li);
      });
      $('#latest .more').hidden = true;
      loading = false;
    });
  }
  window.addEventListener('scroll', function () {
    if (loading || page >= 3) { return; }
    if (window.innerHeight + window.scrollY >= document.body.offsetHeight - 200) { loadPage(); }
  }, { passive: true });

  // The consent banner appears after a moment unless already answered.
  setTimeout(function () {
    if (cookie('consent') === null) { $('#consent').classList.add('shown'); }
  }, 400);
  $('#accept').addEventListener('click', function () {
    document.cookie = 'consent=yes; path=/';
    $('#consent').classList.remove('shown');
  });

  document.documentElement.dataset.ready = document.readyState;
  window.addEventListener('load', function () { document.documentElement.dataset.loaded = 'yes'; });

  window.addEventListener('popstate', showStory);
  showPrefs();
  showStory();
  loadPage();
})();
