import type { Plugin } from 'vite';

/**
 * The rules engine in shared/ is pure by contract (no I/O, no clock; eslint enforces it), so every value it
 * computes at module level is free of side effects. Bundlers cannot know that, and keep every module-level call,
 * which drags the engine's zod schemas (and zod itself, a third of the phone's bundle) into the client although
 * the phone never parses with them. This plugin wraps each module-level `const x = call(...)` of shared/ in an
 * IIFE annotated `@__PURE__`: a value the client uses is computed exactly as before, an unused one is dropped.
 * The server runs shared/ untouched.
 */
export function pureEngine(sharedDir: string): Plugin {
  const prefix = sharedDir.endsWith('/') ? sharedDir : `${sharedDir}/`;
  return {
    name: 'league-night:pure-engine',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(prefix) || !/\.ts$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const edits: { start: number; end: number }[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (!declaration || declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const d of declaration.declarations ?? []) {
          if (d.init && d.init.type === 'CallExpression') edits.push({ start: d.init.start, end: d.init.end });
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const { start, end } of edits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
  kind?: string;
  declaration?: Node | null;
  declarations?: { init: Node | null }[];
}
