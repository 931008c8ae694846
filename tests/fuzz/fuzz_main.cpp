// libFuzzer entry point; TABULA_FUZZ_TARGET names the function of targets.hpp to run.
#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tabula::fuzz::TABULA_FUZZ_TARGET(data, size);
  return 0;
}
