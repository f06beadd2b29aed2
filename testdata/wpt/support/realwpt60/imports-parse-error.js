import "./parse-error.js";
window.ranImporter = true;
