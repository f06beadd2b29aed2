import "./throws-late.js";
evalLog.push("via-mid");
