#!/usr/bin/env python3
"""Issue 21's table: hard against another level in every bundled battle, on each side in turn.

    python3 scripts/duel-table.py [--against easy] [--games 4] [--seed 900] [--sides all|weak|strong]
                                  [--jobs 1] [--out DIR] [--battles a,b]

Runs `sarissa duel --scenario scenarios/B.toml --red hard --blue LEVEL --games N --seed S` and
the same with the colours swapped, for each battle B, and prints one row a battle: hard's wins on
the weak side and on the strong side, then the totals and hard's decision times (CPU, as duel
prints them). Each duel's output and game scripts are kept in DIR (default
target/duel-table/LEVEL-seedS): a duel already there is read, not played again, so a run that
was stopped resumes, and `scripts/duel-summary.py` can replay any game of it.

The weak side of each battle is the one easy against easy and hard against hard mostly lose
(README, issue 21); judging a change of the player on the weak sides first takes half the time.

Run it from the repository's root; set SARISSA to the binary to use (default ./target/cli/sarissa).
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

# Battle and the colour of its weak side.
WEAK = {
    "samarkand": "red",
    "chaeronea": "blue",
    "granicus": "blue",
    "issus": "blue",
    "hydaspes": "blue",
    "pataliputra": "blue",
    "malayaketu": "red",
    "takshashila": "blue",
}


def other(colour):
    return "blue" if colour == "red" else "red"


def duel(binary, battle, hard_colour, args, out):
    """Hard's wins, the games played and hard's CPU median and max (ms) of one duel."""
    path = os.path.join(out, f"{battle}-hard-{hard_colour}.txt")
    text = open(path).read() if os.path.exists(path) else ""
    if not re.search(r"^duel: ", text, re.M):
        levels = {hard_colour: "hard", other(hard_colour): args.against}
        command = [binary, "duel", "--scenario", f"scenarios/{battle}.toml", "--red", levels["red"]]
        command += ["--blue", levels["blue"], "--games", str(args.games), "--seed", str(args.seed)]
        command += ["--scripts", os.path.join(out, f"{battle}-hard-{hard_colour}")]
        run = subprocess.run(command, capture_output=True, text=True)
        text = run.stdout + run.stderr
        with open(path, "w") as f:
            f.write(text)
        if run.returncode != 0:
            sys.exit(f"duel failed ({' '.join(command)}):\n{text}")
    games, red, blue = map(int, re.search(r"^duel: (\d+) games, red (\d+), blue (\d+)", text, re.M).groups())
    cpu = re.search(rf"^{hard_colour} \(hard\).*CPU median ([\d.]+) ms, max ([\d.]+) ms", text, re.M)
    won = red if hard_colour == "red" else blue
    return won, games, (float(cpu.group(1)), float(cpu.group(2))) if cpu else None


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--against", default="easy")
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seed", type=int, default=900)
    p.add_argument("--sides", choices=["all", "weak", "strong"], default="all")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument(
        "--battles",
        help="only these battles, by name, comma-separated (e.g. the Chandragupta ones, when a change "
        "of the player touches only their rules); the totals count only them",
    )
    p.add_argument("--out")
    args = p.parse_args()
    binary = os.environ.get("SARISSA", "./target/cli/sarissa")
    out = args.out or os.path.join("target", "duel-table", f"{args.against}-seed{args.seed}")
    battles = {b: w for b, w in WEAK.items() if not args.battles or b in args.battles.split(",")}
    unknown = set(args.battles.split(",")) - set(WEAK) if args.battles else set()
    if unknown:
        sys.exit(f"no such battle: {', '.join(sorted(unknown))} (the battles: {', '.join(WEAK)})")
    os.makedirs(out, exist_ok=True)
    wanted = []
    for battle, weak in battles.items():
        if args.sides in ("all", "weak"):
            wanted.append((battle, weak))
        if args.sides in ("all", "strong"):
            wanted.append((battle, other(weak)))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = dict(zip(wanted, pool.map(lambda w: duel(binary, *w, args, out), wanted)))
    print(f"hard against {args.against}, {args.games} games a battle and side, seed {args.seed} ({out})")
    print("| battle | hard on the weak side | on the strong side |")
    print("|---|---|---|")
    totals = {"weak": [0, 0], "strong": [0, 0]}
    medians, slowest = [], 0.0
    for battle, weak in battles.items():
        cells = []
        for kind, colour in (("weak", weak), ("strong", other(weak))):
            if (battle, colour) not in results:
                cells.append("")
                continue
            won, games, cpu = results[(battle, colour)]
            totals[kind][0] += won
            totals[kind][1] += games
            if cpu:
                medians.append(cpu[0])
                slowest = max(slowest, cpu[1])
            cells.append(f"{colour}: {won} of {games}")
        print(f"| {battle} | {cells[0]} | {cells[1]} |")
    won = totals["weak"][0] + totals["strong"][0]
    played = totals["weak"][1] + totals["strong"][1]
    print(
        f"hard wins {won} of {played}: {totals['weak'][0]} of {totals['weak'][1]} on the weak sides, "
        f"{totals['strong'][0]} of {totals['strong'][1]} on the strong"
    )
    if medians:
        print(f"hard's CPU per decision: medians {min(medians)}–{max(medians)} ms a duel, slowest {slowest} ms")


if __name__ == "__main__":
    main()
