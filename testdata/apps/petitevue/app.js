// Book Club: petite-vue 0.4 over server HTML: v-scope with a reactive store,
// v-for/v-if/v-show/v-html/v-text, :class, @vue:mounted, a nested v-scope
// component, fetch; #! routes a book.
(function () {
  'use strict';
  function bookId() {
    var m = /^#!\/books\/([a-z-]+)$/.exec(location.hash);
    return m ? m[1] : null;
  }

  function Votes(votes) {
    return {
      votes: votes,
      get average() {
        var sum = votes.reduce(function (a, b) { return a + b; }, 0);
        return (sum / votes.length).toFixed(1);
      }
    };
  }

  PetiteVue.createApp({
    Votes: Votes,
    club: 'Thursday Book Club',
    books: [],
    book: null,
    current: bookId(),
    footer: '',
    get finished() { return this.books.filter(function (b) { return b.finished; }).length; },
    load: function () {
      var self = this;
      fetch('data/books.json').then(function (r) { return r.json(); }).then(function (list) { self.books = list; });
      this.loadBook();
      addEventListener('hashchange', function () { self.current = bookId(); self.loadBook(); });
      setTimeout(function () { self.footer = 'We meet at the library, room 4.'; }, 90);
    },
    loadBook: function () {
      var self = this;
      if (!this.current) { this.book = null; return; }
      fetch('data/books/' + this.current + '.json').then(function (r) { return r.json(); })
        .then(function (b) { self.book = b; });
    }
  }).mount('#club');
})();
