/** The public face of the engine: everything the server and the client use comes through here. */
export * from './league';
export * from './settings';
export * from './match';
export * from './commands';
export * from './events';
export * from './state';
export * from './engine/refusal';
export { decide } from './engine/decide';
export { type Copies, evolve, fold, spreadCopies } from './engine/evolve';
export { namedCopies } from './engine/copies';
export * from './views';
