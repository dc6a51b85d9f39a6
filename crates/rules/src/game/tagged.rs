//! Internally tagged enums (`{"phase": "orders", "leader": ...}`) read without serde's content
//! buffer (issue 19, the app's size). serde's derived reader for `#[serde(tag = ...)]` buffers
//! each value into its private `Content` and reads every variant again from there: about 64 KB
//! of the app's wasm for the game state's `Phase` and `AfterRout`. [`tagged_enum!`] keeps the
//! derived writer (so the JSON, and the state's hash, are byte for byte the same) and reads
//! through a `serde_json::Value`, which the app has anyway: the tag is taken out and the rest read
//! as serde's externally tagged form (`{"orders": {"leader": ...}}`), which needs no buffer.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

/// Declares an enum written internally tagged by serde with the tag given first and read by
/// [`read`]: the enum's derives must name `Serialize` but not `Deserialize`, and its variants are
/// renamed `snake_case`, as serde's `rename_all` does. Used as
/// `tagged_enum! { tag = "phase"; /// docs #[derive(Serialize, ...)] pub enum Phase { ... } }`.
#[macro_export]
macro_rules! tagged_enum {
    (tag = $tag:literal; $(#[$attr:meta])* $vis:vis enum $name:ident { $($body:tt)* }) => {
        $(#[$attr])*
        #[serde(tag = $tag, rename_all = "snake_case")]
        $vis enum $name { $($body)* }

        const _: () = {
            // serde's `remote` derive of the same variants, externally tagged, built into `$name`.
            type Tagged = $name;
            #[derive(serde::Deserialize)]
            #[serde(remote = "Tagged", rename_all = "snake_case")]
            #[allow(dead_code)]
            enum Untagged { $($body)* }

            impl<'de> serde::Deserialize<'de> for $name {
                fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    $crate::game::tagged::read(d, $tag, |v| Untagged::deserialize(v))
                }
            }
        };
    };
}

/// Reads a value tagged in field `tag` with `untagged`, the reader of its externally tagged form.
pub fn read<'de, D: Deserializer<'de>, T>(
    d: D,
    tag: &str,
    untagged: impl Fn(Value) -> Result<T, serde_json::Error>,
) -> Result<T, D::Error> {
    let value = Value::deserialize(d)?;
    untag(value, tag, untagged).map_err(D::Error::custom)
}

fn untag<T>(
    value: Value,
    tag: &str,
    untagged: impl Fn(Value) -> Result<T, serde_json::Error>,
) -> Result<T, serde_json::Error> {
    let Value::Object(mut fields) = value else {
        return Err(serde_json::Error::custom(format!("expected an object with a `{tag}` field")));
    };
    let Some(Value::String(variant)) = fields.remove(tag) else {
        return Err(serde_json::Error::custom(format!("missing or unnamed field `{tag}`")));
    };
    // A unit variant's externally tagged form is its name alone; serde's tagged reader let a unit
    // variant carry other fields, and ignored them, so that is tried when the fields do not fit.
    let name = Value::String(variant.clone());
    untagged(Value::Object(Map::from_iter([(variant, Value::Object(fields))])))
        .or_else(|e| untagged(name).map_err(|_| e))
}
