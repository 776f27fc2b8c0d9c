import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tabs } from '../features/tab-bar/tabs';
import { enUS } from './en-US';
import { itIT } from './it-IT';
import { shellKeys } from './shell-keys';

const src = path.resolve(import.meta.dirname, '..');

/** The app's own files the entry reaches by static imports (the first download; dynamic imports not followed). */
function firstDownload(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const imports = [
      ...code.matchAll(/^import\s+(?!type\b)(?:[^;]*?\bfrom\s+)?'(\.[^']+)'/gm),
      ...code.matchAll(/^export\s+(?!type\b)[^;]*?\bfrom\s+'(\.[^']+)'/gm),
    ];
    for (const [, spec] of imports) {
      if (!spec || spec.endsWith('.css')) continue;
      const base = path.resolve(path.dirname(file), spec);
      const found = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => fileExists(f));
      if (found) visit(found);
    }
  };
  visit(path.join(src, 'main.tsx'));
  return [...seen];
}

function fileExists(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

describe('the shell’s texts (decision 068)', () => {
  const files = firstDownload();

  it('the first download is the shell: no page, no drawer, no catalogue', () => {
    const relative = files.map((f) => path.relative(src, f));
    expect(relative).toContain('app/app-shell.tsx');
    expect(relative.filter((f) => f.startsWith('pages/'))).toEqual([]);
    expect(relative).not.toContain('features/drawer/drawer.tsx');
    expect(relative).not.toContain('i18n/it-IT.ts');
    expect(relative).not.toContain('i18n/en-US.ts');
  });

  it('every text the shell’s code asks for is a shell key, so the first render shows no key', () => {
    const asked = new Set<string>(tabs.map((tab) => tab.label));
    for (const file of files) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`]([\w.]+)['`]/g)) {
        if (key) asked.add(key);
      }
    }
    expect([...asked].filter((key) => !(shellKeys as readonly string[]).includes(key))).toEqual([]);
  });

  it('every shell key has its text in both languages', () => {
    for (const key of shellKeys) {
      expect(itIT[key], key).toBeTruthy();
      expect(enUS[key], key).toBeTruthy();
    }
  });
});
