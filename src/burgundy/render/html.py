"""A replay page: one self-contained HTML file that steps through a recorded game.

:func:`replay_html` writes the page ``burgundy replay --html`` and ``burgundy watch --html``
save: a frame for the start and for every action, each the whole table as
:func:`burgundy.render.svg.state_svg` draws it (the main board, every duchy, each seat's VP
ledger, the move that led there marked), with the action and the chance that followed it
as the caption, and the list of every move. Buttons, a slider, the move list and keys step
through it: ``→``/``←`` (or ``n``/``p``) one move, ``Home``/``End`` to the start and the end,
``Space`` plays and pauses. The page needs no network: its script and style are inline, and
the frames are gzip-compressed inside it (the browser unpacks them with its
``DecompressionStream``).

Elements a test or a tool may look for carry an ``id``: ``picture`` (the frame's SVG),
``caption``, ``position`` (``"3 / 120"``), ``moves`` (the list; the current ``li`` has the
class ``current``), and the buttons ``first``, ``prev``, ``play``, ``next``, ``last``.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from collections.abc import Mapping
from typing import Any

from burgundy.game import parse_action, replay_steps
from burgundy.render.result import result_text
from burgundy.render.svg import state_svg
from burgundy.state import State
from burgundy.variants import Ruleset

__all__ = ["replay_frames", "replay_html"]


Frame = tuple[str, State, "tuple[int, Any] | None"]
"""A frame of the replay page: caption, state and last move (seat, action)."""


def replay_frames(record: Mapping[str, Any]) -> list[Frame]:
    """The frames of a record's replay page: ``(caption, state, last move)``.

    The first frame is the table once set-up's chance is resolved; then one frame per
    action, showing the state once the chance that followed it is resolved too (its caption
    names it).

    Raises:
        ValueError: The record does not replay (as :meth:`burgundy.Game.from_record`).

    Examples:
        >>> import burgundy
        >>> game = burgundy.Game(players=2, variants=(), seed=1)
        >>> state = game.play(game.legal_actions()[0])
        >>> [caption.split(":")[0] for caption, _, _ in replay_frames(game.record())]
        ['start \u2014 then start player', '1. seat 0']
    """
    steps = replay_steps(record)
    state = Ruleset.from_dict(record["ruleset"]).initial_state()
    frames: list[Frame] = []
    caption, chance, last = "start", [], None
    number = 0
    for step in steps:
        if step.seat < 0:
            chance.append(step.text)
            state = step.state
            continue
        frames.append((_caption(caption, chance), state, last))
        before = state
        number += 1
        caption, chance = f"{number}. seat {step.seat}: {step.text}", []
        last = (step.seat, parse_action(before, step.text))
        state = step.state
    frames.append((_caption(caption, chance), state, last))
    return frames


_DASH = " \u2014 "


def _caption(text: str, chance: list[str]) -> str:
    if not chance:
        return text
    shown = "; ".join(chance[:8]) + ("; ..." if len(chance) > 8 else "")
    return f"{text}{_DASH}then {shown}"


def _packed(svg: str) -> str:
    return base64.b64encode(gzip.compress(svg.encode("utf-8"), mtime=0)).decode("ascii")


def _title(record: Mapping[str, Any]) -> str:
    rules = Ruleset.from_dict(record["ruleset"])
    header = record.get("header") or {}
    seats = header.get("seats")
    who = " vs ".join(seats) if seats else f"{rules.players} players"
    return f"The Castles of Burgundy \u2014 {who}"


def _summary(record: Mapping[str, Any], final: State | None = None) -> str:
    rules = Ruleset.from_dict(record["ruleset"])
    header = record.get("header") or {}
    parts = [f"{rules.players} players", f"{rules.edition} edition",
             ", ".join(rules.variants) or "base game"]
    if header.get("date"):
        parts.append(f"played {header['date']}")
    result = header.get("result")
    if result:
        scores = ", ".join(f"seat {s}: {vp} VP" for s, vp in enumerate(result["scores"]))
        if final is not None and final.is_terminal:  # the result against its rule
            parts.append(f"{scores} \u2014 {result_text(final)}")
        else:
            winners = ", ".join(f"seat {s}" for s in result["winners"]) or "none"
            parts.append(f"{scores} \u2014 winner {winners}")
    return " \u00b7 ".join(parts)


def replay_html(record: Mapping[str, Any], *, coordinates: bool = True) -> str:
    """Return the replay page of a record (see the module's description).

    Args:
        record: A game record (any version :meth:`burgundy.Game.from_record` reads).
        coordinates: Write the space names on the duchies.

    Returns:
        The page, a complete HTML document.

    Raises:
        ValueError: The record does not replay.

    Examples:
        >>> import burgundy
        >>> game = burgundy.Game(players=2, variants=(), seed=1)
        >>> page = replay_html(game.record())
        >>> page.startswith("<!DOCTYPE html>") and 'id="picture"' in page
        True
    """
    frames = replay_frames(record)
    data = [
        {"caption": caption, "svg": _packed(state_svg(state, coordinates=coordinates,
                                                      last_move=last, ledger=True))}
        for caption, state, last in frames
    ]
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    moves = "\n".join(
        f'<li data-frame="{k}">{html.escape(caption.split(_DASH)[0])}</li>'
        for k, (caption, _, _) in enumerate(frames)
    )
    final = frames[-1][1] if frames else None
    return _PAGE.format(
        title=html.escape(_title(record)), summary=html.escape(_summary(record, final)),
        count=len(frames), count_max=len(frames) - 1, moves=moves, payload=payload,
        script=_SCRIPT, style=_STYLE,
    )


_STYLE = """
body { margin: 0; font-family: DejaVu Sans, Verdana, Helvetica, Arial, sans-serif;
       background: #f3eee2; color: #222; }
header { padding: 10px 16px 4px; }
h1 { font-size: 20px; margin: 0 0 4px; }
#summary { color: #6b6b6b; font-size: 13px; }
#bar { position: sticky; top: 0; z-index: 1; background: #f3eee2; padding: 8px 16px;
       display: flex; gap: 8px; align-items: center; flex-wrap: wrap;
       border-bottom: 1px solid #d8c9a0; }
#bar button { font-size: 16px; min-width: 40px; padding: 4px 8px; cursor: pointer; }
#slider { flex: 1; min-width: 160px; }
#position { font-variant-numeric: tabular-nums; min-width: 90px; text-align: right; }
#caption { padding: 6px 16px; font-weight: bold; min-height: 1.4em; }
main { display: flex; gap: 12px; padding: 0 16px 16px; align-items: flex-start; }
#picture { flex: 1; min-width: 0; }
#picture svg { width: 100%; height: auto; }
#moves { width: 260px; max-height: 90vh; overflow-y: auto; margin: 0; padding: 0 0 0 8px;
         list-style: none; font-size: 12px; background: #fbf8f1; border: 1px solid #d8c9a0;
         border-radius: 6px; }
#moves li { padding: 2px 6px; cursor: pointer; white-space: nowrap; }
#moves li.current { background: #f4c430; font-weight: bold; }
.keys { color: #6b6b6b; font-size: 12px; }
"""

_SCRIPT = """
"use strict";
const frames = JSON.parse(document.getElementById("frames").textContent);
const picture = document.getElementById("picture");
const caption = document.getElementById("caption");
const position = document.getElementById("position");
const slider = document.getElementById("slider");
const moves = document.querySelectorAll("#moves li");
const cache = new Map();
let current = -1, wanted = 0, timer = null;

async function unpack(text) {
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return await new Response(stream).text();
}

async function frame(index) {
  if (!cache.has(index)) cache.set(index, unpack(frames[index].svg));
  return cache.get(index);
}

async function show(index) {
  index = Math.max(0, Math.min(frames.length - 1, index));
  wanted = index;
  const svg = await frame(index);
  if (wanted !== index) return;  // a later step was asked for meanwhile
  picture.innerHTML = svg;
  caption.textContent = frames[index].caption;
  position.textContent = (index + 1) + " / " + frames.length;
  slider.value = index;
  if (current >= 0) moves[current].classList.remove("current");
  moves[index].classList.add("current");
  moves[index].scrollIntoView({block: "nearest"});
  current = index;
  document.body.dataset.frame = String(index);
  if (index + 1 < frames.length) frame(index + 1);  // unpack the next one ahead
}

function play() {
  const button = document.getElementById("play");
  if (timer !== null) { clearInterval(timer); timer = null; button.textContent = "play"; return; }
  button.textContent = "pause";
  timer = setInterval(() => {
    if (wanted + 1 >= frames.length) { play(); return; }
    show(wanted + 1);
  }, 700);
}

document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(wanted - 1);
document.getElementById("next").onclick = () => show(wanted + 1);
document.getElementById("last").onclick = () => show(frames.length - 1);
document.getElementById("play").onclick = play;
slider.oninput = () => show(Number(slider.value));
moves.forEach((li) => { li.onclick = () => show(Number(li.dataset.frame)); });
document.addEventListener("keydown", (event) => {
  if (event.target === slider && event.key.startsWith("Arrow")) return;
  const keys = {ArrowRight: 1, ArrowDown: 1, n: 1, ArrowLeft: -1, ArrowUp: -1, p: -1};
  if (event.key in keys) { show(wanted + keys[event.key]); }
  else if (event.key === "Home") { show(0); }
  else if (event.key === "End") { show(frames.length - 1); }
  else if (event.key === " ") { play(); }
  else { return; }
  event.preventDefault();
});
show(0);
"""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body data-frame="-1">
<header><h1>{title}</h1><div id="summary">{summary}</div></header>
<div id="bar">
<button id="first" title="the start (Home)">|&#x25c0;</button>
<button id="prev" title="one move back (&#x2190;)">&#x25c0;</button>
<button id="play" title="play and pause (Space)">play</button>
<button id="next" title="one move on (&#x2192;)">&#x25b6;</button>
<button id="last" title="the end (End)">&#x25b6;|</button>
<input id="slider" type="range" min="0" max="{count_max}" value="0" aria-label="move">
<span id="position">1 / {count}</span>
<span class="keys">&#x2190; &#x2192; Home End Space</span>
</div>
<div id="caption"></div>
<main><div id="picture"></div><ol id="moves">
{moves}
</ol></main>
<script type="application/json" id="frames">{payload}</script>
<script>{script}</script>
</body>
</html>
"""
