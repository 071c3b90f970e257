"""Write the engine's typed hook tuples from the hook specifications.

A hook is written once, in ``src/burgundy/hookspecs.py``. The engine collects the answers of
every hook that returns a callable (``Callable[...] | None``) into a tuple attribute named
like the hook without its ``burgundy_`` prefix (``burgundy_die_cost`` -> ``engine.die_cost``;
``<name>_mods`` where the engine has a method of that name: ``legal_actions_mods``,
``winners_mods``). At run time the engine derives these names from the hookspec module
itself (:data:`burgundy.hookspecs.COLLECTED_HOOKS`); for the type checker this script writes
them out as annotated attributes of ``burgundy.state.EngineView`` (the protocol the engine
implements, which names them below the rules), each typed ``tuple[<the callable the hook
returns>, ...]`` from the hook's own return annotation, so that mypy checks every use. The
block between the markers in ``EngineView`` is the only part of ``state.py`` it writes.

    python tools/hook_table.py          # rewrite the hook-tuple block of src/burgundy/state.py
    python tools/hook_table.py --check  # exit 1 if it is out of date (the tests run this)

Only the standard library is used; the modules are read as source, not imported.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOOKSPECS = ROOT / "src" / "burgundy" / "hookspecs.py"
ENGINE = ROOT / "src" / "burgundy" / "rules" / "engine.py"
OUTPUT = ROOT / "src" / "burgundy" / "state.py"
PREFIX = "burgundy_"
LINE_LENGTH = 100

BEGIN = "    # -- the hook tuples (tools/hook_table.py writes them from burgundy.hookspecs)\n"
END = "    # -- end of the hook tuples\n"


def _is_hookspec(node: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "hookspec" for d in node.decorator_list)


def _callable_part(annotation: ast.expr) -> ast.expr | None:
    """``X`` of a return annotation ``X | None`` where ``X`` is ``Callable[...]``, else
    ``None`` (the hook answers a mapping or a value: the engine reads it its own way)."""
    if not (isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr)):
        return None
    if not (isinstance(annotation.right, ast.Constant) and annotation.right.value is None):
        return None
    left = annotation.left
    if (
        isinstance(left, ast.Subscript) and isinstance(left.value, ast.Name)
        and left.value.id == "Callable"
    ):
        return left
    return None


def engine_methods(source: str) -> set[str]:
    """The names of the methods of class ``Engine`` in ``source``."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and node.name == "Engine":
            return {
                item.name for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            }
    raise SystemExit(f"{ENGINE}: no class Engine")


def attribute_name(hook: str, methods: set[str]) -> str:
    """The engine attribute of hook ``hook`` (its name without the prefix)."""
    return f"{hook}_mods" if hook in methods else hook


def _imports(tree: ast.Module) -> dict[str, str]:
    """``{name: module}`` of every ``from module import name`` in the module, at any depth
    (the ``TYPE_CHECKING`` block included)."""
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                found[alias.asname or alias.name] = node.module
    return found


def _keyed_tables(tree: ast.Module) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """``KEYED_HOOKS`` (hook -> key -> engine attribute) and ``KEYED_TYPES`` (hook -> the
    name of its TypedDict) as the hookspec module writes them (literals)."""
    keyed: dict[str, dict[str, str]] | None = None
    types: dict[str, str] | None = None
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if node.target.id == "KEYED_HOOKS" and node.value is not None:
                keyed = ast.literal_eval(node.value)
            if node.target.id == "KEYED_TYPES" and isinstance(node.value, ast.Dict):
                types = {
                    ast.literal_eval(k): v.id for k, v in zip(
                        node.value.keys, node.value.values, strict=True)
                    if k is not None and isinstance(v, ast.Name)
                }
    if keyed is None or types is None:
        raise SystemExit(f"{HOOKSPECS}: KEYED_HOOKS and KEYED_TYPES must be literals")
    return keyed, types


def _field(name: str, annotation: str) -> str:
    """One attribute of the block. It is declared ``= ()`` only so that mypy does not take
    the engine, which sets every hook tuple by name at run time, for an abstract class; the
    engine's slots shadow the class value."""
    line = f"    {name}: tuple[{annotation}, ...] = ()"
    if len(line) <= LINE_LENGTH:
        return line + "\n"
    return f"    {name}: tuple[\n        {annotation}, ...\n    ] = ()\n"


def hook_fields(hookspecs_source: str, engine_source: str) -> tuple[list[str], set[str]]:
    """The hook-tuple attribute lines of :class:`EngineView` and the names they use."""
    tree = ast.parse(hookspecs_source)
    methods = engine_methods(engine_source)
    fields: list[str] = []
    used: set[str] = set()
    for node in tree.body:
        if not (isinstance(node, ast.FunctionDef) and _is_hookspec(node)):
            continue
        if not node.name.startswith(PREFIX) or node.returns is None:
            raise SystemExit(f"{HOOKSPECS}: hook {node.name} needs the prefix and a return type")
        part = _callable_part(node.returns)
        if part is None:
            continue
        used |= {n.id for n in ast.walk(part) if isinstance(n, ast.Name)}
        name = attribute_name(node.name.removeprefix(PREFIX), methods)
        fields.append(_field(name, ast.unparse(part)))
    keyed, types = _keyed_tables(tree)
    classes = {
        node.name: node for node in tree.body if isinstance(node, ast.ClassDef)
    }
    for hook, keys in keyed.items():
        cls = classes[types[hook]]
        fields_of = {
            item.target.id: item.annotation for item in cls.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
        }
        if set(fields_of) != set(keys):
            raise SystemExit(f"{HOOKSPECS}: {cls.name}'s keys are not KEYED_HOOKS[{hook!r}]'s")
        for key, attribute in keys.items():
            annotation = fields_of[key]
            used |= {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)}
            fields.append(_field(attribute, ast.unparse(annotation)))
    return fields, used


def render(hookspecs_source: str, engine_source: str, state_source: str) -> str:
    """The text of ``state.py`` with its hook-tuple block written anew."""
    fields, used = hook_fields(hookspecs_source, engine_source)
    state_tree = ast.parse(state_source)
    known = set(_imports(state_tree)) | {
        node.name for node in state_tree.body if isinstance(node, ast.ClassDef)
    }
    missing = sorted(used - set(dir(builtins)) - known)
    if missing:
        raise SystemExit(f"{OUTPUT}: the hook tuples name {missing}; import them there")
    if state_source.count(BEGIN) != 1 or state_source.count(END) != 1:
        raise SystemExit(f"{OUTPUT}: EngineView needs one hook-tuple block between its markers")
    head, rest = state_source.split(BEGIN)
    _, tail = rest.split(END)
    return "".join([head, BEGIN, *fields, END, tail])


def main(argv: list[str] | None = None) -> int:
    """Write the module, or with ``--check`` say whether it is current."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    args = parser.parse_args(argv)
    current = OUTPUT.read_text(encoding="utf-8")
    text = render(
        HOOKSPECS.read_text(encoding="utf-8"), ENGINE.read_text(encoding="utf-8"), current
    )
    if args.check:
        if current != text:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run python tools/hook_table.py",
                  file=sys.stderr)
            return 1
        return 0
    if current != text:
        OUTPUT.write_text(text, encoding="utf-8")
        print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


KINDS: dict[str, str] = {
    "variant": "identity", "tiles": "provider", "boards": "provider", "board_deal": "provider",
    "seat_estates": "provider", "setup": "set-up", "rules": "provider",
    "extra_actions": "provider", "sold_goods": "provider", "tile_effect": "provider (first "
    "answer wins)", "borrowed_tiles": "provider", "validate": "check",
    "observation_slices": "provider", "events": "events", "purchases": "keyed providers",
    "scoring": "keyed providers", "held": "keyed providers", "picture_rows": "keyed providers",
}
"""The kind of each hook that is not a modifier (a hook not named here modifies a value
the core computed, folded in variant order)."""


def hook_users() -> dict[str, list[str]]:
    """``{hook: [first-party plugin, ...]}``: the base game's plugin and each installed
    variant whose module implements the hook (read from the loaded plugins)."""
    from burgundy import hookspecs, registry
    from burgundy.rules import base

    plugins: list[tuple[str, object]] = [("base", base)]
    plugins += [(name, registry._load_plugin(name)) for name in registry.available_variants()]
    users: dict[str, list[str]] = {hook: [] for hook in hookspecs.HOOK_SPECS}
    for name, plugin in plugins:
        for hook in users:
            method = getattr(plugin, f"{PREFIX}{hook}", None)
            if getattr(method, "burgundy_impl", None) is not None:
                users[hook].append(name)
    return users


def markdown() -> str:
    """The hook table at the top of ``docs/hooks.md`` (the docs build runs this, so the
    table is regenerated from :mod:`burgundy.hookspecs` at every build): hook, kind, what
    it answers (the keys of a keyed hook), and its first-party users."""
    from burgundy import hookspecs

    users = hook_users()
    lines = ["| hook | kind | answers | first-party users |", "|---|---|---|---|"]
    for hook, spec in hookspecs.HOOK_SPECS.items():
        keys = hookspecs.KEYED_HOOKS.get(hook)
        if keys is not None:
            kind = KINDS.get(hook, "keyed modifiers")
            answers = "{" + ", ".join(f"`{k}`" for k in keys) + "}"
        else:
            kind = KINDS.get(hook, "modifier")
            answers = "`" + spec.__annotations__["return"].removesuffix(" | None") + "`"
        answers = answers.replace("|", "&#124;")
        who = ", ".join(users[hook]) or "—"
        lines.append(f"| [`{PREFIX}{hook}`][burgundy.hookspecs.{PREFIX}{hook}] | {kind} | "
                     f"{answers} | {who} |")
    return "\n".join(lines)
