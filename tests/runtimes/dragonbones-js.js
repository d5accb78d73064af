// Headless DragonBonesJS: prints the poses of a skeleton (`*_ske.json` or `.dbbin`) as JSON
// lines: each bone's global matrix, each slot's display index and draw order. The setup pose is
// what `buildArmature` leaves (it advances once itself); an animation's pose is that after
// `gotoAndPlayByTime(animation, time, 1)` and `advanceTime(0)`, at the fractions of its duration
// in FRACTIONS (default 0,0.37,0.81). Needs DragonBonesJS's core compiled (README.md).
// Usage: node dragonbones-js.js SKELETON
const fs = require('fs'), vm = require('vm');
vm.runInThisContext(fs.readFileSync(process.env.DRAGONBONES_JS || __dirname + '/dragonBones.js', 'utf8'));
const db = dragonBones;
const emit = s => fs.writeSync(1, s + '\n');
class Events { hasDBEventListener() { return false; } dispatchDBEvent() {} addDBEventListener() {} removeDBEventListener() {} }
class HTextureData extends db.TextureData { static toString() { return '[class HTextureData]'; } }
class HAtlas extends db.TextureAtlasData {
  static toString() { return '[class HAtlas]'; }
  createTexture() { return db.BaseObject.borrowObject(HTextureData); }
}
class Proxy {
  dbInit(armature) { this._armature = armature; } dbClear() {} dbUpdate() {} dispose() {}
  hasDBEventListener() { return false; } dispatchDBEvent() {} addDBEventListener() {} removeDBEventListener() {}
  get armature() { return this._armature; } get animation() { return this._armature.animation; }
}
class HSlot extends db.Slot {
  static toString() { return '[class HSlot]'; }
  _onClear() { super._onClear(); }
  _initDisplay() {} _disposeDisplay() {} _onUpdateDisplay() {} _addDisplay() {} _replaceDisplay() {} _removeDisplay() {}
  _updateZOrder() {} _updateVisible() {} _updateBlendMode() {} _updateColor() {} _updateFrame() {} _updateMesh() {}
  _updateTransform() {} _identityTransform() {}
}
class HFactory extends db.BaseFactory {
  constructor() { super(null); this._dragonBones = new db.DragonBones(new Events()); }
  _isSupportMesh() { return true; }
  _buildTextureAtlasData(textureAtlasData) { return textureAtlasData || db.BaseObject.borrowObject(HAtlas); }
  _buildArmature(dataPackage) {
    const armature = db.BaseObject.borrowObject(db.Armature);
    const proxy = new Proxy();
    armature.init(dataPackage.armature, proxy, proxy, this._dragonBones);
    return armature;
  }
  _buildChildArmature(dataPackage, slot, displayData) {
    return this.buildArmature(displayData.path, dataPackage !== null ? dataPackage.dataName : '', '', dataPackage !== null ? dataPackage.textureAtlasName : '');
  }
  _buildSlot(dataPackage, slotData, armature) {
    const slot = db.BaseObject.borrowObject(HSlot);
    slot.init(slotData, armature, {}, {});
    return slot;
  }
}
const file = process.argv[2];
const fractions = (process.env.FRACTIONS || '0,0.37,0.81').split(',').map(Number);
const bytes = fs.readFileSync(file);
const raw = file.endsWith('.dbbin') ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) : JSON.parse(bytes.toString('utf8'));
const factory = new HFactory();
const data = factory.parseDragonBonesData(raw, 'd');
if (!data) { emit(JSON.stringify({ error: 'not parsed' })); process.exit(0); }
const r = v => +v.toPrecision(10);
function pose(armatureName, animation, time) {
  const armature = factory.buildArmature(armatureName, 'd');
  if (!armature) return { armature: armatureName, error: 'not built' };
  // buildArmature advances the armature once itself: the setup pose is what it leaves.
  if (animation !== null) { armature.animation.gotoAndPlayByTime(animation, time, 1); armature.advanceTime(0); }
  const bones = armature.getBones().map(b => { const m = b.globalTransformMatrix; return { name: b.name, matrix: [m.a, m.b, m.c, m.d, m.tx, m.ty].map(r) }; });
  const slots = armature.getSlots().map(s => ({ name: s.name, displayIndex: s.displayIndex, zOrder: s._zOrder }));
  const out = { armature: armatureName, animation, time, bones, slots };
  armature.dispose();
  return out;
}
for (const name of data.armatureNames) {
  const ad = data.getArmature(name);
  emit(JSON.stringify(pose(name, null, 0)));
  for (const an of ad.animationNames) {
    const a = ad.getAnimation(an);
    for (const f of fractions) emit(JSON.stringify(pose(name, an, +(a.duration * f).toFixed(4))));
  }
}
