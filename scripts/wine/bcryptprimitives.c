/* ProcessPrng, the one export of Windows' bcryptprimitives.dll that Go programs
 * need (Go 1.24+ reads its random numbers through it at start), for Wine 8.0,
 * Debian 12's Wine, which lacks the DLL; Windows 10 and 11 have it. It forwards to
 * BCryptGenRandom, which Wine has. Only scripts/wine-prefix.sh builds it, into the
 * test prefix: nothing here ships to users. */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {
    while (size > 0) {
        ULONG n = size > 0x40000000 ? 0x40000000 : (ULONG)size;
        if (BCryptGenRandom(NULL, data, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) return FALSE;
        data += n;
        size -= n;
    }
    return TRUE;
}
