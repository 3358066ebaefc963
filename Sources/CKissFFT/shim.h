// kissfft-float.pc asks for -Dkiss_fft_scalar=float, which SwiftPM drops as a prohibited
// flag; the same definition here keeps the header's scalar float whatever the build
// passes (KISS_FFT_SHARED, dropped too, only marks Windows DLL exports).
#ifndef kiss_fft_scalar
#define kiss_fft_scalar float
#endif
#include <kiss_fftr.h>
