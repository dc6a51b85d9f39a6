//! The engine's stable sort (`game::sorting`, issue 19: one copy of std's sort in the wasm)
//! orders exactly as std's stable sort does, equal keys kept in their first order.

use rand_core::Rng;
use rand_pcg::Pcg32;
use sarissa_rules::game::sorting;

/// Lists of (key, position) with many equal keys, so stability shows in the positions.
fn lists(seed: u64) -> Vec<Vec<(u8, usize)>> {
    let mut dice = Pcg32::new(seed, 0x0a02_bdbf_7bb3_c0a7);
    let mut out = Vec::new();
    for len in (0..40).chain([100, 1000]) {
        let keys = 1 + dice.next_u32() % 6;
        out.push((0..len).map(|i| ((dice.next_u32() % keys) as u8, i)).collect());
    }
    out
}

#[test]
fn sort_by_key_keeps_equal_keys_in_their_order_as_std_does() {
    for list in lists(1) {
        let (mut ours, mut std_sorted) = (list.clone(), list);
        sorting::sort_by_key(&mut ours, |p| p.0);
        std_sorted.sort_by_key(|p| p.0);
        assert_eq!(ours, std_sorted);
    }
}

#[test]
fn sort_by_a_reversed_comparison_is_std_sort_by() {
    for list in lists(2) {
        let (mut ours, mut std_sorted) = (list.clone(), list);
        sorting::sort_by(&mut ours, |a, b| f64::from(b.0).total_cmp(&f64::from(a.0)));
        std_sorted.sort_by(|a, b| f64::from(b.0).total_cmp(&f64::from(a.0)));
        assert_eq!(ours, std_sorted);
    }
}

#[test]
fn sort_orders_whole_values_as_std_does() {
    for list in lists(3) {
        let mut ours: Vec<(u8, usize)> = list.iter().rev().copied().collect();
        let mut std_sorted = ours.clone();
        sorting::sort(&mut ours);
        std_sorted.sort();
        assert_eq!(ours, std_sorted);
    }
}
