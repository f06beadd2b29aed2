// A module that makes its import() with the Function constructor, as
// Stencil's lazy loader does (hidden from bundlers): the specifier
// resolves against this module's URL, the active module when the
// function was made. Each source is unique: V8 caches the functions it
// compiles by their source text, with the referrer of the first.
export const importer = new Function('s', 'return import(s) // loader 1');
export function makeImporter(tag) { return new Function('s', 'return import(s) // loader ' + tag); }
export function evalImport(s) { return (0, eval)('import(' + JSON.stringify(s) + ') // loader 3'); }
export function directEvalImport(s) { return eval('import(s) // loader 4'); }
export const arrowImporter = new Function('return (s) => import(s) // loader 5')();
