//! Applying events, one function per part of the rulebook (the only mutation of the state).

mod camps;
mod command;
mod house;
mod missile;
mod movement;
mod reaction;
mod rout;
mod shock;
mod troops;
mod turn;
