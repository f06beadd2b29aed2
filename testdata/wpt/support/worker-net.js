// Reports whether the worker has the network APIs.
postMessage({ fetch: typeof fetch, xhr: typeof XMLHttpRequest, blob: typeof Blob });
