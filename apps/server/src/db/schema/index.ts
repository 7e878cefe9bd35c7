// The drizzle schema, one file per area. Modules add their own files and export them here.
export * from './stores.js';
export * from './levels.js';
export * from './staff.js';
export * from './access.js';
export * from './sessions.js';
export * from './system.js';
export * from './counterparties.js';
export * from './company.js';
export * from './options.js';
export * from './codes.js';
export * from './articles.js';
export * from './blacklist.js';
export * from './ledger.js';
export * from './customers.js';
export * from './loans.js';
export * from './members.js';
export * from './form-layouts.js';
