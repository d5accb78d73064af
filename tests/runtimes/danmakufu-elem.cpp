// Headless harness of Touhou Danmakufu ph3's `.elem` loader: its own ElfreinaMesh.cpp and
// gstd::Scanner (extracted by the commands of tests/runtimes/README.md, compiled unchanged but for
// mechanical edits), on stand-ins for Windows, Direct3D and D3DX (danmakufu-stubs/). It prints, one
// JSON object a line:
//
//   {"event":"load","result":"ok"|"fail",...}   what ElfreinaMesh::CreateFromFileReader returned
//       (a crash prints nothing: the sanitizers abort the process), with what was loaded;
//   {"event":"pose-begin",...} then {"event":"pose",...} per `--pose ANIMATION FRAME`: what
//       ElfreinaMesh::Render(ANIMATION, FRAME) draws (each bone's world matrix, the skinned
//       vertices of each mesh as the shader of HLSL.hpp computes them), or that it draws nothing;
//       "undefined" when the vertices depend on matrices the loader never set.
//
// Usage: danmakufu-elem FILE [--pose ANIMATION FRAME]...
#include "dnh_stubs.hpp"

// The harness reads what the loader keeps.
#define protected public
#define private public
#include "RenderObject.hpp"
#include "ElfreinaMesh.hpp"
#undef protected
#undef private

using namespace gstd;
#include "gstd.inc"
#include "ElfreinaMesh.cpp"
#include "b4nx.inc"

#include <clocale>

extern "C" const char* __asan_default_options() {
    // Fresh heap memory reads 0xbe bytes: what the loader never sets is recognisable. An allocation
    // past 256 MiB fails (a crash), as in the 32-bit game (rigls assumes this limit too).
    // Wide redzones: an index well past a list (bone_[4] of 2 bones) is caught, not read from a
    // neighbouring block.
    return "malloc_fill_byte=190:max_malloc_fill_size=1048576:detect_leaks=0:max_allocation_size_mb=256:"
           "redzone=2048:max_redzone=2048:"
           "allocator_may_return_null=0:abort_on_error=1";
}

// ---- Windows, CRT ------------------------------------------------------------------------------
int MultiByteToWideChar(UINT cp, DWORD, const char* s, int len, char16_t* out, int outLen) {
    const unsigned char* p = (const unsigned char*)s;
    size_t n = len < 0 ? strlen(s) + 1 : (size_t)len;
    std::u16string res;
    size_t i = 0;
    while (i < n) {
        unsigned c = p[i];
        if (cp != CP_UTF8 || c < 0x80) { res += (char16_t)c; i++; continue; }
        int extra = c >= 0xF0 && c <= 0xF4 ? 3 : c >= 0xE0 ? (c <= 0xEF ? 2 : -1) : c >= 0xC2 && c <= 0xDF ? 1 : -1;
        if (extra < 0) { res += u'\uFFFD'; i++; continue; }
        unsigned cpv = c & (0x3F >> extra);
        bool ok = i + extra < n;
        for (int k = 1; ok && k <= extra; k++) {
            unsigned b = p[i + k];
            if ((b & 0xC0) != 0x80) ok = false;
            else cpv = (cpv << 6) | (b & 0x3F);
        }
        if (ok) {
            if ((extra == 2 && cpv < 0x800) || (extra == 3 && (cpv < 0x10000 || cpv > 0x10FFFF)) || (cpv >= 0xD800 && cpv <= 0xDFFF)) ok = false;
        }
        if (!ok) { res += u'\uFFFD'; i++; continue; }
        if (cpv >= 0x10000) {
            cpv -= 0x10000;
            res += (char16_t)(0xD800 + (cpv >> 10));
            res += (char16_t)(0xDC00 + (cpv & 0x3FF));
        } else {
            res += (char16_t)cpv;
        }
        i += extra + 1;
    }
    if (outLen == 0) return (int)res.size();
    int m = std::min((int)res.size(), outLen);
    for (int k = 0; k < m; k++) out[k] = res[k];
    return m;
}

static std::string narrow(const char16_t* s) {
    std::string r;
    for (; *s; s++) r += *s < 0x80 ? (char)*s : '\x7f';
    return r;
}
int _wtoi(const char16_t* s) {
    std::string a = narrow(s);
    errno = 0;
    long long v = strtoll(a.c_str(), nullptr, 10);
    if (v > INT32_MAX) return INT32_MAX;
    if (v < INT32_MIN) return INT32_MIN;
    return (int)v;
}
double wcstod(const char16_t* s, char16_t** end) {
    std::string a = narrow(s);
    // MSVC's wcstod reads no hexadecimal, `inf` or `nan` (a token here never holds them).
    char* e;
    double v = strtod(a.c_str(), &e);
    if (end) *end = (char16_t*)(s + (e - a.c_str()));
    return v;
}
#undef iswdigit
#undef iswalpha
// MSVC's classification: its table below U+0100, GetStringTypeW's C1_DIGIT/C1_ALPHA above (taken
// here from Unicode: Nd digits, glibc's C.UTF-8 letters).
static const unsigned kDigitZeros[] = {0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6,
                                       0xD66, 0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946,
                                       0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0,
                                       0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10};
int dnh_iswdigit(char16_t c) {
    if (c < 0x100) return (c >= '0' && c <= '9') || c == 0xB2 || c == 0xB3 || c == 0xB9;
    for (unsigned z : kDigitZeros)
        if (c >= z && c < z + 10) return 1;
    return 0;
}
int dnh_iswalpha(char16_t c) {
    if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (c < 0x100) return c == 0xAA || c == 0xB5 || c == 0xBA || (c >= 0xC0 && c != 0xD7 && c != 0xF7);
    if (c >= 0xD800 && c <= 0xDFFF) return 0;
    return ::iswalpha((wint_t)c) && !dnh_iswdigit(c);
}

std::u16string gstd::StringUtility::Format(const char16_t* str, ...) {
    // _vsnwprintf for what the loader and scanner format: %s (a 16-bit string), %d with flags
    // and width.
    va_list ap;
    va_start(ap, str);
    std::u16string out;
    for (const char16_t* p = str; *p; p++) {
        if (*p != u'%') { out += *p; continue; }
        std::string spec = "%";
        p++;
        while (*p && strchr("-+ 0#123456789.", (char)*p) && *p < 0x80) spec += (char)*p++;
        if (*p == u's') {
            const char16_t* s = va_arg(ap, const char16_t*);
            out += s ? s : u"(null)";
        } else if (*p == u'd') {
            char b[64];
            snprintf(b, sizeof b, (spec + "d").c_str(), va_arg(ap, int));
            for (char* c = b; *c; c++) out += (char16_t)*c;
        } else if (*p == u'%') {
            out += u'%';
        } else if (!*p) {
            break;
        }
    }
    va_end(ap);
    return out;
}

// ---- D3DX, as Microsoft documents it and Wine implements it, in float ---------------------------
D3DXMATRIX* D3DXMatrixIdentity(D3DXMATRIX* out) {
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) out->m[i][j] = i == j ? 1.0f : 0.0f;
    return out;
}
D3DXMATRIX* D3DXMatrixMultiply(D3DXMATRIX* out, const D3DXMATRIX* a, const D3DXMATRIX* b) {
    D3DXMATRIX r;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            float s = a->m[i][0] * b->m[0][j];
            s += a->m[i][1] * b->m[1][j];
            s += a->m[i][2] * b->m[2][j];
            s += a->m[i][3] * b->m[3][j];
            r.m[i][j] = s;
        }
    *out = r;
    return out;
}
D3DXMATRIX directx::g_lastRightOperand;
D3DXMATRIX D3DXMATRIX::operator*(const D3DXMATRIX& o) const {
    D3DXMATRIX r;
    D3DXMatrixMultiply(&r, this, &o);
    directx::g_lastRightOperand = o;
    return r;
}
D3DXMATRIX* D3DXMatrixTranslation(D3DXMATRIX* out, float x, float y, float z) {
    D3DXMatrixIdentity(out);
    out->m[3][0] = x;
    out->m[3][1] = y;
    out->m[3][2] = z;
    return out;
}
D3DXMATRIX* D3DXMatrixScaling(D3DXMATRIX* out, float x, float y, float z) {
    D3DXMatrixIdentity(out);
    out->m[0][0] = x;
    out->m[1][1] = y;
    out->m[2][2] = z;
    return out;
}
D3DXMATRIX* D3DXMatrixRotationQuaternion(D3DXMATRIX* out, const D3DXQUATERNION* q) {
    // The quaternion as given, not normalised.
    D3DXMatrixIdentity(out);
    out->m[0][0] = 1.0f - 2.0f * (q->y * q->y + q->z * q->z);
    out->m[0][1] = 2.0f * (q->x * q->y + q->z * q->w);
    out->m[0][2] = 2.0f * (q->x * q->z - q->y * q->w);
    out->m[1][0] = 2.0f * (q->x * q->y - q->z * q->w);
    out->m[1][1] = 1.0f - 2.0f * (q->x * q->x + q->z * q->z);
    out->m[1][2] = 2.0f * (q->y * q->z + q->x * q->w);
    out->m[2][0] = 2.0f * (q->x * q->z + q->y * q->w);
    out->m[2][1] = 2.0f * (q->y * q->z - q->x * q->w);
    out->m[2][2] = 1.0f - 2.0f * (q->x * q->x + q->y * q->y);
    return out;
}
D3DXQUATERNION* D3DXQuaternionSlerp(D3DXQUATERNION* out, const D3DXQUATERNION* a, const D3DXQUATERNION* b, float t) {
    // The shorter arc; keys within 0.001 of parallel blended linearly, never renormalised.
    float rest = 1.0f - t;
    float dot = a->x * b->x + a->y * b->y + a->z * b->z + a->w * b->w;
    if (dot < 0.0f) {
        t = -t;
        dot = -dot;
    }
    if (1.0f - dot > 0.001f) {
        float theta = acosf(dot);
        rest = sinf(theta * rest) / sinf(theta);
        t = sinf(theta * t) / sinf(theta);
    }
    out->x = rest * a->x + t * b->x;
    out->y = rest * a->y + t * b->y;
    out->z = rest * a->z + t * b->z;
    out->w = rest * a->w + t * b->w;
    return out;
}
D3DXMATRIX* D3DXMatrixRotationYawPitchRoll(D3DXMATRIX* out, float, float, float) { return D3DXMatrixIdentity(out); }
D3DXMATRIX* D3DXMatrixInverse(D3DXMATRIX* out, float*, const D3DXMATRIX*) { return out; }  // unused here
D3DXVECTOR3* D3DXVec3TransformCoord(D3DXVECTOR3* out, const D3DXVECTOR3* v, const D3DXMATRIX*) { *out = *v; return out; }

// ---- Drawing: the vertex buffer, and the skinning shader on the CPU -----------------------------
D3DXMATRIX directx::RenderObject::_CreateWorldTransformMaxtrix() {
    D3DXMATRIX m;
    D3DXMatrixIdentity(&m);
    return m;
}
void directx::RenderObjectBNX::InitializeVertexBuffer() {
    // RenderObject.cpp:875-898. CreateVertexBuffer fails for 0 bytes (D3DERR_INVALIDCALL; wined3d
    // refuses a buffer of size 0 too), leaving pVertexBuffer_ NULL, which Lock is then called on.
    int countVertex = GetVertexCount();
    if (countVertex > 0) {
        pVertexBuffer_ = new IDirect3DVertexBuffer9();
        pVertexBuffer_->vertices.resize(countVertex);
    }
    _CopyVertexBufferOnInitialize();
}

struct DrawnMesh {
    std::u16string name;
    std::vector<float> vertices;
    std::string undefined;  // why a vertex reads a palette entry that holds no bone
};
static std::vector<DrawnMesh> g_drawn;
static directx::ElfreinaMeshData::Mesh* g_drawing = nullptr;
static const int PALETTE = 80;  // float4x3 mWorldMatrixArray[80] (HLSL.hpp)

void directx::RenderObjectBNX::Render() {
    // RenderObject.cpp:994-1001: each skin matrix times the object's world (identity here), then
    // DefaultTransform(4) of HLSL.hpp per vertex.
    DrawnMesh drawn;
    drawn.name = g_drawing ? g_drawing->name_ : u"";
    int sizeMatrix = matrix_->GetSize();
    std::vector<D3DXMATRIX> list(sizeMatrix);
    D3DXMATRIX world = _CreateWorldTransformMaxtrix();
    for (int i = 0; i < sizeMatrix; i++) D3DXMatrixMultiply(&list[i], &matrix_->GetMatrix(i), &world);
    int usable = std::min(sizeMatrix, PALETTE);
    for (size_t v = 0; v < pVertexBuffer_->vertices.size(); v++) {
        const Vertex& in = pVertexBuffer_->vertices[v];
        float w[4] = {in.blendRate.x, in.blendRate.y, in.blendRate.z, 0};
        int idx[4] = {(int)in.blendIndex.x, (int)in.blendIndex.y, (int)in.blendIndex.z, (int)in.blendIndex.w};
        float last = 0.0f;
        for (int k = 0; k < 3; k++) last = last + w[k];
        w[3] = 1.0f - last;
        float pos[3] = {0, 0, 0};
        for (int k = 0; k < 4; k++) {
            if (idx[k] >= usable) {
                if (w[k] != 0.0f && drawn.undefined.empty())
                    drawn.undefined = "vertex " + std::to_string(v + 1) + " weighs palette entry " + std::to_string(idx[k]) +
                                      " (" + std::to_string(usable) + " set)";
                continue;
            }
            const D3DXMATRIX& m = list[idx[k]];
            for (int c = 0; c < 3; c++) {
                float p = in.position.x * m.m[0][c] + in.position.y * m.m[1][c] + in.position.z * m.m[2][c] + m.m[3][c];
                pos[c] += p * w[k];
            }
        }
        drawn.vertices.insert(drawn.vertices.end(), pos, pos + 3);
    }
    g_drawn.push_back(drawn);
}

// ---- Output -------------------------------------------------------------------------------------
static std::string utf8(const std::u16string& s) {
    std::string r;
    for (size_t i = 0; i < s.size(); i++) {
        unsigned c = s[i];
        if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
            c = 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00);
            i++;
        } else if (c >= 0xD800 && c <= 0xDFFF) {
            c = 0xFFFD;
        }
        if (c < 0x80) r += (char)c;
        else if (c < 0x800) { r += (char)(0xC0 | c >> 6); r += (char)(0x80 | (c & 0x3F)); }
        else if (c < 0x10000) { r += (char)(0xE0 | c >> 12); r += (char)(0x80 | ((c >> 6) & 0x3F)); r += (char)(0x80 | (c & 0x3F)); }
        else { r += (char)(0xF0 | c >> 18); r += (char)(0x80 | ((c >> 12) & 0x3F)); r += (char)(0x80 | ((c >> 6) & 0x3F)); r += (char)(0x80 | (c & 0x3F)); }
    }
    return r;
}
static std::string js(const std::string& s) {
    std::string r = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') { r += '\\'; r += (char)c; }
        else if (c < 0x20) { char b[8]; snprintf(b, sizeof b, "\\u%04x", c); r += b; }
        else r += (char)c;
    }
    return r + "\"";
}
static std::string num(float f) {
    if (std::isnan(f)) return "\"NaN\"";
    if (std::isinf(f)) return f > 0 ? "\"inf\"" : "\"-inf\"";
    char b[32];
    snprintf(b, sizeof b, "%.9g", (double)f);
    return b;
}
static std::string matrix(const D3DXMATRIX& m) {
    std::string r = "[";
    for (int i = 0; i < 16; i++) r += (i ? "," : "") + num(m.m[i / 4][i % 4]);
    return r + "]";
}

static const uint32_t FILL = 0xbebebebe;
static bool unset(const float& f) { uint32_t b; memcpy(&b, &f, 4); return b == FILL; }

struct PoseOut {
    bool drawn = false;
    std::string bones, meshes, undefined;
    double ms = 0;
};
static PoseOut pose(directx::ElfreinaMesh& mesh, directx::ElfreinaMeshData* data, const std::u16string& anim, int frame) {
    PoseOut out;
    g_drawn.clear();
    // ElfreinaMesh::Render(nameAnime, time), with the matrices it makes kept for the output.
    gstd::ref_count_ptr<directx::Matrices> matrices = mesh.CreateAnimationMatrix(anim, frame);
    if (matrices == NULL) return out;
    out.drawn = true;
    out.ms = mesh._CalcFrameToTime(frame, data->anime_[anim]);
    for (size_t i = 0; i < data->mesh_.size(); i++) {
        g_drawing = data->mesh_[i].GetPointer();
        g_drawing->SetMatrix(matrices);
        g_drawing->Render();
    }
    g_drawing = nullptr;
    out.bones = "[";
    for (int i = 0; i < matrices->GetSize(); i++)
        out.bones += (i ? "," : "") + (matrices->computed_[i] ? matrix(matrices->world_[i]) : std::string("null"));
    out.bones += "]";
    out.meshes = "[";
    for (size_t i = 0; i < g_drawn.size(); i++) {
        out.meshes += (i ? ",{" : "{") + std::string("\"name\":") + js(utf8(g_drawn[i].name)) + ",\"vertices\":[";
        for (size_t k = 0; k < g_drawn[i].vertices.size(); k++) out.meshes += (k ? "," : "") + num(g_drawn[i].vertices[k]);
        out.meshes += "]}";
        if (out.undefined.empty() && !g_drawn[i].undefined.empty()) out.undefined = g_drawn[i].undefined;
    }
    out.meshes += "]";
    return out;
}

int main(int argc, char** argv) {
    setlocale(LC_CTYPE, "C.UTF-8");  // glibc's letters past U+00FF, for iswalpha
    if (argc < 2) {
        fprintf(stderr, "usage: danmakufu-elem FILE [--pose ANIMATION FRAME]...\n");
        return 64;
    }
    FILE* f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 66; }
    std::vector<char> bytes;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) bytes.insert(bytes.end(), buf, buf + n);
    fclose(f);
    std::u16string path;
    for (const char* p = argv[1]; *p; p++) path += (char16_t)(unsigned char)*p;

    directx::ElfreinaMesh mesh;
    gstd::ref_count_ptr<gstd::FileReader> reader = new gstd::FileReader(bytes, path);
    // ElfreinaMesh::CreateFromFileReader (ElfreinaMesh.cpp:952-986) without the mesh manager.
    directx::ElfreinaMeshData* loading = new directx::ElfreinaMeshData();
    mesh.data_ = loading;
    loading->SetName(path);
    bool res = loading->CreateFromFileReader(reader);
    if (!res) {
        // Why, as the loader logs it (ElfreinaMesh.cpp:65): the message and the scanner's line.
        printf("{\"event\":\"load\",\"result\":\"fail\",\"log\":%s}\n", js(utf8(gstd::Logger::Last())).c_str());
        fflush(stdout);
        return 0;
    }
    directx::ElfreinaMeshData* data = (directx::ElfreinaMeshData*)mesh.data_.GetPointer();
    std::string out = "{\"event\":\"load\",\"result\":\"ok\",\"bones\":[";
    for (size_t i = 0; i < data->bone_.size(); i++) {
        directx::ElfreinaMeshData::Bone* b = data->bone_[i].GetPointer();
        int parent = b->indexParent_;
        out += (i ? ",{" : "{") + std::string("\"name\":") + js(utf8(b->name_)) + ",\"parent\":" +
               ((uint32_t)parent == FILL ? std::string("null") : std::to_string(parent)) + ",\"children\":" +
               std::to_string(b->indexChild_.size()) + "}";
    }
    out += "],\"map\":{";
    bool first = true;
    for (auto& kv : data->mapBoneNameIndex_) {
        out += (first ? "" : ",") + js(utf8(kv.first)) + ":" + std::to_string(kv.second);
        first = false;
    }
    out += "},\"meshes\":[";
    for (size_t i = 0; i < data->mesh_.size(); i++) {
        directx::ElfreinaMeshData::Mesh* m = data->mesh_[i].GetPointer();
        out += (i ? ",{" : "{") + std::string("\"name\":") + js(utf8(m->name_)) + ",\"vertices\":" +
               std::to_string(m->GetVertexCount()) + ",\"indices\":" + std::to_string(m->vertexIndices_.size()) +
               ",\"material\":" + (m->material_ == NULL ? "false" : "true") + "}";
    }
    out += "],\"clips\":[";
    first = true;
    for (auto& kv : data->anime_) {
        directx::ElfreinaMeshData::AnimationData* a = kv.second.GetPointer();
        auto field = [](int v) { return (uint32_t)v == FILL ? std::string("null") : std::to_string(v); };
        int parts = 0;
        for (auto& p : a->animeBone_) parts += p != NULL;
        out += (first ? "{" : ",{") + std::string("\"name\":") + js(utf8(kv.first)) + ",\"time\":" + field(a->timeTotal_) +
               ",\"fps\":" + field(a->framePerSecond_) + ",\"loop\":" +
               (*(uint8_t*)&a->bLoop_ == 0xbe ? "null" : a->bLoop_ ? "true" : "false") + ",\"parts\":" + std::to_string(parts) + "}";
        first = false;
    }
    out += "]}";
    printf("%s\n", out.c_str());
    fflush(stdout);

    for (int i = 2; i + 2 < argc + 0 && strcmp(argv[i], "--pose") == 0; i += 3) {
        std::u16string anim;
        {
            std::vector<char> a(argv[i + 1], argv[i + 1] + strlen(argv[i + 1]) + 1);
            anim = StringUtility::ConvertUtf8ToWide(a);
        }
        int frame = atoi(argv[i + 2]);
        printf("{\"event\":\"pose-begin\",\"animation\":%s,\"frame\":%d}\n", js(argv[i + 1]).c_str(), frame);
        fflush(stdout);
        PoseOut a = pose(mesh, data, anim, frame);
        std::string undefined = a.undefined;
        // What the loader never set (bytes still 0xbe) changed to other values: if the pose
        // changes (or the drawing crashes), it depends on memory the loader never wrote. A clip's
        // AnimationTime and FrameParSecond are tried at 7, then at 0 (a looping clip of
        // AnimationTime 0 divides by zero); Loop as true (g++ reads 0xbe as false, its low bit;
        // MSVC as true).
        for (int value : {7, 0}) {
            if (!a.drawn || !undefined.empty()) break;
            std::vector<std::pair<float*, float>> changed;
            for (auto& b : data->bone_)
                for (D3DXMATRIX* m : {&b->matOffset_, &b->matInitPosture_})
                    for (int k = 0; k < 16; k++)
                        if (unset(m->m[k / 4][k % 4])) {
                            changed.push_back({&m->m[k / 4][k % 4], m->m[k / 4][k % 4]});
                            m->m[k / 4][k % 4] = (float)value + 3.0f;
                        }
            std::vector<std::pair<int*, int>> changedInts;
            std::vector<std::pair<bool*, uint8_t>> changedBools;
            directx::ElfreinaMeshData::AnimationData* clip = data->anime_[anim].GetPointer();
            for (int* field : {&clip->timeTotal_, &clip->framePerSecond_})
                if ((uint32_t)*field == FILL) {
                    changedInts.push_back({field, *field});
                    *field = value;
                }
            if (*(uint8_t*)&clip->bLoop_ == 0xbe) {
                changedBools.push_back({&clip->bLoop_, 0xbe});
                *(uint8_t*)&clip->bLoop_ = 1;
            }
            if (changed.empty() && changedInts.empty() && changedBools.empty()) break;
            PoseOut b = pose(mesh, data, anim, frame);
            if (b.meshes != a.meshes) undefined = "the vertices depend on memory the loader never set";
            else if (b.bones != a.bones) undefined = "bones: matrix elements the loader never set";
            for (auto& c : changed) *c.first = c.second;
            for (auto& c : changedInts) *c.first = c.second;
            for (auto& c : changedBools) *(uint8_t*)c.first = c.second;
        }
        if (!a.drawn) {
            printf("{\"event\":\"pose\",\"drawn\":false}\n");
        } else {
            printf("{\"event\":\"pose\",\"drawn\":true,\"ms\":%.17g,\"undefined\":%s,\"bones\":%s,\"meshes\":%s}\n", a.ms,
                   undefined.empty() ? "null" : js(undefined).c_str(), a.bones.c_str(), a.meshes.c_str());
        }
        fflush(stdout);
    }
    return 0;
}
