#!/usr/bin/env python3
"""The API reference: reads include/fieldcrypt/*.h and writes docs/api/ (index.md with the
table of contents and an index of every symbol, one page per header, algorithms.md from
algorithms.def).

  scripts/apiref.py            write docs/api/
  scripts/apiref.py --check    write nothing; exit 1 listing every public symbol without a
                               comment, and when docs/api/ is not what the headers give

A public symbol is every function, type (typedef, struct, enum), variable, macro and
enumerator (the fc_status codes and the other enums) a header declares. Documented means a
comment block right above it (no blank line between; one comment may head a run of
declarations on consecutive lines), or a comment starting on its own line (trailing). A macro
is also documented when the header's leading comment names it (config.h lists its options
there). The enumerators of fc_alg, fc_family and fc_mode are the lines of algorithms.def,
documented by its table (algorithms.md). Include guards and the X-macro hooks of
algorithms.def are not symbols.
"""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = ROOT / "include" / "fieldcrypt"
OUT = ROOT / "docs" / "api"
XMACRO_HOOKS = {"FC_ALG", "FC_FAMILY", "FC_MODE", "FC_CONTEXT"}
DEF_ENUMS = {"fc_alg", "fc_family", "fc_mode"}  # enumerators from algorithms.def


@dataclass
class Tok:
    kind: str        # "comment", "pp" (a preprocessor line), "code" (up to a top-level ';')
    text: str
    start: int       # first line (1-based)
    end: int         # last line


@dataclass
class Symbol:
    name: str
    kind: str        # function, type, variable, macro, enumerator
    decl: str
    doc: str
    header: str
    parent: str = ""  # the enum of an enumerator


@dataclass
class Header:
    name: str
    intro: str
    symbols: list[Symbol] = field(default_factory=list)


def tokenize(text: str, line0: int = 1) -> list[Tok]:
    """Comments, preprocessor lines and code statements (split at ';' outside braces and
    parentheses; a preprocessor line inside braces stays part of its statement)."""
    toks: list[Tok] = []
    i, n, line = 0, len(text), line0
    code, code_start, depth = [], None, 0

    def flush_code(end_line: int) -> None:
        nonlocal code, code_start
        s = "".join(code).strip()
        if s:
            toks.append(Tok("code", s, code_start, end_line))
        code, code_start = [], None

    at_line_start = True
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.index("*/", i + 2) + 2
            body = text[i:j]
            if code_start is not None:
                code.append(body)  # a comment inside a statement stays in it
            else:
                toks.append(Tok("comment", body, line, line + body.count("\n")))
            line += body.count("\n")
            i = j
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            toks.append(Tok("comment", text[i:j], line, line))
            i = j
            continue
        if c == "#" and at_line_start and depth == 0:
            j = i
            while True:  # a directive with its continuation lines, without its comment
                k = text.find("\n", j)
                k = n if k < 0 else k
                if text[j:k].rstrip().endswith("\\"):
                    j = k + 1
                    continue
                break
            raw = text[i:k]
            cpos = raw.find("/*")
            directive = raw if cpos < 0 else raw[:cpos]
            toks.append(Tok("pp", directive.strip(), line, line + directive.count("\n")))
            line += directive.count("\n")
            i = i + len(directive)
            at_line_start = False
            continue
        if c == "\n":
            line += 1
            at_line_start = True
            if code:
                code.append(c)
            i += 1
            continue
        if not c.isspace():
            at_line_start = False
            if code_start is None:
                code_start = line
        if c in "{(":
            depth += 1
        elif c in "})":
            depth -= 1
        if code_start is not None:
            code.append(c)
        if c == ";" and depth == 0:
            flush_code(line)
        i += 1
    flush_code(line)
    return toks


def clean_comment(text: str) -> str:
    """The words of a comment: without /* */ and the leading ' * ' of each line."""
    if text.startswith("//"):
        return text[2:].strip()
    body = text[2:-2]
    lines = [re.sub(r"^\s*\* ?", "", ln) for ln in body.split("\n")]
    lines[0] = lines[0].strip()  # "/* First words" or "/*" alone
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    # keep relative indentation, drop the common one
    pad = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
    return "\n".join(ln[pad:].rstrip() for ln in lines)


def strip_comments(code: str) -> str:
    return re.sub(r"/\*.*?\*/", "", code, flags=re.S)


def decl_names(code: str) -> list[tuple[str, str]]:
    """(name, kind) of what a top-level statement declares."""
    s = " ".join(strip_comments(code).split())
    if s.startswith("typedef"):
        if "{" in s:  # typedef struct/enum/union X { ... } NAME;
            m = re.search(r"\}\s*(\w+)\s*;$", s)
            return [(m.group(1), "type")] if m else []
        m = re.search(r"\(\s*\*\s*(\w+)\s*\)\s*\(", s)  # function pointer type
        if m:
            return [(m.group(1), "type")]
        m = re.search(r"(\w+)\s*;$", s)
        return [(m.group(1), "type")] if m else []
    m = re.match(r"(struct|enum|union)\s+(\w+)\s*\{", s)
    if m:
        return [(f"{m.group(1)} {m.group(2)}", "type")]
    if re.match(r"(struct|enum|union)\s+\w+\s*;$", s):
        return []  # a forward declaration
    if "(" in s:
        m = re.search(r"(\w+)\s*\([^()]*(\([^()]*\)[^()]*)*\)\s*(__attribute__.*)?;$", s)
        if m:
            return [(m.group(1), "function")]
    m = re.search(r"(\w+)\s*(\[[^\]]*\])?\s*;$", s)
    if m and s.startswith("extern"):
        return [(m.group(1), "variable")]
    return []


def enumerators(code: str) -> list[tuple[str, str]]:
    """(name, doc) of each enumerator of an enum statement, in order; doc '' when it has
    none. Its comment: trailing (starting on its line), else one ending on the line above."""
    body = code[code.index("{") + 1:code.rindex("}")]
    lines = body.split("\n")
    out = []
    above = None  # a comment that ended on the previous line

    def comment_from(i: int, col: int) -> tuple[str, int]:
        text, j = lines[i][col:], i
        while "*/" not in text and not text.startswith("//"):
            j += 1
            text += "\n" + lines[j]
        if text.startswith("/*"):
            text = text[:text.index("*/") + 2]
        return clean_comment(text), j

    i = 0
    while i < len(lines):
        ln = lines[i]
        st = ln.strip()
        if st.startswith(("/*", "//")):
            above, i = comment_from(i, ln.index(st[:2]))
            i += 1
            continue
        if not st or st.startswith("#"):
            above = None
            i += 1
            continue
        cpos = min([p for p in (ln.find("/*"), ln.find("//")) if p >= 0], default=-1)
        names = re.findall(r"([A-Za-z_]\w*)\s*(?:=\s*[^,]+)?(?:,|$)",
                           (ln if cpos < 0 else ln[:cpos]).strip())
        if cpos >= 0:
            doc, i = comment_from(i, cpos)
        else:
            doc = above or ""
        out += [(name, doc) for name in names]
        above = None
        i += 1
    return out


def intro_entry(intro: str, name: str) -> str:
    """The entry of a list in the leading comment that starts with name (config.h's options):
    that line and the more indented lines after it."""
    lines = intro.split("\n")
    for k, ln in enumerate(lines):
        st = ln.lstrip()
        if re.match(r"(\w+, )*%s\b" % re.escape(name), st):
            ind = len(ln) - len(st)
            entry = [st]
            for nxt in lines[k + 1:]:
                if nxt.strip() and len(nxt) - len(nxt.lstrip()) > ind:
                    entry.append(nxt.strip())
                else:
                    break
            return " ".join(entry)
    return ""


def without_cplusplus(text: str) -> str:
    """The header without its extern "C" wrapper (kept as blank lines, so line numbers stay)."""
    pat = re.compile(r'#ifdef __cplusplus\s*\n\s*(extern "C" \{|\})\s*\n#endif')
    return pat.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def parse_header(path: Path) -> Header:
    text = without_cplusplus(path.read_text())
    toks = tokenize(text)
    intro = clean_comment(toks[0].text) if toks and toks[0].kind == "comment" else ""
    hdr = Header(path.name, intro)
    guard = None
    for t in toks:
        if t.kind == "pp":
            m = re.match(r"#ifndef\s+(\w+_H)\b", t.text)
            if m:
                guard = m.group(1)
                break

    def doc_of(idx: int) -> str:
        """A trailing comment, or the comment above (through a run of declarations on
        consecutive lines, and the #if/#ifndef lines of a default)."""
        t = toks[idx]
        if idx + 1 < len(toks) and toks[idx + 1].kind == "comment" and toks[idx + 1].start == t.end:
            return clean_comment(toks[idx + 1].text)
        first = t.start
        j = idx - 1
        while j >= 0:
            p = toks[j]
            if p.end < first - 1:
                return ""  # a blank line
            if p.kind == "comment":
                if p.start == toks[j - 1].end if j > 0 else False:
                    # a trailing comment of the statement above: part of the run, not a heading
                    first = toks[j - 1].start
                    j -= 2
                    continue
                return clean_comment(p.text)
            first = p.start
            j -= 1
        return ""

    for idx, t in enumerate(toks):
        if t.kind == "pp":
            m = re.match(r"#\s*define\s+(\w+)(\(.*?\))?", t.text)
            if not m or m.group(1) == guard or m.group(1) in XMACRO_HOOKS:
                continue
            name = m.group(1)
            doc = doc_of(idx)
            if not doc and re.search(r"\b%s\b" % re.escape(name), intro):
                doc = intro_entry(intro, name) or "(see the header's description above)"
            decl = " ".join(t.text.replace("\\\n", " ").split())
            seen = [x for x in hdr.symbols if x.kind == "macro" and x.name == name]
            if seen:  # defined in several branches (#if ... #else): one entry
                seen[0].decl = f"#define {name} (depends on the build: see config.h)"
                seen[0].doc = seen[0].doc or doc
                continue
            hdr.symbols.append(Symbol(name, "macro", decl, doc, path.name))
            continue
        if t.kind != "code":
            continue
        doc = doc_of(idx)
        flat = " ".join(strip_comments(t.text).split())
        if flat.startswith("enum {"):  # anonymous: its constants only
            one_line = "\n" not in t.text.strip()
            for ename, edoc in enumerators(t.text):
                hdr.symbols.append(Symbol(ename, "enumerator", ename,
                                          edoc or (doc if one_line else ""), path.name,
                                          parent="enum"))
            continue
        for name, kind in decl_names(t.text):
            decl = t.text  # member comments stay: they document the fields
            decl = "\n".join(ln.rstrip() for ln in decl.split("\n") if ln.strip())
            hdr.symbols.append(Symbol(name, kind, decl, doc, path.name))
            if re.match(r"(typedef\s+)?enum\b", " ".join(t.text.split())):
                enum_name = name.replace("enum ", "")
                if enum_name in DEF_ENUMS:
                    continue
                for ename, edoc in enumerators(t.text):
                    hdr.symbols.append(Symbol(ename, "enumerator", ename, edoc, path.name,
                                              parent=enum_name))
    return hdr


# ---- algorithms.def ------------------------------------------------------------------------

ALG_LINE = re.compile(r"^FC_ALG\((\w+),\s*\"([^\"]+)\",\s*(\w+),\s*(\w+),\s*(\w+),\s*(\d+),\s*(\d+),"
                      r"\s*(\d+),\s*(\d+)\)\s*(/\*(.*?)\*/)?", re.M)


def algorithms_page() -> str:
    text = (INCLUDE / "algorithms.def").read_text()
    intro = clean_comment(text[:text.index("*/") + 2])
    rows = ["| id | name | family | mode | base | out | key | nonce | block | note |",
            "| --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for m in ALG_LINE.finditer(text):
        g = m.groups()
        mode = "" if g[3] == "NONE" else g[3]
        base = "" if g[4] == "FC_ALG_NONE" else f"`{g[4]}`"
        rows.append(f"| `{g[0]}` | `{g[1]}` | {g[2]} | {mode} | {base} | {g[5]} | {g[6]} | "
                    f"{g[7]} | {g[8]} | {(g[10] or '').strip()} |")
    fams = re.findall(r"^FC_FAMILY\((\w+)\)", text, re.M)
    modes = re.findall(r"^FC_MODE\((\w+)\)", text, re.M)
    return ("# algorithms.def: the algorithm list\n\n"
            "[Index](index.md)\n\n"
            "The enumerators of `fc_alg` (one per line below), `fc_family` (`FC_FAMILY_` and a "
            "family) and `fc_mode` (`FC_MODE_` and a mode) of [algorithms.h](algorithms.h.md) "
            "are generated from this list.\n\n```\n" + intro + "\n```\n\n"
            "Families: " + ", ".join(f"`FC_FAMILY_{f}`" for f in fams) + ".\n\n"
            "Modes: " + ", ".join(f"`FC_MODE_{m}`" for m in modes) + ".\n\n"
            "Lengths in bytes (0: not fixed, or none).\n\n" + "\n".join(rows) + "\n")


# ---- pages ---------------------------------------------------------------------------------

KIND_TITLE = [("function", "Functions"), ("type", "Types"), ("variable", "Variables"),
              ("macro", "Macros"), ("enumerator", "Enumerators")]


def anchor(name: str) -> str:
    return re.sub(r"[^a-z0-9_-]", "", name.lower().replace(" ", "-"))


def header_page(h: Header) -> str:
    out = [f"# {h.name}", "", "[Index](index.md)", "", "```", h.intro, "```", ""]
    for kind, title in KIND_TITLE:
        syms = [s for s in h.symbols if s.kind == kind]
        if not syms:
            continue
        out += [f"## {title}", ""]
        if kind in ("macro", "enumerator"):
            out += ["| name | value | description |", "| --- | --- | --- |"] if kind == "macro" else \
                   ["| name | of | description |", "| --- | --- | --- |"]
            for s in syms:
                doc = " ".join(s.doc.split()).replace("|", "\\|")
                if kind == "macro":
                    value = s.decl.split(None, 2)[2] if len(s.decl.split(None, 2)) > 2 else ""
                    value = value.replace("|", "\\|")
                    out.append(f'| <a id="{anchor(s.name)}"></a>`{s.name}` | `{value}` | {doc} |'
                               if value else f'| <a id="{anchor(s.name)}"></a>`{s.name}` | | {doc} |')
                else:
                    out.append(f'| <a id="{anchor(s.name)}"></a>`{s.name}` | `{s.parent}` | {doc} |')
            out.append("")
            continue
        for s in syms:
            out += [f'### <a id="{anchor(s.name)}"></a>`{s.name}`', "", "```c", s.decl, "```", "",
                    s.doc, ""]
    return "\n".join(out).rstrip() + "\n"


def index_page(headers: list[Header]) -> str:
    out = ["# fieldcrypt API reference", "",
           "Generated by `scripts/apiref.py` from the comments of `include/fieldcrypt/*.h` "
           "(do not edit: change the header and run it again). Concepts: "
           "[providers and fallback](../providers-and-fallback.md), [contexts](../contexts.md), "
           "[the slice engine](../engine.md), [the login](../login.md), "
           "[errors](../errors.md), [drivers](../drivers.md).", "",
           "## Headers", ""]
    for h in headers:
        first = re.split(r"(?<=\.)\s", " ".join(h.intro.split()), maxsplit=1)[0]
        if len(first) > 160:
            first = first[:first.rfind(" ", 0, 150)] + " ..."
        out.append(f"- [{h.name}]({h.name}.md): {first}")
    out.append("- [algorithms.def](algorithms.md): the algorithm list, ids and lengths")
    out += ["", "## Symbols", ""]
    syms = sorted((s for h in headers for s in h.symbols), key=lambda s: s.name.lower())
    for s in syms:
        out.append(f"- [`{s.name}`]({s.header}.md#{anchor(s.name)}) {s.kind}, {s.header}")
    return "\n".join(out) + "\n"


def build(include: Path = INCLUDE) -> tuple[dict[str, str], list[Symbol]]:
    # the headers of include/fieldcrypt and of its drivers/ (one page each, by file name)
    headers = [parse_header(p) for p in sorted(include.glob("*.h")) + sorted(include.glob("drivers/*.h"))]
    pages = {f"{h.name}.md": header_page(h) for h in headers}
    pages["algorithms.md"] = algorithms_page()
    pages["index.md"] = index_page(headers)
    missing = [s for h in headers for s in h.symbols if not s.doc.strip()]
    return pages, missing


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true",
                    help="fail on undocumented symbols or a stale docs/api/; write nothing")
    ap.add_argument("--out", type=Path, default=OUT, help="output folder (default docs/api)")
    ap.add_argument("--include", type=Path, default=INCLUDE, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    pages, missing = build(a.include)
    # docs/errors.md must name every status of status.h
    errors_md = (ROOT / "docs" / "errors.md").read_text()
    status = parse_header(a.include / "status.h")
    unlisted = [x.name for x in status.symbols if x.kind == "enumerator"
                and not re.search(r"\b%s\b" % x.name, errors_md)]
    for name in unlisted:
        print(f"apiref: docs/errors.md does not name {name} (status.h)")
    for s in missing:
        what = f"enumerator of {s.parent}" if s.parent else s.kind
        print(f"apiref: undocumented {what}: {s.name} ({s.header})")
    if a.check:
        stale = [n for n, text in pages.items()
                 if not (a.out / n).exists() or (a.out / n).read_text() != text]
        extra = [p.name for p in a.out.glob("*.md") if p.name not in pages] if a.out.exists() else []
        for n in stale + extra:
            print(f"apiref: docs/api/{n} is not what the headers give: run scripts/apiref.py")
        nsym = sum(t.count('<a id="') for t in pages.values())
        if missing or stale or extra or unlisted:
            print(f"apiref: {len(missing)} undocumented, {len(stale) + len(extra)} stale pages")
            return 1
        print(f"apiref: {nsym} symbols documented, docs/api up to date")
        return 0
    a.out.mkdir(parents=True, exist_ok=True)
    for n, text in pages.items():
        (a.out / n).write_text(text)
    for p in a.out.glob("*.md"):
        if p.name not in pages:
            p.unlink()
    print(f"apiref: wrote {len(pages)} pages to {a.out}")
    return 1 if missing or unlisted else 0


if __name__ == "__main__":
    sys.exit(main())
