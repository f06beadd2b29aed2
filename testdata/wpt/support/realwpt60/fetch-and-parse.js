import "./parse-error.js";
import "./absent.js";
