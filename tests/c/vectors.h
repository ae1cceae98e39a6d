/*
 * Reading the shared vectors (the JSON files of tests/vectors) in the C tests: a file parsed and its
 * version checked, and members read with a check that they have the expected type. Header-only
 * (json.h and check.h first); every function is static inline, so a test uses what it needs.
 */
#ifndef SSS_TEST_VECTORS_H
#define SSS_TEST_VECTORS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "json.h"

/* `dir/name` parsed, its "version" checked to be 1; NULL (and a failed check) when it cannot be
 * read or parsed. With `text_out`, the file's text is handed over (the caller frees it). */
static inline json *load(const char *dir, const char *name, char **text_out) {
    char path[1024];
    size_t len = 0;
    char *text;
    json *doc;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    text = read_file(path, &len);
    check(text != NULL, "read %s", path);
    if (text == NULL) {
        return NULL;
    }
    doc = json_parse(text, len);
    check(doc != NULL, "parse %s", path);
    if (doc != NULL) {
        const json *v = json_get(doc, "version");
        check(v != NULL && v->type == JSON_NUMBER && v->number == 1, "%s version 1", name);
    }
    if (text_out != NULL && doc != NULL) {
        *text_out = text;
    } else {
        free(text);
    }
    return doc;
}

static inline double num(const json *obj, const char *key) {
    const json *v = json_get(obj, key);
    check(v != NULL && v->type == JSON_NUMBER, "vector member %s is a number", key);
    return v != NULL && v->type == JSON_NUMBER ? v->number : -1;
}

static inline const char *str(const json *obj, const char *key) {
    const json *v = json_get(obj, key);
    check(v != NULL && v->type == JSON_STRING, "vector member %s is a string", key);
    return v != NULL && v->type == JSON_STRING ? v->string : "";
}

/* Codes of a JSON array into out (at most cap); returns the count. */
static inline size_t codes_of(const json *arr, uint8_t *out, size_t cap) {
    size_t i;
    check(arr != NULL && arr->type == JSON_ARRAY && arr->count <= cap, "code list");
    if (arr == NULL || arr->type != JSON_ARRAY) {
        return 0;
    }
    for (i = 0; i < arr->count && i < cap; i++) {
        out[i] = (uint8_t)arr->items[i]->number;
    }
    return arr->count < cap ? arr->count : cap;
}

#endif
