// HDASOKO_SPIN_PAUSE(): the pause of a spin-wait loop (x86: PAUSE, which
// spares the sibling hyperthread and the memory order machine; elsewhere nothing).
#pragma once

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define HDASOKO_SPIN_PAUSE() _mm_pause()
#else
#define HDASOKO_SPIN_PAUSE() ((void)0)
#endif
