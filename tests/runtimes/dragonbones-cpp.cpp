// Headless DragonBonesCPP: prints the poses of a skeleton (`*_ske.json` or `.dbbin`) as JSON
// lines, as dragonbones-js.js does: the setup pose `buildArmature` leaves, then each animation
// after `gotoAndPlayByTime(animation, time, 1)` and `advanceTime(0)` at the fractions of its
// duration in FRACTIONS (default 0.13,0.5,0.77,0.99,1; the time a `float`, printed with 9
// digits). Each slot's mesh too, as a renderer holds it. A `*_tex.json` atlas is parsed as one
// and printed as one line: its name, size and textures. Build: README.md.
// Usage: dragonbones-cpp SKELETON|ATLAS
#include "dragonBones/DragonBonesHeaders.h"
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <cstring>
#include <cstdlib>
#include <vector>
using namespace dragonBones;

class HTextureData : public TextureData { BIND_CLASS_TYPE_A(HTextureData); };
class HAtlas : public TextureAtlasData {
    BIND_CLASS_TYPE_A(HAtlas);
public:
    TextureData* createTexture() const override { return BaseObject::borrowObject<HTextureData>(); }
};
class Events : public IEventDispatcher {
public:
    bool hasDBEventListener(const std::string&) const override { return false; }
    void dispatchDBEvent(const std::string&, EventObject*) override {}
    void addDBEventListener(const std::string&, const std::function<void(EventObject*)>&) override {}
    void removeDBEventListener(const std::string&, const std::function<void(EventObject*)>&) override {}
};
class Proxy : public IArmatureProxy {
    Armature* _armature = nullptr;
public:
    bool hasDBEventListener(const std::string&) const override { return false; }
    void dispatchDBEvent(const std::string&, EventObject*) override {}
    void addDBEventListener(const std::string&, const std::function<void(EventObject*)>&) override {}
    void removeDBEventListener(const std::string&, const std::function<void(EventObject*)>&) override {}
    void dbInit(Armature* armature) override { _armature = armature; }
    void dbClear() override { _armature = nullptr; }
    void dbUpdate() override {}
    void dispose(bool) override {}
    Armature* getArmature() const override { return _armature; }
    Animation* getAnimation() const override { return _armature->getAnimation(); }
};
class HSlot : public Slot {
    BIND_CLASS_TYPE_A(HSlot);
protected:
    void _initDisplay(void*, bool) override {}
    void _disposeDisplay(void*, bool) override {}
    void _onUpdateDisplay() override {}
    void _addDisplay() override {}
    void _replaceDisplay(void*, bool) override {}
    void _removeDisplay() override {}
    void _updateZOrder() override {}
    void _updateFrame() override {}
    // What a renderer's mesh holds (as the cocos2d-x slot fills it, without its y flip):
    // weighted vertices in armature space, the others in the slot's space.
    void _updateMesh() override {
        const auto scale = _armature->getArmatureData()->scale;
        const auto& deform = _deformVertices->vertices;
        const auto& bones = _deformVertices->bones;
        const auto geometry = _deformVertices->verticesData;
        const auto ints = geometry->data->intArray;
        const auto floats = geometry->data->floatArray;
        const auto count = (std::size_t)ints[geometry->offset + (unsigned)BinaryOffset::MeshVertexCount];
        meshVertices.clear();
        if (geometry->weight != nullptr) {
            const auto weight = geometry->weight;
            int w = ints[weight->offset + (unsigned)BinaryOffset::WeigthFloatOffset];
            if (w < 0) w += 65536;
            std::size_t b = weight->offset + (unsigned)BinaryOffset::WeigthBoneIndices + bones.size(), d = 0;
            for (std::size_t i = 0; i < count; ++i) {
                float x = 0.0f, y = 0.0f;
                for (auto n = (std::size_t)ints[b++]; n > 0; --n) {
                    const auto bone = bones[(unsigned)ints[b++]];
                    if (bone == nullptr) continue;
                    const auto& m = bone->globalTransformMatrix;
                    const auto weightOf = floats[w++];
                    auto lx = floats[w++] * scale, ly = floats[w++] * scale;
                    if (!deform.empty()) { lx += deform[d++]; ly += deform[d++]; }
                    x += (m.a * lx + m.c * ly + m.tx) * weightOf;
                    y += (m.b * lx + m.d * ly + m.ty) * weightOf;
                }
                meshVertices.push_back(x);
                meshVertices.push_back(y);
            }
        } else {
            int v = ints[geometry->offset + (unsigned)BinaryOffset::MeshFloatOffset];
            if (v < 0) v += 65536;
            for (std::size_t i = 0; i < count * 2; ++i) {
                meshVertices.push_back(floats[v + i] * scale + (deform.empty() ? 0.0f : deform[i]));
            }
        }
    }
    void _updateTransform() override {}
    void _identityTransform() override {}
public:
    void _updateVisible() override {}
    void _updateBlendMode() override {}
    void _updateColor() override {}
    int zOrder() const { return _zOrder; }
    std::vector<float> meshVertices;
    // The mesh shown, in armature space; false when the display is not a mesh.
    bool meshInArmatureSpace(std::vector<float>& out) const {
        if (_deformVertices == nullptr || _deformVertices->verticesData == nullptr || _display == nullptr) return false;
        out = meshVertices;
        if (_deformVertices->verticesData->weight != nullptr) return true;
        const auto& m = globalTransformMatrix;
        for (std::size_t i = 0; i + 1 < out.size(); i += 2) {
            const auto x = meshVertices[i], y = meshVertices[i + 1];
            out[i] = m.a * x + m.c * y + m.tx;
            out[i + 1] = m.b * x + m.d * y + m.ty;
        }
        return true;
    }
};
static Events events;
class HFactory : public BaseFactory {
public:
    HFactory() { _dragonBones = new DragonBones(&events); }
protected:
    TextureAtlasData* _buildTextureAtlasData(TextureAtlasData* t, void*) const override {
        return t != nullptr ? t : BaseObject::borrowObject<HAtlas>();
    }
    Armature* _buildArmature(const BuildArmaturePackage& p) const override {
        auto armature = BaseObject::borrowObject<Armature>();
        auto proxy = new Proxy();
        armature->init(p.armature, proxy, proxy, _dragonBones);
        return armature;
    }
    Slot* _buildSlot(const BuildArmaturePackage&, const SlotData* s, Armature* a) const override {
        auto slot = BaseObject::borrowObject<HSlot>();
        static int display = 0;
        slot->init(s, a, &display, &display);
        return slot;
    }
};
static std::string quoted(const std::string& s) {
    std::string o = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') { o += '\\'; o += (char)c; }
        else if (c < 0x20) { char b[8]; snprintf(b, sizeof b, "\\u%04x", c); o += b; }
        else o += (char)c;
    }
    return o + "\"";
}
static bool ends_with(const std::string& s, const std::string& end) {
    return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}
static void atlas(HFactory& f, const char* raw) {
    auto data = f.parseTextureAtlasData(raw, nullptr, "d");
    printf("{\"atlas\":%s,\"imagePath\":%s,\"width\":%u,\"height\":%u,\"scale\":%.9g,\"textures\":[", quoted(data->name).c_str(), quoted(data->imagePath).c_str(), data->width, data->height, data->scale);
    bool first = true;
    for (const auto& entry : data->textures) {
        const auto t = entry.second;
        printf("%s{\"name\":%s,\"rotated\":%s,\"region\":[%.9g,%.9g,%.9g,%.9g]", first ? "" : ",", quoted(t->name).c_str(), t->rotated ? "true" : "false", t->region.x, t->region.y, t->region.width, t->region.height);
        if (t->frame != nullptr) printf(",\"frame\":[%.9g,%.9g,%.9g,%.9g]", t->frame->x, t->frame->y, t->frame->width, t->frame->height);
        printf("}");
        first = false;
    }
    printf("]}\n");
}
static void pose(HFactory& f, const std::string& arm, const std::string* anim, float time) {
    Armature* a = f.buildArmature(arm, "d");
    if (a == nullptr) { printf("{\"armature\":%s,\"error\":\"not built\"}\n", quoted(arm).c_str()); return; }
    if (anim != nullptr) { a->getAnimation()->gotoAndPlayByTime(*anim, time, 1); a->advanceTime(0.0f); }
    printf("{\"armature\":%s,\"animation\":%s,\"time\":%.9g,\"bones\":[", quoted(arm).c_str(), anim ? quoted(*anim).c_str() : "null", time);
    bool first = true;
    for (auto b : a->getBones()) {
        const auto& m = b->globalTransformMatrix;
        printf("%s{\"name\":%s,\"matrix\":[%.9g,%.9g,%.9g,%.9g,%.9g,%.9g]}", first ? "" : ",", quoted(b->getName()).c_str(), m.a, m.b, m.c, m.d, m.tx, m.ty);
        first = false;
    }
    printf("],\"slots\":[");
    first = true;
    for (auto s : a->getSlots()) {
        printf("%s{\"name\":%s,\"displayIndex\":%d,\"zOrder\":%d,\"vertices\":", first ? "" : ",", quoted(s->getName()).c_str(), s->getDisplayIndex(), static_cast<HSlot*>(s)->zOrder());
        std::vector<float> vertices;
        if (static_cast<HSlot*>(s)->meshInArmatureSpace(vertices)) {
            for (std::size_t i = 0; i < vertices.size(); ++i) printf("%s%.9g", i ? "," : "[", vertices[i]);
            printf(vertices.empty() ? "[]}" : "]}");
        } else {
            printf("null}");
        }
        first = false;
    }
    printf("]}\n");
    fflush(stdout); // What was posed survives an `assert` in a later pose.
    a->dispose();
}
int main(int argc, char** argv) {
    std::ifstream in(argv[1], std::ios::binary);
    std::stringstream ss; ss << in.rdbuf();
    // Kept alive: the binary parser reads its arrays in place.
    static std::string text;
    text = ss.str();
    std::vector<float> fractions;
    const char* listed = std::getenv("FRACTIONS");
    std::stringstream list(listed != nullptr ? listed : "0.13,0.5,0.77,0.99,1");
    for (std::string item; std::getline(list, item, ',');) fractions.push_back(std::stof(item));
    HFactory f;
    // A binary's data owns its bytes (`DragonBonesData::_onClear` deletes them).
    char* raw = new char[text.size() + 1];
    std::memcpy(raw, text.data(), text.size());
    raw[text.size()] = 0;
    if (ends_with(argv[1], "_tex.json")) { atlas(f, raw); return 0; }
    auto data = f.parseDragonBonesData(raw, "d");
    if (data == nullptr) { printf("{\"error\":\"not parsed\"}\n"); return 0; }
    for (const auto& name : data->getArmatureNames()) {
        pose(f, name, nullptr, 0);
        auto ad = data->getArmature(name);
        for (const auto& an : ad->getAnimationNames()) {
            auto a = ad->getAnimation(an);
            for (float fr : fractions) pose(f, name, &an, std::round(a->duration * fr * 10000.0f) / 10000.0f);
        }
    }
    return 0;
}
