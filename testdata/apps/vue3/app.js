// Film Club: Vue 3 global build with the template compiled in the page.
(function () {
  'use strict';
  var DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  var MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

  function getJSON(url) {
    return new Promise(function (resolve, reject) {
      var xhr = new XMLHttpRequest();
      xhr.open('GET', url);
      xhr.responseType = 'json';
      xhr.onload = function () {
        if (xhr.status === 200) { resolve(xhr.response); } else { reject(new Error('HTTP ' + xhr.status)); }
      };
      xhr.onerror = function () { reject(new Error('network error')); };
      xhr.send();
    });
  }

  Vue.createApp({
    data: function () {
      return { club: 'Film Club', movies: [], shownDecades: [], selectedId: null, movie: null, notice: '', sortKey: '', sortedBy: '' };
    },
    computed: {
      decades: function () {
        var set = {};
        this.movies.forEach(function (m) { set[Math.floor(m.year / 10) * 10] = true; });
        return Object.keys(set).map(Number).sort();
      },
      visibleMovies: function () {
        var shown = this.shownDecades, key = this.sortedBy;
        var list = this.movies.filter(function (m) { return shown.indexOf(Math.floor(m.year / 10) * 10) >= 0; });
        if (key) {
          list = list.slice().sort(function (a, b) { return a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0; });
        }
        return list;
      },
      totalMinutes: function () {
        return this.movies.reduce(function (sum, m) { return sum + m.minutes; }, 0);
      }
    },
    methods: {
      // The form's submit handler (a listener Vue keeps under a symbol on
      // the form element) and the select's v-model.
      applySort: function () { this.sortedBy = this.sortKey; },
      runtime: function (min) { return Math.floor(min / 60) + 'h ' + String(min % 60).padStart(2, '0') + 'm'; },
      formatDay: function (iso) {
        var d = new Date(iso);
        return DAYS[d.getUTCDay()] + ' ' + d.getUTCDate() + ' ' + MONTHS[d.getUTCMonth()] + ', ' + iso.slice(11, 16);
      },
      route: function () {
        var m = /^#!\/movies\/(\d+)$/.exec(location.hash);
        this.selectedId = m ? Number(m[1]) : null;
      }
    },
    watch: {
      selectedId: function (id) {
        var vm = this;
        vm.movie = null;
        if (id === null) { return; }
        getJSON('data/movies/' + id + '.json').then(function (movie) {
          vm.movie = movie;
          document.title = movie.title + ' · Film Club';
        }, function (err) { vm.notice = 'Could not load the film: ' + err.message; });
      }
    },
    mounted: function () {
      var vm = this;
      getJSON('data/movies.json').then(function (movies) {
        vm.movies = movies;
        vm.shownDecades = vm.decades.filter(function (d) { return d >= 1960; });
        vm.route();
        vm.sortKey = 'title';
        vm.$nextTick(function () { document.querySelector('form.sort button').click(); });
        setTimeout(function () { vm.notice = 'Members get 20% off on Tuesdays.'; }, 250);
      });
      window.addEventListener('hashchange', function () { vm.route(); });
    }
  }).mount('#app');
})();
