import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore, embeddedMatchFile } from '../../server/store/embeddedStore';
import { describeMatchStoreContract, type Ans, type Ev, type Meta, type Snap, type TestStore } from './contract';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ln-embedded-'));
  dirs.push(dir);
  return dir;
}
const open = (dir: string) => createEmbeddedStore<Ev, Snap, Meta, Ans>({ dir });

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describeMatchStoreContract('embedded', () => {
  const dirOf = new Map<TestStore, string>();
  return {
    async open() {
      const dir = await tempDir();
      const store = await open(dir);
      dirOf.set(store, dir);
      return store;
    },
    async reopen(store) {
      const dir = dirOf.get(store);
      if (!dir) throw new Error('store not opened by this harness');
      await store.close();
      const reopened = await open(dir);
      dirOf.set(reopened, dir);
      return reopened;
    },
    async cleanup() {
      await Promise.all([...dirOf.keys()].map((s) => s.close()));
    },
  };
});

const META: Meta = { home: 'H', away: 'A' };
const snap = (total: number): Snap => ({ total, seen: [] });

describe('embedded store files', () => {
  it('keeps one JSONL file per match, one record per acknowledged write', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await store.create('m1', META, snap(0));
    await store.append('m1', 0, [{ type: 's', n: 1 }], snap(1), 'c1', { ok: true });
    await store.recordAnswer('m1', 'c2', { ok: false });
    await store.close();
    expect(await readdir(join(dir, 'matches'))).toEqual([embeddedMatchFile(dir, 'm1').split('/').pop()]);
    const lines = (await readFile(embeddedMatchFile(dir, 'm1'), 'utf8')).split('\n');
    expect(lines.map((l) => (l ? (JSON.parse(l) as { t: string }).t : l))).toEqual(['create', 'append', 'answer', '']);
  });

  it('ignores a torn trailing line and truncates it, so later appends stay readable', async () => {
    const dir = await tempDir();
    let store = await open(dir);
    await store.create('m1', META, snap(0));
    await store.append('m1', 0, [{ type: 's', n: 1 }, { type: 's', n: 2 }], snap(3), 'c1', { ok: true, version: 2 });
    await store.putDoc('teams', 't1', { name: 'x' }, null);
    await store.close();
    const file = embeddedMatchFile(dir, 'm1');
    const intact = await readFile(file, 'utf8');
    // What a crash in the middle of writing the next append leaves behind: no newline at the end.
    await appendFile(file, '{"t":"append","v":3,"cmd":"c2","answer":{"ok":tr');
    await appendFile(join(dir, 'docs.jsonl'), '{"t":"doc","c":"teams","id":"t1","rev":2,"do');

    store = await open(dir);
    expect(await store.load('m1')).toEqual({ meta: META, version: 2, snapshot: snap(3) });
    expect(await store.answerFor('m1', 'c2')).toBeNull();
    expect(await store.getDoc('teams', 't1')).toEqual({ rev: 1, doc: { name: 'x' } });
    expect(await readFile(file, 'utf8')).toBe(intact);
    expect(await store.append('m1', 2, [{ type: 's', n: 3 }], snap(6), 'c2', { ok: true, version: 3 })).toEqual({ kind: 'appended', version: 3 });
    expect(await store.putDoc('teams', 't1', { name: 'y' }, 1)).toEqual({ kind: 'ok', rev: 2 });
    await store.close();

    store = await open(dir);
    expect(await store.load('m1')).toEqual({ meta: META, version: 3, snapshot: snap(6) });
    expect((await store.eventsAfter('m1', 0))?.map((e) => e.event.n)).toEqual([1, 2, 3]);
    expect(await store.getDoc('teams', 't1')).toEqual({ rev: 2, doc: { name: 'y' } });
    await store.close();
  });

  it('treats a match file holding only a torn create record as a match that never existed', async () => {
    const dir = await tempDir();
    let store = await open(dir);
    await store.close();
    await writeFile(embeddedMatchFile(dir, 'm1'), '{"t":"create","id":"m1","me');
    store = await open(dir);
    expect(await store.listMatches()).toEqual([]);
    expect(await store.create('m1', META, snap(0))).toBe('created');
    await store.close();
    store = await open(dir);
    expect(await store.load('m1')).toEqual({ meta: META, version: 0, snapshot: snap(0) });
    await store.close();
  });

  it('refuses to open when a complete line in the middle is corrupt, instead of dropping data', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await store.create('m1', META, snap(0));
    await store.append('m1', 0, [{ type: 's', n: 1 }], snap(1), 'c1', { ok: true });
    await store.append('m1', 1, [{ type: 's', n: 2 }], snap(3), 'c2', { ok: true });
    await store.close();
    const file = embeddedMatchFile(dir, 'm1');
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[1] = '{"t":"append",GARBAGE';
    await writeFile(file, lines.join('\n'));
    await expect(open(dir)).rejects.toThrow(/corrupt record at .*:2$/);
  });

  it('loses nothing acknowledged when the writing process is SIGKILLed mid-stream', async () => {
    const dir = await tempDir();
    const writer = fileURLToPath(new URL('./fixtures/embeddedWriter.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lastAcked = 0;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        for (const match of buffered.matchAll(/acked (\d+)\n/g)) lastAcked = Number(match[1]);
        buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
        if (lastAcked >= 60) resolve();
      });
      child.on('exit', () => reject(new Error(`writer exited early: ${stderr}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const store = await createEmbeddedStore<{ n: number }, { last: number }, { name: string }, { v: number }>({ dir });
    const loaded = await store.load('killed');
    expect(loaded?.meta).toEqual({ name: 'sigkill' });
    const version = loaded?.version ?? 0;
    expect(version).toBeGreaterThanOrEqual(lastAcked);
    expect(loaded?.snapshot).toEqual({ last: version });
    expect((await store.eventsAfter('killed', 0))?.map((e) => e.event.n)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
    for (let v = 1; v <= version; v++) expect(await store.answerFor('killed', `c${v}`)).toEqual({ v });
    const progress = await store.getDoc<{ v: number }>('progress', 'p');
    expect(progress?.rev).toBeGreaterThanOrEqual(Math.floor(lastAcked / 10));
    expect(progress?.doc).toEqual({ v: (progress?.rev ?? 0) * 10 });
    // And the recovered store accepts the next append where the killed process stopped.
    expect(await store.append('killed', version, [{ n: version + 1 }], { last: version + 1 }, `c${version + 1}`, { v: version + 1 })).toEqual({
      kind: 'appended',
      version: version + 1,
    });
    await store.close();
  });
});
