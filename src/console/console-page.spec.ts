import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { CONSOLE_WEB_DIR, loadConsoleAssets } from './assets';

const read = (name: string) => readFileSync(join(CONSOLE_WEB_DIR, name), 'utf8');
const HTML = read('index.html');
const APP_JS = read('console.js');
const LOGIC_JS = read('console-logic.js');

describe('console page (static checks of the served files)', () => {
  it('both scripts are valid JavaScript', () => {
    expect(() => new Script(LOGIC_JS, { filename: 'console-logic.js' })).not.toThrow();
    expect(() => new Script(APP_JS, { filename: 'console.js' })).not.toThrow();
  });

  it('has every element the app script looks up', () => {
    const idsInPage = new Set([...HTML.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
    const idsInScript = [...APP_JS.matchAll(/(?:byId|input|select)\('([^']+)'\)/g)].map((m) => m[1]);
    expect(idsInScript.length).toBeGreaterThan(30);
    expect(idsInScript.filter((id) => !idsInPage.has(id))).toEqual([]);
  });

  it('never writes markup from data (no innerHTML, outerHTML, insertAdjacentHTML, document.write, eval)', () => {
    for (const source of [APP_JS, LOGIC_JS]) {
      expect(source).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/,
      );
    }
  });

  it('keeps the API key in sessionStorage and a header, never in a URL or localStorage', () => {
    expect(APP_JS).toContain("'X-API-Key': apiKey()");
    expect(APP_JS).toContain('sessionStorage.setItem(KEY_STORAGE, key)');
    expect(APP_JS).not.toMatch(/localStorage|[?&]api[-_]?key=/i);
  });

  it('has no inline script or style (the CSP forbids them) and references only served files', () => {
    expect(HTML).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(HTML).not.toMatch(/<style|\sstyle="|\son[a-z]+="/i);
    const assets = loadConsoleAssets();
    const referenced = [...HTML.matchAll(/(?:src|href)="\/console\/([^"]+)"/g)].map((m) => m[1]);
    expect(referenced.sort()).toEqual([
      'accountant-format.js',
      'console-logic.js',
      'console.css',
      'console.js',
      'operation-logic.js',
      'operations.js',
      'reco-logic.js',
      'reco.js',
    ]);
    for (const name of referenced) expect(assets.has(name)).toBe(true);
    expect(assets.has('tsconfig.json')).toBe(false);
  });

  it('fails loudly when the folder is missing, naming it', () => {
    expect(() => loadConsoleAssets('/nonexistent/console-web')).toThrow(
      /\/nonexistent\/console-web\/index.html/,
    );
  });
});
