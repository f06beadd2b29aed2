await null;
throw new RangeError('thrown after await');
