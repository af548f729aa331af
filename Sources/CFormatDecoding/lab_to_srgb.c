// L*a*b* to sRGB (lab_to_srgb.h says what each function does).
#include "lab_to_srgb.h"

#include <math.h>

static void multiply(const double a[3][3], const double b[3][3], double out[3][3]) {
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) out[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j];
}

void gallery_lab_prepare(struct gallery_lab_conversion *lab, double x, double y) {
    lab->white[0] = x / y, lab->white[1] = 1, lab->white[2] = (1 - x - y) / y;
    static const double bradford[3][3] = {
        {0.8951, 0.2664, -0.1614}, {-0.7502, 1.7135, 0.0367}, {0.0389, -0.0685, 1.0296}};
    static const double bradford_inverse[3][3] = {
        {0.9869929, -0.1470543, 0.1599627}, {0.4323053, 0.5183603, 0.0492912}, {-0.0085287, 0.0400428, 0.9684867}};
    static const double d65[3] = {0.95047, 1, 1.08883};
    static const double xyz_to_srgb[3][3] = {
        {3.2404542, -1.5371385, -0.4985314}, {-0.9692660, 1.8760108, 0.0415560}, {0.0556434, -0.2040259, 1.0572252}};
    double scale[3][3] = {{0}};
    for (int i = 0; i < 3; i++) {
        double source = 0, target = 0;
        for (int j = 0; j < 3; j++) source += bradford[i][j] * lab->white[j], target += bradford[i][j] * d65[j];
        scale[i][i] = target / source;
    }
    double step[3][3], adapt[3][3];
    multiply(scale, bradford, step);
    multiply(bradford_inverse, step, adapt);
    multiply(xyz_to_srgb, adapt, lab->to_linear_srgb);
    for (int i = 0; i <= 4096; i++) {
        double linear = i / 4096.0;
        double value = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055;
        lab->encoded[i] = (uint8_t)lround(value * 255);
    }
}

static double lab_inverse(double t) { return t > 6.0 / 29 ? t * t * t : 3 * (6.0 / 29) * (6.0 / 29) * (t - 4.0 / 29); }

uint32_t gallery_lab_pixel(const struct gallery_lab_conversion *lab, double l, double a, double b) {
    double fy = (l + 16) / 116;
    double xyz[3] = {lab->white[0] * lab_inverse(fy + a / 500), lab->white[1] * lab_inverse(fy),
                     lab->white[2] * lab_inverse(fy - b / 200)};
    uint32_t pixel = 0xFF000000u;
    for (int i = 0; i < 3; i++) {
        double linear = lab->to_linear_srgb[i][0] * xyz[0] + lab->to_linear_srgb[i][1] * xyz[1] +
                        lab->to_linear_srgb[i][2] * xyz[2];
        linear = linear < 0 ? 0 : linear > 1 ? 1 : linear;
        pixel |= (uint32_t)lab->encoded[lround(linear * 4096)] << (16 - 8 * i);
    }
    return pixel;
}
