//! JSON as this client writes and reads it. Writing: serde_json's compact output, except that a
//! float is printed the way JavaScript and Go print it (the shortest digits that read back as the
//! same `f64`, `100` rather than `100.0`, `1e+21`), so a decoded result re-encodes to the text a
//! JavaScript or Go server sent. Reading: serde_json with `float_roundtrip` (exact floats),
//! `preserve_order` (objects keep their member order) and `i128`/`u64` for 64-bit integers.
//! Also the helpers the generated code uses for params and optional members.

use serde::de::{Deserialize, Deserializer, Error as _};
use serde::ser::Serialize;
use std::io;

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
    value.serialize(&mut serde_json::Serializer::with_formatter(&mut out, JsFormatter))?;
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
