/* Facts about the ABI that language bindings need and cannot get from the headers: the sizes
 * of the caller-allocated types, generated from FC_CONTEXT in algorithms.def. */
#include "core.h"

typedef struct {
    const char *name;
    size_t size;
} context_type;

static const context_type contexts[] = {
#define FC_CONTEXT(type) {#type, sizeof(type)},
#include "fieldcrypt/algorithms.def"
};

size_t fc_context_size(const char *type_name)
{
    size_t i;
    if (type_name == NULL)
        return 0;
    for (i = 0; i < sizeof(contexts) / sizeof(contexts[0]); i++)
        if (strcmp(contexts[i].name, type_name) == 0)
            return contexts[i].size;
    return 0;
}
