// Field notes: a developer blog. The post (#!/posts/<slug>) arrives as JSON
// with HTML inside; JavaScript, CSS and HTML samples are highlighted by
// Prism (manual mode, highlightAllUnder), Python and shell by highlight.js
// (highlightElement on blocks marked with data-lang), and images are lazy-loaded by
// lazysizes (data-src, class lazyload; both images are in the first
// viewport: bangsnap has no layout positions, see KNOWN_GAPS).
(function () {
  'use strict';
  var m = /^#!\/posts\/([\w-]+)$/.exec(location.hash);
  var slug = m ? m[1] : 'tide-tables';
  var xhr = new XMLHttpRequest();
  xhr.open('GET', 'data/' + slug + '.json');
  xhr.onload = function () {
    var post = JSON.parse(xhr.responseText);
    var art = document.getElementById('post');
    art.innerHTML = '<h2>' + post.title + '</h2>' + post.html;
    Prism.highlightAllUnder(art);
    art.querySelectorAll('pre code[data-lang]').forEach(function (el) {
      el.classList.add('language-' + el.dataset.lang);
      hljs.highlightElement(el);
    });
    document.getElementById('stats').textContent = art.querySelectorAll('.token').length > 0 ? 'Prism tokens: ' +
      art.querySelectorAll('.token.keyword').length + ' keywords, ' + art.querySelectorAll('.token.string').length + ' strings; hljs: ' +
      art.querySelectorAll('[class^="hljs-"]').length + ' spans (' + hljs.listLanguages().length + ' languages)' : 'no highlighting';
    document.title = post.title + ' · Field notes';
  };
  xhr.send();
})();
