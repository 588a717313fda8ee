// Tesseract's C API and Leptonica, for KakeiboTesseract only.
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
