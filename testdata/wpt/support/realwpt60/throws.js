evalLog.push("throws");
throw { which: "throws" };
