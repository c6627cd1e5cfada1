//! JSON as this client writes and reads it. Writing: serde_json's compact output, except that a
//! float is printed the way JavaScript and Go print it (the shortest digits that read back as the
//! same `f64`, `100` rather than `100.0`, `1e+21`), so a decoded result re-encodes to the text a
//! JavaScript or Go server sent. Reading: serde_json with `float_roundtrip` (exact floats),
//! `preserve_order` (objects keep their member order) and `i128`/`u64` for 64-bit integers.
//! Also the helpers the generated code uses for params and optional members.

use indexmap::IndexMap;
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, Error as _, Visitor};
use serde::ser::{Serialize, Serializer};
use std::marker::PhantomData;
use std::{fmt, io};

/// serde_json's [`Formatter`](serde_json::ser::Formatter) with floats printed as JavaScript does.
#[derive(Clone, Copy, Debug, Default)]
pub struct JsFormatter;

impl serde_json::ser::Formatter for JsFormatter {
    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        writer.write_all(format_f64(value).as_bytes())
    }

    fn write_f32<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f32) -> io::Result<()> {
        writer.write_all(format_f64(f64::from(value)).as_bytes())
    }
}

/// A finite `f64` as ECMAScript's `Number::toString` writes it (which Go's encoding/json matches).
pub fn format_f64(value: f64) -> String {
    if value == 0.0 {
        return "0".to_owned();
    }
    // Rust's `{:e}` gives the shortest digits that round-trip: `d.ddd…e±x`.
    let scientific = format!("{:e}", value.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let k = digits.len() as i32;
    let n = exponent.parse::<i32>().unwrap_or(0) + 1; // value = 0.digits × 10^n
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat(-n as usize))
    } else {
        let e = n - 1;
        let sign = if e < 0 { "-" } else { "+" };
        match digits.split_at(1) {
            (first, "") => format!("{first}e{sign}{}", e.abs()),
            (first, rest) => format!("{first}.{rest}e{sign}{}", e.abs()),
        }
    };
    if value < 0.0 {
        format!("-{body}")
    } else {
        body
    }
}

/// `value` as JSON bytes, floats as JavaScript prints them.
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> serde_json::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    value.serialize(&mut serde_json::Serializer::with_formatter(
        &mut out,
        JsFormatter,
    ))?;
    Ok(out)
}

/// `value` as JSON text, floats as JavaScript prints them.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> serde_json::Result<String> {
    String::from_utf8(to_vec(value)?).map_err(<serde_json::Error as serde::ser::Error>::custom)
}

/// For an optional member that may also hold `null` (with `#[serde(default)]`): present, even as
/// `null`, is `Some`; absent is `None`. So `{"a": null}` and `{}` re-encode as they came.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// One by-position argument, encoded.
pub fn arg<T: ?Sized + Serialize>(value: &T) -> serde_json::Result<Option<String>> {
    to_string(value).map(Some)
}

/// One optional by-position argument, encoded (`None`: left out, or `null` before a given one).
pub fn opt<T: Serialize>(value: Option<T>) -> serde_json::Result<Option<String>> {
    value.map(|v| to_string(&v)).transpose()
}

/// By-position params as a JSON array: trailing omitted arguments are left out, omitted ones
/// before a given one are sent as `null`.
pub fn positional(args: Vec<Option<String>>) -> String {
    let end = args.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
    let parts: Vec<&str> = args[..end]
        .iter()
        .map(|a| a.as_deref().unwrap_or("null"))
        .collect();
    format!("[{}]", parts.join(","))
}

/// Serde for an enum whose values are not all strings (an integer, a float, a boolean among them):
/// `value_enum!(Name { A => "a", B => 1_i64 })` gives it `value()` and encodes and decodes that.
#[allow(unused_macros)] // documents whose enums are all strings
macro_rules! value_enum {
    ($name:ident { $($variant:ident => $value:expr),* $(,)? }) => {
        impl $name {
            /// This value as JSON.
            pub fn value(&self) -> serde_json::Value {
                match self {
                    $(Self::$variant => serde_json::json!($value),)*
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                serde::Serialize::serialize(&self.value(), s)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                $crate::runtime::json::enum_value(d, &[$(Self::$variant),*], Self::value)
            }
        }
    };
}
#[allow(unused_imports)] // documents whose enums are all strings
pub(crate) use value_enum;

/// Decodes an enum whose values are not all strings: the variant whose `value` equals the JSON.
pub fn enum_value<'de, D, E>(
    deserializer: D,
    all: &[E],
    value: fn(&E) -> serde_json::Value,
) -> Result<E, D::Error>
where
    D: Deserializer<'de>,
    E: Copy,
{
    let got = serde_json::Value::deserialize(deserializer)?;
    all.iter()
        .copied()
        .find(|e| value(e) == got)
        .ok_or_else(|| D::Error::custom(format!("{got} is not one of the enum's values")))
}

/// The positions that hold an `i128` (an integer the document does not bound) say
/// `#[serde(with = "…::wide")]`. serde's buffered decoding (inside tagged and untagged enums) cannot
/// hand an `i128` to `Deserialize`, so these decode through `deserialize_any`: every int64 and
/// uint64 exactly, and an error, never a rounded value, beyond. They encode as `i64`/`u64` when they
/// fit, so `serde_json::to_value` of a generated type works (serde_json 1.0.87 has no `i128` value).
pub trait Wide: Sized {
    fn decode<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
    fn encode<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;
}

pub mod wide {
    use super::Wide;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer, T: Wide>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
        value.encode(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Wide>(deserializer: D) -> Result<T, D::Error> {
        T::decode(deserializer)
    }

    /// [`present`](super::present) for a [`Wide`] member.
    pub fn present<'de, D: Deserializer<'de>, T: Wide>(
        deserializer: D,
    ) -> Result<Option<T>, D::Error> {
        T::decode(deserializer).map(Some)
    }
}

/// A [`Wide`] value as `Serialize`.
struct Encode<'a, T>(&'a T);

impl<T: Wide> Serialize for Encode<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.encode(serializer)
    }
}

struct Seed<T>(PhantomData<T>);

impl<'de, T: Wide> DeserializeSeed<'de> for Seed<T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        T::decode(deserializer)
    }
}

/// What a [`Wide`] decoder expects, for serde's error messages.
struct Expect<T>(&'static str, PhantomData<T>);

impl Wide for i128 {
    fn decode<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(Expect::<i128>("an integer", PhantomData))
    }
    fn encode<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (i64::try_from(*self), u64::try_from(*self)) {
            (Ok(v), _) => serializer.serialize_i64(v),
            (_, Ok(v)) => serializer.serialize_u64(v),
            _ => serializer.serialize_i128(*self),
        }
    }
}

impl<T: Wide> Wide for Option<T> {
    fn decode<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_option(Expect::<Self>("a value or null", PhantomData))
    }
    fn encode<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Some(v) => serializer.serialize_some(&Encode(v)),
            None => serializer.serialize_none(),
        }
    }
}

impl<T: Wide> Wide for Vec<T> {
    fn decode<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(Expect::<Self>("an array", PhantomData))
    }
    fn encode<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(Encode))
    }
}

impl<T: Wide> Wide for IndexMap<String, T> {
    fn decode<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(Expect::<Self>("an object", PhantomData))
    }
    fn encode<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter().map(|(k, v)| (k, Encode(v))))
    }
}

impl<'de> Visitor<'de> for Expect<i128> {
    type Value = i128;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<i128, E> {
        Ok(v.into())
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<i128, E> {
        Ok(v.into())
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<i128, E> {
        Ok(v)
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<i128, E> {
        i128::try_from(v).map_err(E::custom)
    }
}

impl<'de, T: Wide> Visitor<'de> for Expect<Option<T>> {
    type Value = Option<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        T::decode(d).map(Some)
    }
}

impl<'de, T: Wide> Visitor<'de> for Expect<Vec<T>> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::new();
        while let Some(item) = seq.next_element_seed(Seed::<T>(PhantomData))? {
            out.push(item);
        }
        Ok(out)
    }
}

impl<'de, T: Wide> Visitor<'de> for Expect<IndexMap<String, T>> {
    type Value = IndexMap<String, T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = IndexMap::new();
        while let Some((k, v)) =
            map.next_entry_seed(PhantomData::<String>, Seed::<T>(PhantomData))?
        {
            out.insert(k, v);
        }
        Ok(out)
    }
}
