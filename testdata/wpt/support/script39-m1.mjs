log.push('m1'); queue('m1');
