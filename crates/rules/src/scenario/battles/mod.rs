//! Rules that belong to one battle or are stated by a battle's special rules: Darius the
//! Target at Issus (GBA 9.24) and the ground a battle closes to some troops (the satraps on the
//! Granicus bank, the Persians behind the Pinarus; ruling P151).

pub mod darius;
pub mod restrictions;
