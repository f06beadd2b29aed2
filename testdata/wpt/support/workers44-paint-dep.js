export const name = 'workers44-dep';
