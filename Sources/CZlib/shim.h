// zlib's crc32 for PNG chunk checks (zlib1g-dev is one of the Swift toolchain's Linux prerequisites).
#include <zlib.h>
