export * from './envelope.js';
export * from './errors.js';
export * from './list.js';
export * from './resource.js';
export * from './permission-def.js';
