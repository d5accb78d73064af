// Completion while typing: VS Code opens its suggest widget on its own ("quick suggestions") only
// where the token under the cursor is not a string or comment, unless the language's
// `editor.quickSuggestions` default turns strings on. Its token type comes from the TextMate scope
// (vscode-textmate: a scope with a `string`/`comment`/`regex` segment). This test tokenizes
// half-typed .elem lines with syntaxes/elem.tmLanguage.json through vscode-textmate, the engine VS
// Code runs, and reads the standard token type VS Code would see at the cursor; and it checks that
// the extension turns quick suggestions on inside strings for .elem, where enum values are typed
// (`LoadType="Vi`). The real workbench check is tests/e2e/vscode ("typing Tex … suggests").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer;
await oniguruma.loadWASM(wasm);
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
    createOnigString: (s) => new oniguruma.OnigString(s),
  }),
  loadGrammar: async (scopeName) =>
    scopeName === 'source.elem'
      ? vsctm.parseRawGrammar(readFileSync(new URL('../../syntaxes/elem.tmLanguage.json', import.meta.url), 'utf8'), 'elem.tmLanguage.json')
      : null,
});
const grammar = await registry.loadGrammar('source.elem');

// vscode-textmate's StandardTokenType, bits 8-9 of a token's metadata.
const TOKEN_TYPES = ['Other', 'Comment', 'String', 'RegEx'];

/**
 * Tokenizes `lines` (the cursor `$0` in the last one) and returns what VS Code sees at the cursor,
 * the token just before it (where a word being typed ends): its standard type and its scopes.
 */
function atCursor(lines) {
  let stack = vsctm.INITIAL;
  const last = lines.length - 1;
  for (let i = 0; i < last; i += 1) stack = grammar.tokenizeLine(lines[i], stack).ruleStack;
  const cursor = lines[last].indexOf('$0');
  assert.ok(cursor > 0, 'the last line has a $0 cursor after some text');
  const line = lines[last].replace('$0', '');
  const binary = grammar.tokenizeLine2(line, stack).tokens;
  const scoped = grammar.tokenizeLine(line, stack).tokens;
  let type;
  for (let i = 0; i < binary.length; i += 2) {
    if (binary[i] < cursor) type = TOKEN_TYPES[(binary[i + 1] >>> 8) & 3];
  }
  const scopes = scoped.filter((t) => t.startIndex < cursor).at(-1).scopes;
  return { type, scopes: scopes.slice(1) };
}

const header = ['Elfreina Extension Model File', 'File Version 1.00'];
const inMesh = [...header, 'MeshDatas {', '\tMeshContainer {', '\t\tMesh {'];

test('a key or scope name being typed is not a string (quick suggestions stay on)', () => {
  for (const lines of [
    [...inMesh, '\t\t\tTex$0'],
    [...inMesh, '\t\t\tTexture1U$0'],
    [...inMesh, '\t\t\tVertexCount$0'],
    [...header, 'Set$0'],
    [...header, 'Setting {', '\tLoadTyp$0'],
    [...inMesh, '\t\t\t頂点$0'],
    [...inMesh, '\t\t\tTex$0   '],
  ]) {
    const seen = atCursor(lines);
    assert.equal(seen.type, 'Other', `${JSON.stringify(lines.at(-1))}: ${JSON.stringify(seen)}`);
    assert.ok(!seen.scopes.some((s) => /^string\./.test(s)), `${JSON.stringify(lines.at(-1))}: ${JSON.stringify(seen)}`);
  }
});

test('a bare value being typed is not a string (Loop=Tr → True)', () => {
  for (const line of ['\tLoop=Tr$0', '\tLoop=Yes$0', '\tIsRightHand = Fal$0']) {
    const seen = atCursor([...header, 'AnimationList {', '\tAnimationData {', line]);
    assert.equal(seen.type, 'Other', `${JSON.stringify(line)}: ${JSON.stringify(seen)}`);
  }
});

test('quoted values stay strings: the extension turns quick suggestions on in .elem strings', () => {
  const seen = atCursor([...header, 'Setting {', '\tLoadType="Vi$0"']);
  assert.equal(seen.type, 'String');
  const manifest = JSON.parse(readFileSync(new URL('../../editors/vscode/package.json', import.meta.url), 'utf8'));
  const defaults = manifest.contributes.configurationDefaults?.['[elem]'];
  assert.deepEqual(defaults?.['editor.quickSuggestions'], { other: 'on', comments: 'off', strings: 'on' });
});
