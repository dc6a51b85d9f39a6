//! What the app asks of the browser itself: storage on the device, and files.

pub mod files;
pub mod storage;
