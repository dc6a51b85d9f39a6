//! The bundled battles' embedded form (issue 19): postcard's wire format, written by this small
//! serializer because one thing differs from `postcard::to_allocvec`. The battle types leave empty
//! fields out of their JSON (`skip_serializing_if`), and postcard, which names no fields, would then
//! read the next field in their place. Here a left-out field is written as the one byte 0, which
//! is postcard's encoding of exactly what it left out: `None`, `false`, an empty list or map. The
//! build reads each battle back with postcard itself and stops unless it comes back equal.

use serde::ser::{self, Serialize};
use std::fmt;

/// The battle `value` in postcard's wire format, with left-out fields as their empty value.
pub fn to_bytes<T: Serialize>(value: &T) -> Result<Vec<u8>, Error> {
    let mut out = Compact(Vec::new());
    value.serialize(&mut out)?;
    Ok(out.0)
}

#[derive(Debug)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<M: fmt::Display>(msg: M) -> Self {
        Error(msg.to_string())
    }
}

struct Compact(Vec<u8>);

impl Compact {
    /// Unsigned LEB128, postcard's varint.
    fn varint(&mut self, mut v: u128) {
        while v >= 0x80 {
            self.0.push(v as u8 | 0x80);
            v >>= 7;
        }
        self.0.push(v as u8);
    }

    /// Signed integers wider than a byte: zigzag, then varint.
    fn zigzag(&mut self, v: i128) {
        self.varint(((v << 1) ^ (v >> 127)) as u128);
    }

    /// A variant with fields: its index, then the fields.
    fn variant(&mut self, index: u32) -> Result<&mut Self, Error> {
        self.varint(index.into());
        Ok(self)
    }

    fn length(&mut self, len: Option<usize>) -> Result<(), Error> {
        let len = len.ok_or_else(|| Error("a list of unknown length".into()))?;
        self.varint(len as u128);
        Ok(())
    }
}

type Done = Result<(), Error>;

/// Integers wider than a byte, each written by `zigzag` (signed) or `varint` (unsigned).
macro_rules! integers {
    ($($method:ident($ty:ty) => $write:ident),*) => {$(
        fn $method(self, v: $ty) -> Done {
            self.$write(v.into());
            Ok(())
        }
    )*};
}

impl ser::Serializer for &mut Compact {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> Done {
        self.0.push(v as u8);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Done {
        self.0.push(v as u8);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Done {
        self.0.push(v);
        Ok(())
    }
    integers! {
        serialize_i16(i16) => zigzag, serialize_i32(i32) => zigzag, serialize_i64(i64) => zigzag,
        serialize_i128(i128) => zigzag, serialize_u16(u16) => varint, serialize_u32(u32) => varint,
        serialize_u64(u64) => varint, serialize_u128(u128) => varint
    }
    fn serialize_f32(self, v: f32) -> Done {
        self.0.extend(v.to_le_bytes());
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Done {
        self.0.extend(v.to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Done {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Done {
        self.serialize_bytes(v.as_bytes())
    }
    fn serialize_bytes(self, v: &[u8]) -> Done {
        self.varint(v.len() as u128);
        self.0.extend(v);
        Ok(())
    }
    fn serialize_none(self) -> Done {
        self.0.push(0);
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Done {
        self.0.push(1);
        value.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, index: u32, _: &'static str) -> Done {
        self.varint(index.into());
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, value: &T) -> Done {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        value: &T,
    ) -> Done {
        self.varint(index.into());
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Error> {
        self.length(len)?;
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_tuple_variant(self, _: &'static str, index: u32, _: &'static str, _: usize) -> Result<Self, Error> {
        self.variant(index)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, Error> {
        self.serialize_seq(len)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_struct_variant(self, _: &'static str, index: u32, _: &'static str, _: usize) -> Result<Self, Error> {
        self.variant(index)
    }
    fn is_human_readable(&self) -> bool {
        false
    }
}

/// Lists, tuples and variants' fields: the elements one after another (the length, where
/// postcard has one, went first).
macro_rules! elements {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for &mut Compact {
            type Ok = ();
            type Error = Error;
            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
                value.serialize(&mut **self)
            }
            fn end(self) -> Done {
                Ok(())
            }
        }
    )*};
}

elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for &mut Compact {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Done {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}

/// Structs' fields in order; a field left out is written as its empty value, the byte 0.
macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for &mut Compact {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: ?Sized + Serialize>(&mut self, _: &'static str, value: &T) -> Done {
                value.serialize(&mut **self)
            }
            fn skip_field(&mut self, _: &'static str) -> Done {
                self.0.push(0);
                Ok(())
            }
            fn end(self) -> Done {
                Ok(())
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);
