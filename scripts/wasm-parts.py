#!/usr/bin/env python3
"""What each part of the app's wasm costs (issue 19; the README's "What's in the wasm").

Usage: scripts/wasm-parts.py [CARGO_WASM] [--functions N] [--engine-modules]

CARGO_WASM is cargo's release output (default target/wasm32-unknown-unknown/release/sarissa-web.wasm,
e.g. from `cargo build --release --target wasm32-unknown-unknown -p sarissa-web --bin sarissa-web`).
It is run through `wasm-bindgen --target web` and `wasm-opt -Oz -g` (the shipped code, with the
name section kept), then the code section's function bodies are grouped by the crate in their
names. A part's "gzip share" is what the deflated code and data lose when that part is left out,
so back-references between parts are counted once. Needs wasm-bindgen and wasm-opt on PATH.
With --engine-modules the engine is split by its modules (`game::event`, `movement`, `play`...):
what a page that leaves the engine to its Web Worker keeps (docs/engine-in-worker.md) and drops.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile
import zlib

WASM_OPT_FEATURES = ["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext",
                     "--enable-mutable-globals"]


def leb(b, i):
    value = shift = 0
    while True:
        byte = b[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def skip_limits(s, j):
    flags, j = leb(s, j)
    _, j = leb(s, j)
    return leb(s, j)[1] if flags & 1 else j


def imported_functions(s):
    count, j = leb(s, 0)
    functions = 0
    for _ in range(count):
        for _ in range(2):  # module and field names
            length, j = leb(s, j)
            j += length
        kind = s[j]
        j += 1
        if kind == 0:
            _, j = leb(s, j)
            functions += 1
        elif kind == 1:
            j = skip_limits(s, j + 1)
        elif kind == 2:
            j = skip_limits(s, j)
        else:
            j += 2
    return functions


def data_segments(s):
    count, j = leb(s, 0)
    out = []
    for _ in range(count):
        flags, j = leb(s, j)
        if flags == 2:
            _, j = leb(s, j)
        if flags in (0, 2):
            while s[j] != 0x0B:  # the offset's constant expression
                j += 1
            j += 1
        length, j = leb(s, j)
        out.append(s[j:j + length])
        j += length
    return out


def function_names(s, j):
    names = {}
    while j < len(s):
        sub = s[j]
        size, j = leb(s, j + 1)
        if sub == 1:
            count, k = leb(s, j)
            for _ in range(count):
                index, k = leb(s, k)
                length, k = leb(s, k)
                names[index] = s[k:k + length].decode("utf-8", "replace")
                k += length
        j += size
    return names


def parse(path):
    """(name, body) of every defined function, and the data segments."""
    b = open(path, "rb").read()
    i, imports, bodies, names, data = 8, 0, [], {}, []
    while i < len(b):
        section = b[i]
        size, i = leb(b, i + 1)
        s = b[i:i + size]
        i += size
        if section == 2:
            imports = imported_functions(s)
        elif section == 10:
            count, j = leb(s, 0)
            for k in range(count):
                length, j = leb(s, j)
                bodies.append((imports + k, s[j:j + length]))
                j += length
        elif section == 11:
            data = data_segments(s)
        elif section == 0:
            length, j = leb(s, 0)
            if s[j:j + length] == b"name":
                names = function_names(s, j + length)
    return [(names.get(index, "?"), body) for index, body in bodies], data


CRATES = ["sarissa_rules", "sarissa_web", "sarissa_share", "yew", "serde_json", "serde_core", "serde",
          "miniz_oxide", "base64", "sha2", "hashbrown", "indexmap", "wasm_bindgen", "js_sys", "web_sys",
          "gloo", "dlmalloc", "postcard", "implicit_clone", "getrandom", "core", "alloc", "std"]
CRATE_PATH = re.compile(r"\b(" + "|".join(CRATES) + r")::")


ENGINE = "engine (rules crate, without serde code)"
RULES_MODULE = re.compile(r"sarissa_rules::([a-z_]+(?:::[a-z_]+)?)")


def engine_module(name):
    """The rules module and its first part (`movement::reach`, `game::event`) an engine function is in."""
    found = RULES_MODULE.search(name)
    return f"engine: {found.group(1)}" if found else "engine: (generic)"


def part(name, engine_modules=False):
    found = plain_part(name)
    return engine_module(name) if engine_modules and found == ENGINE else found


def plain_part(name):
    if name.startswith("<yew::html::component::lifecycle::CompStateInner"):
        return "UI views (inlined into CompStateInner::view)"
    if "core::slice::sort" in name or "BufGuard" in name:
        return "std's sort"
    crates = CRATE_PATH.findall(name)
    ours = [c for c in crates if c.startswith("sarissa")]
    if "serde" in name and ours:
        reader = "::de::" in name or "Deserializ" in name or "Visitor" in name
        return "serde: derived readers" if reader else "serde: derived writers"
    if "serde_json" in crates:
        return "serde_json"
    first = crates[0] if crates else None
    if first in ("serde", "serde_core"):
        return "serde's impls for std types"
    if ours and ours[0] == "sarissa_web":
        return "UI components" if "::components::" in name else "web model and browser glue"
    if ours:
        return {"sarissa_rules": ENGINE, "sarissa_share": "links (crates/share)"}[ours[0]]
    if first == "core":
        return "iterator adapters (core::iter)" if "core::iter" in name else "generic core"
    if first == "alloc" and ("btree" in name or "BTree" in name):
        return "BTreeMap/BTreeSet"
    if first in ("miniz_oxide", "base64", "sha2"):
        return "deflate, base64, sha2"
    if first in ("hashbrown", "indexmap"):
        return "hash maps"
    if first == "yew":
        return "yew's runtime"
    return first or "other (compiler builtins, float formatting, std internals)"


def deflated(chunks):
    return len(zlib.compress(b"".join(chunks), 9))


def shipped_with_names(cargo_wasm, tmp):
    subprocess.run(["wasm-bindgen", "--target", "web", "--keep-debug", "--out-dir", tmp, "--out-name", "app",
                    cargo_wasm], check=True)
    named = os.path.join(tmp, "named.wasm")
    subprocess.run(["wasm-opt", "-Oz", "-g", *WASM_OPT_FEATURES, os.path.join(tmp, "app_bg.wasm"), "-o", named],
                   check=True)
    return named


def main():
    args = sys.argv[1:]
    functions = 0
    if "--functions" in args:
        at = args.index("--functions")
        functions = int(args[at + 1])
        del args[at:at + 2]
    engine_modules = "--engine-modules" in args
    args = [a for a in args if a != "--engine-modules"]
    cargo_wasm = args[0] if args else "target/wasm32-unknown-unknown/release/sarissa-web.wasm"
    with tempfile.TemporaryDirectory() as tmp:
        bodies, data = parse(shipped_with_names(cargo_wasm, tmp))
    items = [(part(name, engine_modules), body) for name, body in bodies] + [("data", d) for d in data]
    whole = deflated(x for _, x in items)
    raw = collections.Counter()
    for key, body in items:
        raw[key] += len(body)
    print(f"code and data {sum(raw.values()):,} bytes, {whole:,} deflated")
    shares = [(whole - deflated(x for k, x in items if k != key), raw[key], key) for key in raw]
    print("| part | gzip share | raw |\n|---|---|---|")
    for share, size, key in sorted(shares, reverse=True):
        print(f"| {key} | {share / 1000:.1f} KB | {size / 1000:.1f} KB |")
    for name, body in sorted(bodies, key=lambda nb: -len(nb[1]))[:functions]:
        print(f"{len(body):8,} {deflated([body]):7,}  {name}")


if __name__ == "__main__":
    main()
