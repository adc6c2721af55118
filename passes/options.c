/*===- options.c - textual pass options -----------------------------------===*/

#include "ariadne-c/Pass.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const AriOptionDesc *findOption(const AriPassInfo *p, const char *key, size_t n) {
  for (size_t i = 0; i < p->numOptions; ++i)
    if (strlen(p->options[i].name) == n && !memcmp(p->options[i].name, key, n))
      return &p->options[i];
  return NULL;
}

static bool choiceAllowed(const char *choices, const char *v) {
  size_t n = strlen(v);
  for (const char *c = choices; *c;) {
    const char *bar = strchr(c, '|');
    size_t len = bar ? (size_t)(bar - c) : strlen(c);
    if (len == n && !memcmp(c, v, n))
      return true;
    if (!bar)
      break;
    c = bar + 1;
  }
  return false;
}

static bool setOption(const AriPassInfo *p, const AriOptionDesc *o, const char *v, void *opts,
                      char *err, size_t cap) {
  char *slot = (char *)opts + o->offset;
  switch (o->kind) {
  case ARI_OPT_STRING:
    if (strlen(v) >= ARI_OPT_STRING_MAX) {
      snprintf(err, cap, "%s: option '%s' is longer than %d characters", p->argument, o->name,
               ARI_OPT_STRING_MAX - 1);
      return false;
    }
    if (o->choices && !choiceAllowed(o->choices, v)) {
      snprintf(err, cap, "%s: option '%s' must be one of %s, got '%s'", p->argument, o->name,
               o->choices, v);
      return false;
    }
    strcpy(slot, v);
    return true;
  case ARI_OPT_INT: {
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (!*v || *end || errno) {
      snprintf(err, cap, "%s: option '%s' needs an integer, got '%s'", p->argument, o->name, v);
      return false;
    }
    int64_t y = x;
    memcpy(slot, &y, sizeof y);
    return true;
  }
  case ARI_OPT_BOOL: {
    bool b;
    if (!strcmp(v, "true") || !strcmp(v, "1"))
      b = true;
    else if (!strcmp(v, "false") || !strcmp(v, "0"))
      b = false;
    else {
      snprintf(err, cap, "%s: option '%s' needs true or false, got '%s'", p->argument, o->name,
               v);
      return false;
    }
    memcpy(slot, &b, sizeof b);
    return true;
  }
  }
  return false;
}

bool ariOptionsParse(const AriPassInfo *p, const char *text, void *opts, char *err,
                     size_t cap) {
  p->setDefaults(opts);
  const char *s = text ? text : "";
  char value[ARI_OPT_STRING_MAX + 1];
  for (;;) {
    while (*s == ' ' || *s == '\t' || *s == '\n')
      ++s;
    if (!*s)
      return true;
    const char *key = s;
    while (*s && *s != '=' && *s != ' ')
      ++s;
    size_t klen = (size_t)(s - key);
    const AriOptionDesc *o = findOption(p, key, klen);
    if (!o) {
      snprintf(err, cap, "%s: unknown option '%.*s'", p->argument, (int)klen, key);
      return false;
    }
    if (*s != '=') {
      if (o->kind == ARI_OPT_BOOL) { /* a bare flag means true */
        if (!setOption(p, o, "true", opts, err, cap))
          return false;
        continue;
      }
      snprintf(err, cap, "%s: option '%s' needs a value", p->argument, o->name);
      return false;
    }
    ++s;
    size_t n = 0;
    /* "..." and '...' quote; {...} (nesting) is how MLIR prints a value
     * with spaces (--dump-pass-pipeline, crash reproducers). */
    char quote = (*s == '"' || *s == '\'') ? *s++ : *s == '{' ? (++s, '}') : 0;
    int depth = 0;
    while (*s && (quote ? (*s != quote || depth > 0) : (*s != ' ' && *s != '\t'))) {
      if (n >= ARI_OPT_STRING_MAX) {
        snprintf(err, cap, "%s: value of option '%s' is too long", p->argument, o->name);
        return false;
      }
      if (quote == '}')
        depth += *s == '{' ? 1 : *s == '}' ? -1 : 0;
      value[n++] = *s++;
    }
    if (quote) {
      if (*s != quote) {
        snprintf(err, cap, "%s: unterminated quote in option '%s'", p->argument, o->name);
        return false;
      }
      ++s;
    }
    value[n] = 0;
    if (!setOption(p, o, value, opts, err, cap))
      return false;
  }
}
