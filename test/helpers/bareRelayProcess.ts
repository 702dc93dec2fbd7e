import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The bench's bare relay (bench/bareRelay.ts) in a process of its own on a free port, run through tsx as the bench
 * runs it but without the bench's node flags (SERVER_NODE_FLAGS), which only tune its GC for measuring. `env` adds to
 * the test process's environment (RELAY_DURABLE=1 and its Redis for the durable floor).
 */
export async function startBareRelay(env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bareRelay.ts'], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /\(port (\d+)\)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`relay exited (${code}): ${output}`)));
  });
  return { child, port };
}
