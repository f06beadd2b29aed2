import "./missing-export.js";
import "./imports-parse-error.js";
