// Allotment handbook: markdown pages fetched as text, rendered with marked
// (GFM: tables, task lists, fenced code), sanitized with DOMPurify (with a
// hook that opens outside links in a new tab) and inserted with innerHTML;
// a table of contents is built from the rendered headings.
(function () {
  'use strict';
  marked.use({ gfm: true, breaks: false });

  DOMPurify.addHook('afterSanitizeAttributes', function (node) {
    if (node.tagName === 'A' && /^https?:/.test(node.getAttribute('href') || '')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener');
    }
  });

  function slug(s) {
    return s.toLowerCase().replace(/[^\w]+/g, '-').replace(/^-|-$/g, '');
  }

  function pageName() {
    var m = /^#!\/docs\/([\w-]+)$/.exec(location.hash);
    return m ? m[1] : 'welcome';
  }

  function show(pages) {
    var name = pageName();
    document.getElementById('pages').innerHTML = pages.map(function (p) {
      return '<li' + (p.slug === name ? ' class="current"' : '') + '><a href="#!/docs/' + p.slug + '">' + p.title + '</a></li>';
    }).join('');
    fetch('docs/' + name + '.md').then(function (res) {
      if (!res.ok) { throw new Error('HTTP ' + res.status); }
      return res.text();
    }).then(function (md) {
      var html = DOMPurify.sanitize(marked.parse(md), { ADD_ATTR: ['target'] });
      var main = document.querySelector('main.doc');
      main.innerHTML = html;
      var toc = document.getElementById('toc');
      toc.textContent = '';
      main.querySelectorAll('h2').forEach(function (h) {
        h.id = slug(h.textContent);
        var li = document.createElement('li');
        var a = document.createElement('a');
        a.href = '#' + h.id;
        a.textContent = h.textContent;
        li.appendChild(a);
        toc.appendChild(li);
      });
      var done = main.querySelectorAll('input[type=checkbox]:checked').length;
      var all = main.querySelectorAll('input[type=checkbox]').length;
      document.getElementById('foot').textContent = done + ' of ' + all + ' jobs done · DOMPurify ' + DOMPurify.version +
        (DOMPurify.removed.length ? ' · ' + DOMPurify.removed.length + ' unsafe parts removed' : '');
      var h1 = main.querySelector('h1');
      document.title = (h1 ? h1.textContent : name) + ' · Handbook';
    }).catch(function (err) {
      document.querySelector('main.doc').textContent = 'Could not load ' + name + ': ' + err.message;
    });
  }

  fetch('docs/index.json').then(function (r) { return r.json(); }).then(function (pages) {
    show(pages);
    window.addEventListener('hashchange', function () { show(pages); });
  });
})();
