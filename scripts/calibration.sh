#!/usr/bin/env bash
# Regenerates the tables of docs/calibration.md from `sarissa odds` (needs jq).
# Usage: scripts/calibration.sh [path/to/sarissa]   (default: builds and uses target/debug/sarissa)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then BIN=$1; else cargo build -q -p sarissa-cli; BIN=target/debug/sarissa; fi

pct() { jq -r "$1 * 1000 | round / 10 | tostring + \"%\""; }
mean() { jq -r "$1 * 100 | round / 100 | tostring"; }

shock_row() { # label, rules, args...
  local label=$1 rules=$2; shift 2
  local j; j=$("$BIN" odds shock --rules "$rules" "$@" --json)
  local cols; cols=$(echo "$j" | jq -r '[.columns[] | "\(.column)"] | join("/")')
  printf '| %s | %s | %s / %s | %s | %s | `%s` |\n' "$label" "$cols" \
    "$(echo "$j" | mean .attacker.mean_hits)" "$(echo "$j" | mean .defender.mean_hits)" \
    "$(echo "$j" | pct .attacker.routs.p)" "$(echo "$j" | pct .defender.routs.p)" "$*"
}

missile_row() { # label, rules, args...
  local label=$1 rules=$2; shift 2
  local j; j=$("$BIN" odds missile --rules "$rules" "$@" --json)
  printf '| %s | %s | %s | %s | `%s` |\n' "$label" \
    "$(echo "$j" | pct '(1 - .hits[0].p.p)')" "$(echo "$j" | mean .mean_hits)" \
    "$(echo "$j" | pct .missile_low.p)" "$*"
}

PH=PH/MA:10:7; HO=HI/HO:10:6; HY=HI/HY:6:8; CA=LP/CA:8:5; HC=HC:4:7; PHC=HC:5:6; CAT=HC/Cat:5:6
LN=LN:3:6; LC=LC/J:3:6; LIJ=LI/J:5:5; LP=LP:5:6; EL=EL:5:6; CH=CH:2:5; SKA=SK/A:1:5; AGR=SK*/J:1:7

for rules in alexander chandragupta; do
  echo "### Shock, $rules (attacker moved unless noted; clear, level ground; no leaders)"
  echo
  echo '| match-up | column | mean hits A / D | P(A routs) | P(D routs) | arguments |'
  echo '|---|---|---|---|---|---|'
  shock_row "Phalanx v hoplites, front" $rules --attacker $PH,moved --defender $HO
  shock_row "Hoplites v hoplites, front" $rules --attacker $HO,moved --defender $HO
  [ $rules = alexander ] && shock_row "Phalanx v Cardaces, front" $rules --attacker $PH,moved --defender $CA
  shock_row "Companions into hoplite flank" $rules --attacker $HC,moved,flank --defender $HO
  shock_row "Companions into hoplite rear" $rules --attacker $HC,moved,rear --defender $HO
  shock_row "Companions v hoplites, front" $rules --attacker $HC,moved --defender $HO
  shock_row "Companions v Persian HC, front" $rules --attacker $HC,moved --defender $PHC
  shock_row "Companions v Bactrian Cat HC, front" $rules --attacker $HC,moved --defender $CAT
  shock_row "Prodromoi LN into phalanx rear" $rules --attacker $LN,moved,rear --defender $PH
  shock_row "Hypaspists v hoplites, front" $rules --attacker $HY,moved --defender $HO
  shock_row "Hypaspists v LI (J), front" $rules --attacker $HY,moved --defender $LIJ
  shock_row "Hypaspists v elephant, flank" $rules --attacker $HY,moved,flank --defender $EL
  shock_row "LI (J) into LI flank" $rules --attacker LI/J:5:6,moved,flank --defender $LIJ
  shock_row "LI (J) v LI (J), front" $rules --attacker $LIJ,moved --defender $LIJ
  shock_row "LI (J) v phalanx, front" $rules --attacker $LIJ,moved --defender $PH
  [ $rules = alexander ] && shock_row "Peltasts v LI (J), front" $rules --attacker $LP,moved --defender $LIJ
  shock_row "Elephant v phalanx, front" $rules --attacker $EL,moved --defender $PH
  shock_row "Phalanx v elephant, front" $rules --attacker $PH,moved --defender $EL
  shock_row "Elephant v LI (J), front" $rules --attacker $EL,moved --defender $LIJ
  shock_row "Elephant v Persian HC, front" $rules --attacker $EL,moved --defender $PHC
  shock_row "LC (J) shock v LI (J), front" $rules --attacker $LC,moved --defender $LIJ
  shock_row "LC (J) into hoplite flank" $rules --attacker $LC,moved,flank --defender $HO
  shock_row "Chariot (4+ hexes) v LI (J), front" $rules --attacker $CH,chariot-charge --defender $LIJ
  shock_row "Chariot (4+ hexes) v phalanx, front" $rules --attacker $CH,chariot-charge --defender $PH
  [ $rules = alexander ] && shock_row "Agrianian SK* v SK archers, front" $rules --attacker $AGR,moved --defender $SKA
  shock_row "Phalanx v SK archers, front" $rules --attacker $PH,moved --defender $SKA
  shock_row "Phalanx v hoplites, no Must Check" $rules --attacker $PH --defender $HO
  shock_row "Phalanx v hoplites, Charisma +2" $rules --attacker $PH,moved --defender $HO --charisma 2
  shock_row "Phalanx v hoplites uphill (1L)" $rules --attacker $PH,moved --defender $HO --shift any-defender-higher
  shock_row "Phalanx v hoplites across a river (2L)" $rules --attacker $PH,moved --defender $HO --shift across-river
  echo
done

echo "### Missile fire, alexander"
echo
echo '| firer v target | P(hit) | mean hits | P(Missile Low) | arguments |'
echo '|---|---|---|---|---|'
for t in HI/HO PH/MA HC; do
  for r in 1 2 3; do
    missile_row "SK archers v $t, range $r" alexander --firer SK/A --range $r --target $t
  done
  for r in 1 2 3; do
    missile_row "SK slingers v $t, range $r" alexander --firer SK/S --range $r --target $t
  done
  missile_row "SK javelins v $t, range 1" alexander --firer SK/J --range 1 --target $t
done
missile_row "Foot archers v HI, range 1 through the flank" alexander --firer LI/A --range 1 --target HI/HO --not-front
missile_row "LC (J) H&D v HI" alexander --firer LC/J --range 1 --target HI/HO --moving
missile_row "LC (J) H&D v LI" alexander --firer LC/J --range 1 --target LI/J --moving
missile_row "LC (A) H&D v HI through its front" alexander --firer LC/A --range 1 --target HI/HO --moving
missile_row "LC (A) H&D v HI through its flank" alexander --firer LC/A --range 1 --target HI/HO --moving --not-front
missile_row "LI (J) v LI, range 1" alexander --firer LI/J --range 1 --target LI/J
missile_row "Foot archers v elephant, range 1" alexander --firer LI/A --range 1 --target EL
missile_row "Foot archers v elephant, range 2" alexander --firer LI/A --range 2 --target EL
missile_row "Foot archers v elephant, range 3" alexander --firer LI/A --range 3 --target EL
missile_row "Horse archers (moving) v elephant, range 2" alexander --firer LC/A --range 2 --target EL --moving
missile_row "Slingers v elephant, range 1" alexander --firer SK/S --range 1 --target EL
echo
echo "### Missile fire, chandragupta"
echo
echo '| firer v target | P(hit) | mean hits | P(Missile Low) | arguments |'
echo '|---|---|---|---|---|'
missile_row "Long bow v HI, range 2" chandragupta --firer LI:A* --range 2 --target HI/HO
missile_row "Long bow v Cat elephant, range 2" chandragupta --firer LI:A* --range 2 --target EL/Cat
missile_row "Bow v Cat elephant, range 2" chandragupta --firer LI/A --range 2 --target EL/Cat
missile_row "Bow v elephant, range 2" chandragupta --firer LI/A --range 2 --target EL
missile_row "Bow v Cat HC, range 2" chandragupta --firer LI/A --range 2 --target HC/Cat
