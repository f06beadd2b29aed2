// The app of a server-rendered Vue 3 page: render.mjs renders it with
// @vue/server-renderer into index.html, and the page hydrates that markup
// with createSSRApp from the state the server embedded. Shared by both:
// a factory taking Vue and the state.
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory;
  else root.makeLibraryApp = factory;
})(this, function makeLibraryApp(Vue, state) {
  const { createSSRApp, ref, computed, onMounted } = Vue;
  const onServer = typeof window === 'undefined';

  const Availability = {
    props: ['id'],
    async setup(props) {
      // The server has no loan data: it renders "checking"; the client
      // fetches before this part hydrates (Suspense).
      if (onServer) return { copies: null };
      const r = await fetch('data/availability.json');
      const all = await r.json();
      return { copies: all[props.id] };
    },
    template: `<p class="availability">{{ copies == null ? 'Checking shelves…' : copies + ' copies on the shelf' }}</p>`,
  };

  const BookRow = {
    props: ['book', 'selected'],
    template: `<li :class="{ selected }" :data-id="book.id"><a :href="'#!/books/' + book.id">{{ book.title }}</a>
      <span class="author">{{ book.author }}</span>
      <template v-if="book.tags.length"><span v-for="t in book.tags" :key="t" class="tag">{{ t }}</span></template>
      <em v-else class="tag none">no tags</em></li>`,
  };

  return createSSRApp({
    components: { BookRow, Availability },
    setup() {
      const books = ref(state.books);
      const selected = ref(null);
      const detail = ref(null);
      const mode = ref(onServer ? 'server' : 'client');
      const filter = ref('');
      const shown = computed(() => books.value.filter((b) => b.title.toLowerCase().includes(filter.value)));
      async function open(id) {
        selected.value = id;
        detail.value = null;
        if (!id) return;
        const r = await fetch('data/book-' + id + '.json');
        detail.value = r.ok ? await r.json() : { title: 'Not found', summary: '' };
      }
      function route() {
        const m = /^#!\/books\/([\w-]+)/.exec(location.hash);
        open(m ? m[1] : null);
      }
      onMounted(() => {
        route();
        window.addEventListener('hashchange', route);
        setTimeout(async () => {
          const r = await fetch('data/new-arrivals.json');
          books.value = books.value.concat(await r.json());
        }, 200);
      });
      return { books, selected, detail, mode, filter, shown, state };
    },
    template: `<header><h1>{{ state.library }}</h1><p class="mode">Rendered by the {{ mode }}</p>
        <input v-model="filter" placeholder="Filter titles"></header>
      <ul class="books"><BookRow v-for="b in shown" :key="b.id" :book="b" :selected="b.id === selected"/></ul>
      <p class="count">{{ shown.length }} books</p>
      <Suspense><Availability :id="selected || 'all'"/><template #fallback><p class="availability">…</p></template></Suspense>
      <Teleport to="#dialogs"><div v-if="selected" class="dialog" role="dialog">
        <h2>{{ detail ? detail.title : 'Loading…' }}</h2>
        <p v-if="detail" class="summary" v-html="detail.summary"></p>
      </div></Teleport>`,
  });
});
