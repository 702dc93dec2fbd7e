/** Derived views: pure functions of the match state that both the server and the phones use. */
export * from './views/presence';
export * from './views/seating';
export * from './views/outcome';
export * from './views/minimumPlay';
export * from './views/nextActions';
