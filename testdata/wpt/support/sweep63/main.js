// The entry of a module graph whose modules sit in other directories.
import { makeImporter } from './lib/loader.js';
export const mainImporter = new Function('s', 'return import(s) // main 1');
export { makeImporter };
