//! The charts the rules name but do not print, as data (../shared/rules/README.md: every cell is
//! either recovered from a rule or designed, and says which).

pub mod movement_costs;
pub mod stacking;
