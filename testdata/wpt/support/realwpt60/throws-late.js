evalLog.push("throws-late");
throw new RangeError("late");
