import "./via-mid.js";
evalLog.push("via-b");
