import "./throws.js";
evalLog.push("throws-nested");
