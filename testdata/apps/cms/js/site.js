// The site's own script: the article for the #! state (#!/articles/<slug>)
// loaded by fetch, structured data for it, lazy images, related links when
// the browser is idle, and a consent dialog for first visits.
(function () {
  'use strict';
  var article = document.getElementById('article');
  var dateFmt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

  function slugFromHash() {
    var m = /^#!\/articles\/([a-z-]+)$/.exec(location.hash);
    return m ? m[1] : 'quay-jazz';
  }

  var lazy = 'IntersectionObserver' in window ? new IntersectionObserver(function (entries, obs) {
    entries.forEach(function (e) {
      if (!e.isIntersecting) return;
      e.target.src = e.target.getAttribute('data-src');
      e.target.removeAttribute('data-src');
      e.target.classList.add('loaded');
      obs.unobserve(e.target);
    });
  }) : null;

  function structuredData(a) {
    var old = document.getElementById('article-ld');
    if (old) old.remove();
    var s = document.createElement('script');
    s.type = 'application/ld+json';
    s.id = 'article-ld';
    s.textContent = JSON.stringify({
      '@context': 'https://schema.org', '@type': 'NewsArticle', headline: a.headline,
      datePublished: a.published, author: { '@type': 'Person', name: a.author }, keywords: a.tags.join(', ')
    });
    document.head.appendChild(s);
  }

  function render(a) {
    article.innerHTML = '';
    var h = document.createElement('h2');
    h.textContent = a.headline;
    var by = document.createElement('p');
    by.className = 'byline';
    var time = document.createElement('time');
    time.dateTime = a.published;
    time.textContent = dateFmt.format(new Date(a.published));
    by.append('By ' + a.author + ', ', time);
    var body = document.createElement('div');
    body.className = 'body';
    body.innerHTML = a.body;
    var tags = document.createElement('ul');
    tags.className = 'tags';
    a.tags.forEach(function (t) {
      var li = document.createElement('li');
      li.textContent = '#' + t.replace(/\s+/g, '-');
      tags.appendChild(li);
    });
    article.append(h, by, body, tags);
    article.dataset.section = a.section;
    document.title = a.headline + ' – Vestland Culture';
    document.querySelector('meta[name=description]').setAttribute('content', body.querySelector('p').textContent);
    document.querySelectorAll('.sections a').forEach(function (link) {
      link.classList.toggle('current', link.getAttribute('href') === '#!/articles/' + a.slug);
    });
    structuredData(a);
    body.querySelectorAll('img[data-src]').forEach(function (img) {
      if (lazy) lazy.observe(img); else img.src = img.getAttribute('data-src');
    });
    window.dataLayer.push({ event: 'article_view', article: a.slug, section: a.section });
    var idle = window.requestIdleCallback || function (cb) { return setTimeout(cb, 1); };
    idle(function () { related(a.related); });
  }

  function related(slugs) {
    fetch('data/index.json').then(function (r) { return r.json(); }).then(function (all) {
      var list = document.querySelector('.related');
      list.textContent = '';
      all.filter(function (x) { return slugs.indexOf(x.slug) >= 0; }).forEach(function (x) {
        var li = document.createElement('li');
        var a = document.createElement('a');
        a.href = '#!/articles/' + x.slug;
        a.textContent = x.headline;
        li.appendChild(a);
        list.appendChild(li);
      });
    });
  }

  function load() {
    fetch('data/articles/' + slugFromHash() + '.json')
      .then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        return r.json();
      })
      .then(render)
      .catch(function (err) {
        article.innerHTML = '<p class="error">This article could not be loaded (' + err.message + ').</p>';
      });
  }

  // Consent: first visits see the dialog, a moment after the page.
  var consent = document.getElementById('consent');
  if (!/(?:^|; )consent=/.test(document.cookie)) {
    setTimeout(function () {
      if (typeof consent.show === 'function') consent.show();
      else consent.setAttribute('open', '');
      document.documentElement.classList.add('consent-pending');
    }, 300);
  }
  consent.addEventListener('close', function () {
    document.cookie = 'consent=' + consent.returnValue + '; path=/; max-age=31536000';
    document.documentElement.classList.remove('consent-pending');
  });

  window.addEventListener('hashchange', load);
  load();
})();
