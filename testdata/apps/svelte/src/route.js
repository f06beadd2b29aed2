// routeFrom reads the app's #! state: #!/crags/<id>[/<grade>].
export function routeFrom(hash) {
	const m = /^#!\/crags\/([a-z0-9-]+)(?:\/(\d[a-c]?\+?))?$/.exec(hash);
	return m ? { id: m[1], grade: m[2] || '' } : { id: '', grade: '' };
}

// gradeRank orders French sport grades (5c < 6a < 6a+ < 6b ...).
export function gradeRank(g) {
	const m = /^(\d)([abc]?)(\+?)$/.exec(g);
	if (!m) return 0;
	return Number(m[1]) * 100 + (m[2] ? (m[2].charCodeAt(0) - 96) * 10 : 0) + (m[3] ? 5 : 0);
}
