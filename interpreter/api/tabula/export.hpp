#pragma once
// The library's public surface: what TABULA_API marks is exported from libtabula; everything
// else in it (the engine, the rules language, the players) is hidden, so it can change
// without breaking a program built against these headers.
#define TABULA_API __attribute__((visibility("default")))
