// Stand-in for Danmakufu's directx/RenderObject.hpp: the classes ElfreinaMesh.cpp uses, with the
// members the loader and RenderObjectB4NX's own code (RenderObject.cpp) touch. Drawing is replaced
// by the harness's skinning on the CPU (danmakufu-elem.cpp), done as the shader does (HLSL.hpp).
#pragma once
#include "dnh_stubs.hpp"

namespace directx {
using gstd::ref_count_ptr;

struct Texture { bool CreateFromFile(std::u16string) { return false; } };
struct Shader {};
struct RenderStateFunction {};

// The world matrix each bone's skin matrix was made from: `SetMatrix(i, matOffset * mat)` stores
// the product, and the harness wants `mat` (the bone's world), the right operand of the last
// product made before the store.
extern D3DXMATRIX g_lastRightOperand;
class Matrices {
    std::vector<D3DXMATRIX> matrix_;
  public:
    std::vector<D3DXMATRIX> world_;
    std::vector<bool> computed_;
    Matrices() {}
    virtual ~Matrices() {}
    void SetSize(int size) {
        matrix_.resize(size);
        world_.resize(size);
        computed_.assign(size, false);
        for (int i = 0; i < size; i++) D3DXMatrixIdentity(&matrix_[i]);
    }
    int GetSize() { return (int)matrix_.size(); }
    void SetMatrix(int index, const D3DXMATRIX& mat) {  // MSVC binds the temporary to a non-const reference
        matrix_[index] = mat;
        world_.at(index) = g_lastRightOperand;
        computed_.at(index) = true;
    }
    D3DXMATRIX& GetMatrix(int index) { return matrix_[index]; }
};

struct VERTEX_B4NX {
    D3DXVECTOR3 position;
    float blendRate[3];
    DWORD blendIndex;
    D3DXVECTOR3 normal;
    D3DXVECTOR2 texcoord;
};

class RenderObject {
  protected:
    D3DPRIMITIVETYPE typePrimitive_;
    int strideVertexStreamZero_;
    gstd::ByteBuffer vertex_;
    std::vector<short> vertexIndices_;
    std::vector<ref_count_ptr<Texture> > texture_;
    D3DXVECTOR3 posWeightCenter_;
    IDirect3DVertexBuffer9* pVertexBuffer_ = nullptr;
    D3DXVECTOR3 position_ = D3DXVECTOR3(0, 0, 0);
    D3DXVECTOR3 angle_ = D3DXVECTOR3(0, 0, 0);
    D3DXVECTOR3 scale_ = D3DXVECTOR3(1, 1, 1);
    bool bCoordinate2D_ = false;
    D3DXMATRIX _CreateWorldTransformMaxtrix();  // identity: the harness draws at the origin
  public:
    RenderObject() { texture_.resize(1); }
    virtual ~RenderObject() {}
    virtual void Render() = 0;
    virtual void InitializeVertexBuffer() {}
    virtual void CalculateWeightCenter() {}
    D3DXVECTOR3 GetWeightCenter() { return posWeightCenter_; }
    void SetPrimitiveType(D3DPRIMITIVETYPE type) { typePrimitive_ = type; }
    virtual void SetVertexCount(int count) {
        vertex_.SetSize(count * strideVertexStreamZero_);
        ZeroMemory(vertex_.GetPointer(), vertex_.GetSize());
    }
    virtual int GetVertexCount() { return vertex_.GetSize() / strideVertexStreamZero_; }
    void SetPosition(D3DXVECTOR3& pos) { position_ = pos; }
    void SetAngle(D3DXVECTOR3& angle) { angle_ = angle; }
    void SetScale(D3DXVECTOR3& scale) { scale_ = scale; }
    void SetTexture(ref_count_ptr<Texture> texture, int stage = 0) { texture_[stage] = texture; }
    void SetCoordinate2D(bool b) { bCoordinate2D_ = b; }
};

class RenderObjectBNX : public RenderObject {
  public:
    struct Vertex {
        D3DXVECTOR3 position;
        D3DXVECTOR4 blendRate;
        D3DXVECTOR4 blendIndex;
        D3DXVECTOR3 normal;
        D3DXVECTOR2 texcoord;
    };
  protected:
    ref_count_ptr<Matrices> matrix_;
    D3DCOLOR color_;
    D3DMATERIAL9 materialBNX_;
    virtual void _CopyVertexBufferOnInitialize() = 0;
  public:
    virtual void InitializeVertexBuffer();
    virtual void Render();  // the shader's skinning on the CPU, into the harness's output
    void SetMatrix(ref_count_ptr<Matrices> matrix) { matrix_ = matrix; }
    void SetColor(D3DCOLOR color) { color_ = color; }
};
}  // namespace directx

// The vertex buffer RenderObjectB4NX::_CopyVertexBufferOnInitialize fills through Lock.
#define D3DLOCK_NOSYSLOCK 0
struct IDirect3DVertexBuffer9 {
    std::vector<directx::RenderObjectBNX::Vertex> vertices;
    // COM methods: called through the vtable, so on NULL they crash.
    virtual HRESULT Lock(UINT, UINT, void** out, DWORD) { *out = vertices.data(); return 0; }
    virtual HRESULT Unlock() { return 0; }
};

namespace directx {
class RenderObjectB4NX : public RenderObjectBNX {
  protected:
    virtual void _CopyVertexBufferOnInitialize();
  public:
    RenderObjectB4NX();
    ~RenderObjectB4NX();
    virtual void CalculateWeightCenter();
    VERTEX_B4NX* GetVertex(int index);
    void SetVertex(int index, VERTEX_B4NX& vertex);
    void SetVertexPosition(int index, float x, float y, float z);
    void SetVertexUV(int index, float u, float v);
    void SetVertexBlend(int index, int pos, BYTE indexBlend, float rate);
    void SetVertexNormal(int index, float x, float y, float z);
    IDirect3DVertexBuffer9* GetVertexBuffer() { return pVertexBuffer_; }
    ref_count_ptr<Matrices> GetMatrices() { return matrix_; }
};

class RenderBlock {
  protected:
    float posSortKey_;
    ref_count_ptr<RenderObject> obj_;
  public:
    virtual ~RenderBlock() {}
    virtual void CalculateZValue() = 0;
    virtual bool IsTranslucent() = 0;
    void SetRenderObject(ref_count_ptr<RenderObject> obj) { obj_ = obj; }
    void SetPosition(D3DXVECTOR3&) {}
    void SetAngle(D3DXVECTOR3&) {}
    void SetScale(D3DXVECTOR3&) {}
};
class RenderBlocks {
    std::list<ref_count_ptr<RenderBlock> > listBlock_;
  public:
    void Add(ref_count_ptr<RenderBlock> block) { listBlock_.push_back(block); }
};
class RenderObjectBNXBlock : public RenderBlock {
  protected:
    ref_count_ptr<Matrices> matrix_;
    D3DCOLOR color_;
  public:
    void SetMatrix(ref_count_ptr<Matrices> matrix) { matrix_ = matrix; }
    bool IsTranslucent() { return false; }
};
class RenderObjectB2NXBlock : public RenderObjectBNXBlock {
  public:
    virtual void Render() {}
};

enum { MESH_ELFREINA, MESH_METASEQUOIA };
class DxMeshManager {
    int lock_;
  public:
    static DxMeshManager* GetBase() { static DxMeshManager m; return &m; }
    int& GetLock() { return lock_; }
};
class DxMeshData {
  protected:
    std::u16string name_;
    volatile bool bLoad_ = true;
  public:
    virtual ~DxMeshData() {}
    void SetName(std::u16string name) { name_ = name; }
    virtual bool CreateFromFileReader(ref_count_ptr<gstd::FileReader> reader) = 0;
};
class DxMesh {
  protected:
    D3DXVECTOR3 position_ = D3DXVECTOR3(0, 0, 0);
    D3DXVECTOR3 angle_ = D3DXVECTOR3(0, 0, 0);
    D3DXVECTOR3 scale_ = D3DXVECTOR3(1, 1, 1);
    D3DCOLOR color_ = 0xffffffff;
    bool bCoordinate2D_ = false;
    ref_count_ptr<DxMeshData> data_;
    ref_count_ptr<DxMeshData> _GetFromManager(std::u16string) { return NULL; }
    void _AddManager(std::u16string, ref_count_ptr<DxMeshData>) {}
  public:
    virtual ~DxMesh() {}
    virtual void Release() { data_ = NULL; }
    virtual bool CreateFromFileInLoadThread(std::u16string, int) { return false; }
    virtual void Render() = 0;
    virtual void Render(std::u16string nameAnime, int time) { Render(); }
    virtual D3DXMATRIX GetAnimationMatrix(std::u16string, double, std::u16string) { D3DXMATRIX m; D3DXMatrixIdentity(&m); return m; }
};
class DirectGraphics {
    IDirect3DDevice9 device_;
  public:
    static DirectGraphics* GetBase() { static DirectGraphics g; return &g; }
    IDirect3DDevice9* GetDevice() { return &device_; }
};
}  // namespace directx
