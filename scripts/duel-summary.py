#!/usr/bin/env python3
"""What happened in one game of `sarissa duel --scripts DIR` (issue 21), activation by activation.

    python3 scripts/duel-summary.py scenarios/chaeronea.toml DIR/game-900.txt

Replays the script with `sarissa run` (the seed is read from the script's first line) and prints,
for each leader's activation: the turn, his side, how many moves and volleys he ordered, every
shock resolved in it (attackers > defenders, column, the final result as hits to the attacker
(to the defender)), the units that routed, and both armies' rout points after it. Then, per side:
the shocks it made, through which arc of the defender (front, flank, rear: GBA 9.15) and the
shock hits its units took. This is how session 16 found that the weak sides lose their units to
flank and rear attacks rather than by refusing shocks.

Set SARISSA to the binary to use (default ./target/cli/sarissa).
"""
import collections
import json
import os
import re
import subprocess
import sys
import tomllib


def replay(scenario, script):
    with open(script) as f:
        header = f.readline()
    seed = re.search(r"--seed (\d+)", header)
    binary = os.environ.get("SARISSA", "./target/cli/sarissa")
    args = [binary, "run", "--scenario", scenario, "--script", script]
    if seed:
        args += ["--seed", seed.group(1)]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        try:
            yield json.loads(line)
        except json.JSONDecodeError:
            continue


def sides_of(scenario):
    with open(scenario, "rb") as f:
        battle = tomllib.load(f)
    units, leaders, names = {}, {}, []
    for k, side in enumerate(battle["side"]):
        names.append(side["id"])
        units.update({u["id"]: k for u in side.get("units", [])})
        leaders.update({l["id"]: k for l in side.get("leaders", [])})
    return units, leaders, names


def final_result(lines):
    """The last `A(D)` a shock's explanation gives: the result after every modification."""
    results = [m for line in lines for m in re.findall(r"\b(\d+)\((\d+)\)", line)]
    return tuple(map(int, results[-1])) if results else None


def main(scenario, script):
    units, leaders, names = sides_of(scenario)
    turn, rout, row = 0, "", None
    arcs = collections.Counter()
    taken = collections.Counter()

    def flush():
        if row:
            shocks = "; ".join(row["shocks"])
            routed = f" | routed {', '.join(row['routed'])}" if row["routed"] else ""
            print(f"T{turn} {names[leaders.get(row['leader'], 0)]:<12} {row['leader']:<14} "
                  f"moves {row['moves']:2} fire {row['fire']} | {shocks}{routed} | RP {rout}")

    for e in replay(scenario, script):
        if "event" not in e and isinstance(e.get("rout_points"), list):
            rout = " ".join(f"{p['points']}/{p['withdrawal_level']}" for p in e["rout_points"])
            continue
        event = e.get("event")
        if event == "turn_began":
            turn = e["turn"]
        elif event == "leader_activated":
            flush()
            row = dict(leader=e["leader"], moves=0, fire=0, shocks=[], routed=[])
        elif event == "cohesion_hits" and e.get("cause") == "shock":
            taken[units.get(e["unit"], 0)] += e["hits"]
        elif row is None:
            continue
        elif event == "unit_moved":
            row["moves"] += 1
        elif event == "missile_fired" and "reaction" not in e:
            row["fire"] += 1
        elif event == "shock_resolved":
            side = units.get(e["attackers"][0], 0)
            arc = next((re.search(r"through the (\w+)", l) for l in e["lines"] if "clash of spears" in l), None)
            arcs[(side, arc.group(1) if arc else "no clash")] += 1
            result = final_result(e["lines"])
            shown = f"{result[0]}({result[1]})" if result else "?"
            row["shocks"].append(f"{'+'.join(e['attackers'])} > {'+'.join(e['defenders'])} c{e['column']} {shown}")
        elif event == "unit_routed" and e["unit"] not in row["routed"]:
            row["routed"].append(e["unit"])
    flush()
    for k, name in enumerate(names):
        made = {arc: n for (side, arc), n in sorted(arcs.items()) if side == k}
        print(f"{name}: shocks made {sum(made.values())} by the defender's arc {made}; shock hits taken {taken[k]}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
