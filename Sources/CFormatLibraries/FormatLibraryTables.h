#ifndef GALLERY_FORMAT_LIBRARY_TABLES_H
#define GALLERY_FORMAT_LIBRARY_TABLES_H

#include "CFormatLibraries.h"

// What the generated table (FormatLibraryTables.c) gives the loader (FormatLibraries.c).

/// A forwarded function: its group, the soname of the library that exports it, its name.
struct gallery_format_library_function {
    int group;
    const char *soname;
    const char *name;
};

/// A library: its group and soname, in the order a group's libraries load.
struct gallery_format_library {
    int group;
    const char *soname;
};

extern const struct gallery_format_library_function gallery_format_library_functions[];
extern const int gallery_format_library_function_count;
extern const struct gallery_format_library gallery_format_libraries[];
extern const int gallery_format_library_count;

#endif
