//! The battlefield (GBA 2.1, 6.2, 7.1, 7.2; CG the same numbers): the hex grid and its
//! directions, terrain and hexside features, the camps and city a map draws (CG 12.1, 12.2), facing and the arcs a unit sees and strikes
//! through, line of sight, and zones of control.

pub mod camp;
pub mod city;
pub mod facing;
pub mod hex;
pub mod sight;
pub mod terrain;
pub mod zoc;
