/* fc_version: the version the library was built with (version.h). */
#include "fieldcrypt/version.h"

const char *fc_version(void)
{
    return FC_VERSION_STRING;
}
