//! Standing orders as the sheet lists them and as a move sent apart carries them (issue 22 §2).
//!
//! The sheet offers each question's answers in a fixed order ([`FACES`], [`WITHDRAWS`], …); a
//! move sent to the other device carries the sender's orders as a short code of those places,
//! `o1.` + one digit a question + `.UNIT~FWX` for each single unit's exception (its facing,
//! withdrawal and fire answers, `x` where the side's own holds). The other device answers this
//! side's questions by them while it moves. Pure data and logic, tested natively.

use sarissa_rules::play::standing::{Face, Fire, Leaders, Rampage, Rout, StandingOrders, Trump, UnitOrders, Withdraw};

pub const FACES: [Face; 3] = [Face::Ask, Face::Always, Face::Never];
pub const WITHDRAWS: [Withdraw; 4] = [Withdraw::Ask, Withdraw::Cavalry, Withdraw::Always, Withdraw::Never];
pub const LEADERS: [Leaders; 3] = [Leaders::Ask, Leaders::WhenExposed, Leaders::Always];
pub const FIRES: [Fire; 4] = [Fire::Ask, Fire::AtAnything, Fire::AtSkirmishers, Fire::Never];
pub const TRUMPS: [Trump; 2] = [Trump::Ask, Trump::Never];
pub const ROUTS: [Rout; 2] = [Rout::Ask, Rout::ByPreference];
pub const RAMPAGES: [Rampage; 3] = [Rampage::Ask, Rampage::StepAside, Rampage::Stand];

/// The place of `now` among `all` (the first, "ask", for one not listed).
pub fn place<T: PartialEq>(all: &[T], now: &T) -> usize {
    all.iter().position(|x| x == now).unwrap_or(0)
}

/// The answer at `place` of `all`, if there is one.
fn nth<T: Copy>(all: &[T], place: char) -> Option<T> {
    all.get(place.to_digit(10)? as usize).copied()
}

const PREFIX: &str = "o1.";
/// A single unit's answer left to its side's.
const SIDES_OWN: char = 'x';

/// The code of `orders` carried by a move sent apart.
pub fn orders_code(orders: &StandingOrders) -> String {
    let o = orders;
    let mut code = PREFIX.to_string();
    for k in [
        place(&FACES, &o.face),
        place(&WITHDRAWS, &o.withdraw),
        place(&LEADERS, &o.leaders),
        place(&FIRES, &o.fire),
        place(&TRUMPS, &o.trump),
        place(&ROUTS, &o.rout),
        place(&RAMPAGES, &o.rampage),
    ] {
        code.push_str(&k.to_string());
    }
    for unit in o.units.iter().filter(|u| is_unit_id(&u.unit)) {
        let digit = |k: Option<usize>| k.map_or(SIDES_OWN.to_string(), |k| k.to_string());
        code.push_str(&format!(
            ".{}~{}{}{}",
            unit.unit,
            digit(unit.face.map(|f| place(&FACES, &f))),
            digit(unit.withdraw.map(|w| place(&WITHDRAWS, &w))),
            digit(unit.fire.map(|f| place(&FIRES, &f))),
        ));
    }
    code
}

/// The orders of a code written by [`orders_code`]; `None` if it is not one.
pub fn read_orders_code(code: &str) -> Option<StandingOrders> {
    let mut parts = code.strip_prefix(PREFIX)?.split('.');
    let sides: Vec<char> = parts.next()?.chars().collect();
    let [face, withdraw, leaders, fire, trump, rout, rampage] = sides.as_slice() else { return None };
    let mut orders = StandingOrders {
        face: nth(&FACES, *face)?,
        withdraw: nth(&WITHDRAWS, *withdraw)?,
        leaders: nth(&LEADERS, *leaders)?,
        fire: nth(&FIRES, *fire)?,
        trump: nth(&TRUMPS, *trump)?,
        rout: nth(&ROUTS, *rout)?,
        rampage: nth(&RAMPAGES, *rampage)?,
        units: Vec::new(),
    };
    for part in parts {
        orders.units.push(read_unit(part)?);
    }
    Some(orders)
}

/// `UNIT~FWX`: a unit's exception.
fn read_unit(part: &str) -> Option<UnitOrders> {
    let (unit, answers) = part.split_once('~')?;
    let answers: Vec<char> = answers.chars().collect();
    let [face, withdraw, fire] = answers.as_slice() else { return None };
    // An answer of the unit's own: a place among the answers, or `x` for its side's.
    fn own<T: Copy>(all: &[T], c: char) -> Option<Option<T>> {
        if c == SIDES_OWN {
            Some(None)
        } else {
            nth(all, c).map(Some)
        }
    }
    if !is_unit_id(unit) {
        return None;
    }
    Some(UnitOrders {
        unit: unit.to_string(),
        face: own(&FACES, *face)?,
        withdraw: own(&WITHDRAWS, *withdraw)?,
        fire: own(&FIRES, *fire)?,
    })
}

/// A unit id as the battle files write them: lowercase letters, digits and hyphens.
fn is_unit_id(id: &str) -> bool {
    (1..=40).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_travel_as_a_short_code_and_come_back_the_same() {
        assert_eq!(orders_code(&StandingOrders::default()), "o1.0000000");
        let mut all = StandingOrders::answer_all();
        assert_eq!(orders_code(&all), "o1.1111111");
        all.units.push(UnitOrders { unit: "elephants-11".into(), face: Some(Face::Never), withdraw: None, fire: None });
        all.units.push(UnitOrders {
            unit: "dahae".into(),
            face: None,
            withdraw: Some(Withdraw::Always),
            fire: Some(Fire::AtSkirmishers),
        });
        let code = orders_code(&all);
        assert_eq!(code, "o1.1111111.elephants-11~2xx.dahae~x22");
        assert_eq!(read_orders_code(&code), Some(all));
        let mut every = StandingOrders::default();
        for (k, face) in FACES.iter().enumerate() {
            every.face = *face;
            every.withdraw = WITHDRAWS[k];
            every.fire = FIRES[k];
            assert_eq!(read_orders_code(&orders_code(&every)).as_ref(), Some(&every));
        }
    }

    #[test]
    fn junk_is_not_a_code_of_orders() {
        for junk in [
            "",
            "o1.",
            "o1.000000",
            "o1.00000000",
            "o1.0000009",
            "o2.0000000",
            "o1.0000000.x",
            "o1.0000000.A~000",
            "o1.0000000.u~00",
            "o1.0000000.u~009",
        ] {
            assert_eq!(read_orders_code(junk), None, "{junk}");
        }
    }
}
