// tests/instrumented.hpp: whether this test build is instrumented (ASan +
// UBSan, TSan) or unoptimized. Searches run 5-15 times slower there, so the
// heaviest tests (the optimality cross-check, HDA* at every worker count)
// check a share of their levels in such builds (CI's sanitizer stages) and
// every level in the release build (the README's test command).
#pragma once

namespace hdasoko::testing {

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__) || !defined(NDEBUG)
inline constexpr bool instrumented = true;
#else
inline constexpr bool instrumented = false;
#endif

}  // namespace hdasoko::testing
