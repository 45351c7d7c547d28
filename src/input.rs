//! Untrusted text in: cheap checks before parsing, short messages after.
//!
//! Everything the engine reads (actions, options, snapshots) comes from outside. Two rules
//! keep bad input cheap: a string token longer than any field can hold is refused before
//! serde sees it (serde's own errors quote the offending value in full, so a 10 MB string
//! in a numeric field would cost a 10 MB message), and every error message is cut while it
//! is written: at most [`MAX_MESSAGE`] characters, quoting at most [`MAX_QUOTE`] characters
//! of what was given.

use std::fmt::{self, Write};

#[cfg(feature = "json")]
use crate::report::InputError;

/// The longest error message, in characters.
pub const MAX_MESSAGE: usize = 200;

/// The most characters of the input an error message quotes.
pub const MAX_QUOTE: usize = 40;

/// The longest string token of options JSON: the longest is a PBN deal string (about 75
/// bytes, `10` for each ten); no setting name or value comes close.
#[cfg(feature = "json")]
pub const OPTIONS_STRING_BYTES: usize = 128;

/// The most bytes a JSON string token holding `chars` characters can take: one character
/// is at most 12 bytes written out (`\uD83D\uDE00`), and 64 bytes spare cover the longest
/// non-text token (a key, a seat, a call, a card).
#[cfg(feature = "json")]
pub const fn string_bytes_for(chars: u32) -> usize {
    (chars as usize).saturating_mul(12).saturating_add(64)
}

/// `BAD_INPUT` if a string token of the JSON `text` (a key or a value) is longer than
/// `limit` bytes as written. Runs in one pass over the bytes and allocates nothing; a
/// malformed text that passes is left to the parser.
///
/// # Errors
/// `BAD_INPUT` naming the limit and the byte offset of the long string.
#[cfg(feature = "json")]
pub fn check_string_sizes(text: &str, limit: usize) -> Result<(), InputError> {
    // A text no longer than the limit holds no string longer than it: nothing to scan (a
    // snapshot is far shorter than the longest text a regulation allows).
    if text.len() <= limit {
        return Ok(());
    }
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes.get(i) == Some(&b'"') {
            let start = i;
            i += 1;
            loop {
                match bytes.get(i) {
                    None | Some(b'"') => break,
                    Some(b'\\') => i += 2,
                    Some(_) => i += 1,
                }
                if i - start > limit.saturating_add(1) {
                    return Err(InputError::bad_input(format!(
                        "malformed input: a string longer than {limit} bytes at byte {start}"
                    )));
                }
            }
        }
        i += 1;
    }
    Ok(())
}

/// A short, safe description of an error: at most [`MAX_MESSAGE`] characters, and any run
/// quoted with `"…"` or `` `…` `` cut to [`MAX_QUOTE`] characters. The cut happens while
/// the message is written, so a huge error is never copied whole.
pub fn bad_input_message(e: &dyn fmt::Display) -> String {
    let mut w = Short::default();
    // An error here only means the writer stopped at its limit.
    let _ = write!(w, "malformed input: {e}");
    w.out
}

/// A writer that keeps messages short (see [`bad_input_message`]).
#[derive(Default)]
struct Short {
    out: String,
    chars: usize,
    /// The quote character of the run being written, if any.
    quote: Option<char>,
    /// Characters written in the current quoted run.
    run: usize,
    /// The previous character in a `"` run was a backslash.
    escaped: bool,
}

impl Short {
    fn push(&mut self, c: char) -> fmt::Result {
        if self.chars >= MAX_MESSAGE {
            return Err(fmt::Error);
        }
        self.out.push(c);
        self.chars += 1;
        Ok(())
    }
}

impl Write for Short {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            match self.quote {
                Some(q) if c == q && !self.escaped => {
                    self.quote = None;
                    self.push(c)?;
                }
                Some(q) => {
                    self.escaped = q == '"' && c == '\\' && !self.escaped;
                    self.run += 1;
                    if self.run <= MAX_QUOTE {
                        self.push(c)?;
                    } else if self.run == MAX_QUOTE + 1 {
                        self.push('…')?;
                    }
                }
                None => {
                    if c == '"' || c == '`' {
                        self.quote = Some(c);
                        self.run = 0;
                        self.escaped = false;
                    }
                    self.push(c)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Code;

    #[test]
    #[cfg(feature = "json")]
    fn a_long_string_token_is_refused_and_a_short_one_passes() {
        let long = format!(r#"{{"seat":"N","index":"{}"}}"#, "9".repeat(1000));
        assert_eq!(check_string_sizes(&long, 999).map_err(|e| e.code), Err(Code::BadInput));
        assert!(check_string_sizes(&long, 1000).is_ok());
        // An escaped quote does not end the string.
        let escaped = format!(r#"{{"text":"{}\"{}"}}"#, "a".repeat(10), "b".repeat(10));
        assert!(check_string_sizes(&escaped, 22).is_ok());
        assert!(check_string_sizes(&escaped, 21).is_err());
        // An escaped backslash does not escape the quote after it: the string ends there.
        let backslash = r#"{"text":"ab\\","seat":"N","reason":"a long reason"}"#;
        assert!(check_string_sizes(backslash, 13).is_ok());
        assert!(check_string_sizes(r#"{"text":"ab\\"}"#, 4).is_ok());
        assert!(check_string_sizes(r#"{"text":"ab\\"}"#, 3).is_err());
        // An unterminated string runs to the end of the text.
        assert!(check_string_sizes(r#"{"text":"abcdef"#, 5).is_err());
        assert!(check_string_sizes(r#"{"text":"abcdef"#, 6).is_ok());
    }

    #[test]
    fn quoted_input_in_a_message_is_cut_to_a_short_prefix() {
        let e = format!("invalid type: string \"{}\", expected u32", "x".repeat(5000));
        let m = bad_input_message(&e);
        assert!(m.chars().count() <= MAX_MESSAGE, "{m}");
        assert!(m.ends_with("…\", expected u32"), "{m}");
        let run = m.split('"').nth(1).unwrap_or_default();
        assert_eq!(run.chars().count(), MAX_QUOTE + 1);
        let v = bad_input_message(&format!("unknown variant `{}`, expected one of `N`", "y".repeat(90)));
        assert!(v.ends_with("…`, expected one of `N`"), "{v}");
    }

    #[test]
    fn a_huge_message_stops_at_the_limit() {
        let m = bad_input_message(&"z ".repeat(100_000));
        assert_eq!(m.chars().count(), MAX_MESSAGE);
    }
}
