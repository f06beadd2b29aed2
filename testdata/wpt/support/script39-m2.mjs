log.push('m2'); queue('m2');
