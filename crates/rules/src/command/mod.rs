//! Command (GBA 4.0–5.0; CG 4.0–5.0): leaders, their activation, momentum and trump, the
//! orders phase with individual orders and line commands, wing commanders, and contingent
//! commanders (5.6).

pub mod activation;
pub mod contingent;
pub mod line;
pub mod orders;
pub mod trump;
pub mod wing;
