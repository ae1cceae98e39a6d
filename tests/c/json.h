/*
 * A tiny JSON reader for the shared test vectors (tests/vectors/eval.json): enough of RFC 8259
 * for that file (objects, arrays, strings with escapes, numbers, true/false/null), strict about
 * syntax so that a malformed vector file fails loudly. Header-only; used by test_sss.c.
 */
#ifndef SSS_TEST_JSON_H
#define SSS_TEST_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json {
    json_type type;
    int boolean;
    double number;
    char *string;       /* UTF-8, NUL-terminated (JSON_STRING) */
    size_t string_len;
    size_t count;       /* items (JSON_ARRAY) or members (JSON_OBJECT) */
    struct json **items;
    char **keys;        /* member names (JSON_OBJECT) */
} json;

typedef struct {
    const char *p;
    const char *end;
    const char *error;
} json_parser;

static json *json_value(json_parser *ps);

static void json_skip_ws(json_parser *ps) {
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\r' || *ps->p == '\t')) {
        ps->p++;
    }
}

static json *json_new(json_type t) {
    json *j = (json *)calloc(1, sizeof(json));
    if (j == NULL) {
        abort();
    }
    j->type = t;
    return j;
}

static void json_free(json *j) {
    size_t i;
    if (j == NULL) {
        return;
    }
    for (i = 0; i < j->count; i++) {
        json_free(j->items[i]);
        if (j->keys != NULL) {
            free(j->keys[i]);
        }
    }
    free(j->items);
    free(j->keys);
    free(j->string);
    free(j);
}

static void json_push(json *parent, char *key, json *item) {
    parent->items = (json **)realloc(parent->items, (parent->count + 1) * sizeof(json *));
    if (parent->items == NULL) {
        abort();
    }
    if (parent->type == JSON_OBJECT) {
        parent->keys = (char **)realloc(parent->keys, (parent->count + 1) * sizeof(char *));
        if (parent->keys == NULL) {
            abort();
        }
        parent->keys[parent->count] = key;
    }
    parent->items[parent->count++] = item;
}

static int json_hex4(json_parser *ps, unsigned *out) {
    unsigned v = 0;
    int i;
    if (ps->end - ps->p < 4) {
        return 0;
    }
    for (i = 0; i < 4; i++) {
        char c = *ps->p++;
        v <<= 4;
        if (c >= '0' && c <= '9') {
            v |= (unsigned)(c - '0');
        } else if (c >= 'a' && c <= 'f') {
            v |= (unsigned)(c - 'a' + 10);
        } else if (c >= 'A' && c <= 'F') {
            v |= (unsigned)(c - 'A' + 10);
        } else {
            return 0;
        }
    }
    *out = v;
    return 1;
}

/* Parses a string at ps->p (which is at the opening quote) into a fresh buffer. */
static char *json_string_raw(json_parser *ps, size_t *out_len) {
    size_t cap = 16, len = 0;
    char *buf = (char *)malloc(cap);
    if (buf == NULL) {
        abort();
    }
    ps->p++; /* opening quote */
    for (;;) {
        unsigned cp;
        char tmp[4];
        size_t n = 0, k;
        if (ps->p >= ps->end) {
            ps->error = "unterminated string";
            free(buf);
            return NULL;
        }
        if (*ps->p == '"') {
            ps->p++;
            break;
        }
        if ((unsigned char)*ps->p < 0x20) {
            ps->error = "control character in string";
            free(buf);
            return NULL;
        }
        if (*ps->p != '\\') {
            tmp[n++] = *ps->p++;
        } else {
            ps->p++;
            if (ps->p >= ps->end) {
                ps->error = "bad escape";
                free(buf);
                return NULL;
            }
            switch (*ps->p++) {
            case '"': tmp[n++] = '"'; break;
            case '\\': tmp[n++] = '\\'; break;
            case '/': tmp[n++] = '/'; break;
            case 'b': tmp[n++] = '\b'; break;
            case 'f': tmp[n++] = '\f'; break;
            case 'n': tmp[n++] = '\n'; break;
            case 'r': tmp[n++] = '\r'; break;
            case 't': tmp[n++] = '\t'; break;
            case 'u':
                if (!json_hex4(ps, &cp)) {
                    ps->error = "bad \\u escape";
                    free(buf);
                    return NULL;
                }
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    unsigned lo;
                    if (ps->end - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u') {
                        ps->error = "lone surrogate";
                        free(buf);
                        return NULL;
                    }
                    ps->p += 2;
                    if (!json_hex4(ps, &lo) || lo < 0xDC00 || lo > 0xDFFF) {
                        ps->error = "bad surrogate pair";
                        free(buf);
                        return NULL;
                    }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                }
                if (cp < 0x80) {
                    tmp[n++] = (char)cp;
                } else if (cp < 0x800) {
                    tmp[n++] = (char)(0xC0 | (cp >> 6));
                    tmp[n++] = (char)(0x80 | (cp & 0x3F));
                } else if (cp < 0x10000) {
                    tmp[n++] = (char)(0xE0 | (cp >> 12));
                    tmp[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
                    tmp[n++] = (char)(0x80 | (cp & 0x3F));
                } else {
                    tmp[n++] = (char)(0xF0 | (cp >> 18));
                    tmp[n++] = (char)(0x80 | ((cp >> 12) & 0x3F));
                    tmp[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
                    tmp[n++] = (char)(0x80 | (cp & 0x3F));
                }
                break;
            default:
                ps->error = "bad escape";
                free(buf);
                return NULL;
            }
        }
        if (len + n + 1 > cap) {
            cap *= 2;
            buf = (char *)realloc(buf, cap);
            if (buf == NULL) {
                abort();
            }
        }
        for (k = 0; k < n; k++) {
            buf[len++] = tmp[k];
        }
    }
    buf[len] = '\0';
    *out_len = len;
    return buf;
}

static int json_literal(json_parser *ps, const char *word) {
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) >= n && memcmp(ps->p, word, n) == 0) {
        ps->p += n;
        return 1;
    }
    return 0;
}

static json *json_value(json_parser *ps) {
    json *j;
    json_skip_ws(ps);
    if (ps->p >= ps->end) {
        ps->error = "unexpected end of input";
        return NULL;
    }
    if (*ps->p == '{' || *ps->p == '[') {
        int is_obj = *ps->p == '{';
        char close = is_obj ? '}' : ']';
        j = json_new(is_obj ? JSON_OBJECT : JSON_ARRAY);
        ps->p++;
        json_skip_ws(ps);
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            return j;
        }
        for (;;) {
            char *key = NULL;
            json *item;
            json_skip_ws(ps);
            if (is_obj) {
                size_t klen;
                if (ps->p >= ps->end || *ps->p != '"') {
                    ps->error = "expected a member name";
                    json_free(j);
                    return NULL;
                }
                key = json_string_raw(ps, &klen);
                if (key == NULL) {
                    json_free(j);
                    return NULL;
                }
                json_skip_ws(ps);
                if (ps->p >= ps->end || *ps->p != ':') {
                    ps->error = "expected ':'";
                    free(key);
                    json_free(j);
                    return NULL;
                }
                ps->p++;
            }
            item = json_value(ps);
            if (item == NULL) {
                free(key);
                json_free(j);
                return NULL;
            }
            json_push(j, key, item);
            json_skip_ws(ps);
            if (ps->p < ps->end && *ps->p == ',') {
                ps->p++;
                continue;
            }
            if (ps->p < ps->end && *ps->p == close) {
                ps->p++;
                return j;
            }
            ps->error = "expected ',' or a closing bracket";
            json_free(j);
            return NULL;
        }
    }
    if (*ps->p == '"') {
        size_t len;
        char *s = json_string_raw(ps, &len);
        if (s == NULL) {
            return NULL;
        }
        j = json_new(JSON_STRING);
        j->string = s;
        j->string_len = len;
        return j;
    }
    if (json_literal(ps, "true")) {
        j = json_new(JSON_BOOL);
        j->boolean = 1;
        return j;
    }
    if (json_literal(ps, "false")) {
        return json_new(JSON_BOOL);
    }
    if (json_literal(ps, "null")) {
        return json_new(JSON_NULL);
    }
    if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9')) {
        char tmp[64];
        size_t n = 0;
        char *endp;
        while (ps->p < ps->end && n < sizeof tmp - 1 && strchr("+-0123456789.eE", *ps->p) != NULL) {
            tmp[n++] = *ps->p++;
        }
        tmp[n] = '\0';
        j = json_new(JSON_NUMBER);
        j->number = strtod(tmp, &endp);
        if (*endp != '\0') {
            ps->error = "bad number";
            json_free(j);
            return NULL;
        }
        return j;
    }
    ps->error = "unexpected character";
    return NULL;
}

/* Parse a whole document; on failure returns NULL and prints where. */
static json *json_parse(const char *text, size_t len) {
    json_parser ps;
    json *j;
    ps.p = text;
    ps.end = text + len;
    ps.error = NULL;
    j = json_value(&ps);
    if (j != NULL) {
        json_skip_ws(&ps);
        if (ps.p != ps.end) {
            ps.error = "trailing characters";
            json_free(j);
            j = NULL;
        }
    }
    if (j == NULL) {
        fprintf(stderr, "json: %s at byte %ld\n", ps.error, (long)(ps.p - text));
    }
    return j;
}

/* Member of an object, or NULL. */
static const json *json_get(const json *obj, const char *key) {
    size_t i;
    if (obj == NULL || obj->type != JSON_OBJECT) {
        return NULL;
    }
    for (i = 0; i < obj->count; i++) {
        if (strcmp(obj->keys[i], key) == 0) {
            return obj->items[i];
        }
    }
    return NULL;
}

#endif /* SSS_TEST_JSON_H */
