//! Stable sorting with a single copy of the standard library's sort in the wasm (issue 19).
//!
//! Every `sort`, `sort_by` or `sort_by_key` at a new element type or key closure compiles its own
//! copy of std's stable sort (about 4 KB of wasm each: 34 copies made 135 KB of the app's code,
//! 38 KB of its gzip). These functions sort the positions `0..len` instead, through one
//! `dyn` comparison, then move the elements into place, so a call site adds only a small
//! wrapper. The result is std's: a stable sort's order is fixed by the comparison alone.

use std::cmp::Ordering;

/// `items.sort()`, stable.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// `items.sort_by_key(key)`, stable; the key is computed for both sides of each comparison, as
/// std's `sort_by_key` does.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// `items.sort_by(compare)`, stable.
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    let order = stable_order(items.len(), &mut |i, j| compare(&items[i], &items[j]));
    permute(items, order);
}

/// The positions `0..len` in the stable order of `compare`: the one place std's sort is
/// instantiated (kept out of line so that no caller gets its own copy).
#[inline(never)]
fn stable_order(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&i, &j| compare(i, j));
    order
}

/// Moves `items[order[k]]` to position `k` for every `k`, walking each cycle of the permutation
/// once; a position is marked done by setting `order[k] = k`.
fn permute<T>(items: &mut [T], mut order: Vec<usize>) {
    for start in 0..items.len() {
        let mut at = start;
        loop {
            let from = order[at];
            order[at] = at;
            if from == start || from == at {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}
