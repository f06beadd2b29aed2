// The words import.meta.url in this comment are not code.
export const url = import.meta.url;
export const said = 'import.meta.url is this module\'s URL';
export const saidDouble = "import.meta";
export const templ = `import.meta.url is ${import.meta.url.split('/').pop()}`;
export const nested = `a ${`b ${import.meta.url.endsWith('meta.js')} import.meta`} c`;
export const re = /import.meta.url/.source;
export const resolved = import.meta.resolve('./other.js').split('/').pop();
