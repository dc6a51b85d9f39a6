//! The effects of combat (GBA 10.0; CG 10.0–10.2): cohesion hits and what they do, rout and
//! rout movement, rally and recovery, and the army's withdrawal that ends a battle (rout points).

pub mod cohesion;
pub mod rally;
pub mod recovery;
pub mod rout;
pub mod victory;
