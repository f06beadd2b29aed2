// The data layer: async functions over fetch with a small in-memory cache.
export class HttpError extends Error {
  constructor(url, status) {
    super(`${url}: HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
  }
}

export class Api {
  #cache = new Map();
  #base;

  constructor(base = 'data/') {
    this.#base = base;
  }

  async get(path) {
    const url = this.#base + path;
    if (this.#cache.has(url)) return this.#cache.get(url);
    const res = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new HttpError(url, res.status);
    const body = await res.json();
    this.#cache.set(url, body);
    return body;
  }

  projects() {
    return this.get('projects.json');
  }

  project(id) {
    return this.get(`projects/${encodeURIComponent(id)}.json`);
  }
}
