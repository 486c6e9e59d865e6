"""The command line: ``retrocatan [simulate|replay|board|tournament|demo]``.

With no command it opens the game window. Every command takes ``--help``;
long work shows a progress bar on a terminal; ``--json`` prints one JSON
object as the last line. Bad arguments or files: one line on stderr, exit
code 2, no traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import __version__
from .clients import commands as client_commands
from .net.arguments import server_url
from .parallel import MAX_JOBS, default_jobs
from .server import commands as server_commands

EXIT_BAD_INPUT = 2


class CliError(Exception):
    """A bad argument or file: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        raise CliError(f"{self.prog}: {message}")


def _int_range(lo: int, hi: int):
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{v} is not between {lo} and {hi}")
        return v
    return parse


SEED = _int_range(0, 2**63 - 1)
JOBS_HELP = "worker processes (default: all cores); the result is the same for any number"


def _step(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if v < 0:
        raise argparse.ArgumentTypeError(f"{v} is below 0 (0: before the first decision)")
    return v


def _jobs(text: str) -> int:
    return _int_range(1, MAX_JOBS)(text)


def _add_jobs(p: argparse.ArgumentParser) -> None:
    p.add_argument("--jobs", type=_jobs, default=default_jobs(), metavar="N", help=JOBS_HELP)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="retrocatan", description="RetroCatan: the 1996 DOS Catan, remade with Pyxel. "
                "Without a command it opens the game window.")
    p.add_argument("--version", action="version", version=f"retrocatan {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    s = sub.add_parser("simulate", help="play whole games of random legal moves and summarise them")
    s.add_argument("--games", type=_int_range(1, 1_000_000), default=100, help="games to play (default 100)")
    s.add_argument("--players", type=_int_range(3, 6), default=4, help="players, 3-6 (default 4)")
    s.add_argument("--seed", type=SEED, default=0, help="seed of the first game (default 0)")
    s.add_argument("--scenario", metavar="ID", help="play on a scenario map (see: retrocatan scenarios)")
    s.add_argument("--save-replays", metavar="DIR", help="write each game's replay into DIR")
    s.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    _add_jobs(s)

    r = sub.add_parser("replay", help="check a replay file (--verify), draw one stage of it (--png) or watch it "
                       "in the window",
                       epilog="--verify exits 0 when every state compared matches, 1 when a state differs from "
                              "the recording, 2 for a file that cannot be read or a decision the rules refuse, 3 "
                              "for a file that carries no state hashes (nothing could be compared). --png draws "
                              "without a window the replay viewer's screen at that step as the table sees it: the "
                              "board and its pieces, the dice, whose decision is next, each player's public points "
                              "and how many cards they hold, the log of the last decisions; no hand, bought card or "
                              "stolen card's kind until the game is over, when every hand shows.")
    r.add_argument("file", help="a replay file (.json)")
    r.add_argument("--verify", action="store_true", help="replay headless and compare every state hash")
    r.add_argument("--png", metavar="OUT.png", help="write a 640x480 picture of the board at --step (no window)")
    r.add_argument("--step", type=_step, metavar="N",
                   help="with --png: the stage after N decisions (0: before the first; default: the last)")
    r.add_argument("--json", action="store_true", help="print the result as one JSON object")

    b = sub.add_parser("board", help="show the board of a seed as text art or JSON")
    b.add_argument("--seed", type=SEED, default=0, help="seed (default 0)")
    b.add_argument("--players", type=_int_range(3, 6), help="players, 3-6 (default 4, or the scenario's)")
    b.add_argument("--beginner", action="store_true", help="the fixed beginner layout")
    b.add_argument("--no-red-neighbours", action="store_true", help="no 6 or 8 touching another 6 or 8")
    b.add_argument("--scenario", metavar="ID", help="a scenario's map (see: retrocatan scenarios)")
    b.add_argument("--json", action="store_true", help="print the board as one JSON object")
    sc = sub.add_parser("scenarios", help="list the scenario maps that ship with the game")
    sc.add_argument("--json", action="store_true", help="print the list as one JSON object")
    d = sub.add_parser("demo", help="the demo game of computer players (headless: a screenshot)")
    d.add_argument("--headless", action="store_true", help="no window: play frames and write a screenshot")
    d.add_argument("--frames", type=_int_range(1, 10_000_000), default=600, help="frames to play (default 600)")
    d.add_argument("--screenshot", metavar="FILE", help="write a PNG of the last frame")
    d.add_argument("--players", type=_int_range(3, 6), default=4, help="players, 3-6 (default 4)")
    d.add_argument("--seed", type=SEED, default=1, help="seed (default 1)")
    d.add_argument("--json", action="store_true", help="print the result as one JSON object")

    t = sub.add_parser("tournament", help="computer players against each other, seats rotated")
    t.add_argument("--seats", required=True, help="one level per seat: easy, normal, hard, expert or random "
                   "(e.g. hard,normal,easy,random)")
    t.add_argument("--games", type=_int_range(1, 100_000), default=100, help="games to play (default 100)")
    t.add_argument("--seed", type=SEED, default=0, help="seed of the first game (default 0)")
    t.add_argument("--players", type=_int_range(3, 6), help="players (default: the number of seats)")
    t.add_argument("--scenario", metavar="ID", help="play on a scenario map (see: retrocatan scenarios)")
    t.add_argument("--json", action="store_true", help="print the result as one JSON object")
    _add_jobs(t)
    _add_scenario_commands(sub)
    server_commands.add_commands(sub)
    client_commands.add_commands(sub)
    st = sub.add_parser("stage", help="a picture of a network game at any step, as everyone sees it")
    st.add_argument("--server", type=server_url, required=True, help="the server, e.g. ws://127.0.0.1:8765")
    st.add_argument("--code", required=True, help="the game's invite code")
    st.add_argument("--step", type=_step, metavar="N", help="after N decisions (default: now)")
    st.add_argument("--png", required=True, metavar="OUT.png", help="the picture to write (640x480)")
    st.add_argument("--json", action="store_true", help="print the result as one JSON object")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            return _open_window()
        if args.command in EDITOR_COMMANDS:
            return EDITOR_COMMANDS[args.command](args)
        for group in (server_commands, client_commands):
            if args.command in group.COMMANDS:
                return group.run_command(args.command, args, CliError)
        handler = {"simulate": cmd_simulate, "replay": cmd_replay, "board": cmd_board,
                   "tournament": cmd_tournament, "demo": cmd_demo, "scenarios": cmd_scenarios,
                   "stage": cmd_stage}[args.command]
        return handler(args)
    except CliError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("retrocatan: interrupted", file=sys.stderr)
        return 130


def _open_window() -> int:
    try:
        from .ui.app import main as ui_main
    except ImportError as exc:
        raise CliError(f"retrocatan: cannot open the window: {exc}") from None
    return _in_window("retrocatan", ui_main)


def _in_window(prog: str, run, *args, **kw) -> int:
    """``run`` (which opens the game window); a window that cannot open is
    one line of error (``CliError``), not a traceback."""
    from .ui.app import WindowError
    try:
        return run(*args, **kw) or 0
    except WindowError as exc:
        raise CliError(f"{prog}: {exc}") from None


def _emit_json(obj: dict) -> None:
    print(json.dumps(obj, sort_keys=False))


# --- board ---------------------------------------------------------------------------

def _scenario_options(command: str, scenario_id: str | None, players: int) -> dict:
    """Config options for ``--scenario`` (none without it); one-line error otherwise."""
    if scenario_id is None:
        return {}
    from . import scenarios
    from .engine.scenario import ScenarioError
    try:
        return scenarios.options(scenario_id, players)
    except KeyError:
        raise CliError(f"retrocatan {command}: no scenario {scenario_id!r}") from None
    except ScenarioError as exc:
        raise CliError(f"retrocatan {command}: {exc}") from None


def cmd_board(args) -> int:
    from .engine import GameConfig
    from .engine.config import ConfigError
    from .engine.game import Game
    players = args.players
    if players is None:      # 4, or what the scenario is made for
        players = 4
        if args.scenario:
            from . import scenarios
            from .engine.scenario import ScenarioError
            try:
                counts = scenarios.load(args.scenario).players
            except KeyError:
                raise CliError(f"retrocatan board: no scenario {args.scenario!r}") from None
            except ScenarioError as exc:
                raise CliError(f"retrocatan board: {exc}") from None
            players = 4 if 4 in counts else counts[0]
    options = _scenario_options("board", args.scenario, players)
    try:
        cfg = GameConfig(players=players, seed=args.seed, board="beginner" if args.beginner else "random",
                         **{"no_red_neighbours": args.no_red_neighbours, **options})
        board = Game(cfg).board
    except ConfigError as exc:
        raise CliError(f"retrocatan board: {exc}") from None
    if args.json:
        _emit_json(board.describe())
    else:
        from .words.board import render  # the art of the board's layer
        if args.scenario:
            print(f"Scenario {args.scenario}, seed {args.seed}, {players} players:")
        else:
            print(f"Board for seed {args.seed}, {players} players ({board.kind}):")
        print(render(board))
    return 0


def cmd_scenarios(args) -> int:
    from importlib import resources

    from . import scenarios
    from .engine.scenario import ScenarioError
    out = []
    for sid in scenarios.available():
        try:
            s = scenarios.load(sid)
        except ScenarioError as exc:
            raise CliError(f"retrocatan scenarios: {sid}: {exc}") from None
        out.append({"id": s.id, "name": s.name["en"], "players": list(s.players), "vp_target": s.vp_target,
                    "path": str(resources.files(scenarios) / f"{sid}.json")})
    if args.json:
        _emit_json({"scenarios": out})
    else:
        for x in out:
            counts = "-".join(str(n) for n in (x["players"][0], x["players"][-1])) if len(x["players"]) > 1 \
                else str(x["players"][0])
            print(f"{x['id']:<20} {counts:<4} players  {x['vp_target']:>2} points  {x['name']}")
    return 0


# --- simulate --------------------------------------------------------------------------

def cmd_simulate(args) -> int:
    import time

    from .engine.replay import PLAY_HASH_EVERY, GameRecord
    from .match import StalledGame, play_random_game
    from .parallel import ordered_map
    from .storage import atomic_write
    from .terminal import Progress

    if args.save_replays:
        try:
            os.makedirs(args.save_replays, exist_ok=True)
        except OSError as exc:
            raise CliError(f"retrocatan simulate: cannot create {args.save_replays}: {exc.strerror}") from None
        if not os.access(args.save_replays, os.W_OK):
            raise CliError(f"retrocatan simulate: cannot write into {args.save_replays}")
    wins = [0] * args.players
    dice = {str(n): 0 for n in range(2, 13)}
    turns = 0
    decisions = 0
    bar = Progress(args.games, "simulate")
    start = time.perf_counter()
    options = _scenario_options("simulate", args.scenario, args.players)
    seeds = [(args.seed + i) % 2**63 for i in range(args.games)]
    results = ordered_map(play_random_game, [(args.players, seed, options) for seed in seeds], args.jobs)
    for i, seed in enumerate(seeds):
        try:
            result = next(results)
        except StalledGame as exc:
            raise CliError(f"retrocatan simulate: {exc}") from None
        st = result.game.state
        wins[st.winner] += 1
        turns += st.turn
        decisions += result.decisions
        for n in range(2, 13):
            dice[str(n)] += st.stats_dice[n]
        if args.save_replays:
            path = os.path.join(args.save_replays, f"game-{seed}.json")
            rec = GameRecord.of_game(result.game, PLAY_HASH_EVERY)     # hashes as the window's saves take them
            atomic_write(path, json.dumps(rec.to_json(), separators=(",", ":")))
        bar.update(i + 1)
    bar.close()
    elapsed = time.perf_counter() - start
    summary = {
        "games": args.games,
        "players": args.players,
        "seed": args.seed,
        "wins": wins,
        "mean_turns": round(turns / args.games, 2),
        "dice": dice,
        "games_per_second": round(args.games / elapsed, 2),
        "actions_per_second": round(decisions / elapsed, 1),
    }
    if args.json:
        _emit_json(summary)
    else:
        print(f"games: {args.games}  players: {args.players}  seed: {args.seed}")
        print(f"mean turns: {summary['mean_turns']}")
        print("wins per seat: " + "  ".join(f"p{s + 1}={w}" for s, w in enumerate(wins)))
        total = max(1, sum(dice.values()))
        print("dice: " + "  ".join(f"{n}:{dice[n]} ({100 * dice[n] / total:.1f}%)" for n in dice))
        print(f"games/s: {summary['games_per_second']}  actions/s: {summary['actions_per_second']}")
    return 0


# --- replay --------------------------------------------------------------------------------

def load_replay_file(path: str):
    """A replay file, or the game record inside a saved game (read once, by
    the strict JSON reader: a regular file within the size limit), as a
    ``GameRecord``."""
    from .engine.replay import MAX_REPLAY_BYTES, GameRecord, ReplayError, check
    from .jsonfile import JsonFileError, loads, read_text
    from .saves import SAVE_FORMAT, SaveError, check_save
    from .scenarios import resolve  # a record of the previous format names its scenario by id
    try:
        data = loads(read_text(path, MAX_REPLAY_BYTES), MAX_REPLAY_BYTES)
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            save = check_save(data)
            return GameRecord.from_json(save["replay"], seats=save["seats"], resolve=resolve)
        return GameRecord.from_json(check(data, resolve), resolve=resolve)
    except (JsonFileError, ReplayError, SaveError) as exc:
        raise CliError(f"retrocatan replay: {path}: {exc}") from None


EXIT_NOT_COMPARED = 3


def _check_png_path(path: str, command: str = "replay") -> None:
    """A picture can be written to ``path``: a .png in a folder we may write into, not a folder itself."""
    if not path.lower().endswith(".png"):
        raise CliError(f"retrocatan {command}: {path}: the picture must be a .png file")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise CliError(f"retrocatan {command}: cannot write {path}")


def _replay_png(args, rec) -> int:
    """``replay FILE --png OUT.png [--step N]``: the picture of one stage (``ui/stage_picture.py``)."""
    steps = len(rec)
    step = steps if args.step is None else args.step
    if step > steps:
        raise CliError(f"retrocatan replay: --step {step} is past the end of {args.file} "
                       f"({steps} {'step' if steps == 1 else 'steps'}: use 0-{steps})")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .terminal import Progress
    from .ui.stage_picture import StageError, write_stage_png
    bar = Progress(step, "replay")
    try:
        write_stage_png(rec, step, args.png, progress=bar.update)
    except StageError as exc:
        raise CliError(f"retrocatan replay: {args.file}: {exc}") from None
    finally:
        bar.close()
    if args.json:
        _emit_json({"file": args.file, "png": args.png, "step": step, "steps": steps})
    else:
        print(f"wrote {args.png}: step {step} of {steps}")
    return 0


def cmd_replay(args) -> int:
    if args.png is not None:
        if args.verify:
            raise CliError("retrocatan replay: --png and --verify are separate uses: give one")
        _check_png_path(args.png)
    elif args.step is not None:
        raise CliError("retrocatan replay: --step needs --png OUT.png")
    rec = load_replay_file(args.file)
    if args.png is not None:
        return _replay_png(args, rec)
    if not args.verify:
        from .ui.app import main as ui_main
        return _in_window("retrocatan replay", ui_main, replay=rec)
    from .terminal import Progress
    bar = Progress(len(rec), "verify")
    replayer = rec.replayer()
    while (verdict := replayer.advance(2000)) is None:
        bar.update(replayer.done)
    bar.close()
    if verdict.refused and not args.json:
        raise CliError(f"retrocatan replay: {args.file}: {verdict.message}")
    result = {"file": args.file, "ok": verdict.ok, "steps": verdict.steps, "message": verdict.message,
              "step": verdict.step, "compared": verdict.compared}
    if verdict.ok and verdict.game is not None:
        result["winner"] = verdict.game.winner + 1 if verdict.game.winner >= 0 else None
    if args.json:
        _emit_json(result)
    elif verdict.ok:
        print("OK: " + verdict.message)
    else:
        print(("NOT VERIFIED: " if verdict.compared == 0 and verdict.step is None else "DIVERGED: ")
              + verdict.message)
    if verdict.ok:
        return 0
    if verdict.refused:
        return EXIT_BAD_INPUT
    return EXIT_NOT_COMPARED if verdict.compared == 0 and verdict.step is None else 1


def cmd_stage(args) -> int:
    """``stage``: a server's public state at a step, drawn as ``replay --png`` draws a record's."""
    from .clients.commands import ask
    from .engine.game import Game
    _check_png_path(args.png, "stage")
    msg = {"type": "stage", "code": args.code, **({"step": args.step} if args.step is not None else {})}
    got = ask("retrocatan stage", args.server, msg, CliError)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .ui.stage_picture import StageError, write_picture
    from .words.names import seat_name
    names = [seat_name(p, s) for p, s in enumerate(got["seats"])]
    try:
        write_picture(Game.from_json(got["state"]), got["events"], names, got["step"], got["steps"], args.png)
    except StageError as exc:
        raise CliError(f"retrocatan stage: {exc}") from None
    if args.json:
        _emit_json({"game": got["game"], "png": args.png, "step": got["step"], "steps": got["steps"]})
    else:
        print(f"wrote {args.png}: step {got['step']} of {got['steps']}")
    return 0


# --- tournament ------------------------------------------------------------------------------

def cmd_tournament(args) -> int:
    from .ai import LEVEL_NAMES
    from .match import StalledGame
    from .terminal import Progress
    from .tournament import run

    levels = [x.strip() for x in args.seats.split(",") if x.strip()]
    bad = [x for x in levels if x not in LEVEL_NAMES]
    if bad:
        raise CliError(f"retrocatan tournament: unknown level {bad[0]!r} (use {', '.join(LEVEL_NAMES)})")
    players = args.players or len(levels)
    if len(levels) != players or not 3 <= players <= 6:
        raise CliError(f"retrocatan tournament: give one level per seat for {players} players "
                       f"(got {len(levels)})")
    options = _scenario_options("tournament", args.scenario, players)
    bar = Progress(args.games, "tournament")
    try:
        result = run(levels, args.games, args.seed, options=options or None, progress=bar.update, jobs=args.jobs)
    except StalledGame as exc:
        raise CliError(f"retrocatan tournament: {exc}") from None
    bar.close()
    summary = result.summary()
    if args.json:
        _emit_json(summary)
        return 0
    print(f"games: {summary['games']}  mean turns: {summary['mean_turns']}")
    for i, s in enumerate(summary["seats"]):
        lo, hi = s["ci95"]
        print(f"entry {i + 1} {s['level']:<7} wins {s['wins']:>5}  rate {100 * s['win_rate']:5.1f}%  "
              f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
    for level, d in summary["decision_ms"].items():
        print(f"decision time {level:<7} p50 {d['p50']:.2f} ms  p95 {d['p95']:.2f} ms  max {d['max']:.2f} ms")
    return 0


# --- demo ------------------------------------------------------------------------------------

def cmd_demo(args) -> int:
    if args.screenshot:
        folder = os.path.dirname(os.path.abspath(args.screenshot))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise CliError(f"retrocatan demo: cannot write {args.screenshot}")
        if not args.screenshot.lower().endswith(".png"):
            raise CliError("retrocatan demo: the screenshot must be a .png file")
    if not args.headless:
        from .ui.app import main_demo
        return _in_window("retrocatan demo", main_demo, players=args.players, seed=args.seed)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .terminal import Progress
    from .ui.app import run_demo_headless
    bar = Progress(args.frames, "demo")
    result = run_demo_headless(args.frames, args.screenshot, players=args.players, seed=args.seed,
                               progress=bar.update)
    bar.close()
    if args.json:
        _emit_json(result)
    else:
        print(f"played {result['frames']} frames (turn {result['turn']})"
              + (f", screenshot {args.screenshot}" if args.screenshot else ""))
    return 0


# --- scenario editor and scenario files ------------------------------------------------------

def _add_scenario_commands(sub) -> None:
    e = sub.add_parser("edit", help="open the scenario editor (on FILE, written back there when saved)")
    e.add_argument("file", nargs="?", help="a scenario file (.json); a new one if it does not exist yet")
    sc = sub.add_parser("scenario", help="scenario files: check one (exit 0 when the game would load it, 2 if not)")
    scs = sc.add_subparsers(dest="scenario_command", parser_class=_Parser)
    ch = scs.add_parser("check", help="check a scenario file with the game's own reader")
    ch.add_argument("file", help="a scenario file (.json)")
    ch.add_argument("--json", action="store_true", help="print the result as one JSON object")


def cmd_edit(args) -> int:
    from .ui.maps.files import ScenarioFileError, load_path
    scenario = None
    if args.file is not None and os.path.lexists(args.file):
        try:
            scenario = load_path(args.file)
        except ScenarioFileError as exc:
            raise CliError(f"retrocatan edit: {exc}") from None
    elif args.file is not None:
        folder = os.path.dirname(os.path.abspath(args.file))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise CliError(f"retrocatan edit: cannot write {args.file}")
    try:
        from .ui.editor.main import main_editor
    except ImportError as exc:
        raise CliError(f"retrocatan edit: cannot open the window: {exc}") from None
    return _in_window("retrocatan edit", main_editor, scenario, args.file)


def _shown(text: str) -> str:
    """``text`` safe for a terminal: control, format (bidi) and separator characters escaped."""
    import unicodedata
    return "".join(f"\\u{ord(ch):04x}" if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
                   else ch for ch in text)


def cmd_scenario(args) -> int:
    from .ui.maps.files import ScenarioFileError, check_file
    if args.scenario_command != "check":
        raise CliError("retrocatan scenario: name a command: check FILE")
    try:
        s, problems = check_file(args.file)
    except ScenarioFileError as exc:
        s, problems = None, [str(exc)]
    if s is None:       # every problem, one a line; the first as the game says it
        if args.json:
            _emit_json({"file": args.file, "ok": False, "problem": problems[0], "problems": problems})
            return EXIT_BAD_INPUT
        lines = [f"retrocatan scenario check: {problems[0]}"] + [f"  {p}" for p in problems[1:]]
        print("\n".join(_shown(line) for line in lines), file=sys.stderr)
        return EXIT_BAD_INPUT
    players = "-".join(str(p) for p in (s.players[0], s.players[-1])) if len(s.players) > 1 else str(s.players[0])
    if args.json:
        _emit_json({"file": args.file, "ok": True, "id": s.id, "name": s.name, "players": list(s.players),
                    "vp_target": s.vp_target})
    else:
        print(_shown(f"OK: {args.file}: {s.id} ({s.name['en']}), {players} players, {s.vp_target} points"))
    return 0


EDITOR_COMMANDS = {"edit": cmd_edit, "scenario": cmd_scenario}


if __name__ == "__main__":      # python -m retrocatan.cli, the same as python -m retrocatan
    sys.exit(main())
