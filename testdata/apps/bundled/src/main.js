// Projects dashboard: modern source (ES modules, classes with private fields,
// async/await, optional chaining) shipped as one IIFE bundle built by esbuild.
import mitt from 'mitt';
import { Api, HttpError } from './api.js';
import { projectDetail, projectList } from './views.js';
import { plural } from './format.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class Router {
  #bus;
  constructor(bus) {
    this.#bus = bus;
    window.addEventListener('hashchange', () => this.dispatch());
  }
  get route() {
    const [, id] = /^#!\/projects\/([\w-]+)$/.exec(location.hash) ?? [];
    return id ? { name: 'project', id } : { name: 'home' };
  }
  dispatch() {
    this.#bus.emit('route', this.route);
  }
}

class Dashboard {
  static title = 'Projects';
  #api = new Api();
  #root;
  #projects = [];

  constructor(root, bus) {
    this.#root = root;
    bus.on('route', (r) => this.show(r).catch((err) => this.fail(err)));
  }

  async show(route) {
    this.#projects = await this.#api.projects();
    const current = route.name === 'project' ? route.id : null;
    const detail = current ? await this.#api.project(current) : null;
    await sleep(20); // let the skeleton paint, like real dashboards do
    this.#root.innerHTML = `
      <header><h1>${Dashboard.title}</h1>
        <p class="count">${plural(this.#projects.length, 'active project')}</p></header>
      ${projectList(this.#projects, current)}
      ${detail ? projectDetail(detail) : '<p class="hint">Select a project.</p>'}`;
    document.title = detail?.name ? `${detail.name} · ${Dashboard.title}` : Dashboard.title;
  }

  fail(err) {
    const status = err instanceof HttpError ? err.status : 500;
    this.#root.innerHTML = `<p class="error">Could not load (${status}).</p>`;
  }
}

const bus = mitt();
const root = document.getElementById('app');
new Dashboard(root, bus);
new Router(bus).dispatch();
