#define _GNU_SOURCE
#include "FormatLibraryTables.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// One lock for every group's load: loads are rare (once per group per process) and a load must see the others'
// handles. The resolved functions are read without it (an atomic pointer each, written once).
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int states[GALLERY_FORMAT_LIBRARIES_GROUP_COUNT];
static char errors[GALLERY_FORMAT_LIBRARIES_GROUP_COUNT][512];
static const char *renamed[GALLERY_FORMAT_LIBRARIES_GROUP_COUNT];
static int sealed;
static atomic_uint missed;
// One per library of the generated table (16 now), with room; checked at the first load.
static void *handles[32];
// Enough for every generated function (the table has ~200); checked at the first lookup.
static _Atomic(void *) functions[512];

static const char *const names[GALLERY_FORMAT_LIBRARIES_GROUP_COUNT] = {
    "SDL_image", "libheif", "libjxl", "LibRaw", "librsvg", "SDL", "SDL_ttf", "libavif"};
// The group each group's libraries call into, loaded first (-1: none): SDL_image and SDL_ttf use SDL's core, whose
// functions are trampolines of the SDL group here, so a decoder sealed after loading SDL_image still finds them.
static const int prerequisites[GALLERY_FORMAT_LIBRARIES_GROUP_COUNT] = {
    GALLERY_FORMAT_LIBRARIES_SDL, -1, -1, -1, -1, -1, GALLERY_FORMAT_LIBRARIES_SDL, -1};

static void *handle_of(const char *soname) {
    for (int index = 0; index < gallery_format_library_count; index++) {
        if (strcmp(gallery_format_libraries[index].soname, soname) == 0) return handles[index];
    }
    return NULL;
}

// Loads `group` (its prerequisite first) with `lock` held; its state after.
static int load_locked(int group) {
    if (states[group] != 0) return states[group];
    if (gallery_format_library_count > (int)(sizeof handles / sizeof handles[0])) abort();
    if (sealed) {
        // dlopen would open files the sandbox refuses: say so, and say which group a request lacked.
        atomic_fetch_or(&missed, 1u << group);
        snprintf(errors[group], sizeof errors[group], "%s was not loaded before the sandbox", names[group]);
        return -1;
    }
    int prerequisite = prerequisites[group];
    if (prerequisite >= 0 && load_locked(prerequisite) < 0) {
        states[group] = -1;
        snprintf(errors[group], sizeof errors[group], "%s", errors[prerequisite]);
        return -1;
    }
    states[group] = 1;
    int first = 1;
    for (int index = 0; index < gallery_format_library_count; index++) {
        if (gallery_format_libraries[index].group != group) continue;
        const char *soname = first && renamed[group] ? renamed[group] : gallery_format_libraries[index].soname;
        first = 0;
        // RTLD_NOW: every symbol bound now, before the sandbox, not at a first call inside it.
        handles[index] = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (!handles[index]) {
            const char *why = dlerror();
            snprintf(errors[group], sizeof errors[group], "%s could not be loaded: %s", names[group],
                     why ? why : soname);
            states[group] = -1;
            break;
        }
    }
    return states[group];
}

int gallery_format_libraries_load(int group, char *error, size_t capacity) {
    if (group < 0 || group >= GALLERY_FORMAT_LIBRARIES_GROUP_COUNT) {
        if (error && capacity) snprintf(error, capacity, "no format library group %d", group);
        return -1;
    }
    pthread_mutex_lock(&lock);
    int state = load_locked(group);
    if (state < 0 && error && capacity) snprintf(error, capacity, "%s", errors[group]);
    pthread_mutex_unlock(&lock);
    return state > 0 ? 0 : -1;
}

int gallery_format_libraries_state(int group) {
    if (group < 0 || group >= GALLERY_FORMAT_LIBRARIES_GROUP_COUNT) return -1;
    pthread_mutex_lock(&lock);
    int state = states[group];
    pthread_mutex_unlock(&lock);
    return state;
}

void gallery_format_libraries_seal(void) {
    pthread_mutex_lock(&lock);
    sealed = 1;
    pthread_mutex_unlock(&lock);
}

unsigned gallery_format_libraries_take_missed(void) { return atomic_exchange(&missed, 0); }

void gallery_format_libraries_rename(int group, const char *soname) {
    if (group < 0 || group >= GALLERY_FORMAT_LIBRARIES_GROUP_COUNT) return;
    pthread_mutex_lock(&lock);
    renamed[group] = soname ? strdup(soname) : NULL;
    pthread_mutex_unlock(&lock);
}

void *gallery_format_library_function(int index) {
    void *function = atomic_load_explicit(&functions[index], memory_order_acquire);
    if (function) return function;
    if (gallery_format_library_function_count > (int)(sizeof functions / sizeof functions[0])) abort();
    const struct gallery_format_library_function *entry = &gallery_format_library_functions[index];
    char error[512];
    if (gallery_format_libraries_load(entry->group, error, sizeof error) != 0) {
        // Only a caller that skipped the check gets here: no function to forward to, so no way to go on.
        fprintf(stderr, "gallery: %s (calling %s)\n", error, entry->name);
        abort();
    }
    pthread_mutex_lock(&lock);
    void *handle = handle_of(entry->soname);
    pthread_mutex_unlock(&lock);
    function = handle ? dlsym(handle, entry->name) : NULL;
    if (!function) {
        fprintf(stderr, "gallery: %s has no %s\n", entry->soname, entry->name);
        abort();
    }
    atomic_store_explicit(&functions[index], function, memory_order_release);
    return function;
}
