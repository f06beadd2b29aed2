// For the conf-*.html pages: an external module script, counted per URL each time it runs.
var runs = window.confModuleRuns = window.confModuleRuns || {};
var label = import.meta.url.replace(/^[^?]*\??/, '');
runs[label] = (runs[label] || 0) + 1;
(window.confLog = window.confLog || []).push('module-' + label + ':' + document.readyState + ':' + (document.currentScript === null));
export const value = 42;
