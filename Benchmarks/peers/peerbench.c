// peerbench: launches one image viewer on the current X display and measures, by reading the screen itself,
// how fast it shows the first photo and turns to the second, or (--fill) how fast it fills a thumbnail grid.
// Built and run by Benchmarks/peers/bench-peers.sh and bench-fill.sh.
//
//   peerbench [--key KEYSYM] [--pages N] [--marker1 RRGGBB] [--marker2 RRGGBB] [--tolerance N] [--settle-ms MS]
//             [--page-settle-ms MS] [--until-paint] -- viewer arguments...
//   peerbench --fill [--fill-settle-ms MS] [--fill-step PX] [--fill-ignore-bottom PX] [--fill-timeout-ms MS]
//             -- viewer arguments...
//
// The viewer's window is found as it maps: under a window manager (one that sets _NET_SUPPORTING_WM_CHECK), the
// top-level window carrying WM_STATE inside the manager's frame; without one, the topmost viewable top-level window.
// What is read is the centre of that window (the photo's centre in every viewer measured) and its centre row.
// Prints one line of key=value pairs (times in ms, memory in KiB):
//   map        launch → the viewer's window is viewable (placed and mapped by the window manager, if any)
//   window     launch → the first change at the window's centre (the window's first frame, photo or not)
//   paint      launch → the first photo's marker colour at the window's centre
//   rss_paint  the viewer's VmRSS at that moment; rss_children: the sum of its child processes' (gallery's decoder
//              processes; 0 for a viewer without children)
//   pss_paint  the viewer's Pss (smaps_rollup) then; pss_children: its children's. Pss shares each page among the
//              processes that map it, so the sum counts once what the viewer and its decoders share (libraries'
//              text, the pictures' shared memory), which the RSS sum counts in each
//   cpu_paint  user + system CPU of the viewer (all its threads) up to that moment; cpu_children_paint: its child
//              processes' at that moment. Read from /proc in clock ticks (10 ms, truncated); with --until-paint the
//              viewer is killed at paint and cpu_paint is its exact figure from wait4 (µs), and nothing after paint
//              is measured
//   change     key press → the first frame that differs (the screen's centre row)
//   shown      key press → the second photo's marker at the centre, on a frame that then stays unchanged
//   pages      with --pages N: N more key presses, each after the screen settled; page_ms is their median
//   hwm        VmHWM (peak RSS) at the end of the run; cpu: user + system CPU time of the whole run
// With --fill it prints instead:
//   window     launch → the first change anywhere on the screen
//   fill       launch → the last change before the screen stayed still for --fill-settle-ms (default 1500): the
//              grid filled. The whole screen is sampled every --fill-step px (default 16) in x and y, so a
//              thumbnail arriving anywhere counts; frames: how many different screens were seen until then.
//              --fill-ignore-bottom PX leaves a status bar out (nsxiv's counts its background caching up)
//   rss_fill   VmRSS once still; hwm and cpu as above, read once still (the viewer is then sent SIGTERM)
// Pixels are read with XGetImage (a few µs per call on Xvfb); keys are sent with XTest to the viewer's window.
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static Display *display;
static Window root;
static int screenWidth, screenHeight;
static int tolerance = 24;        // per channel: JPEG and scaling move the marker's colour a little
static double settleMs = 150;     // a row unchanged this long counts as a finished frame sequence
static double pageSettleMs = 60;  // the same while paging: shorter, so 100 pages take seconds, not minutes
static double timeoutMs = 10000;
static double fillSettleMs = 1500;  // thumbnails arrive tens of ms apart; a second and a half of stillness is done
static double fillTimeoutMs = 120000;
static int fillStep = 16;
static int fillIgnoreBottom = 0;
// The viewer's window and the row read across its centre, in root coordinates (the whole screen until it maps).
static Window client = None;
static int rowX, rowY, rowWidth;

static double nowMs(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void sleepMs(double ms) {
    struct timespec t = {(time_t)(ms / 1000), (long)((ms - (time_t)(ms / 1000) * 1000) * 1e6)};
    nanosleep(&t, NULL);
}

static void fail(const char *message) {
    fprintf(stderr, "peerbench: %s\n", message);
    exit(2);
}

static unsigned long centrePixel(void) {
    XImage *image = XGetImage(display, root, rowX + rowWidth / 2, rowY, 1, 1, AllPlanes, ZPixmap);
    if (!image) fail("XGetImage failed");
    unsigned long pixel = XGetPixel(image, 0, 0) & 0xffffff;
    XDestroyImage(image);
    return pixel;
}

// The window's centre row, as 0xRRGGBB values (a TrueColor 24-bit screen, as Xvfb -screen WxHx24 makes).
static void centreRow(unsigned long *row) {
    XImage *image = XGetImage(display, root, rowX, rowY, rowWidth, 1, AllPlanes, ZPixmap);
    if (!image) fail("XGetImage failed");
    for (int x = 0; x < rowWidth; x++) row[x] = XGetPixel(image, x, 0) & 0xffffff;
    XDestroyImage(image);
}

static int matches(unsigned long pixel, unsigned long marker) {
    for (int shift = 0; shift < 24; shift += 8) {
        int a = (pixel >> shift) & 0xff, b = (marker >> shift) & 0xff;
        if (abs(a - b) > tolerance) return 0;
    }
    return 1;
}

static long statusField(pid_t pid, const char *name) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    long value = -1;
    size_t length = strlen(name);
    while (fgets(line, sizeof line, file))
        if (strncmp(line, name, length) == 0 && line[length] == ':') { value = atol(line + length + 1); break; }
    fclose(file);
    return value;
}

static double cpuMs(pid_t pid) {
    char path[64], buffer[2048];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (n <= 0) return -1;
    buffer[n] = 0;
    char *p = strrchr(buffer, ')');  // the command name may hold spaces
    unsigned long utime = 0, stime = 0;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2) return -1;
    return (utime + stime) * 1000.0 / sysconf(_SC_CLK_TCK);
}

// The sum of `measure` over pid's child processes, from /proc/PID/task/TID/children.
static double childrenSum(pid_t pid, double (*measure)(pid_t)) {
    char path[320], list[4096];
    snprintf(path, sizeof path, "/proc/%d/task", pid);
    double total = 0;
    DIR *tasks = opendir(path);
    if (!tasks) return -1;
    struct dirent *task;
    while ((task = readdir(tasks))) {
        if (task->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "/proc/%d/task/%s/children", pid, task->d_name);
        int fd = open(path, O_RDONLY);
        if (fd < 0) continue;
        ssize_t n = read(fd, list, sizeof list - 1);
        close(fd);
        if (n <= 0) continue;
        list[n] = 0;
        for (char *word = strtok(list, " \n"); word; word = strtok(NULL, " \n")) {
            double value = measure((pid_t)atol(word));
            if (value > 0) total += value;
        }
    }
    closedir(tasks);
    return total;
}

static double rssOf(pid_t pid) { return (double)statusField(pid, "VmRSS"); }

// The Pss line of /proc/PID/smaps_rollup, in KiB, or -1.
static double pssOf(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/smaps_rollup", pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    double value = -1;
    while (fgets(line, sizeof line, file))
        if (strncmp(line, "Pss:", 4) == 0) { value = atof(line + 4); break; }
    fclose(file);
    return value;
}

// Whether `window` carries WM_STATE: a window manager manages it (ICCCM).
static int managedClient(Window window) {
    static Atom wmState = None;
    if (wmState == None) wmState = XInternAtom(display, "WM_STATE", False);
    Atom type;
    int format;
    unsigned long count, after;
    unsigned char *data = NULL;
    int found = XGetWindowProperty(display, window, wmState, 0, 0, False, AnyPropertyType, &type, &format, &count,
                                   &after, &data) == Success && type != None;
    if (data) XFree(data);
    return found;
}

// The window carrying WM_STATE at or below `window` (a manager's frame holds it a level or two down), or None.
static Window clientBelow(Window window, int depth) {
    if (managedClient(window)) return window;
    if (depth == 0) return None;
    Window rootReturn, parent, *children = NULL, found = None;
    unsigned int count = 0;
    if (!XQueryTree(display, window, &rootReturn, &parent, &children, &count)) return None;
    for (int i = (int)count - 1; i >= 0 && found == None; i--) found = clientBelow(children[i], depth - 1);
    if (children) XFree(children);
    return found;
}

// Whether a window manager runs on the screen (it names its check window on the root).
static int windowManagerRuns(void) {
    Atom check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", False), type;
    int format;
    unsigned long count, after;
    unsigned char *data = NULL;
    int found = XGetWindowProperty(display, root, check, 0, 1, False, AnyPropertyType, &type, &format, &count, &after,
                                   &data) == Success && count > 0;
    if (data) XFree(data);
    return found;
}

// The viewer's window once it is viewable: the topmost new viewable top-level window (`before` lists those there
// before the launch), or under a window manager the managed client inside it.
static Window findViewerWindow(int managed, Window *before, unsigned int beforeCount) {
    Window rootReturn, parent, *children = NULL, found = None;
    unsigned int count = 0;
    if (!XQueryTree(display, root, &rootReturn, &parent, &children, &count)) return None;
    for (int i = (int)count - 1; i >= 0 && found == None; i--) {
        XWindowAttributes attributes;
        if (!XGetWindowAttributes(display, children[i], &attributes) || attributes.map_state != IsViewable
            || attributes.class != InputOutput)
            continue;
        int old = 0;
        for (unsigned int j = 0; j < beforeCount && !old; j++) old = before[j] == children[i];
        if (!old) found = managed ? clientBelow(children[i], 2) : children[i];
    }
    if (children) XFree(children);
    if (found != None) {
        XWindowAttributes attributes;
        if (!XGetWindowAttributes(display, found, &attributes) || attributes.map_state != IsViewable) found = None;
    }
    return found;
}

// Where the viewer's window's centre row lies on the screen now (a window manager may move it), clipped to it.
static void placeRow(void) {
    XWindowAttributes attributes;
    Window child;
    int x, y;
    if (client == None || !XGetWindowAttributes(display, client, &attributes)
        || !XTranslateCoordinates(display, client, root, 0, attributes.height / 2, &x, &y, &child))
        return;
    int right = x + attributes.width;
    if (x < 0) x = 0;
    if (right > screenWidth) right = screenWidth;
    if (y < 0 || y >= screenHeight || right <= x) return;
    rowX = x;
    rowY = y;
    rowWidth = right - x;
}

// Polls the centre row until it has not changed for settleMs (or the timeout); returns when it last changed.
static double waitForStillness(unsigned long *row, unsigned long *scratch, double since) {
    double lastChange = since, start = nowMs();
    centreRow(row);
    while (nowMs() - lastChange < settleMs && nowMs() - start < timeoutMs) {
        sleepMs(2);
        centreRow(scratch);
        if (memcmp(scratch, row, sizeof *row * rowWidth) != 0) {
            lastChange = nowMs();
            memcpy(row, scratch, sizeof *row * rowWidth);
        }
    }
    return lastChange;
}

// The sampled points along one side: every fillStep px from fillStep / 2 up to (not including) length.
static int sampleCount(int length) { return length > fillStep / 2 ? (length - fillStep / 2 + fillStep - 1) / fillStep : 0; }

// The screen above the ignored bottom, sampled every fillStep px in x and y (one XGetImage: a round trip, not
// thousands).
static void sampleGrid(unsigned long *samples) {
    int height = screenHeight - fillIgnoreBottom;
    XImage *image = XGetImage(display, root, 0, 0, screenWidth, height, AllPlanes, ZPixmap);
    if (!image) fail("XGetImage failed");
    int n = 0;
    for (int y = fillStep / 2; y < height; y += fillStep)
        for (int x = fillStep / 2; x < screenWidth; x += fillStep) samples[n++] = XGetPixel(image, x, y) & 0xffffff;
    XDestroyImage(image);
}

// --fill: launch → the screen stops changing. Returns the line to print; the viewer is still running.
static void measureFill(pid_t pid, double launch, char *line, size_t size) {
    int count = sampleCount(screenWidth) * sampleCount(screenHeight - fillIgnoreBottom);
    size_t bytes = sizeof(unsigned long) * (size_t)count;
    unsigned long *before = malloc(bytes), *samples = malloc(bytes);
    sampleGrid(before);  // the empty screen: the first difference is the window's first frame
    double window = -1, lastChange = -1;
    int frames = 0;
    while (nowMs() - launch < fillTimeoutMs) {
        sleepMs(2);
        sampleGrid(samples);
        double now = nowMs();
        if (memcmp(samples, before, bytes) != 0) {
            if (window < 0) window = now - launch;
            lastChange = now;
            frames++;
            memcpy(before, samples, bytes);
        } else if (lastChange >= 0 && now - lastChange >= fillSettleMs) {
            break;
        }
        if (waitpid(pid, NULL, WNOHANG) == pid) fail("the viewer exited before the screen was still");
    }
    free(before);
    free(samples);
    if (lastChange < 0 || nowMs() - lastChange < fillSettleMs) { kill(pid, SIGKILL); fail("the screen never settled"); }
    snprintf(line, size, "window=%.1f fill=%.1f frames=%d rss_fill=%ld hwm=%ld cpu=%.0f", window, lastChange - launch,
             frames, statusField(pid, "VmRSS"), statusField(pid, "VmHWM"), cpuMs(pid));
}

static void stopViewer(pid_t pid) {
    kill(pid, SIGTERM);
    for (int i = 0; i < 100 && waitpid(pid, NULL, WNOHANG) != pid; i++) sleepMs(10);
    if (waitpid(pid, NULL, WNOHANG) == 0) { kill(pid, SIGKILL); waitpid(pid, NULL, 0); }
}

static void pressKey(KeyCode code) {
    XTestFakeKeyEvent(display, code, True, CurrentTime);
    XTestFakeKeyEvent(display, code, False, CurrentTime);
    XFlush(display);
}

static int compareDoubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    const char *keyName = "Right";
    unsigned long marker1 = 0xff0000, marker2 = 0x0000ff;
    int pages = 0, commandStart = -1, fill = 0, untilPaint = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) { commandStart = i + 1; break; }
        if (strcmp(argv[i], "--fill") == 0) { fill = 1; continue; }
        if (strcmp(argv[i], "--until-paint") == 0) { untilPaint = 1; continue; }
        if (i + 1 >= argc) fail("option without a value");
        if (strcmp(argv[i], "--key") == 0) keyName = argv[++i];
        else if (strcmp(argv[i], "--pages") == 0) pages = atoi(argv[++i]);
        else if (strcmp(argv[i], "--marker1") == 0) marker1 = strtoul(argv[++i], NULL, 16);
        else if (strcmp(argv[i], "--marker2") == 0) marker2 = strtoul(argv[++i], NULL, 16);
        else if (strcmp(argv[i], "--tolerance") == 0) tolerance = atoi(argv[++i]);
        else if (strcmp(argv[i], "--settle-ms") == 0) settleMs = atof(argv[++i]);
        else if (strcmp(argv[i], "--page-settle-ms") == 0) pageSettleMs = atof(argv[++i]);
        else if (strcmp(argv[i], "--fill-settle-ms") == 0) fillSettleMs = atof(argv[++i]);
        else if (strcmp(argv[i], "--fill-step") == 0) fillStep = atoi(argv[++i]);
        else if (strcmp(argv[i], "--fill-ignore-bottom") == 0) fillIgnoreBottom = atoi(argv[++i]);
        else if (strcmp(argv[i], "--fill-timeout-ms") == 0) fillTimeoutMs = atof(argv[++i]);
        else fail("unknown option (see the comment at the top of peerbench.c)");
    }
    if (commandStart < 0 || commandStart >= argc) fail("usage: peerbench [options] -- viewer arguments...");

    if (!(display = XOpenDisplay(NULL))) fail("cannot open the display (DISPLAY)");
    int eventBase, errorBase, major, minor;
    if (!XTestQueryExtension(display, &eventBase, &errorBase, &major, &minor)) fail("the X server has no XTest");
    root = DefaultRootWindow(display);
    screenWidth = DisplayWidth(display, DefaultScreen(display));
    screenHeight = DisplayHeight(display, DefaultScreen(display));
    KeyCode key = XKeysymToKeycode(display, XStringToKeysym(keyName));
    if (!key) fail("unknown key name");
    if (fillStep < 1) fail("--fill-step must be at least 1");
    if (fillIgnoreBottom < 0 || fillIgnoreBottom > screenHeight - fillStep) fail("--fill-ignore-bottom leaves no screen");
    rowX = 0, rowY = screenHeight / 2, rowWidth = screenWidth;
    if (!fill && matches(centrePixel(), marker1)) fail("the first marker is already on screen: is another viewer running?");
    unsigned long *row = calloc(screenWidth, sizeof *row), *scratch = calloc(screenWidth, sizeof *row);
    // The screen before the launch (the window's first frame is its first change), the windows on it, and whether a
    // window manager will frame the viewer's.
    XImage *before = fill ? NULL : XGetImage(display, root, 0, 0, screenWidth, screenHeight, AllPlanes, ZPixmap);
    if (!fill && !before) fail("XGetImage failed");
    int managed = windowManagerRuns();
    Window rootReturn, parent, *windowsBefore = NULL;
    unsigned int windowsBeforeCount = 0;
    XQueryTree(display, root, &rootReturn, &parent, &windowsBefore, &windowsBeforeCount);
    XSelectInput(display, root, SubstructureNotifyMask);

    double launch = nowMs();
    pid_t pid = fork();
    if (pid < 0) fail("fork failed");
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        execvp(argv[commandStart], argv + commandStart);
        _exit(127);
    }

    if (fill) {
        char line[256];
        measureFill(pid, launch, line, sizeof line);
        stopViewer(pid);
        printf("%s\n", line);
        XCloseDisplay(display);
        return 0;
    }

    double map = -1, window = -1, paint = -1, change = -1, shown = -1, pageMedian = -1, cpuPaint = -1,
           cpuChildren = -1;
    long rssPaint = -1, rssChildren = -1, pssPaint = -1, pssChildren = -1;
    unsigned long background = 0;
    int pagesDone = 0;
    double lastSearch = -1;
    while (nowMs() - launch < timeoutMs) {
        // The window manager's and the viewer's structure changes: look for the window, or follow it as it moves.
        int changed = 0;
        while (XPending(display)) {
            XEvent event;
            XNextEvent(display, &event);
            changed = 1;
        }
        if (client == None && (changed || nowMs() - lastSearch > 10)) {
            lastSearch = nowMs();
            client = findViewerWindow(managed, windowsBefore, windowsBeforeCount);
            if (client != None) {
                map = nowMs() - launch;
                XSelectInput(display, client, StructureNotifyMask);
                changed = 1;
            }
        }
        if (client == None) {
            if (waitpid(pid, NULL, WNOHANG) == pid) fail("the viewer exited before showing a window");
            sleepMs(0.5);
            continue;
        }
        if (changed) {
            placeRow();
            background = XGetPixel(before, rowX + rowWidth / 2, rowY) & 0xffffff;
        }
        unsigned long pixel = centrePixel();
        if (window < 0 && pixel != background) window = nowMs() - launch;
        if (matches(pixel, marker1)) {
            paint = nowMs() - launch;
            rssPaint = statusField(pid, "VmRSS");
            rssChildren = (long)childrenSum(pid, rssOf);
            cpuChildren = childrenSum(pid, cpuMs);
            cpuPaint = cpuMs(pid);
            pssPaint = (long)pssOf(pid);
            pssChildren = (long)childrenSum(pid, pssOf);
            break;
        }
        if (waitpid(pid, NULL, WNOHANG) == pid) fail("the viewer exited before showing the first photo");
        sleepMs(0.5);
    }
    if (paint < 0) { kill(pid, SIGKILL); fail("the first marker never appeared"); }
    if (untilPaint) {
        // Stopped where it stands: wait4's figure is the CPU the viewer's threads took up to here, to the microsecond.
        kill(pid, SIGKILL);
        struct rusage usage;
        if (wait4(pid, NULL, 0, &usage) == pid)
            cpuPaint = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
                       + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
        printf("map=%.1f window=%.1f paint=%.1f rss_paint=%ld rss_children=%ld cpu_paint=%.1f cpu_children_paint=%.0f "
               "pss_paint=%ld pss_children=%ld\n",
               map, window, paint, rssPaint, rssChildren, cpuPaint, cpuChildren, pssPaint, pssChildren);
        XCloseDisplay(display);
        return 0;
    }

    // Let start-up animations and overlays finish, give the window the keyboard, then turn the page.
    waitForStillness(row, scratch, nowMs());
    XSetInputFocus(display, client, RevertToPointerRoot, CurrentTime);
    XSync(display, False);
    waitForStillness(row, scratch, nowMs());
    double press = nowMs();
    pressKey(key);
    while (nowMs() - press < timeoutMs) {
        centreRow(scratch);
        if (memcmp(scratch, row, sizeof *row * rowWidth) != 0) { change = nowMs() - press; break; }
        sleepMs(0.5);
    }
    if (change >= 0) {
        double lastChange = waitForStillness(row, scratch, nowMs());
        if (matches(row[rowWidth / 2], marker2)) shown = lastChange - press;
    }

    // Paging: each further key once the screen is still, as a person reading would.
    if (pages > 0) {
        double *times = calloc(pages, sizeof *times);
        settleMs = pageSettleMs;
        for (; pagesDone < pages; pagesDone++) {
            double start = nowMs(), changed = -1;
            pressKey(key);
            while (nowMs() - start < 3000) {
                centreRow(scratch);
                if (memcmp(scratch, row, sizeof *row * rowWidth) != 0) { changed = nowMs(); break; }
                sleepMs(1);
            }
            if (changed < 0) break;  // the end of the folder, or a viewer that stopped answering
            times[pagesDone] = waitForStillness(row, scratch, changed) - start;
        }
        if (pagesDone > 0) {
            qsort(times, pagesDone, sizeof *times, compareDoubles);
            pageMedian = times[pagesDone / 2];
        }
        free(times);
    }

    long hwm = statusField(pid, "VmHWM");
    double cpu = cpuMs(pid);
    stopViewer(pid);
    printf("map=%.1f window=%.1f paint=%.1f rss_paint=%ld rss_children=%ld cpu_paint=%.0f cpu_children_paint=%.0f "
           "change=%.1f shown=%.1f hwm=%ld cpu=%.0f pages=%d page_ms=%.1f\n",
           map, window, paint, rssPaint, rssChildren, cpuPaint, cpuChildren, change, shown, hwm, cpu, pagesDone,
           pageMedian);
    XCloseDisplay(display);
    return shown >= 0 ? 0 : 1;
}
