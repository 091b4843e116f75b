import { Script } from 'node:vm';
import { loadConsoleAssets } from './assets';
import { CONSOLE_APP_JS } from './assets/console-app-js';
import { CONSOLE_LOGIC_JS } from './assets/console-logic-js';
import { CONSOLE_ELEMENT_IDS, CONSOLE_INDEX_HTML } from './assets/index-html';

describe('console page (static checks of the served files)', () => {
  it('both scripts are valid JavaScript', () => {
    expect(() => new Script(CONSOLE_LOGIC_JS, { filename: 'console-logic.js' })).not.toThrow();
    expect(() => new Script(CONSOLE_APP_JS, { filename: 'console.js' })).not.toThrow();
  });

  it('has every element the app script looks up, and the script looks up only those', () => {
    const idsInPage = [...CONSOLE_INDEX_HTML.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    for (const id of CONSOLE_ELEMENT_IDS) expect(idsInPage).toContain(id);
    const idsInScript = [...CONSOLE_APP_JS.matchAll(/byId\('([^']+)'\)/g)].map((m) => m[1]);
    expect(idsInScript.length).toBeGreaterThan(20);
    for (const id of idsInScript) expect(CONSOLE_ELEMENT_IDS).toContain(id);
  });

  it('never writes markup from data (no innerHTML, outerHTML, insertAdjacentHTML, document.write, eval)', () => {
    for (const source of [CONSOLE_APP_JS, CONSOLE_LOGIC_JS]) {
      expect(source).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/,
      );
    }
  });

  it('keeps the API key in sessionStorage and a header, never in a URL or localStorage', () => {
    expect(CONSOLE_APP_JS).toContain("'X-API-Key': apiKey()");
    expect(CONSOLE_APP_JS).toContain('sessionStorage.setItem(KEY_STORAGE, key)');
    expect(CONSOLE_APP_JS).not.toMatch(/localStorage|[?&]api[-_]?key=/i);
  });

  it('has no inline script or style (the CSP forbids them) and references only served files', () => {
    expect(CONSOLE_INDEX_HTML).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(CONSOLE_INDEX_HTML).not.toMatch(/<style|\sstyle="|\son[a-z]+="/i);
    const assets = loadConsoleAssets();
    const referenced = [...CONSOLE_INDEX_HTML.matchAll(/(?:src|href)="\/console\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(referenced.sort()).toEqual(['console-logic.js', 'console.css', 'console.js']);
    for (const name of referenced) expect(assets.has(name)).toBe(true);
  });
});
