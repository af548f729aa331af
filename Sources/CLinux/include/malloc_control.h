#ifndef GALLERY_MALLOC_CONTROL_H
#define GALLERY_MALLOC_CONTROL_H

// glibc's <malloc.h> (mallopt, malloc_trim), which Swift's Glibc module does not include.
#include <malloc.h>

#endif
