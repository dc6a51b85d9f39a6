//! Special units (GBA 11.0; CG 10.1–11.0): elephants and their rampage, chariots and their
//! crews on foot, artillery engines, the phalanx Square, and the rules of the Indian army in
//! Chandragupta (Maula and Bharta troops, guilds, Charisma, Cascade Rout, Flight); and the house
//! rules inspired by the Mutford house rules (issue 23).

pub mod artillery;
pub mod dismount;
pub mod elephants;
pub mod house;
pub mod indian;
pub mod rampage;
pub mod square;
pub mod tribal;
