export * from './audit.js';
export * from './login-list.js';
export * from './permissions.js';
export * from './roles.js';
export * from './staff.js';
export * from './staff-info.js';
export * from './power-staff.js';
