#include <lcms2.h>
// The memory plug-in's types (ProfileMemory).
#include <lcms2_plugin.h>

// Little CMS's pixel formats are function-like macros, which Swift does not import.
static const cmsUInt32Number BX_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number BX_TYPE_RGBA_16 = TYPE_RGBA_16;
static const cmsUInt32Number BX_TYPE_RGB_FLT = TYPE_RGB_FLT;
static const cmsUInt32Number BX_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number BX_TYPE_RGB_16 = TYPE_RGB_16;
static const cmsUInt32Number BX_TYPE_XYZ_FLT = TYPE_XYZ_FLT;
static const cmsUInt32Number BX_TYPE_LAB_DBL = TYPE_Lab_DBL;
