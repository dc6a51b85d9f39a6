//! Fortifications (CG 12.0): camps with their rings, gates and towers, the Camp Orders Phase,
//! the city with its wall, gates, streets and buildings, breaching (12.3), and retiring to a
//! camp or the city's palace (12.4).

pub mod breach;
pub mod camp;
pub mod camp_orders;
pub mod city;
pub mod city_combat;
pub mod retire;
