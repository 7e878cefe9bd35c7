export * from './accounts.js';
export * from './posting-rules.js';
