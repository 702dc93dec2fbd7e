/**
 * A child process for test/server/quietDebug.test.ts: optionally loads server/quietDebug.ts first (as server/main.ts
 * does), then Socket.IO, switches every `debug` namespace of Engine.IO and Socket.IO on at run time, and makes one
 * real connection and message. Whatever `debug` prints goes to stderr, where the test reads it. Usage:
 *   node --import tsx test/helpers/debugProbe.ts quiet|plain
 */
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const quiet = process.argv[2] === 'quiet';
if (quiet) await import('../../server/quietDebug');
const { Server } = await import('socket.io');
const { io: connect } = await import('socket.io-client');

// Engine.IO's own copy of `debug`, switched on for every namespace now that the loggers exist.
const require = createRequire(import.meta.url);
const debug = require(require.resolve('debug', { paths: [dirname(require.resolve('engine.io'))] })) as { enable(ns: string): void };
debug.enable('engine*,socket.io*');

const server = new Server(0, { transports: ['websocket'] });
server.on('connection', (socket) => socket.on('ping', (ack: (reply: string) => void) => ack('pong')));
const { port } = server.httpServer.address() as AddressInfo;
const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
const reply = await client.timeout(5000).emitWithAck('ping');
client.close();
await server.close();
console.log(JSON.stringify({ reply }));
