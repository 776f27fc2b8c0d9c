import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { shellKeys } from './shell-keys';

const id = 'virtual:shell-texts';
const catalogues = { 'it-IT': 'itIT', 'en-US': 'enUS' } as const;

/**
 * `virtual:shell-texts`: the shell's few texts (shell-keys.ts) in both languages, taken from the catalogues at
 * build time, so the first render needs no catalogue chunk (decision 068). The catalogues are TypeScript of
 * plain strings; esbuild bundles each and the values of the listed keys are read from it.
 */
export function shellTexts(): Plugin {
  return {
    name: 'piazza-shell-texts',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return;
      const texts: Record<string, Record<string, string>> = {};
      for (const [lang, name] of Object.entries(catalogues)) {
        const file = fileURLToPath(new URL(`./${lang}.ts`, import.meta.url));
        const out = await build({
          entryPoints: [file],
          bundle: true,
          write: false,
          format: 'esm',
          platform: 'neutral',
          logLevel: 'silent',
          metafile: true,
        });
        for (const input of Object.keys(out.metafile.inputs)) this.addWatchFile(path.resolve(input));
        const code = out.outputFiles[0]?.text ?? '';
        const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
        const catalogue = mod[name] as Record<string, string>;
        texts[lang] = Object.fromEntries(
          shellKeys.map((key) => {
            const text = catalogue[key];
            if (typeof text !== 'string') throw new Error(`${lang} has no text for the shell key ${key}`);
            return [key, text];
          }),
        );
      }
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
