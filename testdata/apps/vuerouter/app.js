// League: Vue 3 + vue-router (hash history whose base ends in '#!', so
// routes live in #!/...) + Pinia. Nested routes with params and props, a
// global beforeEach guard, a route-level async component whose template is
// fetched, meta titles, a Pinia store with getters and async actions.
(function () {
  'use strict';
  var useLeague = Pinia.defineStore('league', {
    state: function () { return { name: '', teams: [], loaded: false, details: {} }; },
    getters: {
      teamCount: function (s) { return s.teams.length; },
      ranked: function (s) { return s.teams.slice().sort(function (a, b) { return b.points - a.points || a.name.localeCompare(b.name); }); }
    },
    actions: {
      load: async function () {
        if (this.loaded) return;
        var res = await fetch('data/league.json');
        var data = await res.json();
        this.name = data.name; this.teams = data.teams; this.loaded = true;
      },
      loadTeam: async function (id) {
        if (this.details[id]) return this.details[id];
        var res = await fetch('data/teams/' + id + '.json');
        if (!res.ok) throw new Error('no team ' + id);
        this.details[id] = await res.json();
        return this.details[id];
      }
    }
  });

  var Table = {
    template: '<table class="table"><tr v-for="(t, i) in store.ranked" :key="t.id" :class="{ top: i === 0 }">' +
      '<td>{{ i + 1 }}</td><td><router-link :to="{ name: \'team\', params: { id: t.id } }">{{ t.name }}</router-link></td><td>{{ t.points }}</td></tr></table>',
    setup: function () { return { store: useLeague() }; }
  };

  var Team = {
    props: ['id'],
    template: '<section class="team" v-if="team"><h2>{{ team.name }}</h2><p class="ground">{{ team.ground }}, founded {{ team.founded }}</p>' +
      '<nav class="tabs"><router-link :to="{ name: \'players\', params: { id } }">Players</router-link> <router-link :to="{ name: \'fixtures\', params: { id } }">Fixtures</router-link></nav>' +
      '<router-view :team="team"></router-view></section><p v-else class="loading">Loading team…</p>',
    setup: function (props) {
      var store = useLeague();
      var team = Vue.ref(null);
      Vue.watch(function () { return props.id; }, function (id) {
        team.value = null;
        store.loadTeam(id).then(function (t) { team.value = t; document.title = t.name + ' · ' + store.name; });
      }, { immediate: true });
      return { team: team };
    }
  };

  var Players = {
    props: ['team'],
    template: '<ul class="players"><li v-for="p in sorted" :key="p.no" :class="{ captain: p.captain }">#{{ p.no }} {{ p.name }}<span v-if="p.captain"> (C)</span></li></ul>',
    computed: { sorted: function () { return this.team.players.slice().sort(function (a, b) { return a.no - b.no; }); } }
  };

  // A lazily loaded route component, its template fetched on first use.
  var Fixtures = function () {
    return fetch('data/fixtures.html').then(function (r) { return r.text(); }).then(function (tpl) {
      return { props: ['team'], template: tpl };
    });
  };

  var About = { template: '<p class="about">A small league.</p>' };

  var router = VueRouter.createRouter({
    history: VueRouter.createWebHashHistory(location.pathname + '#!'),
    routes: [
      { path: '/', component: Table, meta: { title: 'Table' } },
      { path: '/about', component: About, meta: { title: 'About' } },
      { path: '/teams/:id', name: 'team', component: Team, props: true, redirect: function (to) { return { name: 'players', params: to.params }; },
        children: [
          { path: 'players', name: 'players', component: Players, props: true },
          { path: 'fixtures', name: 'fixtures', component: Fixtures, props: true }
        ] }
    ]
  });

  var navs = Vue.ref(0);
  router.beforeEach(function (to) {
    navs.value++;
    return useLeague().load().then(function () { return true; });
  });
  router.afterEach(function (to) {
    if (to.meta.title) document.title = to.meta.title + ' · League';
  });

  var app = Vue.createApp({
    setup: function () {
      var store = useLeague();
      return {
        store: store, navs: navs,
        league: store,
        leader: Vue.computed(function () { return store.ranked[0] || {}; })
      };
    }
  });
  app.use(Pinia.createPinia());
  app.use(router);
  router.isReady().then(function () { app.mount('#app'); });
})();
