// Headless DragonBonesCPP: prints the poses of a skeleton (`*_ske.json` or `.dbbin`) as JSON
// lines, as dragonbones-js.js does: the setup pose `buildArmature` leaves, then each animation
// after `gotoAndPlayByTime(animation, time, 1)` and `advanceTime(0)` at 0.13, 0.5, 0.77, 0.99 and
// 1 of its duration (the time a `float`, printed with 9 digits). Build: README.md.
// Usage: dragonbones-cpp SKELETON
#include "dragonBones/DragonBonesHeaders.h"
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <cstring>
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
    void _updateMesh() override {}
    void _updateTransform() override {}
    void _identityTransform() override {}
public:
    void _updateVisible() override {}
    void _updateBlendMode() override {}
    void _updateColor() override {}
    int zOrder() const { return _zOrder; }
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
        printf("%s{\"name\":%s,\"displayIndex\":%d,\"zOrder\":%d}", first ? "" : ",", quoted(s->getName()).c_str(), s->getDisplayIndex(), static_cast<HSlot*>(s)->zOrder());
        first = false;
    }
    printf("]}\n");
    a->dispose();
}
int main(int argc, char** argv) {
    std::ifstream in(argv[1], std::ios::binary);
    std::stringstream ss; ss << in.rdbuf();
    // Kept alive: the binary parser reads its arrays in place.
    static std::string text;
    text = ss.str();
    std::vector<float> fractions = {0.13f, 0.5f, 0.77f, 0.99f, 1.0f};
    HFactory f;
    // A binary's data owns its bytes (`DragonBonesData::_onClear` deletes them).
    char* raw = new char[text.size() + 1];
    std::memcpy(raw, text.data(), text.size());
    raw[text.size()] = 0;
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
