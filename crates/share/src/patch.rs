//! A JSON value as the changes from another: what a first-version position link (`p1.`) carries,
//! the state of the battle as changes from its setup. Links of this version no longer write it.
//!
//! A patch is `[v]` (the value becomes `v`), `[]` (a field is removed), or an object of patches:
//! by field for an object, by position (`"12"`) for a list of the same length.

use serde_json::Value;

/// The patch that turns `from` into `to`; `None` when they are equal. How `p1.` links were
/// written: kept to test the reader.
#[cfg(test)]
pub fn diff(from: &Value, to: &Value) -> Option<Value> {
    if from == to {
        return None;
    }
    match (from, to) {
        (Value::Object(a), Value::Object(b)) => {
            let mut patch = serde_json::Map::new();
            for (key, old) in a {
                match b.get(key) {
                    None => {
                        patch.insert(key.clone(), Value::Array(Vec::new()));
                    }
                    Some(new) => {
                        if let Some(p) = diff(old, new) {
                            patch.insert(key.clone(), p);
                        }
                    }
                }
            }
            for (key, new) in b.iter().filter(|(k, _)| !a.contains_key(*k)) {
                patch.insert(key.clone(), Value::Array(vec![new.clone()]));
            }
            Some(Value::Object(patch))
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            let patch =
                a.iter().zip(b).enumerate().filter_map(|(i, (old, new))| Some((i.to_string(), diff(old, new)?)));
            Some(Value::Object(patch.collect()))
        }
        _ => Some(Value::Array(vec![to.clone()])),
    }
}

/// `from` changed by `patch`; `None` if the patch does not fit it.
pub fn apply(from: Value, patch: &Value) -> Option<Value> {
    match (from, patch) {
        (_, Value::Array(v)) if v.len() == 1 => Some(v[0].clone()),
        (Value::Object(mut fields), Value::Object(changes)) => {
            for (key, change) in changes {
                if matches!(change, Value::Array(v) if v.is_empty()) {
                    fields.remove(key)?;
                    continue;
                }
                let old = fields.remove(key).unwrap_or(Value::Null);
                fields.insert(key.clone(), apply(old, change)?);
            }
            Some(Value::Object(fields))
        }
        (Value::Array(mut items), Value::Object(changes)) => {
            for (key, change) in changes {
                let item = items.get_mut(key.parse::<usize>().ok()?)?;
                *item = apply(std::mem::take(item), change)?;
            }
            Some(Value::Array(items))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_patch_turns_one_value_into_the_other() {
        let from = json!({"turn": 1, "units": [{"hits": 0}, {"hits": 0}], "gone": 3, "tie": null});
        let to = json!({"turn": 2, "units": [{"hits": 0}, {"hits": 2, "routed": true}], "tie": [4, 1], "new": []});
        let patch = diff(&from, &to).unwrap();
        assert_eq!(
            patch,
            json!({"turn": [2], "units": {"1": {"hits": [2], "routed": [true]}}, "gone": [], "tie": [[4, 1]], "new": [[]]})
        );
        assert_eq!(apply(from.clone(), &patch), Some(to));
        assert_eq!(diff(&from, &from), None);
        assert_eq!(apply(json!([1]), &json!({"5": [2]})), None, "no item 5");
        assert_eq!(apply(json!(1), &json!({"a": [2]})), None, "a number has no fields");
    }
}
