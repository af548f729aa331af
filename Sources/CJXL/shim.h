#ifndef GALLERY_CJXL_SHIM_H
#define GALLERY_CJXL_SHIM_H

#include <jxl/decode.h>
#include <jxl/thread_parallel_runner.h>

#endif
