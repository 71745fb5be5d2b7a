// Darwin's shapes: <string.h>.
#ifndef DARWIN_SHAPES_STRING_H
#define DARWIN_SHAPES_STRING_H

#include "sys/types.h"

char *strdup(const char *__s1);
size_t strlen(const char *__s);
char *strcpy(char *__dst, const char *__src);
void *memset(void *__b, int __c, size_t __len);

#endif
