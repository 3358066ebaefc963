// Writes a Display P3 ICC profile (P3 primaries, D65 white, sRGB's curve) made by Little
// CMS to the file named by argv[1], for bench-key's Display P3-tagged painting.
#include <lcms2.h>
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    cmsCIExyY white = {0.3127, 0.3290, 1};
    cmsCIExyYTRIPLE primaries = {{0.680, 0.320, 1}, {0.265, 0.690, 1}, {0.150, 0.060, 1}};
    cmsFloat64Number srgb[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
    cmsToneCurve *curve = cmsBuildParametricToneCurve(NULL, 4, srgb);
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
    cmsMLU *description = cmsMLUalloc(NULL, 1);
    cmsMLUsetASCII(description, "en", "US", "Display P3");
    cmsWriteTag(profile, cmsSigProfileDescriptionTag, description);
    return cmsSaveProfileToFile(profile, argv[1]) ? 0 : 1;
}
