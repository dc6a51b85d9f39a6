//! What the app asks of the browser itself: storage on the device.

pub mod storage;
