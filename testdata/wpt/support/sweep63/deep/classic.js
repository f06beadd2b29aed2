// A classic script in another directory: code it compiles at run time
// resolves import() against this script's URL.
window.classicImporter = new Function('s', 'return import(s) // classic 1');
window.classicEvalImport = (s) => (0, eval)('import(' + JSON.stringify(s) + ') // classic 2');
window.classicLater = () => new Function('s', 'return import(s) // classic 3');
