// Headless DragonBonesJS: prints the poses of a skeleton (`*_ske.json` or `.dbbin`) as JSON
// lines: each bone's global matrix, each slot's display index, draw order and mesh. The setup pose is
// what `buildArmature` leaves (it advances once itself); an animation's pose is that after
// `gotoAndPlayByTime(animation, time, 1)` and `advanceTime(0)`, at the fractions of its duration
// in FRACTIONS (default 0,0.37,0.81). A `*_tex.json` atlas is parsed as one and printed as one
// line: its name, size and textures. Needs DragonBonesJS's core compiled (README.md).
// Usage: node dragonbones-js.js SKELETON|ATLAS
const fs = require('fs'), vm = require('vm');
vm.runInThisContext(fs.readFileSync(process.env.DRAGONBONES_JS || __dirname + '/dragonBones.js', 'utf8'));
const db = dragonBones;
// A pipe may take part of a write (or none, EAGAIN, when Node made it non-blocking): write on
// until every byte is out, or long lines reach the reader cut.
const emit = s => {
  const bytes = Buffer.from(s + '\n');
  for (let at = 0; at < bytes.length;) {
    try { at += fs.writeSync(1, bytes, at); } catch (e) { if (e.code !== 'EAGAIN') throw e; }
  }
};
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
  _updateZOrder() {} _updateVisible() {} _updateBlendMode() {} _updateColor() {} _updateFrame() {}
  _updateTransform() {} _identityTransform() {}
  // What a renderer's mesh holds (as the Pixi and Egret slots fill it): weighted vertices and
  // those under a surface in armature space, the others in the slot's space.
  _updateMesh() {
    const geometry = this._geometryData, ints = geometry.data.intArray, floats = geometry.data.floatArray;
    const scale = this._armature._armatureData.scale;
    const deform = this._displayFrame.deformVertices;
    const deformed = deform.length > 0 && geometry.inheritDeform;
    const count = ints[geometry.offset + 0 /* GeometryVertexCount */];
    const out = [];
    if (geometry.weight !== null) {
      const weight = geometry.weight, bones = this._geometryBones;
      let w = ints[weight.offset + 1 /* WeigthFloatOffset */];
      if (w < 0) w += 65536;
      let b = weight.offset + 2 /* WeigthBoneIndices */ + bones.length, d = 0;
      for (let i = 0; i < count; ++i) {
        let x = 0, y = 0;
        for (let n = ints[b++]; n > 0; --n) {
          const bone = bones[ints[b++]];
          if (bone === null) continue;
          const m = bone.globalTransformMatrix, weightOf = floats[w++];
          let lx = floats[w++] * scale, ly = floats[w++] * scale;
          if (deformed) { lx += deform[d++]; ly += deform[d++]; }
          x += (m.a * lx + m.c * ly + m.tx) * weightOf;
          y += (m.b * lx + m.d * ly + m.ty) * weightOf;
        }
        out.push(x, y);
      }
    } else {
      let v = ints[geometry.offset + 2 /* GeometryFloatOffset */];
      if (v < 0) v += 65536;
      const surface = this._parent._boneData.type !== 0 /* BoneType.Bone */;
      for (let i = 0; i < count * 2; i += 2) {
        let x = floats[v + i] * scale, y = floats[v + i + 1] * scale;
        if (deformed) { x += deform[i]; y += deform[i + 1]; }
        if (surface) {
          const m = this._parent._getGlobalTransformMatrix(x, y);
          out.push(m.a * x + m.c * y + m.tx, m.b * x + m.d * y + m.ty);
        } else {
          out.push(x, y);
        }
      }
    }
    this._meshVertices = out;
  }
  // The mesh shown, in armature space; null when the display is not a mesh.
  meshInArmatureSpace() {
    if (this._geometryData === null || this._display !== this._meshDisplay || !this._meshVertices) return null;
    const local = this._geometryData.weight === null && this._parent._boneData.type === 0 /* BoneType.Bone */;
    if (!local) return this._meshVertices.map(r);
    const m = this.globalTransformMatrix, out = [];
    for (let i = 0; i < this._meshVertices.length; i += 2) {
      const x = this._meshVertices[i], y = this._meshVertices[i + 1];
      out.push(r(m.a * x + m.c * y + m.tx), r(m.b * x + m.d * y + m.ty));
    }
    return out;
  }
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
if (file.endsWith('_tex.json')) {
  const atlas = factory.parseTextureAtlasData(raw, null, 'd');
  const textures = Object.values(atlas.textures).map(t => {
    const texture = { name: t.name, rotated: t.rotated, region: [t.region.x, t.region.y, t.region.width, t.region.height] };
    if (t.frame !== null) texture.frame = [t.frame.x, t.frame.y, t.frame.width, t.frame.height];
    return texture;
  });
  emit(JSON.stringify({ atlas: atlas.name, imagePath: atlas.imagePath, width: atlas.width, height: atlas.height, scale: atlas.scale, textures }));
  process.exit(0);
}
const data = factory.parseDragonBonesData(raw, 'd');
if (!data) { emit(JSON.stringify({ error: 'not parsed' })); process.exit(0); }
const r = v => +v.toPrecision(10);
function pose(armatureName, animation, time) {
  const armature = factory.buildArmature(armatureName, 'd');
  if (!armature) return { armature: armatureName, error: 'not built' };
  // buildArmature advances the armature once itself: the setup pose is what it leaves.
  if (animation !== null) { armature.animation.gotoAndPlayByTime(animation, time, 1); armature.advanceTime(0); }
  const bones = armature.getBones().map(b => { const m = b.globalTransformMatrix; return { name: b.name, matrix: [m.a, m.b, m.c, m.d, m.tx, m.ty].map(r) }; });
  const slots = armature.getSlots().map(s => ({ name: s.name, displayIndex: s.displayIndex, zOrder: s._zOrder, vertices: s.meshInArmatureSpace() }));
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
