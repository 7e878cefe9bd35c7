export * from './http.js';
export * from './errors.js';
export * from './types.js';
export * from './auth.js';
export { readToken, clearTokens, saveTokens } from './token-store.js';
export { call, callDownload, callFile } from './call.js';
