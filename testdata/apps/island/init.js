// The page's islands bundle: <is-land> itself, and the framework
// initialisations its islands name in their type attribute.
import { Island } from '/node_modules/@11ty/is-land/is-land.js';

// A Preact island: its server markup is hydrated by the module the island
// names in its import attribute.
Island.addInitType('preact-ssr', async (target) => {
  const mod = await import(target.getAttribute('import'));
  mod.default(target);
});

// A petite-vue island: the island element holds the v-scope.
Island.addInitType('petite-vue', async (target) => {
  const { createApp } = await import('petite-vue');
  createApp({ mounted: true }).mount(target);
});

// The #! state: #!/comments opens the comments island as a reader's click
// would (it hydrates on interaction).
function route() {
  if (location.hash.startsWith('#!/comments')) {
    document.querySelector('#comments .show').click();
  }
}
addEventListener('hashchange', route);
setTimeout(route, 50);
