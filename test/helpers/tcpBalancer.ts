import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A minimal TCP load balancer without sticky sessions: each new connection goes to the first backend (in this
 * balancer's order of preference) that accepts it. With WebSocket-only Socket.IO that is all a deployment needs;
 * when a backend dies, its phones' reconnections land on the next one.
 */
export class TcpBalancer {
  readonly #server: Server;
  readonly #open = new Set<Socket>();
  port = 0;

  constructor(private readonly backends: number[]) {
    this.#server = createServer((client) => this.#route(client, 0));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    this.port = address.port;
    return this.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  #route(client: Socket, index: number): void {
    const port = this.backends[index];
    if (port === undefined) {
      client.destroy();
      return;
    }
    client.pause();
    const upstream = connect(port, '127.0.0.1');
    let connected = false;
    upstream.once('error', () => {
      if (!connected) this.#route(client, index + 1); // refused: that backend is down, try the next
    });
    upstream.once('connect', () => {
      connected = true;
      this.#open.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      client.resume();
      const close = () => {
        client.destroy();
        upstream.destroy();
        this.#open.delete(client);
        this.#open.delete(upstream);
      };
      client.once('close', close);
      upstream.once('close', close);
      client.on('error', close);
      upstream.on('error', close);
    });
  }

  async close(): Promise<void> {
    for (const s of this.#open) s.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
