// Checks syntaxes/elem.language-configuration.json the way VS Code reads it: the JSON shape, and
// every regular expression against real .elem lines (Japanese names, CRLF content).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const config = JSON.parse(readFileSync(new URL('../../syntaxes/elem.language-configuration.json', import.meta.url), 'utf8'));
const regex = (r) => new RegExp(typeof r === 'string' ? r : r.pattern, typeof r === 'string' ? 'u' : `${r.flags ?? ''}u`);

test('brackets and pairs: braces and quotes only', () => {
  assert.deepEqual(config.brackets, [['{', '}']]);
  assert.deepEqual(config.autoClosingPairs, [
    { open: '{', close: '}' },
    { open: '"', close: '"', notIn: ['string'] },
  ]);
  assert.deepEqual(config.surroundingPairs, [['{', '}'], ['"', '"']]);
  assert.equal(config.comments, undefined, '.elem has no comment syntax');
});

test('folding markers start at a scope and end at its brace', () => {
  const start = regex(config.folding.markers.start);
  const end = regex(config.folding.markers.end);
  for (const line of ['Mesh {', '\t\tTexture1UV {', 'MeshDatas {  ', '\tBlendPart{']) assert.ok(start.test(line), line);
  for (const line of ['\tName="{x"', '\t\t0.0:1.0', 'Elfreina Extension Model File']) assert.ok(!start.test(line), line);
  for (const line of ['}', '\t\t}', '  }  ']) assert.ok(end.test(line), line);
  for (const line of ['\tName="}"', '\tVertexCount=3']) assert.ok(!end.test(line), line);
});

test('indentation follows the braces', () => {
  const increase = regex(config.indentationRules.increaseIndentPattern);
  const decrease = regex(config.indentationRules.decreaseIndentPattern);
  assert.ok(increase.test('\tMaterial {'));
  assert.ok(increase.test('Node{'));
  assert.ok(!increase.test('\tName="{"'));
  assert.ok(!increase.test('\tVertexCount=3'));
  assert.ok(decrease.test('\t}'));
  assert.ok(!decrease.test('\t"}"'));
});

test('words are names, numbers and string contents, never separators', () => {
  const word = new RegExp(regex(config.wordPattern).source, 'gu');
  const words = (line) => line.match(word);
  assert.deepEqual(words('\tVertexCount=12'), ['VertexCount', '12']);
  assert.deepEqual(words('\t\t-0.500000:1E-05:.25'), ['-0.500000', '1E-05', '.25']);
  assert.deepEqual(words('\t\t3,0:1:2'), ['3', '0', '1', '2']);
  assert.deepEqual(words('\tName="歩行ロボ 𠮷田"'), ['Name', '歩行ロボ', '𠮷田']);
  assert.deepEqual(words('\tTextureFilename="textures/body_01.png"'), ['TextureFilename', 'textures/body_01.png']);
});
