// Stand-ins for what Danmakufu ph3's `.elem` loader needs from Windows, the C runtime, Direct3D 9,
// D3DX and the rest of GcLib, so that its own code (ElfreinaMesh.cpp, gstd::Scanner) compiles with
// g++ on Linux unchanged but for mechanical edits (tests/runtimes/README.md). Written for rigls's
// harness; no Danmakufu code is here. Wide characters are 16-bit `char16_t` (Windows' `wchar_t`).
#pragma once
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <list>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>
#include <algorithm>
#include <cwctype>

typedef uint32_t DWORD;
typedef uint16_t WORD;
typedef uint8_t BYTE;
typedef unsigned int UINT;
typedef int BOOL;
typedef long HRESULT;
typedef void* LPVOID;
typedef DWORD D3DCOLOR;
#define FALSE 0
#define TRUE 1
#define FAILED(hr) (((HRESULT)(hr)) < 0)
#define IS_TEXT_UNICODE_UNICODE_MASK 0x000F
inline int IsTextUnicode(const void*, int, int*) { return 0; }
// ZeroMemory(&v[0], 0) of an empty vector is harmless in a release build of MSVC.
inline void ZeroMemory(void* p, size_t n) { if (n) memset(p, 0, n); }
inline void Sleep(int) {}
#ifndef min
template <class A, class B> inline A min(A a, B b) { return b < a ? (A)b : a; }
#endif

// IsDBCSLeadByteEx takes a BYTE: a 16-bit unit is truncated to its low byte.
#define CP_UTF8 65001
inline BOOL IsDBCSLeadByteEx(UINT, BYTE b) { return (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC); }
// MultiByteToWideChar without MB_ERR_INVALID_CHARS (Vista and later): CP_UTF8 decoded to UTF-16,
// each byte of an ill-formed sequence (overlong, surrogate, past U+10FFFF, truncated) becoming
// U+FFFD; other code pages are read as Latin-1 (the scanner never reads them: its text is UTF-16).
int MultiByteToWideChar(UINT cp, DWORD flags, const char* s, int len, char16_t* out, int outLen);

// MSVC's CRT on 16-bit strings: _wtoi saturates like wcstol, wcstod reads the longest prefix.
int _wtoi(const char16_t* s);
double wcstod(const char16_t* s, char16_t** end);
// Windows' iswdigit/iswalpha (GetStringTypeW C1_DIGIT/C1_ALPHA past Latin-1, MSVC's table before).
int dnh_iswdigit(char16_t c);
int dnh_iswalpha(char16_t c);
#define iswdigit dnh_iswdigit
#define iswalpha dnh_iswalpha

// ---- D3D / D3DX --------------------------------------------------------------------------------
struct D3DXVECTOR2 { float x, y; D3DXVECTOR2() {} D3DXVECTOR2(float a, float b) : x(a), y(b) {} };
struct D3DXVECTOR3 {
    float x, y, z;
    D3DXVECTOR3() {}
    D3DXVECTOR3(float a, float b, float c) : x(a), y(b), z(c) {}
};
struct D3DXVECTOR4 { float x, y, z, w; operator float*() { return &x; } D3DXVECTOR4() {} D3DXVECTOR4(float a, float b, float c, float d) : x(a), y(b), z(c), w(d) {} };
struct D3DXQUATERNION {
    float x, y, z, w;
    D3DXQUATERNION() {}
    D3DXQUATERNION(float a, float b, float c, float d) : x(a), y(b), z(c), w(d) {}
};
struct D3DXMATRIX {
    float m[4][4];
    D3DXMATRIX() {}  // uninitialised, as D3DX's
    D3DXMATRIX operator*(const D3DXMATRIX& o) const;
};
struct D3DCOLORVALUE { float r, g, b, a; };
struct D3DMATERIAL9 { D3DCOLORVALUE Diffuse, Ambient, Specular, Emissive; float Power; };
enum D3DPRIMITIVETYPE { D3DPT_TRIANGLELIST = 4 };
enum D3DTRANSFORMSTATETYPE { D3DTS_VIEW = 2, D3DTS_PROJECTION = 3 };
D3DXMATRIX* D3DXMatrixIdentity(D3DXMATRIX* out);
D3DXMATRIX* D3DXMatrixMultiply(D3DXMATRIX* out, const D3DXMATRIX* a, const D3DXMATRIX* b);
D3DXMATRIX* D3DXMatrixTranslation(D3DXMATRIX* out, float x, float y, float z);
D3DXMATRIX* D3DXMatrixScaling(D3DXMATRIX* out, float x, float y, float z);
D3DXMATRIX* D3DXMatrixRotationQuaternion(D3DXMATRIX* out, const D3DXQUATERNION* q);
D3DXMATRIX* D3DXMatrixRotationYawPitchRoll(D3DXMATRIX* out, float yaw, float pitch, float roll);
D3DXMATRIX* D3DXMatrixInverse(D3DXMATRIX* out, float* det, const D3DXMATRIX* m);
D3DXQUATERNION* D3DXQuaternionSlerp(D3DXQUATERNION* out, const D3DXQUATERNION* a, const D3DXQUATERNION* b, float t);
D3DXVECTOR3* D3DXVec3TransformCoord(D3DXVECTOR3* out, const D3DXVECTOR3* v, const D3DXMATRIX* m);
#define D3DXToRadian(d) ((d) * (3.141592654f / 180.0f))

struct IDirect3DDevice9 {
    void SetMaterial(const D3DMATERIAL9*) {}
    void GetTransform(int, D3DXMATRIX* m) { D3DXMatrixIdentity(m); }
};
struct IDirect3DVertexBuffer9;

// ---- gstd --------------------------------------------------------------------------------------
namespace gstd {
template <class T> class ref_count_ptr {
    template <class U> friend class ref_count_ptr;
    std::shared_ptr<T> p_;
  public:
    ref_count_ptr() {}
    ref_count_ptr(T* p) : p_(p) {}
    template <class U> ref_count_ptr(const ref_count_ptr<U>& o) : p_(o.p_) {}
    T* GetPointer() const { return p_.get(); }
    T* operator->() const { return p_.get(); }
    T& operator*() const { return *p_; }
    bool operator==(const T* p) const { return p_.get() == p; }
    bool operator!=(const T* p) const { return p_.get() != p; }
};
class wexception {
    std::u16string message_;
  public:
    wexception(std::u16string m) : message_(m) {}
    const char16_t* what() const { return message_.c_str(); }
};
// Keeps the last line logged: the loader logs why it failed (ElfreinaMesh.cpp:65).
struct Logger { static std::u16string& Last() { static std::u16string s; return s; } static void WriteTop(std::u16string s) { Last() = s; } };
class Encoding {
  public:
    enum { UNKNOWN = -1, UTF8 = 1, UTF16LE, SHIFT_JIS };
    enum { CP_SHIFT_JIS = 932 };
    static int Detect(const void* data, int dataSize);
    static bool IsUtf16Le(const void* data, int dataSize);
    static int GetBomSize(const void* data, int dataSize);
    static const unsigned char BOM_UTF16LE[];
};
class StringUtility {
  public:
    static std::u16string ConvertMultiToWide(std::string const& str, int codeMulti = 932);
    static std::u16string ConvertUtf8ToWide(std::vector<char>& text);
    static std::u16string Format(const char16_t* str, ...);
    static int ToInteger(std::u16string const& s);
    static double ToDouble(std::u16string const& s);
    static std::string ReplaceAll(std::string& source, std::string pattern, std::string placement, int replaceCount = INT32_MAX, int start = 0, int end = 0);
    static std::u16string ReplaceAll(std::u16string& source, std::u16string pattern, std::u16string placement, int replaceCount = INT32_MAX, int start = 0, int end = 0);
};
class BitAccess {
  public:
    // x86 shifts a 32-bit register by the count modulo 32 (MSVC emits `shl reg, cl`): a 5th
    // influence's byte (bit 32) lands on the 1st's.
    template <typename T> static unsigned char GetByte(T value, int bit) { return (unsigned char)(value >> (bit & 31)); }
    template <typename T> static T& SetByte(T& value, int bit, unsigned char c) {
        T mask = (T)0xff << (bit & 31);
        T write = (T)c << (bit & 31);
        value &= ~mask;
        value |= write;
        return value;
    }
};
class ByteBuffer {
    std::vector<char> data_;
  public:
    void SetSize(int size) { data_.resize(size); }  // a negative size throws, as MSVC's vector
    int GetSize() { return (int)data_.size(); }
    char* GetPointer(int pos = 0) { return data_.data() + pos; }
};
class FileReader {
    std::vector<char> bytes_;
    std::u16string path_;
  public:
    FileReader(const std::vector<char>& bytes, std::u16string path) : bytes_(bytes), path_(path) {}
    bool Open() { return true; }
    std::u16string GetOriginalPath() { return path_; }
    int GetFileSize() { return (int)bytes_.size(); }
    DWORD Read(void* buf, DWORD size) { if (size) memcpy(buf, bytes_.data(), size); return size; }
};
class PathProperty { public: static std::u16string GetFileDirectory(std::u16string) { return u""; } };
struct Lock { template <class T> Lock(T&) {} };
}  // namespace gstd
namespace gstd {
#include "scanner.hpp"  // gstd::Token and gstd::Scanner as Danmakufu declares them
}
